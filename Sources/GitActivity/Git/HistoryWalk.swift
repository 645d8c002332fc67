import CGit2
import Foundation

/// How a walk chooses and stops.
public struct WalkOptions: Sendable, Equatable {
  /// `--first-parent`: follow only the first parent of merges.
  public var followsFirstParentOnly = false
  /// Do not walk past commits committed before this time (seconds since the epoch): a commit
  /// older than the window does not lead back into it, except through clock skew, which the
  /// caller's margin absorbs. Such a commit is still counted when it is reached; only its
  /// parents are not read. Nil reads all history.
  public var committedNoEarlierThan: Int64?
  /// How many threads read commits; each opens its own `git_repository`.
  public var workerCount = ProcessInfo.processInfo.activeProcessorCount
  /// Counts the commits read, for a progress display.
  public var progress: WalkProgress?
  /// Whether `History.ids` is filled: needed to count a commit once across repositories,
  /// 24 bytes a commit otherwise.
  public var recordsCommitIDs = true
  /// Whether git's `commit-graph` file may tell the walk which commits to read before it reads
  /// them, so that all cores inflate commits at once.
  public var usesCommitGraph = true
  /// Where replace refs live (git's `GIT_REPLACE_REF_BASE`), or nil to read every object as it
  /// is (`--no-replace-objects`, `GIT_NO_REPLACE_OBJECTS`).
  public var replaceRefBase: String? = "refs/replace/"
  /// The graft file (`GIT_GRAFT_FILE`); nil means `info/grafts` in the git directory.
  public var graftFile: String?

  public init(
    followsFirstParentOnly: Bool = false, committedNoEarlierThan: Int64? = nil,
    workerCount: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.followsFirstParentOnly = followsFirstParentOnly
    self.committedNoEarlierThan = committedNoEarlierThan
    self.workerCount = workerCount
  }
}

/// What a walk produced: the commits it counted, and the cache with what it read added.
public struct HistoryRead: Sendable {
  public var history: History
  /// The cache with the newly read commits added, or nil when nothing new was read.
  public var updatedCache: HistoryCache?
}

extension Repository {
  /// Reads the commits that `selection` names, each once.
  public func history(
    _ selection: RevisionSelection, options: WalkOptions = WalkOptions()
  ) throws(GitError) -> History {
    try history(selection, options: options, cache: nil).history
  }

  /// Reads the commits that `selection` names, each once, taking what it can from `cache`.
  ///
  /// It walks parents itself and reads each uncached commit's raw bytes once through
  /// `git_odb_read` (no `git_commit` objects, no re-hashing, no object cache), parsing only the
  /// header lines it needs, on `options.workerCount` threads. Cached commits are walked by
  /// index, without hashing.
  public func history(
    _ selection: RevisionSelection, options: WalkOptions, cache: HistoryCache?
  ) throws(GitError) -> HistoryRead {
    let tips = try self.tips(for: selection)
    let substitutions = try self.substitutions(
      replaceRefBase: options.replaceRefBase, graftFile: options.graftFile)
    // Replaced or grafted commits are not what their ids name: neither git's commit-graph nor
    // our cache, both keyed by id, may stand for them (git, too, leaves its graph aside then).
    let cache = substitutions.isEmpty ? cache : nil
    let commitGraph =
      options.usesCommitGraph && substitutions.isEmpty
      ? CommitGraph(objectsDirectory: commonDirectory + "/objects") : nil
    let graph = GraphWalk(
      repository: self, cache: cache ?? HistoryCache(), shallow: shallowBoundary(),
      options: options, recordsParents: cache != nil, commitGraph: commitGraph,
      substitutions: substitutions)
    do {
      if !tips.excluded.isEmpty {
        try graph.walk(from: tips.excluded, counting: false, firstParentOnly: false)
      }
      try graph.walk(
        from: tips.included, counting: true, firstParentOnly: options.followsFirstParentOnly)
    } catch  where error.function == ParallelWalk.graphMismatch && commitGraph != nil {
      // The commit-graph file disagrees with a commit it lists: read without it.
      var options = options
      options.usesCommitGraph = false
      return try history(selection, options: options, cache: cache)
    }
    return graph.finish(wantsCache: cache != nil)
  }
}

