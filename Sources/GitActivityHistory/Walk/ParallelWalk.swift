import Foundation

/// The reading of uncached commits by several threads at once.
///
/// Workers take commits from the shared `WalkState`, read and parse them with their own
/// `Repository` outside its lock, and report the parents back under it. Only value types
/// (`ObjectID`, `CommitFacts`, arrays of bytes) cross threads; each `git_repository` stays on
/// the thread that opened it; the cache, the commit-graph and the substitutions are immutable.
/// What a run counts and follows (`Round`) is a value handed to each worker, never changed under
/// it; every other mutable thing is inside `state`.
final class ParallelWalk: Sendable {
  /// What one run of the walk does, the same for every worker of its rounds.
  private struct Round: Sendable {
    /// Whether the commits read count (false on the hidden side of a range).
    var counting: Bool
    /// `--first-parent`.
    var firstParentOnly: Bool
  }

  private let repositoryPath: String
  private let cache: HistoryCache
  private let shallow: Set<ObjectID>
  private let cutoff: Int64?
  private let graph: CommitGraph?
  /// Replace refs and grafts, applied to every commit read.
  private let substitutions: Substitutions
  private let progress: WalkProgress?
  /// Whether to keep each commit's parents, for adding to the cache.
  private let recordsParents: Bool
  /// Whether to keep each commit's id: for the cache, or for `History.ids`.
  private let recordsIDs: Bool
  /// Whether to keep each commit's tree, for the cache (see `WalkOptions.recordsTrees`).
  private let recordsTrees: Bool
  private let state: WalkState
  /// The assisted trailer keys messages are read with (`WalkOptions.trailerKeys`); nil: no
  /// message is read.
  let trailerKeys: [[UInt8]]?
  /// The packs every worker reads commits from directly, if any.
  private let packs: PackStore?
  /// See `WalkOptions.shortWalkReads`.
  private let shortWalkReads: Int?
  /// The packs whose index positions stand for commits in the visited set: without a
  /// commit-graph (whose listing checks ids), and with few packs (a commit's place is the first
  /// pack holding it, which takes a search in each pack before it).
  private let packsForVisiting: PackStore?
  /// `state`'s pack bits, for the workers' steps without the lock.
  private let packSeen: PackSeenBits

  /// How many listed commits a worker takes at once.
  static let batchSize = 64

  init(
    repositoryPath: String, cache: HistoryCache, shallow: Set<ObjectID>, cutoff: Int64?,
    progress: WalkProgress?, recordsParents: Bool, recordsIDs: Bool, graph: CommitGraph?,
    substitutions: Substitutions, trailerKeys: [[UInt8]]? = nil, packs: PackStore? = nil,
    shortWalkReads: Int? = nil, recordsTrees: Bool = false
  ) {
    self.recordsTrees = recordsTrees && recordsParents
    self.shortWalkReads = shortWalkReads
    self.packs = packs
    packsForVisiting = graph == nil && (packs?.packs.count ?? 0) <= 4 ? packs : nil
    self.graph = graph
    self.substitutions = substitutions
    self.trailerKeys = trailerKeys
    self.progress = progress
    self.recordsParents = recordsParents
    self.recordsIDs = recordsIDs || recordsParents
    self.repositoryPath = repositoryPath
    self.cache = cache
    self.shallow = shallow
    self.cutoff = cutoff
    state = WalkState(
      graphCount: graph?.count ?? 0,
      packObjects: packsForVisiting?.packs.map(\.objectCount) ?? [])
    packSeen = state.packSeen
  }

  /// Reads everything reachable from `ids` that is neither visited nor cached, and returns the
  /// cached commits it reached. The calling thread works too, with `first`.
  func run(
    from ids: [ObjectID], counting: Bool, firstParentOnly: Bool, workers: Int, first: Repository
  ) throws(WalkError) -> [Int32] {
    let round = Round(counting: counting, firstParentOnly: firstParentOnly)
    let places = ids.map { id in
      knownPlace(of: id)
        ?? Self.unread(id, packed: packsForVisiting?.firstPlace(of: id))
    }
    state.withLock { fields in
      for place in places {
        if let id = fields.reach(place) { fields.stack.append(id) }
      }
    }
    while true {
      let pending = try state.withLock { fields throws(WalkError) in
        if !fields.graphHits.isEmpty { try expandGraph(&fields, firstParentOnly: firstParentOnly) }
        return !(fields.stack.isEmpty && fields.listed.isEmpty)
      }
      if !pending { break }
      try runRound(round, workers: workers, first: first)
    }
    return state.withLock { fields in
      defer { fields.cachedHits = [] }
      return fields.cachedHits
    }
  }

