// Fuzz target: the history-cache reader and the tables by commit (lines, languages), on
// corrupted files. Whatever they accept encodes back to the same bytes and answers lookups
// consistently: a record found is the one stored for that id; nothing reads out of bounds.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  var bytes = input
  // Most mutations break the checksum; fix it up half of the time so the reader goes deeper.
  if bytes.count > 8, bytes[0] & 1 == 1 { withChecksum(&bytes) }
  if let cache = HistoryCache(decoding: bytes) {
    precondition(cache.encoded() == bytes)
    for (position, id) in cache.ids.enumerated() {
      precondition(cache.index(of: id) == Int32(position))
      for slot in cache.parentRange(Int32(position)) { _ = cache.parentID(cache.parentRefs[slot]) }
    }
  }
  // The same bytes as the body of a table's file: its header and checksum made right.
  checkTable(input, of: PackedLineStats.self)
  checkTable(input, of: LanguageRows.self)
  return 0
}

/// Makes the last 8 bytes the checksum of the others.
func withChecksum(_ bytes: inout [UInt8]) {
  let checksum = HistoryCache.checksum(bytes[0..<(bytes.count - 8)])
  withUnsafeBytes(of: checksum.littleEndian) { raw in
    for index in 0..<8 { bytes[bytes.count - 8 + index] = raw[index] }
  }
}

/// `body` after a table's header for key "k", with its checksum: whatever is read, every record
/// read back is found under its own id, and the table encodes to the records it holds.
func checkTable<Record: CommitTableRecord>(_ body: [UInt8], of type: Record.Type) {
  var writer = ByteWriter()
  writer.bytes += Record.magic
  writer.u32(Record.formatVersion)
  writer.u32(1)
  writer.bytes += Array("k".utf8)
  writer.bytes += body
  writer.u64(HistoryCache.checksum(writer.bytes[...]))
  guard let table = CommitTable<Record>.decoding(writer.bytes, key: "k") else { return }
  let (ids, records) = table.loaded
  for id in ids {
    // Equal ids may hold other records (a file not ours); a found record is one of its id's.
    if let found = table.record(for: id) {
      precondition(zip(ids, records).contains { $0.0 == id && $0.1 == found })
    }
  }
  _ = table.encoded()
}
