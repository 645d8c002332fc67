// Fuzz target: the export reader, line by line (NDJSON and CSV records as --from reads them).
// Whatever it accepts writes back through the export writer to a record it reads as the same;
// whatever it refuses, it refuses with a message; nothing recurses without bound, nothing traps.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExports(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  var parser = CommitRecordParser()
  // The input as the lines of one export: the first may be a CSV header.
  var start = 0
  for index in 0...size where index == size || bytes[index] == 0x0A {
    let line = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
    start = index + 1
    do throws(CommitRecordParser.Failure) {
      guard let record = try parser.parse(line) else { continue }
      // A record read is one the writer writes back: its NDJSON reads as the same record.
      let writer = CommitExportWriter(
        form: .ndjson, includesCoAuthors: record.coAuthors != nil,
        includesLines: record.lines != nil)
      var again = CommitRecordParser()
      let written = writer.line(record).dropLast()
      let reread = written.withUnsafeBytes { try? again.parse($0) } ?? nil
      var expected = record
      expected.repository = RepositoryName.withoutCredentials(record.repository)
      precondition(reread == expected, "a record changed when written back")
    } catch {
      precondition(!error.message.isEmpty, "a refusal says nothing")
    }
  }
  return 0
}
