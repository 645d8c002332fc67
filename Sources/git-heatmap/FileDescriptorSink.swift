import Foundation
import GitActivity

/// Standard output or standard error of this process. A failed write is remembered (and nothing
/// more is written), so that the run can end with an error instead of exit 0 after output that
/// never arrived.
final class FileDescriptorSink: TextSink {
  private let writer: DescriptorWriter

  init(descriptor: Int32) {
    writer = DescriptorWriter(descriptor: descriptor)
  }

  /// The `errno` of the first failed write, or 0.
  var failure: Int32 { writer.failure }

  func write(_ text: String) {
    // Written from the string's own bytes: a large output is not copied first.
    var text = text
    text.withUTF8 { writer.write(UnsafeRawBufferPointer($0)) }
    endIfReaderLeft()
  }

  func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { writer.write($0) }
    endIfReaderLeft()
  }

  private func endIfReaderLeft() {
    if writer.failure == EPIPE {
      // The reader has gone: end as git does, by SIGPIPE (exit status 141 in a shell), even
      // when the runtime ignores the signal.
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
    }
  }
}
