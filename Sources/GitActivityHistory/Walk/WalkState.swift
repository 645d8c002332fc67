import Foundation
import Synchronization

/// The state the workers of a `ParallelWalk` share, and the lock that guards it.
///
/// Thread safety: every field of `Fields` is read and written only inside this class's methods,
/// each of which holds `condition`'s lock for its whole duration (`take` lets it go only inside
/// `NSCondition.wait`, which takes it back before returning), with one exception: `packSeen`,
/// a constant whose bits are atomics, which workers also set without the lock (its copy is taken
/// once, before any worker runs). `failed` is an atomic. So `@unchecked Sendable` rests on the
/// lock and on those atomics.
final class WalkState: @unchecked Sendable {
  /// The guarded fields, all of them (`packSeen`'s bits are also set without the lock).
  struct Fields {
    /// Commits to read that were found by walking parents.
    var stack: [ObjectID] = []
    /// Commit-graph positions that `ParallelWalk.expandGraph` listed, read in batches.
    var listed: [Int32] = []
    /// Commits put on the stack once: those neither cached nor in the commit-graph (nor, when
    /// `packSeen` is used, in a pack).
    var visited = ObjectIDSet()
    /// Commits put on the stack once, by pack and index position: without a commit-graph, a
    /// bit a commit instead of an id in `visited` (48 MB less for a million). Shared with the
    /// workers, which set them without the lock too.
    let packSeen: PackSeenBits
    /// Commit-graph positions seen, as a bitset (8 MB less than a set of ids for a million).
    var graphSeen: BitSet
    /// Commit-graph positions reached from commits read, to be expanded between rounds.
    var graphHits: [Int32] = []
    /// Cached commits reached; the caller walks them by index.
    var cachedHits: [Int32] = []
    /// Workers reading a commit or a batch now, and workers asleep waiting for work.
    var busy = 0
    var waiting = 0
    /// The first failure; every worker stops at it.
    var failure: WalkError?
    /// What each finished worker read.
    var results: [WorkerResult] = []

    /// Marks a commit reached at `place`: a cached one goes to the caller, one in the
    /// commit-graph to be expanded; any other is returned the first time it is reached, to read.
    mutating func reach(_ place: ParentPlace) -> ObjectID? {
      switch place {
      case .cached(let index):
        cachedHits.append(index)
      case .graph(let position):
        if markGraph(position) { graphHits.append(position) }
      case .packed(let id, let pack, let position):
        if packSeen.insert(pack: pack, position: position) { return id }
      case .unknown(let id):
        if visited.insert(id).inserted { return id }
      }
      return nil
    }

    /// Marks a graph position seen; false when it was already.
    mutating func markGraph(_ position: Int32) -> Bool {
      graphSeen.insert(Int(position))
    }
  }

  /// Work a worker takes.
  enum Work {
    case commit(ObjectID)
    /// Listed commits: their parents are known already.
    case batch([Int32])
    case finished
  }

  private let condition = NSCondition()
  private var fields: Fields
  /// Set, besides `fields.failure`, when a worker fails: read without the lock by workers that
  /// step on without it.
  private let failed = Atomic<Bool>(false)

  /// The state of a walk with a commit-graph of `graphCount` commits, and packs of
  /// `packObjects` objects each whose positions stand for commits.
  init(graphCount: Int, packObjects: [Int]) {
    fields = Fields(
      packSeen: PackSeenBits(objectCounts: packObjects), graphSeen: BitSet(capacity: graphCount))
  }

  deinit {
    fields.packSeen.deallocate()
  }

  /// The pack bits, for workers to set without the lock: read once, when the walk is made and
  /// no worker runs yet.
  var packSeen: PackSeenBits { fields.packSeen }

  /// Whether a worker has failed (or the walk was cancelled), read without the lock.
  var hasFailed: Bool { failed.load(ordering: .relaxed) }

  /// Runs `body` on the fields under the lock: for the walk's own thread between rounds, and for
  /// short updates.
  func withLock<T, E: Error>(_ body: (inout Fields) throws(E) -> T) throws(E) -> T {
    condition.lock()
    defer { condition.unlock() }
    return try body(&fields)
  }

  /// The next work for an idle worker: a commit from the stack, else a batch of listed commits,
  /// else, once no worker is busy, `.finished`; meanwhile it sleeps. The worker counts as busy
  /// until it reports back.
  func take(batchSize: Int) -> Work {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if fields.failure != nil { return .finished }
      if let id = fields.stack.popLast() {
        fields.busy += 1
        return .commit(id)
      }
      if !fields.listed.isEmpty {
        let count = min(fields.listed.count, batchSize)
        let batch = Array(fields.listed.suffix(count))
        fields.listed.removeLast(count)
        fields.busy += 1
        return .batch(batch)
      }
      if fields.busy == 0 {
        condition.broadcast()
        return .finished
      }
      fields.waiting += 1
      condition.wait()
      fields.waiting -= 1
    }
  }

  /// Where one parent of a commit leads.
  enum ParentPlace {
    case cached(Int32)
    case graph(Int32)
    /// In a pack: the first pack holding it and its index position there.
    case packed(ObjectID, pack: Int, position: Int)
    case unknown(ObjectID)
  }

  /// A worker has read a commit and found its parents: the cached ones go to the caller, the
  /// ones in the commit-graph to be expanded, the others onto the stack, except the first new
  /// one, which the worker reads next (returned; it stays busy for it). Nil when it has nothing
  /// more to follow, or the walk has failed.
  func report(_ parents: some Collection<ParentPlace>) -> ObjectID? {
    condition.lock()
    defer { condition.unlock() }
    var next: ObjectID?
    for parent in parents {
      if let id = fields.reach(parent) {
        if next == nil { next = id } else { fields.stack.append(id) }
      }
    }
    if fields.failure != nil, next != nil { next = nil }
    if next == nil { fields.busy -= 1 }
    if fields.waiting > 0 && (!fields.stack.isEmpty || !fields.listed.isEmpty) {
      condition.signal()
    }
    return next
  }

  /// A worker has read a batch; `graphParents` are graph positions to expand after all (the
  /// parents of commits whose author date kept the walk going).
  func finishBatch(graphParents: [Int32]) {
    condition.lock()
    defer { condition.unlock() }
    for position in graphParents where fields.markGraph(position) {
      fields.graphHits.append(position)
    }
    fields.busy -= 1
    if fields.busy == 0 || fields.waiting > 0 { condition.broadcast() }
  }

  /// A worker failed; `wasBusy` when it had taken work. Every worker stops.
  func fail(_ error: WalkError, wasBusy: Bool) {
    condition.lock()
    defer { condition.unlock() }
    if wasBusy { fields.busy -= 1 }
    if fields.failure == nil { fields.failure = error }
    failed.store(true, ordering: .relaxed)
    condition.broadcast()
  }

  /// A worker has stopped; its result is kept for merging.
  func finish(_ result: WorkerResult) {
    condition.lock()
    defer { condition.unlock() }
    fields.results.append(result)
  }
}
