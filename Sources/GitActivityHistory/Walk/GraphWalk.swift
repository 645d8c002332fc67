import Foundation

/// One walk over the graph: cached commits by index on the calling thread, uncached ones read by
/// a `ParallelWalk`. Commits seen by an earlier `walk` call (the hidden side of `a..b`) count as
/// visited, so the walk of the other side stops at them.
final class GraphWalk {
  private let repository: Repository
  private let cache: HistoryCache
  private let shallow: Set<ObjectID>
  private let options: WalkOptions
  private let reader: ParallelWalk
  private var visitedBits: BitSet
  /// The cached records counted, a bit each: their facts are gathered once the walk is over, or
  /// the cache's arrays are shared whole when every record counts (a warm run of the whole
  /// history copied 82,000 facts, 4 MB, one by one in the walk).
  private var countedBits: BitSet

  init(
    repository: Repository, cache: HistoryCache, shallow: Set<ObjectID>, options: WalkOptions,
    recordsParents: Bool, commitGraph: CommitGraph?, substitutions: Substitutions
  ) {
    self.repository = repository
    self.cache = cache
    self.shallow = shallow
    self.options = options
    visitedBits = BitSet(capacity: cache.count)
    countedBits = BitSet(capacity: cache.count)
    reader = ParallelWalk(
      repositoryPath: repository.gitDirectory, cache: cache, shallow: shallow,
      cutoff: options.committedNoEarlierThan, progress: options.progress,
      recordsParents: recordsParents, recordsIDs: options.recordsCommitIDs, graph: commitGraph,
      substitutions: substitutions, trailerKeys: options.trailerKeys,
      packs: options.packStore(in: repository), shortWalkReads: options.shortWalkReads,
      recordsTrees: options.recordsTrees)
  }

  func walk(from tips: [ObjectID], counting: Bool, firstParentOnly: Bool) throws(WalkError) {
    // Work on locals: class properties would pay an exclusivity check on every access.
    var visitedBits = self.visitedBits
    var countedBits = self.countedBits
    self.visitedBits = BitSet(capacity: 0)
    self.countedBits = BitSet(capacity: 0)
    defer {
      self.visitedBits = visitedBits
      self.countedBits = countedBits
    }
    let cache = self.cache
    let cutoff = options.committedNoEarlierThan ?? Int64.min
    var cached: [Int32] = []
    var frontier: [ObjectID] = []
    for tip in tips {
      if let index = cache.index(of: tip) { cached.append(index) } else { frontier.append(tip) }
    }
    while true {
      while let index = cached.popLast() {
        if !visitedBits.insert(Int(index)) { continue }
        let facts = cache.facts[Int(index)]
        // Every commit reached counts; the cutoff only decides which parents are not walked.
        if counting { _ = countedBits.insert(Int(index)) }
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
    var (commits, ids, coAuthors) = countedRecords()
    visitedBits = BitSet(capacity: 0)
    countedBits = BitSet(capacity: 0)
    var appender =
      wantsCache ? HistoryCache.Appender(cache, trailerKeys: options.cachedTrailerKeys) : nil
    let merged = reader.merge(
      into: &commits, ids: &ids, coAuthors: &coAuthors, startingWith: cache.identities,
      cache: &appender)
    var history = History(
      commits: commits, objectIDs: ids, identities: merged.identities, undated: merged.undated)
    history.coAuthors = coAuthors
    let updated = appender.flatMap { $0.isEmpty ? nil : $0.finish(identities: merged.identities) }
    return HistoryRead(history: history, updatedCache: updated)
  }

  /// The counted cached records' facts, ids (when recorded) and co-authors (when read, by
  /// index in the facts), in the cache's order: the cache's own arrays when every record
  /// counted, else gathered.
  private func countedRecords() -> (
    facts: [CommitFacts], ids: [ObjectID], coAuthors: [Int: [Int32]]
  ) {
    let recordsIDs = options.recordsCommitIDs
    let readsTrailers = options.readsTrailers
    let count = countedBits.count
    if count == cache.count {
      var coAuthors: [Int: [Int32]] = [:]
      if readsTrailers {
        for (record, people) in cache.coAuthors { coAuthors[Int(record)] = people }
      }
      return (cache.facts, recordsIDs ? cache.ids : [], coAuthors)
    }
    var facts: [CommitFacts] = []
    var ids: [ObjectID] = []
    var coAuthors: [Int: [Int32]] = [:]
    facts.reserveCapacity(count)
    if recordsIDs { ids.reserveCapacity(count) }
    let hasCoAuthors = readsTrailers && !cache.coAuthors.isEmpty
    countedBits.forEach { record in
      if hasCoAuthors, let people = cache.coAuthors[Int32(record)] {
        coAuthors[facts.count] = people
      }
      facts.append(cache.facts[record])
      if recordsIDs { ids.append(cache.ids[record]) }
    }
    return (facts, ids, coAuthors)
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