  /// Where commit `id` stands for the walk when it is cached (its record) or in the
  /// commit-graph (its position); nil otherwise. Binary searches in immutable tables: no lock.
  private func knownPlace(of id: ObjectID) -> WalkState.ParentPlace? {
    if let index = cache.index(of: id) { return .cached(index) }
    if let graph, let position = graph.position(of: id) { return .graph(position) }
    return nil
  }

  /// Where a commit neither cached nor in the commit-graph stands: by its place in the first
  /// pack holding it (`packed`, when the packs stand for visited commits), else by its id.
  private static func unread(
    _ id: ObjectID, packed: (pack: Int, position: Int)?
  ) -> WalkState.ParentPlace {
    guard let packed else { return .unknown(id) }
    return .packed(id, pack: packed.pack, position: packed.position)
  }

  /// Lists every commit reachable in the graph from the graph hits that is neither seen nor
  /// cached, for the workers to read without walking: on a single line of history, that is what
  /// lets every core work. A commit committed before the cutoff is listed (it is reached, so it
  /// counts) but its parents are not. Runs while no worker does.
  private func expandGraph(_ fields: inout WalkState.Fields, firstParentOnly: Bool)
    throws(WalkError)
  {
    guard let graph else { return }
    var pending = fields.graphHits
    fields.graphHits = []
    let cutoff = self.cutoff ?? Int64.min
    while let position = pending.popLast() {
      let id = graph.id(at: position)
      if let cached = cache.index(of: id) {
        fields.cachedHits.append(cached)
        continue
      }
      if fields.visited.contains(id) { continue }
      fields.listed.append(position)
      if graph.commitTime(at: position) < cutoff { continue }
      if !shallow.isEmpty && shallow.contains(id) { continue }
      let consistent = graph.forEachParent(of: position, firstOnly: firstParentOnly) { parent in
        if fields.markGraph(parent) { pending.append(parent) }
      }
      guard consistent else {
        throw .commitGraphDisagrees(.inconsistentCommitGraph)
      }
    }
  }

  /// One round of reading: workers until the stack and the list are empty and all are idle.
  private func runRound(_ round: Round, workers: Int, first: Repository) throws(WalkError) {
    let extra = max(0, min(workers, 16) - 1)
    // A worker that cannot have a thread of its own works before the first, on this thread.
    let helpers = (0..<extra).map { _ in
      Threads.start {
        do throws(GitError) {
          let repository = try Repository.openGit(at: self.repositoryPath)
          self.work(repository, round)
        } catch {
          self.state.fail(.git(error), wasBusy: false)
        }
      }
    }
    work(first, round)
    helpers.forEach { $0.wait() }
    if let failure = state.withLock({ fields in fields.failure }) { throw failure }
  }

  /// One worker's loop. It follows one line of history itself (the first new parent of each
  /// commit it reads) and shares the other parents through the state, so that the lock is taken
  /// once per commit and a sleeping worker is woken only when there is work for it.
  private func work(_ repository: Repository, _ round: Round) {
    var result = WorkerResult()
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    var graphParents: [ObjectID] = []
    let reader: ObjectReader
    do {
      reader = try ObjectReader(
        repository: repository, packs: packs, shortWalkReads: shortWalkReads)
    } catch {
      state.fail(.git(error), wasBusy: false)
      return
    }
    // The worker's own copy of the keys: arrays both threads retain and release for every
    // message would have their counts bounce between the cores.
    let trailerKeys = trailerKeys?.map { key in key.map { $0 } }
    var next: ObjectID?
    loop: while true {
      let work: WalkState.Work
      if let id = next {
        work = .commit(id)
        next = nil
      } else {
        work = state.take(batchSize: Self.batchSize)
      }
      switch work {
      case .finished:
        break loop
      case .commit(let id):
        guard
          readCommit(
            id, reader: reader, trailerKeys: trailerKeys, interner: &interner, parents: &parents,
            into: &result, round: round, next: &next)
        else { break loop }
      case .batch(let positions):
        guard
          readBatch(
            positions, reader: reader, trailerKeys: trailerKeys, interner: &interner,
            parents: &parents,
            graphParents: &graphParents, into: &result, round: round)
        else { break loop }
      }
    }
    result.identities = interner.rawIdentities()
    state.finish(result)
  }

