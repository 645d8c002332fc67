import Foundation

/// Checks an export as it streams in, before it is kept to be read twice (a pipe, a device,
/// standard input): the first record is parsed as soon as it is whole, so that a stream of
/// anything else fails at once, and no line may grow past a record's limit, so that `/dev/zero`
/// or an endless line is refused after 16 MiB rather than kept until the disk fills. gzip is
/// not looked into here (its compressed size is what is kept, up to `byteLimit`).
public struct ExportStreamCheck {
  /// Why the stream is refused, and on which line (nil for the stream as a whole).
  public struct Failure: Error {
    /// The line refused, counted from 1 (nil: the stream as a whole).
    public let line: Int?
    /// Why, in words for the user.
    public let reason: String
  }

  /// The most a stream may hold in all (4 GiB): it is kept on disk to be read twice.
  static let byteLimit = 4 << 30

  private var total = 0

  private var isGzip: Bool?
  private var lineNumber = 1
  private var lineLength = 0
  /// The first non-blank line as it arrives; nil once it has been checked.
  private var first: [UInt8]? = []

  /// A check at the start of a stream.
  public init() {}

  /// Looks at the next piece of the stream.
  public mutating func check(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    total += chunk.count
    guard total <= Self.byteLimit else {
      throw Failure(
        line: nil,
        reason:
          "holds more than \(Self.byteLimit >> 30) GiB, the most kept to read twice: write it to a file and draw from that"
      )
    }
    if isGzip == nil { isGzip = chunk.count >= 2 && chunk[0] == 0x1F && chunk[1] == 0x8B }
    guard isGzip == false else { return }
    var start = 0
    while start < chunk.count {
      let newline = memchr(base + start, 0x0A, chunk.count - start)
      let end = newline.map { base.distance(to: UnsafeRawPointer($0)) } ?? chunk.count
      lineLength += end - start
      guard lineLength <= ExportedCommits.recordLimit else {
        throw Failure(
          line: lineNumber,
          reason:
            "the line is longer than \(ExportedCommits.recordLimit >> 20) MiB, the most a record may be"
        )
      }
      if first != nil {
        first?.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
      }
      guard newline != nil else { return }
      try checkFirstLine()
      lineLength = 0
      lineNumber += 1
      start = end + 1
    }
  }

  /// Parses the first line once it is whole and not blank.
  private mutating func checkFirstLine() throws(Failure) {
    guard let line = first else { return }
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else {
      first = []
      return
    }
    first = nil
    var parser = CommitRecordParser()
    let problem = line.withUnsafeBytes { raw -> String? in
      do throws(CommitRecordParser.Failure) {
        _ = try parser.parse(raw)
        return nil
      } catch {
        return error.message
      }
    }
    if let problem { throw Failure(line: lineNumber, reason: problem) }
  }
}
