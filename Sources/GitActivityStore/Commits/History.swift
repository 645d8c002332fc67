/// The commits one walk found, each once.
public struct History: Sendable {
  /// Each commit's facts; `ids[i]` is the id of `commits[i]`.
  public var commits: [CommitFacts]
  /// The hexadecimal ids, parallel to `commits`, for telling copies of a commit apart; empty
  /// when the walk was asked not to record them.
  public var ids: [String] { objectIDs.map(\.hex) }
  /// The distinct authors, as written in the commits.
  var identities: [Identity] { rawIdentities.map(\.decoded) }
  /// The authors' bytes; decoded only for the commits a graph counts.
  package var rawIdentities: [RawIdentity]
  /// Counted commits with a date git cannot read, for one-line warnings (which date a count
  /// uses is the reader's to say).
  package var undated: [UndatedCommit]
  /// With `WalkOptions.readsTrailers`: the `Co-authored-by` people of the commits that have
  /// some, by commit index, as indices into the identities.
  package var coAuthors: [Int: [Int32]] = [:]
  /// For a history drawn from exports: each identity after the mailmap of the repository that
  /// exported it, which takes the place of a mailmap.
  package var mappedIdentities: [Identity]?
  /// Whether no commit of this history is in another history it is counted with (exports were
  /// deduplicated as they were read), so that counting needs no set of ids.
  package var isDisjoint = false
  /// For a history drawn from exports of several repositories: each commit's repository, as its
  /// position among the `repositoryCount` names the read reports; empty when the history is one
  /// repository's.
  package var repositories: [UInt32] = []
  package var repositoryCount = 1
  /// For the pieces of one read of exports: a token they share, saying that each piece's
  /// identities are the previous piece's with more after them, so that counting decides who an
  /// identity is once for the whole read, not once per piece.
  package var identityLineage: IdentityLineage?

  package var objectIDs: [ObjectID]
  /// What each commit changes in lines, parallel to `commits`, when they were counted
  /// (`ActivityOptions.measure` other than commits); empty otherwise.
  package var packedLines: [PackedLineStats] = []
  /// What each commit changes in each language, parallel to `commits`, when a read asked for
  /// them (`ActivityRequest.countsLanguages`); empty otherwise.
  package var languages = CommitLanguages()
  /// The `linguist-language` values that named no language in the commits whose languages
  /// this read counted.
  public package(set) var unknownLanguageNames: [String] = []

  /// Whether the lines each commit changes were counted.
  package var hasLineStats: Bool { !commits.isEmpty && packedLines.count == commits.count }

  /// What commit `index` changes in lines, when they were counted.
  public func lineStats(ofCommit index: Int) -> LineStats? {
    index < packedLines.count ? packedLines[index].stats : nil
  }

  package init(
    commits: [CommitFacts], objectIDs: [ObjectID], identities: [RawIdentity],
    undated: [UndatedCommit]
  ) {
    self.commits = commits
    self.objectIDs = objectIDs
    self.rawIdentities = identities
    self.undated = undated
  }

  /// No commits.
  static let empty = History(commits: [], objectIDs: [], identities: [], undated: [])

  /// The commits at the indices `isKept` keeps, with their ids, co-authors and warnings.
  package func keeping(_ isKept: (Int) -> Bool) -> History {
    selecting(commits.indices.filter(isKept))
  }

  /// The commits at `indices`, in that order, a commit as often as it is named (`-g`: a
  /// commit that several reflog entries name counts for each).
  package func selecting(_ indices: [Int]) -> History {
    var result = History(commits: [], objectIDs: [], identities: rawIdentities, undated: [])
    result.mappedIdentities = mappedIdentities
    result.isDisjoint = isDisjoint
    result.repositoryCount = repositoryCount
    result.identityLineage = identityLineage
    result.unknownLanguageNames = unknownLanguageNames
    let hasRepositories = repositories.count == commits.count
    for index in indices {
      if hasRepositories { result.repositories.append(repositories[index]) }
      if let people = coAuthors[index] { result.coAuthors[result.commits.count] = people }
      result.commits.append(commits[index])
      if index < objectIDs.count { result.objectIDs.append(objectIDs[index]) }
      if index < packedLines.count { result.packedLines.append(packedLines[index]) }
    }
    if languages.count > 0 { result.languages = languages.selecting(indices) }
    // The few undated commits are matched by id; no hexadecimal made for the many others.
    if !undated.isEmpty {
      let keptIDs = Set(result.objectIDs.map(\.hex))
      result.undated = undated.filter { keptIDs.contains($0.id) }
    }
    return result
  }
}

/// What the histories handed over by one read of exports share (`History.identityLineage`).
package final class IdentityLineage: Sendable {
  package init() {}
}