  /// Reads a commit the state handed over and reports its parents' places, setting `next` to
  /// the one this worker follows itself; false when the walk failed or was cancelled (reported
  /// to the state).
  private func readCommit(
    _ id: ObjectID, reader: borrowing ObjectReader, trailerKeys: [[UInt8]]?,
    interner: inout IdentityInterner,
    parents: inout [ObjectID], into result: inout WorkerResult, round: Round,
    next: inout ObjectID?
  ) -> Bool {
    do {
      let (isPruned, _) = try read(
        id, reader: reader, trailerKeys: trailerKeys, interner: &interner, parents: &parents,
        into: &result, round: round)
      trimParents(&parents, of: id, isPruned: isPruned, firstParentOnly: round.firstParentOnly)
    } catch {
      state.fail(.git(error), wasBusy: true)
      return false
    }
    if result.facts.count % 64 == 0, let progress {
      progress.add(64)
      if progress.isCancelled {
        state.fail(.git(.cancelled), wasBusy: true)
        return false
      }
    }
    if parents.count == 1 {
      let place = self.place(of: parents[0], isFirst: true, reader: reader)
      // A commit's only parent, in a pack, is marked seen without the lock and read next: on a
      // line of history the lock is taken only where it ends or forks.
      if case .packed(let parent, let pack, let position) = place, !state.hasFailed,
        packSeen.insert(pack: pack, position: position)
      {
        next = parent
        return true
      }
      next = state.report(CollectionOfOne(place))
      return true
    }
    var places: [WalkState.ParentPlace] = []
    places.reserveCapacity(parents.count)
    for (number, parent) in parents.enumerated() {
      places.append(place(of: parent, isFirst: number == 0, reader: reader))
    }
    next = state.report(places)
    return true
  }

  /// Where a parent leads: binary searches in the immutable cache, graph and pack indexes, no
  /// lock. The first parent's place in the packs is kept: the worker most often reads it next.
  private func place(of parent: ObjectID, isFirst: Bool, reader: borrowing ObjectReader)
    -> WalkState.ParentPlace
  {
    if let known = knownPlace(of: parent) { return known }
    let packed = packsForVisiting == nil ? nil : reader.firstPlace(of: parent, remembers: isFirst)
    return Self.unread(parent, packed: packed)
  }

  /// Reads a batch of commits listed by the commit-graph, each checked against it; false when
  /// the walk failed or was cancelled (reported to the state).
  private func readBatch(
    _ positions: [Int32], reader: borrowing ObjectReader, trailerKeys: [[UInt8]]?,
    interner: inout IdentityInterner,
    parents: inout [ObjectID], graphParents: inout [ObjectID], into result: inout WorkerResult,
    round: Round
  ) -> Bool {
    var reopened: [Int32] = []
    // Batches are listed by the graph. It is taken once a batch: binding the property for
    // every commit retained the graph the other workers read too.
    guard let graph = self.graph else {
      state.finishBatch(graphParents: [])
      return true
    }
    do throws(WalkError) {
      for position in positions {
        let id = graph.id(at: position)
        let (isPruned, committed): (Bool, Int64?)
        do {
          (isPruned, committed) = try read(
            id, reader: reader, trailerKeys: trailerKeys, interner: &interner, parents: &parents,
            into: &result, round: round)
        } catch {
          throw .git(error)
        }
        if !isPruned, let cutoff, graph.commitTime(at: position) < cutoff {
          // The graph's commit time ended the listing here, but the author date is in reach
          // (clock skew): go on to the parents, as the walk without a graph does.
          reopened += parents.compactMap { graph.position(of: $0) }
        }
        try Self.check(
          id, position: position, in: graph, committed: committed, parents: &parents,
          graphParents: &graphParents)
        if result.facts.count % 64 == 0, let progress {
          progress.add(64)
          if progress.isCancelled { throw .git(.cancelled) }
        }
      }
    } catch {
      state.fail(error, wasBusy: true)
      return false
    }
    state.finishBatch(graphParents: reopened)
    return true
  }

