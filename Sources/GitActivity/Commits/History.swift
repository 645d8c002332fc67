/// The commits one walk found, each once.
public struct History: Sendable {
  /// Each commit's facts; `ids[i]` is the id of `commits[i]`.
  public var commits: [CommitFacts]
  /// The hexadecimal ids, parallel to `commits`, for telling copies of a commit apart; empty
  /// when the walk was asked not to record them.
  public var ids: [String] { objectIDs.map(\.hex) }
  /// The distinct authors, as written in the commits.
  public var identities: [Identity] { rawIdentities.map(\.decoded) }
  /// The authors' bytes; decoded only for the commits a graph counts.
  var rawIdentities: [RawIdentity]
  /// Commits that could not be placed on a day, with why, for one-line warnings.
  public var warnings: [String]
  /// With `WalkOptions.readsCoAuthors`: the `Co-authored-by` people of the commits that have
  /// some, by commit index, as indices into the identities.
  var coAuthors: [Int: [Int32]] = [:]

  var objectIDs: [ObjectID]

  init(
    commits: [CommitFacts], objectIDs: [ObjectID], identities: [RawIdentity], warnings: [String]
  ) {
    self.commits = commits
    self.objectIDs = objectIDs
    self.rawIdentities = identities
    self.warnings = warnings
  }

  /// No commits.
  public static let empty = History(commits: [], objectIDs: [], identities: [], warnings: [])
}