/// One walk over the graph: cached commits by index on the calling thread, uncached ones read by
/// a `ParallelWalk`. Commits seen by an earlier `walk` call (the hidden side of `a..b`) count as
/// visited, so the walk of the other side stops at them.
final class GraphWalk {
  private let repository: Repository
  private let cache: HistoryCache
  private let shallow: Set<ObjectID>
  private let options: WalkOptions
  private let reader: ParallelWalk
  private var visitedBits: [UInt64]
  private var counted: [CommitFacts] = []
  private var countedIDs: [ObjectID] = []

  init(
    repository: Repository, cache: HistoryCache, shallow: Set<ObjectID>, options: WalkOptions,
    recordsParents: Bool, commitGraph: CommitGraph?, substitutions: Substitutions
  ) {
    self.repository = repository
    self.cache = cache
    self.shallow = shallow
    self.options = options
    visitedBits = [UInt64](repeating: 0, count: (cache.count + 63) / 64)
    reader = ParallelWalk(
      repositoryPath: repository.gitDirectory, cache: cache, shallow: shallow,
      cutoff: options.committedNoEarlierThan, progress: options.progress,
      recordsParents: recordsParents, recordsIDs: options.recordsCommitIDs, graph: commitGraph,
      substitutions: substitutions)
  }

  func walk(from tips: [ObjectID], counting: Bool, firstParentOnly: Bool) throws(GitError) {
    // Work on locals: class properties would pay an exclusivity check on every access.
    var visitedBits = self.visitedBits
    var counted = self.counted
    var countedIDs = self.countedIDs
    self.visitedBits = []
    defer {
      self.visitedBits = visitedBits
      self.counted = counted
      self.countedIDs = countedIDs
    }
    let cache = self.cache
    let recordsIDs = options.recordsCommitIDs
    if counting {
      counted.reserveCapacity(cache.count)
      countedIDs.reserveCapacity(cache.count)
    }
    let cutoff = options.committedNoEarlierThan ?? Int64.min
    var cached: [Int32] = []
    var frontier: [ObjectID] = []
    for tip in tips {
      if let index = cache.index(of: tip) { cached.append(index) } else { frontier.append(tip) }
    }
    while true {
      while let index = cached.popLast() {
        let word = Int(index) / 64
        let bit = UInt64(1) << UInt64(Int(index) % 64)
        if visitedBits[word] & bit != 0 { continue }
        visitedBits[word] |= bit
        let facts = cache.facts[Int(index)]
        // Every commit reached counts; the cutoff only decides which parents are not walked.
        if counting {
          counted.append(facts)
          if recordsIDs { countedIDs.append(cache.ids[Int(index)]) }
        }
        if facts.endsWalk(at: cutoff) { continue }
        if !shallow.isEmpty && shallow.contains(cache.ids[Int(index)]) { continue }
        var range = cache.parentRange(index)
        if firstParentOnly && range.count > 1 { range = range.lowerBound..<(range.lowerBound + 1) }
        for slot in range {
          let reference = cache.parentRefs[slot]
          if reference >= 0 {
            cached.append(reference)
          } else {
            frontier.append(cache.parentID(reference))
          }
        }
      }
      if frontier.isEmpty { break }
      cached = try reader.run(
        from: frontier, counting: counting, firstParentOnly: firstParentOnly,
        workers: options.workerCount, first: repository)
      frontier = []
    }
  }

  /// The counted commits, and the cache with everything read added.
  func finish(wantsCache: Bool) -> HistoryRead {
    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    swap(&commits, &counted)
    swap(&ids, &countedIDs)
    visitedBits = []
    var appender = wantsCache ? HistoryCache.Appender(cache) : nil
    let merged = reader.merge(
      into: &commits, ids: &ids, startingWith: cache.identities, cache: &appender)
    let history = History(
      commits: commits, objectIDs: ids, identities: merged.identities, warnings: merged.warnings)
    let updated = appender.flatMap { $0.isEmpty ? nil : $0.finish(identities: merged.identities) }
    return HistoryRead(history: history, updatedCache: updated)
  }
}

