import Foundation

/// Reads a file descriptor to its end, a chunk at a time, retrying after signals: standard
/// input, a pipe or a file, whatever its size.
package enum DescriptorReader {
  /// Why a read failed: its `errno`.
  package struct Failure: Error {
    package var code: Int32
    package var reason: String { String(cString: strerror(code)) }
  }

  /// Calls `body` with each chunk read from `descriptor` (at most `size` bytes), until the end.
  package static func forEachChunk(
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
