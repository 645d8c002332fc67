import Foundation

/// What a pathspec walk's helper thread has found ahead of the walk: for each commit, whether
/// the pathspec sees it differ from its first parent (or, for a root commit, hold anything).
/// The helper follows the history in the walk's own order on the other core; the walk takes
/// an answer that is there, waits for one the helper is computing, and computes the others
/// itself. An answer is a pure function of the two trees, so who computes it never matters.
///
/// Thread safety: every field is read and written with `condition` locked.
final class PathspecAnswers: @unchecked Sendable {
  enum Answer: Equatable {
    case working
    /// Whether the commit differs from its first parent (a root: holds anything), and for a
    /// merge that does, from its second (nil: not asked).
    case differs(Bool, second: Bool?)
    /// The helper could not tell (it stopped, or a read failed): the walk asks on its own.
    case unknown
  }

  private let condition = NSCondition()
  private var answers: [ObjectID: Answer] = [:]
  private var stopped = false
  /// Merges whose other parents the walk does not follow (TREESAME to one of them), and
  /// merges on such parents' branches: the helper leaves their branches alone.
  private var passedOver = Set<ObjectID>()

  /// The answer for `id` (and for its second parent, when the helper asked), waiting while
  /// the helper computes it; nil when the caller is to compute it (it is then marked as the
  /// caller's, and `record` gives it).
  func take(_ id: ObjectID) -> (differs: Bool, fromSecond: Bool?)? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      switch answers[id] {
      case .differs(let value, let second)?:
        answers[id] = nil
        return (value, second)
      case .working?:
        condition.wait()
      case .unknown?, nil:
        answers[id] = .unknown
        return nil
      }
    }
  }

  /// For the helper: whether `id` is still for it to compute (it is then marked as working).
  /// Not when it is on the branch of a merge `owner` whose branch the walk passes over (a merge
  /// there, `isMerge`, is then passed over too).
  func claim(_ id: ObjectID, owner: ObjectID? = nil, isMerge: Bool = false) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !stopped, answers[id] == nil else { return false }
    if let owner, passedOver.contains(owner) {
      if isMerge { passedOver.insert(id) }
      return false
    }
    answers[id] = .working
    return true
  }

  /// Says that the walk follows none of merge `id`'s parents but the one it is TREESAME to:
  /// the branches of the others are not the helper's to answer for.
  func passOver(_ id: ObjectID) {
    condition.lock()
    passedOver.insert(id)
    condition.unlock()
  }

  /// For the helper: the answer for a commit it claimed (nil when it could not tell), and
  /// whether it differs from its second parent (nil: not asked).
  func record(_ id: ObjectID, _ differs: Bool?, fromSecond: Bool? = nil) {
    condition.lock()
    answers[id] = differs.map { .differs($0, second: fromSecond) } ?? .unknown
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the walk has asked the helper to stop.
  var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }

  /// Tells the helper to stop at its next commit.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }
}
