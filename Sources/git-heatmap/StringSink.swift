import Foundation
import GitActivity

/// Collects what a run writes, for tests; safe to write from several threads.
final class StringSink: TextSink, @unchecked Sendable {
  private let lock = NSLock()
  private var collected = ""
  private var collectedBytes: [UInt8] = []
  var text: String { lock.withLock { collected } }
  /// What was written as bytes.
  var bytes: [UInt8] { lock.withLock { collectedBytes } }
  func write(_ text: String) { lock.withLock { collected += text } }
  func write(bytes: [UInt8]) { lock.withLock { collectedBytes += bytes } }
}