/// The reading of uncached commits, shared by several threads.
///
/// Thread safety: every mutable field (`stack`, `visited`, `cachedHits`, `busy`, `waiting`,
/// `failure`, `results`) is read and written only while `condition` is locked. Workers take ids
/// from the stack under the lock, read and parse them with their own `Repository` outside it,
/// and put parents back under it. Only value types (`ObjectID`, `CommitFacts`, arrays of bytes)
/// cross threads; each `git_repository` stays on the thread that opened it, and the cache is
/// immutable.
final class ParallelWalk: @unchecked Sendable {
  private let repositoryPath: String
  private let cache: HistoryCache
  private let shallow: Set<ObjectID>
  private let cutoff: Int64?
  private var counting = true
  private var firstParentOnly = false

  /// The function name of the error that says the commit-graph file is wrong.
  static let graphMismatch = "commit-graph"

  private let graph: CommitGraph?
  /// Replace refs and grafts, applied to every commit read.
  private let substitutions: Substitutions
  /// Commit-graph positions seen, as a bitset (8 MB less than a set of ids for a million).
  private var graphSeen: [UInt64] = []
  /// Graph positions reached from commits outside the graph, expanded between rounds.
  private var graphHits: [Int32] = []

  private let condition = NSCondition()
  private var stack: [ObjectID] = []
  /// Graph positions listed by `expandGraph`, 4 bytes each.
  private var listed: [Int32] = []
  private var visited = Set<ObjectID>()
  private var cachedHits: [Int32] = []
  private var busy = 0
  private var waiting = 0
  private var failure: GitError?
  private var results: [WorkerResult] = []

  /// What one worker read in one round.
  struct WorkerResult: Sendable {
    var ids: [ObjectID] = []
    var facts: [CommitFacts] = []
    var isCounted: [Bool] = []
    var parentEnds: [Int] = []
    var parents: [ObjectID] = []
    var identities: [RawIdentity] = []
    var warnings: [String] = []
  }

  private let progress: WalkProgress?
  /// Whether to keep each commit's parents, for adding to the cache.
  private let recordsParents: Bool
  /// Whether to keep each commit's id: for the cache, or for `History.ids`.
  private let recordsIDs: Bool

  init(
    repositoryPath: String, cache: HistoryCache, shallow: Set<ObjectID>, cutoff: Int64?,
    progress: WalkProgress?, recordsParents: Bool, recordsIDs: Bool, graph: CommitGraph?,
    substitutions: Substitutions
  ) {
    self.graph = graph
    self.substitutions = substitutions
    graphSeen = [UInt64](repeating: 0, count: ((graph?.count ?? 0) + 63) / 64)
    self.progress = progress
    self.recordsParents = recordsParents
    self.recordsIDs = recordsIDs || recordsParents
    self.repositoryPath = repositoryPath
    self.cache = cache
    self.shallow = shallow
    self.cutoff = cutoff
  }

  /// Reads everything reachable from `ids` that is neither visited nor cached, and returns the
  /// cached commits it reached. The calling thread works too, with `first`.
  func run(
    from ids: [ObjectID], counting: Bool, firstParentOnly: Bool, workers: Int, first: Repository
  ) throws(GitError) -> [Int32] {
    self.counting = counting
    self.firstParentOnly = firstParentOnly
    for id in ids {
      if let graph, let position = graph.position(of: id) {
        if markGraph(position) { graphHits.append(position) }
      } else if visited.insert(id).inserted {
        stack.append(id)
      }
    }
    while true {
      if !graphHits.isEmpty { try expandGraph() }
      if stack.isEmpty && listed.isEmpty { break }
      try runRound(workers: workers, first: first)
    }
    defer { cachedHits = [] }
    return cachedHits
  }

  /// Marks a graph position seen; false when it was already.
  private func markGraph(_ position: Int32) -> Bool {
    let (word, bit) = (Int(position) / 64, UInt64(1) << UInt64(Int(position) % 64))
    if graphSeen[word] & bit != 0 { return false }
    graphSeen[word] |= bit
    return true
  }

