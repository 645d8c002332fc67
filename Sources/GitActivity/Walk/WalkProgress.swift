import Synchronization

/// A count of commits read so far, shared between the walk's workers and whoever shows
/// progress, and the way to cancel the walk. Workers add to it as they go; reading it never
/// blocks them. It serves one read at a time: each read starts its count at zero, and a
/// cancel ends the read under way (or the next, when none is), not every later one.
public final class WalkProgress: Sendable, Equatable {
  private let read = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)

  /// A count at zero.
  public init() {}

  /// Commits read from the object database so far.
  public var commitsRead: Int { read.load(ordering: .relaxed) }

  func add(_ count: Int) {
    read.add(count, ordering: .relaxed)
  }

  /// A read begins: its count starts at zero.
  func startRead() { read.store(0, ordering: .relaxed) }

  /// A read has ended, cancelled or not: a later read is not cancelled by this one's cancel.
  func endRead() { cancelled.store(false, ordering: .relaxed) }

  /// Asks the walk to stop: it ends with `GitError.cancelled` within a few dozen commits.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  public static func == (lhs: WalkProgress, rhs: WalkProgress) -> Bool { lhs === rhs }
}
