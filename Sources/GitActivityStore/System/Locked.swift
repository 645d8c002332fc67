import Foundation

/// A value behind a lock, as `Synchronization.Mutex` keeps one, but the lock is a pthread mutex
/// (`NSLock`): the thread sanitizer (`SANITIZE=1` in Scripts/test) follows pthread locks and not
/// `Mutex`'s futex, so it took every value behind a `Mutex` for a race, and its reports on the
/// walk's code were lost among them. Nothing here is on a path that runs per commit.
package final class Locked<Value>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is read and written only inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value, holding the lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
