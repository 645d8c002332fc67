import Synchronization

/// A count of commits read so far, shared between the walk's workers and whoever shows
/// progress, and the way to cancel the walk. Workers add to it as they go; reading it never
/// blocks them. It serves one read at a time: each read starts its count at zero, and a
/// cancel ends the read under way (or the next, when none is), not every later one.
public final class WalkProgress: Sendable, Equatable {
  private let read = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)
  private let linesDone = Atomic<Int>(0)
  private let linesWanted = Atomic<Int>(0)
  private let repositoriesDone = Atomic<Int>(0)
  private let repositoriesWanted = Atomic<Int>(0)

  /// A count at zero.
  public init() {}

  /// Commits read from the object database so far.
  public var commitsRead: Int { read.load(ordering: .relaxed) }

  func add(_ count: Int) {
    read.add(count, ordering: .relaxed)
  }

  /// The commits whose lines are counted so far, and of how many: 0 of 0 until lines are
  /// counted (a phase of its own, after the commits are read).
  public var lines: (counted: Int, of: Int) {
    (linesDone.load(ordering: .relaxed), linesWanted.load(ordering: .relaxed))
  }

  /// With several repositories read at once: how many have been read, of how many (0 of 0 for
  /// one).
  public var repositories: (read: Int, of: Int) {
    (repositoriesDone.load(ordering: .relaxed), repositoriesWanted.load(ordering: .relaxed))
  }

  func expectLines(_ count: Int) { linesWanted.add(count, ordering: .relaxed) }
  func addLines(_ count: Int) { linesDone.add(count, ordering: .relaxed) }
  package func expectRepositories(_ count: Int) {
    repositoriesWanted.store(count, ordering: .relaxed)
    repositoriesDone.store(0, ordering: .relaxed)
    read.store(0, ordering: .relaxed)
    linesDone.store(0, ordering: .relaxed)
    linesWanted.store(0, ordering: .relaxed)
  }
  package func repositoryRead() { repositoriesDone.add(1, ordering: .relaxed) }

  /// A read begins: its counts start at zero (those of several repositories read at once
  /// run on from `expectRepositories`).
  package func startRead() {
    guard repositoriesWanted.load(ordering: .relaxed) == 0 else { return }
    read.store(0, ordering: .relaxed)
    linesDone.store(0, ordering: .relaxed)
    linesWanted.store(0, ordering: .relaxed)
  }

  /// A read has ended, cancelled or not: a later read is not cancelled by this one's cancel.
  package func endRead() { cancelled.store(false, ordering: .relaxed) }

  /// Asks the walk to stop: it ends with `GitError.cancelled` within a few dozen commits.
  package func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  public static func == (lhs: WalkProgress, rhs: WalkProgress) -> Bool { lhs === rhs }
}
