import CGit2
import Foundation

/// Reads a file (or standard input) as lines, inflating it on the way when it is gzip (by its
/// magic bytes, whatever its name), members one after another as `gzip -d` reads them. A stream
/// that ends inside a gzip member, or whose checksum fails, is an error: nothing is read silently
/// short. A line longer than `lineLimit` is an error at once: memory stays bounded.
package struct LineReader {
  /// Why a stream could not be read.
  public struct Failure: Error {
    package var message: String

    package init(message: String) { self.message = message }
  }

  private let descriptor: Int32

  /// A reader of what `descriptor` holds; the caller owns the descriptor.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The longest line (record) read: a longer one is an error that names it, read no further,
  /// so that a line of gigabytes (a hostile export, `/dev/zero`) takes no more memory than this.
  package static let lineLimit = 16 << 20

  /// Calls `body` with each line (without its `\n`) and its number, from 1; empty lines are
  /// counted but not handed over. A last line without a newline is a line too (as `jq` and
  /// DuckDB read one); a gzip stream that ends early is an error.
  package func forEachLine(
    _ body: (UnsafeRawBufferPointer, Int) throws -> Void
  ) throws {
    var pending: [UInt8] = []
    var lineNumber = 0
    func tooLong() -> Failure {
      Failure(
        message:
          Words.lineTooLong(line: lineNumber + 1, mebibytes: Self.lineLimit >> 20))
    }
    func deliver(_ bytes: UnsafeRawBufferPointer) throws {
      guard let base = bytes.baseAddress else { return }
      let count = bytes.count
      var start = 0
      while start < count {
        // Blank lines (a stream of newlines) are counted without a search each.
        if pending.isEmpty && base.load(fromByteOffset: start, as: UInt8.self) == 0x0A {
          lineNumber += 1
          start += 1
          continue
        }
        guard let found = memchr(base + start, 0x0A, count - start) else {
          guard pending.count + count - start <= Self.lineLimit else { throw tooLong() }
          pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
          return
        }
        let end = base.distance(to: UnsafeRawPointer(found))
        guard pending.count + end - start <= Self.lineLimit else { throw tooLong() }
        lineNumber += 1
        if pending.isEmpty {
          try body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), lineNumber)
        } else {
          pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
          let line = pending
          pending.removeAll(keepingCapacity: true)
          try line.withUnsafeBytes { raw in try body(raw, lineNumber) }
        }
        start = end + 1
      }
    }
    try readChunks(deliver)
    if !pending.isEmpty {
      lineNumber += 1
      try pending.withUnsafeBytes { raw in try body(raw, lineNumber) }
    }
  }

  /// The bytes of the stream, inflated when it is gzip, a chunk at a time.
  private func readChunks(_ deliver: (UnsafeRawBufferPointer) throws -> Void)
    throws
  {
    var inflater: Inflater?
    var isFirst = true
    do {
      try DescriptorReader.forEachChunk(of: descriptor, size: 1 << 18) { chunk in
        if isFirst {
          isFirst = false
          if chunk.count >= 2 && chunk[0] == 0x1F && chunk[1] == 0x8B { inflater = Inflater() }
        }
        if let inflater { try inflater.inflate(chunk, deliver) } else { try deliver(chunk) }
      }
    } catch let failure as DescriptorReader.Failure {
      throw Failure(message: failure.reason)
    }
    if let inflater, !inflater.isAtEnd {
      throw Failure(message: Words.truncatedGzip)
    }
  }

  /// One zlib stream, reset at each gzip member.
  private final class Inflater {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    var output = [UInt8](repeating: 0, count: 1 << 18)
    /// Whether the last member ended (and nothing of a next one has begun).
    var isAtEnd = false
    let isReady: Bool

    init() {
      stream.initialize(to: z_stream())
      isReady = cgit2_inflate_init_gzip(stream) == Z_OK
    }

    deinit {
      if isReady { inflateEnd(stream) }
      stream.deinitialize(count: 1)
      stream.deallocate()
    }

    func inflate(
      _ chunk: UnsafeRawBufferPointer, _ deliver: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
      guard isReady else { throw Failure(message: Words.zlibCouldNotStart) }
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: chunk.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.pointee.avail_in = UInt32(chunk.count)
      var outputIsFull = false
      while stream.pointee.avail_in > 0 || outputIsFull {
        if isAtEnd && stream.pointee.avail_in > 0 {
          // Another member follows (as `cat a.gz b.gz` makes).
          guard inflateReset(stream) == Z_OK else { throw Failure(message: Words.zlibFailed) }
          isAtEnd = false
        }
        var status: Int32 = Z_OK
        let produced = output.withUnsafeMutableBufferPointer { buffer -> Int in
          stream.pointee.next_out = buffer.baseAddress
          stream.pointee.avail_out = UInt32(buffer.count)
          status = CGit2.inflate(stream, Z_NO_FLUSH)
          return buffer.count - Int(stream.pointee.avail_out)
        }
        outputIsFull = produced == output.count
        if produced > 0 {
          try output.withUnsafeBytes { raw in
            try deliver(UnsafeRawBufferPointer(rebasing: raw[0..<produced]))
          }
        }
        switch status {
        case Z_STREAM_END:
          isAtEnd = true
          outputIsFull = false
        case Z_OK, Z_BUF_ERROR: continue
        default:
          throw Failure(
            message:
              Words.damagedGzip(
                stream.pointee.msg.map { String(cString: $0) } ?? String(cString: zError(status))))
        }
      }
    }
  }
}
