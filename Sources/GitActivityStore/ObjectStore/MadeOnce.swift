import Foundation

/// A value made once, on first use, by the first thread that asks; the others wait for it. Its
/// lock is an `NSLock` (pthread's), which ThreadSanitizer sees: the standard library's `Mutex`
/// is not instrumented in debug builds, where it showed lazy tables as races. Thread safety:
/// `value` is read and written only under `lock`, hence `@unchecked Sendable`.
final class MadeOnce<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?

  /// The value, made by `make` the first time.
  func value(_ make: () -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let value { return value }
    let made = make()
    value = made
    return made
  }

  /// The value if it was made already.
  var madeValue: Value? {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
