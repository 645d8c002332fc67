import Foundation

/// The facts of every commit a repository's walks have read, kept between runs so that a repeat
/// run reads only the commits it has not seen.
///
/// It is safe by construction: a commit id names its content, so the facts of a cached commit
/// can never go stale, whatever happens to refs (force-pushes, rebases, gc). A file that is
/// missing, truncated, corrupt (checksum) or of another version is ignored and rebuilt; files are
/// written to a temporary name and renamed, so a reader never sees half of one. The mailmap and
/// the author filters are applied after the cache, so changing them needs no rebuild.
package struct HistoryCache: Sendable {
  /// Commit ids in the order they were read (roughly newest first within each run), so that a
  /// walk touches the records close to one another.
  package var ids: [ObjectID] = []
  /// Record numbers sorted by id, so that a lookup is a binary search.
  package var sortedIndices: [Int32] = [] {
    didSet { prefixes = IDPrefixTable() }
  }
  /// Where each 16-bit prefix starts in `sortedIndices`, for a walk that looks up many ids
  /// (`indexPrefixes`); a lookup without it, or after the cache grew, searches them all.
  var prefixes = IDPrefixTable()
  /// The facts of `ids[i]`; `identity` indexes `identities`.
  package var facts: [CommitFacts] = []
  /// Where the parents of `ids[i]` start in `parentRefs`; `parentStarts[count]` ends the last.
  var parentStarts: [Int32] = [0]
  /// A parent as a record number (≥ 0), or `-(k + 1)` for `externalParents[k]`, a parent that
  /// was not read (older than a window, or missing from a shallow clone).
  package var parentRefs: [Int32] = []
  var externalParents: [ObjectID] = []
  package var identities: [RawIdentity] = []
  /// Whether every record's trailers were read (`--co-authors` and the AI-assisted share need
  /// them; once read, later walks read them for new commits too, so that the cache stays
  /// complete), and for which assisted keys: `trailerStamp` of `WalkOptions.cachedTrailerKeys`,
  /// nil when they were not read.
  var trailerStamp: UInt32?
  /// Whether every record's trailers were read with the keys `keys` names
  /// (`WalkOptions.cachedTrailerKeys`).
  package func hasTrailers(_ keys: String?) -> Bool {
    keys != nil && trailerStamp == keys.map(Self.trailerStamp)
  }
  /// Whether every record's `Co-authored-by` people were read, with whatever assisted keys.
  var hasCoAuthors: Bool { trailerStamp != nil }

  /// What a cache file records of the assisted trailer keys its records were read with: an odd
  /// 32-bit hash (FNV-1a) of `keys`, so that 0 can say "none read".
  static func trailerStamp(_ keys: String) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in keys.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return hash | 1
  }
  /// The co-authors of the records that have some, as indices into `identities` (assisted
  /// trailers' values among them: `RawIdentity.isTrailerValue`).
  package var coAuthors: [Int32: [Int32]] = [:]
  /// The tree of `ids[i]` (nil: its header names none), when the read that made this cache
  /// kept them (`WalkOptions.recordsTrees`), else empty. In memory only: the file holds none.
  package var trees: [ObjectID?] = []

  package init() {}

  package var count: Int { ids.count }

  /// The record number of `id`, or nil when it is not cached.
  package func index(of id: ObjectID) -> Int32? {
    var low = 0
    var high = sortedIndices.count
    if let range = prefixes.range(of: id) { (low, high) = (range.lowerBound, range.upperBound) }
    while low < high {
      let middle = (low + high) / 2
      if ids[Int(sortedIndices[middle])] < id { low = middle + 1 } else { high = middle }
    }
    guard low < sortedIndices.count, ids[Int(sortedIndices[low])] == id else { return nil }
    return sortedIndices[low]
  }

  /// Makes `prefixes` for the sorted indices as they are now.
  package mutating func indexPrefixes() {
    let (ids, sorted) = (self.ids, sortedIndices)
    prefixes = IDPrefixTable(count: sorted.count) { ids[Int(sorted[$0])].high }
  }

  /// The parents of the commit at `index`.
  @inline(__always)
  package func parentRange(_ index: Int32) -> Range<Int> {
    Int(parentStarts[Int(index)])..<Int(parentStarts[Int(index) + 1])
  }

  /// The id a parent reference names.
  @inline(__always)
  package func parentID(_ reference: Int32) -> ObjectID {
    reference >= 0 ? ids[Int(reference)] : externalParents[Int(-reference - 1)]
  }
}