  /// Lists every commit reachable in the graph from `graphHits` that is neither seen nor cached
  /// nor older than the cutoff, for the workers to read without walking: on a single line of
  /// history, that is what lets every core work. Runs while no worker does.
  private func expandGraph() throws(GitError) {
    guard let graph else { return }
    var pending = graphHits
    graphHits = []
    let cutoff = self.cutoff ?? Int64.min
    while let position = pending.popLast() {
      let id = graph.id(at: position)
      if let cached = cache.index(of: id) {
        cachedHits.append(cached)
        continue
      }
      if visited.contains(id) { continue }
      // A commit older than the cutoff is read and counted like any other reached; only its
      // parents are left.
      listed.append(position)
      if graph.commitTime(at: position) < cutoff { continue }
      if !shallow.isEmpty && shallow.contains(id) { continue }
      let consistent = graph.forEachParent(of: position, firstOnly: firstParentOnly) { parent in
        if markGraph(parent) { pending.append(parent) }
      }
      guard consistent else {
        throw GitError(
          message: "the commit-graph file is inconsistent", function: Self.graphMismatch)
      }
    }
  }

  /// One round of reading: workers until the stack is empty and all are idle.
  private func runRound(workers: Int, first: Repository) throws(GitError) {
    let extra = max(0, min(workers, 16) - 1)
    let group = DispatchGroup()
    for _ in 0..<extra {
      DispatchQueue.global().async(group: group) {
        do throws(GitError) {
          let repository = try Repository.open(at: self.repositoryPath)
          self.work(repository)
        } catch {
          self.fail(error)
        }
      }
    }
    work(first)
    group.wait()
    if let failure { throw failure }
  }

  /// A busy worker's failure: called without the lock, it returns holding it, with every other
  /// worker woken to stop.
  private func stopAll(after error: GitError) {
    condition.lock()
    busy -= 1
    if failure == nil { failure = error }
    condition.broadcast()
  }

  private func fail(_ error: GitError) {
    condition.lock()
    if failure == nil { failure = error }
    condition.broadcast()
    condition.unlock()
  }

  /// One worker's loop. It follows one line of history itself (the first new parent of each
  /// commit it reads) and shares the other parents through the stack, so that the lock is taken
  /// once per commit and a sleeping worker is woken only when there is work for it.
  private func work(_ repository: Repository) {
    var result = WorkerResult()
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    var places: [Int32?] = []
    let reader: ObjectReader
    do {
      reader = try ObjectReader(repository: repository)
    } catch {
      fail(error)
      return
    }
    var next: ObjectID?
    var batch: [Int32] = []
    var graphParents: [ObjectID] = []
    var positions: [Int32?] = []
    condition.lock()
    while true {
      if failure != nil { break }
      if next == nil {
        if let id = stack.popLast() {
          next = id
        } else if !listed.isEmpty {
          // Listed commits lead nowhere new: read a batch of them with the lock let go.
          let take = min(listed.count, 64)
          batch.append(contentsOf: listed.suffix(take))
          listed.removeLast(take)
          busy += 1
          condition.unlock()
          do {
            for position in batch {
              let id = graph?.id(at: position) ?? ObjectID(high: 0, middle: 0, low: 0)
              let (isPruned, committed) = try read(
                id, reader: reader, interner: &interner, parents: &parents, into: &result)
              if let graph, !isPruned, let cutoff, graph.commitTime(at: position) < cutoff {
                // The graph's commit time ended the listing here, but the author date is in
                // reach (clock skew): go on to the parents, as the walk without a graph does.
                let positions = parents.compactMap { graph.position(of: $0) }
                condition.lock()
                for parent in positions where markGraph(parent) { graphHits.append(parent) }
                condition.unlock()
              }
              try check(
                id, position: position, committed: committed, parents: &parents,
                graphParents: &graphParents)
              if let progress, result.facts.count % 256 == 0 { progress.add(256) }
            }
          } catch {
            stopAll(after: error)
            break
          }
          batch.removeAll(keepingCapacity: true)
          condition.lock()
          busy -= 1
          continue
        }
      }
      guard let id = next else {
        if busy == 0 {
          condition.broadcast()
          break
        }
        waiting += 1
        condition.wait()
        waiting -= 1
        continue
      }
      next = nil
      busy += 1
      condition.unlock()
      do {
        let (isPruned, _) = try read(
          id, reader: reader, interner: &interner, parents: &parents, into: &result)
        trimParents(&parents, of: id, isPruned: isPruned)
      } catch {
        stopAll(after: error)
        break
      }
      if let progress, result.facts.count % 256 == 0 { progress.add(256) }
      // Binary searches in the immutable cache and graph need no lock.
      places = parents.map { cache.index(of: $0) }
      positions = parents.map { graph?.position(of: $0) }
      condition.lock()
      busy -= 1
      for (index, parent) in parents.enumerated() {
        if let place = places[index] {
          cachedHits.append(place)
        } else if let position = positions[index] {
          if markGraph(position) { graphHits.append(position) }
        } else if visited.insert(parent).inserted {
          if next == nil { next = parent } else { stack.append(parent) }
        }
      }
      if waiting > 0 && (!stack.isEmpty || !listed.isEmpty) { condition.signal() }
    }
    result.identities = interner.rawIdentities()
    results.append(result)
    condition.unlock()
  }

