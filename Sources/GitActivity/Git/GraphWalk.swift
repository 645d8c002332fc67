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
  private var counted: [CommitFacts] = []
  private var countedIDs: [ObjectID] = []
  /// The co-authors of cached commits counted, by index in `counted`.
  private var countedCoAuthors: [Int: [Int32]] = [:]

  init(
    repository: Repository, cache: HistoryCache, shallow: Set<ObjectID>, options: WalkOptions,
    recordsParents: Bool, commitGraph: CommitGraph?, substitutions: Substitutions
  ) {
    self.repository = repository
    self.cache = cache
    self.shallow = shallow
    self.options = options
    visitedBits = BitSet(capacity: cache.count)
    reader = ParallelWalk(
      repositoryPath: repository.gitDirectory, cache: cache, shallow: shallow,
      cutoff: options.committedNoEarlierThan, progress: options.progress,
      recordsParents: recordsParents, recordsIDs: options.recordsCommitIDs, graph: commitGraph,
      substitutions: substitutions, readsCoAuthors: options.readsCoAuthors,
      packs: repository.packStore(for: options), readsAhead: options.readsAhead,
      shortWalkReads: options.shortWalkReads)
  }

  /// How many commits idle workers had read ahead for the others (see `PackReadAhead`).
  var readAheadServed: Int { reader.readAhead?.served ?? 0 }

  func walk(from tips: [ObjectID], counting: Bool, firstParentOnly: Bool) throws(WalkError) {
    // Work on locals: class properties would pay an exclusivity check on every access.
    var visitedBits = self.visitedBits
    var counted = self.counted
    var countedIDs = self.countedIDs
    self.visitedBits = BitSet(capacity: 0)
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
    // The records with co-authors, as bits: a dictionary lookup for every record cost more than
    // the rest of a record's walk.
    var coAuthored = BitSet(capacity: 0)
    if counting && options.readsCoAuthors && !cache.coAuthors.isEmpty {
      coAuthored = BitSet(capacity: cache.count)
      for record in cache.coAuthors.keys { _ = coAuthored.insert(Int(record)) }
    }
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
        if counting {
          if !coAuthored.isEmpty, coAuthored.contains(Int(index)),
            let people = cache.coAuthors[index]
          {
            countedCoAuthors[counted.count] = people
          }
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
    visitedBits = BitSet(capacity: 0)
    var appender =
      wantsCache ? HistoryCache.Appender(cache, hasCoAuthors: options.readsCoAuthors) : nil
    var coAuthors: [Int: [Int32]] = [:]
    swap(&coAuthors, &countedCoAuthors)
    let merged = reader.merge(
      into: &commits, ids: &ids, coAuthors: &coAuthors, startingWith: cache.identities,
      cache: &appender)
    var history = History(
      commits: commits, objectIDs: ids, identities: merged.identities, warnings: merged.warnings)
    history.coAuthors = coAuthors
    let updated = appender.flatMap { $0.isEmpty ? nil : $0.finish(identities: merged.identities) }
    return HistoryRead(history: history, updatedCache: updated)
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
