import Foundation

/// Writes bytes to a file descriptor, all of them, retrying after signals; remembers the first
/// failure and writes nothing after it.
public final class DescriptorWriter {
  let descriptor: Int32
  /// The `errno` of the first failed write, or 0.
  public private(set) var failure: Int32 = 0

  /// A writer to `descriptor`, which stays open.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Writes all of `bytes`, retrying short writes; a failure is kept in `failure`.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == 0, var next = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = Foundation.write(descriptor, next, left)
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        return
      }
      if written == 0 {
        failure = EIO
        return
      }
      next += written
      left -= written
    }
  }

  /// Writes `text` as UTF-8, as `write(_:)` writes bytes.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }
}