  /// Checks a listed commit against the graph: the same parents and commit time, or the graph
  /// is wrong, and the walk starts over without it, so that a wrong graph never gives a wrong
  /// count. Its parents are not visited again: the graph listed them already.
  private func check(
    _ id: ObjectID, position: Int32, committed: Int64?, parents: inout [ObjectID],
    graphParents: inout [ObjectID]
  ) throws(GitError) {
    defer { parents.removeAll(keepingCapacity: true) }
    guard let graph else { return }
    graphParents.removeAll(keepingCapacity: true)
    let consistent = graph.forEachParent(of: position, firstOnly: false) {
      graphParents.append(graph.id(at: $0))
    }
    guard consistent, parents == graphParents,
      committed.map({ $0 & 0x3_FFFF_FFFF }) == graph.commitTime(at: position)
    else {
      throw GitError(
        message: "the commit-graph file disagrees with commit \(id.hex)",
        function: Self.graphMismatch)
    }
  }

  /// Reads one commit and records it, leaving all its parents in `parents`; says whether it is
  /// older than the cutoff, and its commit time.
  private func read(
    _ id: ObjectID, reader: borrowing ObjectReader, interner: inout IdentityInterner,
    parents: inout [ObjectID], into result: inout WorkerResult
  ) throws(GitError) -> (isPruned: Bool, committed: Int64?) {
    var facts = CommitFacts(author: nil, committer: nil, identity: -1, parentCount: 0)
    try reader.readCommit(try substitutions.object(for: id)) { (buffer) throws(GitError) in
      let header: CommitHeader
      do {
        header = try CommitHeader.parse(buffer, parents: &parents)
      } catch {
        throw GitError(
          message: "commit \(id.hex) is corrupt: a parent line is malformed",
          function: "parse_commit")
      }
      if let author = header.author {
        facts.identity = interner.intern(
          buffer, name: author.name, email: author.email, encoding: header.encoding)
        if let time = author.time {
          facts.author = Timestamp(seconds: time, offsetMinutes: author.offsetMinutes)
        }
      }
      if let committer = header.committer, let time = committer.time {
        facts.committer = Timestamp(seconds: time, offsetMinutes: committer.offsetMinutes)
      }
    }
    if !substitutions.grafts.isEmpty, let grafted = substitutions.grafts[id] {
      parents = grafted
    }
    // The cache keeps the real parents; the shallow cut applies when walking.
    facts.parentCount = Int32(parents.count)
    if recordsIDs { result.ids.append(id) }
    result.facts.append(facts)
    if recordsParents {
      result.parents += parents
      result.parentEnds.append(result.parents.count)
    }
    let isPruned = cutoff.map(facts.endsWalk(at:)) ?? false
    // Every commit read counts (a tip committed long before its author date, say); being older
    // than the cutoff only stops the walk at it.
    result.isCounted.append(counting)
    if counting && !isPruned && facts.author == nil {
      result.warnings.append("commit \(id.hex) has no valid author date; it is not counted")
    }
    return (isPruned, facts.committer?.seconds)
  }

  /// The parents to visit after reading `id`: none past the shallow boundary or the cutoff, the
  /// first with `--first-parent`.
  private func trimParents(_ parents: inout [ObjectID], of id: ObjectID, isPruned: Bool) {
    if isPruned || (!shallow.isEmpty && shallow.contains(id)) {
      parents.removeAll(keepingCapacity: true)
    } else if firstParentOnly && parents.count > 1 {
      parents.removeLast(parents.count - 1)
    }
  }

