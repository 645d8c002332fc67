import Foundation

/// Writes bytes to a file descriptor, all of them, retrying after signals; remembers the first
/// failure and writes nothing after it.
package final class DescriptorWriter {
  package let descriptor: Int32
  /// The `errno` of the first failed write, or 0.
  package private(set) var failure: Int32 = 0

  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  package func write(_ bytes: UnsafeRawBufferPointer) {
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

  package func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }
}