  /// Checks a listed commit against the graph: the same parents and commit time, or the graph
  /// is wrong, and the walk starts over without it, so that a wrong graph never gives a wrong
  /// count. Its parents are not visited again: the graph listed them already.
  private static func check(
    _ id: ObjectID, position: Int32, in graph: CommitGraph, committed: Int64?,
    parents: inout [ObjectID], graphParents: inout [ObjectID]
  ) throws(WalkError) {
    defer { parents.removeAll(keepingCapacity: true) }
    graphParents.removeAll(keepingCapacity: true)
    let consistent = graph.forEachParent(of: position, firstOnly: false) {
      graphParents.append(graph.id(at: $0))
    }
    guard consistent, parents == graphParents,
      committed.map({ $0 & 0x3_FFFF_FFFF }) == graph.commitTime(at: position)
    else {
      throw .commitGraphDisagrees(.commitGraphDisagrees(with: id), id: id)
    }
  }

  /// Reads one commit and records it, leaving all its parents in `parents`; says whether it is
  /// older than the cutoff, and its commit time.
  private func read(
    _ id: ObjectID, reader: borrowing ObjectReader, trailerKeys: [[UInt8]]?,
    interner: inout IdentityInterner,
    parents: inout [ObjectID], into result: inout WorkerResult, round: Round
  ) throws(GitError) -> (isPruned: Bool, committed: Int64?) {
    // The cache keeps the real parents; the shallow cut applies when walking.
    let (facts, tree, coAuthors) = try reader.readFacts(
      id, substitutions: substitutions, interner: &interner, parents: &parents,
      trailerKeys: trailerKeys)
    if recordsIDs { result.ids.append(id) }
    if !coAuthors.isEmpty { result.coAuthors[result.facts.count] = coAuthors }
    result.facts.append(facts)
    if recordsParents {
      result.parents.append(contentsOf: parents)
      result.parentEnds.append(Int32(result.parents.count))
    }
    if recordsTrees { result.trees.append(tree) }
    let isPruned = cutoff.map(facts.endsWalk(at:)) ?? false
    // Every commit read counts (a tip committed long before its author date, say); being older
    // than the cutoff only stops the walk at it.
    result.isCounted.append(round.counting)
    if round.counting && !isPruned, let undated = UndatedCommit(id, facts) {
      result.undated.append(undated)
    }
    return (isPruned, facts.committer?.seconds)
  }

  /// The parents to visit after reading `id`: none past the shallow boundary or the cutoff, the
  /// first with `--first-parent`.
  private func trimParents(
    _ parents: inout [ObjectID], of id: ObjectID, isPruned: Bool, firstParentOnly: Bool
  ) {
    if isPruned || (!shallow.isEmpty && shallow.contains(id)) {
      parents.removeAll(keepingCapacity: true)
    } else if firstParentOnly && parents.count > 1 {
      parents.removeLast(parents.count - 1)
    }
  }

  /// `facts` with a worker's identity numbers replaced by the merged ones (`numbers`).
  private static func renumbered(_ facts: CommitFacts, _ numbers: [Int32]) -> CommitFacts {
    var facts = facts
    if facts.identity >= 0 { facts.identity = numbers[Int(facts.identity)] }
    if facts.committerIdentity >= 0 {
      facts.committerIdentity = numbers[Int(facts.committerIdentity)]
    }
    return facts
  }

  /// What the workers read besides the counted commits.
  struct Merged {
    var identities: [RawIdentity] = []
    var undated: [UndatedCommit] = []
  }