  /// What the workers read besides the counted commits.
  struct Merged {
    var identities: [RawIdentity] = []
    var warnings: [String] = []
  }

  /// Appends the counted commits the workers read to `counted` and `ids`, with identities
  /// renumbered after `cachedIdentities`. Each worker's result is freed as soon as it is merged,
  /// and so is the visited set, so that the walk's memory does not pile up.
  func merge(
    into counted: inout [CommitFacts], ids countedIDs: inout [ObjectID],
    startingWith cachedIdentities: [RawIdentity], cache appender: inout HistoryCache.Appender?
  ) -> Merged {
    var merged = Merged()
    visited = []
    var pending: [WorkerResult] = []
    swap(&pending, &results)
    if pending.allSatisfy({ $0.facts.isEmpty }) {
      merged.identities = cachedIdentities
      return merged
    }
    let extra = pending.reduce(0) { $0 + $1.isCounted.count { $0 } }
    counted.reserveCapacity(counted.count + extra)
    countedIDs.reserveCapacity(countedIDs.count + extra)
    var interner = IdentityInterner()
    for identity in cachedIdentities { _ = interner.intern(identity) }
    while let result = pending.popLast() {
      let numbers = result.identities.map { interner.intern($0) }
      var start = 0
      for index in result.facts.indices {
        var facts = result.facts[index]
        if facts.identity >= 0 { facts.identity = numbers[Int(facts.identity)] }
        if result.isCounted[index] {
          counted.append(facts)
          if recordsIDs { countedIDs.append(result.ids[index]) }
        }
        if appender != nil {
          let end = result.parentEnds[index]
          appender?.append(
            id: result.ids[index], facts: facts, parents: result.parents[start..<end])
          start = end
        }
      }
      merged.warnings += result.warnings
    }
    merged.warnings.sort()
    merged.identities = interner.rawIdentities()
    return merged
  }
}

/// Reads raw objects from a repository's object database. It holds its `Repository`, so it cannot
/// outlive it, and frees each object as soon as the caller has looked at its bytes: a worker
/// never holds more than one commit's data.
struct ObjectReader: ~Copyable {
  private let repository: Repository
  private let odb: OpaquePointer

  init(repository: Repository) throws(GitError) {
    var odb: OpaquePointer?
    try GitError.check(git_repository_odb(&odb, repository.pointer), "git_repository_odb")
    guard let odb else {
      throw GitError(
        message: "the repository has no object database", function: "git_repository_odb")
    }
    self.repository = repository
    self.odb = odb
  }

  deinit {
    git_odb_free(odb)
  }

  /// Calls `body` with the raw bytes of commit `id`, which are valid only during the call.
  /// The corresponding C function is `git_odb_read`.
  func readCommit(
    _ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) {
    var oid = id.gitOID
    var object: OpaquePointer?
    let status = git_odb_read(&object, odb, &oid)
    guard status == 0, let object else {
      if status == GIT_ENOTFOUND.rawValue {
        throw GitError(
          code: status, message: "commit \(id.hex) is missing from the repository",
          function: "git_odb_read")
      }
      let detail = GitError.last(status: status, function: "git_odb_read").message
      throw GitError(
        code: status, message: "cannot read commit \(id.hex): \(detail)", function: "git_odb_read")
    }
    defer { git_odb_object_free(object) }
    guard git_odb_object_type(object) == GIT_OBJECT_COMMIT else {
      throw GitError(message: "object \(id.hex) is not a commit", function: "git_odb_object_type")
    }
    let size = git_odb_object_size(object)
    let buffer = UnsafeRawBufferPointer(start: git_odb_object_data(object), count: size)
    try body(buffer)
  }
}

extension CommitFacts {
  /// Whether the walk stops at this commit, given the cutoff time: when it was committed before
  /// it and authored before it too. A commit whose author date is still in reach (a rebase or a
  /// skewed clock left its committer date behind) leads on to its parents. A commit without a
  /// committer date never stops the walk.
  @inline(__always)
  func endsWalk(at cutoff: Int64) -> Bool {
    guard let committed = committer?.seconds, committed < cutoff else { return false }
    return (author?.seconds ?? Int64.min) < cutoff
  }
}
