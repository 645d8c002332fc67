import Foundation

extension HistoryCache {
  /// Adds commits read from the object database to a copy of a cache, one at a time, without
  /// holding them twice: records go straight into the new cache's arrays, and their parents are
  /// resolved once all are in.
  package struct Appender {
    private var cache: HistoryCache
    private let base: Int
    /// Parent ids of the appended records, resolved by `finish`.
    private var pendingParents: [ObjectID] = []

    /// An appender to `cache` whose records will have been read with the trailer keys `keys`
    /// names (`WalkOptions.cachedTrailerKeys`; nil: no trailers).
    package init(_ cache: HistoryCache, trailerKeys keys: String? = nil) {
      self.cache = cache
      self.cache.trailerStamp = keys.map(HistoryCache.trailerStamp)
      base = cache.count
    }

    package var isEmpty: Bool { cache.count == base }

    /// Whether nothing was in the cache and nothing has been appended yet.
    package var isFresh: Bool { base == 0 && cache.count == 0 }

    /// Takes distinct commits all at once, sharing the caller's arrays (copy on write: neither
    /// side changes them later): `parentEnds[i]` ends the parents of `ids[i]` in `parents`.
    /// Only for a fresh appender.
    package mutating func share(
      ids: [ObjectID], facts: [CommitFacts], parents: [ObjectID], parentEnds: [Int32],
      trees: [ObjectID?] = [], coAuthors: [Int: [Int32]]
    ) {
      precondition(isFresh && ids.count == facts.count && ids.count == parentEnds.count)
      precondition(trees.isEmpty || trees.count == ids.count)
      cache.ids = ids
      cache.trees = trees
      cache.facts = facts
      pendingParents = parents
      cache.parentStarts = [0] + parentEnds
      for (index, people) in coAuthors where !people.isEmpty {
        cache.coAuthors[Int32(index)] = people
      }
    }

    /// Appends a commit unless the cache already had it. A walk reads each commit once, so
    /// commits appended here are distinct. Its `tree` (`.some`: known, perhaps none) is kept
    /// only in a cache that starts empty and is given every record's.
    package mutating func append(
      id: ObjectID, facts: CommitFacts, parents: some Collection<ObjectID>,
      tree: ObjectID?? = nil, coAuthors: [Int32] = []
    ) {
      guard base == 0 || cache.index(of: id) == nil else { return }
      if base == 0, let tree, cache.trees.count == cache.ids.count { cache.trees.append(tree) }
      if !coAuthors.isEmpty { cache.coAuthors[Int32(cache.ids.count)] = coAuthors }
      cache.ids.append(id)
      cache.facts.append(facts)
      pendingParents.append(contentsOf: parents)
      cache.parentStarts.append(Int32(cache.parentRefs.count + pendingParents.count))
    }

    /// The cache with every appended commit, its parents resolved to record numbers.
    /// `identities` must begin with the cache's own, in order.
    package consuming func finish(identities: [RawIdentity]) -> HistoryCache {
      cache.identities = identities
      guard !isEmpty else { return cache }
      let old = cache.sortedIndices
      // Sorted by the ids' first 8 bytes, the whole id only where those are equal: 16 bytes a
      // record to sort instead of 32 (a million commits: 16 MB less at the peak of a first run).
      var keyed = (base..<cache.count).map { (prefix: cache.ids[$0].high, index: Int32($0)) }
      let ids = cache.ids
      keyed.sort {
        $0.prefix != $1.prefix ? $0.prefix < $1.prefix : ids[Int($0.index)] < ids[Int($1.index)]
      }
      let freshOrder = keyed.map(\.index)
      keyed = []
      // Merge the two sorted index lists.
      var merged: [Int32] = []
      merged.reserveCapacity(cache.count)
      var oldPosition = 0
      var newPosition = 0
      while oldPosition < old.count || newPosition < freshOrder.count {
        if newPosition == freshOrder.count
          || (oldPosition < old.count
            && cache.ids[Int(old[oldPosition])] < cache.ids[Int(freshOrder[newPosition])])
        {
          merged.append(old[oldPosition])
          oldPosition += 1
        } else {
          merged.append(freshOrder[newPosition])
          newPosition += 1
        }
      }
      cache.sortedIndices = merged
      // Parents that were outside the cache may now be inside it.
      let oldExternals = cache.externalParents
      var externalNumbers: [ObjectID: Int32] = [:]
      cache.externalParents = []
      func reference(to parent: ObjectID) -> Int32 {
        if let index = cache.index(of: parent) { return index }
        if let known = externalNumbers[parent] { return known }
        cache.externalParents.append(parent)
        let number = -Int32(cache.externalParents.count)
        externalNumbers[parent] = number
        return number
      }
      let remap = oldExternals.map(reference(to:))
      for slot in cache.parentRefs.indices where cache.parentRefs[slot] < 0 {
        cache.parentRefs[slot] = remap[Int(-cache.parentRefs[slot] - 1)]
      }
      cache.parentRefs.reserveCapacity(cache.parentRefs.count + pendingParents.count)
      // A worker reads a commit's first parent right after it, so the parent is most often the
      // next record: try that before a binary search.
      let firstPending = Int(cache.parentStarts[base]) - 0
      for record in base..<cache.count {
        let slots = Int(cache.parentStarts[record])..<Int(cache.parentStarts[record + 1])
        for slot in slots {
          let parent = pendingParents[slot - firstPending]
          if record + 1 < cache.count && cache.ids[record + 1] == parent {
            cache.parentRefs.append(Int32(record + 1))
          } else {
            cache.parentRefs.append(reference(to: parent))
          }
        }
      }
      pendingParents = []
      return cache
    }
  }
}