  /// Appends the counted commits the workers read to `counted` and `ids`, with identities
  /// renumbered after `cachedIdentities`. Each worker's result is freed as soon as it is merged,
  /// and so is the visited set, so that the walk's memory does not pile up.
  func merge(
    into counted: inout [CommitFacts], ids countedIDs: inout [ObjectID],
    coAuthors: inout [Int: [Int32]],
    startingWith cachedIdentities: [RawIdentity], cache appender: inout HistoryCache.Appender?
  ) -> Merged {
    var merged = Merged()
    var pending: [WorkerResult] = []
    state.withLock { fields in
      fields.visited = ObjectIDSet()
      swap(&pending, &fields.results)
    }
    // The walk is over: the pages of the packs and the commit-graph it read go back before the
    // merge needs memory.
    packs?.releasePages()
    graph?.releasePages()
    if pending.allSatisfy({ $0.facts.isEmpty }) {
      merged.identities = cachedIdentities
      return merged
    }
    let extra = pending.reduce(0) { total, result in
      total + result.isCounted.buffers.reduce(0) { $0 + $1.count { $0 } }
    }
    let read = pending.reduce(0) { $0 + $1.isCounted.count }
    counted.reserveCapacity(counted.count + extra)
    countedIDs.reserveCapacity(countedIDs.count + extra)
    // A first run (no cache yet) that counts every commit it read: the new cache's records are
    // the counted commits themselves, in the same order, so the two share their arrays instead
    // of holding a million commits twice; only the parents are gathered besides.
    let sharesRecords =
      appender?.isFresh == true && extra == read && counted.isEmpty && recordsIDs
      && coAuthors.isEmpty
    var interner = IdentityInterner()
    for identity in cachedIdentities { _ = interner.intern(identity) }
    if sharesRecords {
      merged.undated += Self.mergeSharing(
        &pending, interner: &interner, counted: &counted, ids: &countedIDs,
        coAuthors: &coAuthors, cache: &appender, read: read)
    }
    while let result = pending.popLast() {
      let numbers = result.identities.map { interner.intern($0) }
      var start = 0
      for index in result.facts.indices {
        let facts = Self.renumbered(result.facts[index], numbers)
        let people = result.coAuthors[index].map { $0.map { numbers[Int($0)] } }
        if result.isCounted[index] {
          if let people { coAuthors[counted.count] = people }
          counted.append(facts)
          if recordsIDs { countedIDs.append(result.ids[index]) }
        }
        if appender != nil {
          let end = Int(result.parentEnds[index])
          appender?.append(
            id: result.ids[index], facts: facts,
            parents: (start..<end).lazy.map { result.parents[$0] },
            tree: recordsTrees ? .some(result.trees[index]) : nil, coAuthors: people ?? [])
          start = end
        }
      }
      merged.undated += result.undated
    }
    merged.undated.sort()
    merged.identities = interner.rawIdentities()
    return merged
  }

  /// `merge` for a first run that counts every commit it read: the workers' results moved into
  /// `counted` and `ids`, array by array, and the new cache given the same arrays; the undated
  /// commits met.
  private static func mergeSharing(
    _ pending: inout [WorkerResult], interner: inout IdentityInterner,
    counted: inout [CommitFacts], ids countedIDs: inout [ObjectID],
    coAuthors: inout [Int: [Int32]], cache appender: inout HistoryCache.Appender?, read: Int
  ) -> [UndatedCommit] {
    var undated: [UndatedCommit] = []
    var sharedParents: [ObjectID] = []
    var sharedEnds: [Int32] = []
    var sharedTrees: [ObjectID?] = []
    sharedParents.reserveCapacity(pending.reduce(0) { $0 + $1.parents.count })
    sharedEnds.reserveCapacity(read)
    // Array by array, each freed once moved, so that a worker's result and its merged copy
    // are not both held whole.
    while var result = pending.popLast() {
      let numbers = result.identities.map { interner.intern($0) }
      for index in result.facts.indices {
        if let people = result.coAuthors[index] {
          coAuthors[counted.count] = people.map { numbers[Int($0)] }
        }
        counted.append(Self.renumbered(result.facts[index], numbers))
      }
      result.facts = ChunkedArray()
      for buffer in result.ids.buffers { countedIDs += buffer }
      result.ids = ChunkedArray()
      let base = Int32(sharedParents.count)
      for buffer in result.parents.buffers { sharedParents += buffer }
      result.parents = ChunkedArray()
      for buffer in result.parentEnds.buffers {
        sharedEnds += buffer.lazy.map { base + $0 }
      }
      for buffer in result.trees.buffers { sharedTrees += buffer }
      result.trees = ChunkedArray()
      undated += result.undated
    }
    appender?.share(
      ids: countedIDs, facts: counted, parents: sharedParents, parentEnds: sharedEnds,
      trees: sharedTrees, coAuthors: coAuthors)
    return undated
  }
}
