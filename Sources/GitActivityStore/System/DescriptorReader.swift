import Foundation

/// Reads a file descriptor to its end, a chunk at a time, retrying after signals: standard
/// input, a pipe or a file, whatever its size.
public enum DescriptorReader {
  /// Why a read failed: its `errno`.
  public struct Failure: Error {
    var code: Int32
    /// The reason, in the C library's words (`strerror`).
    public var reason: String { String(cString: strerror(code)) }
  }

  /// Calls `body` with each chunk read from `descriptor` (at most `size` bytes), until the end.
  public static func forEachChunk(
    of descriptor: Int32, size: Int = 1 << 16, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var buffer = [UInt8](repeating: 0, count: size)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw Failure(code: errno) }
      if count == 0 { return }
      try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
  }
}
