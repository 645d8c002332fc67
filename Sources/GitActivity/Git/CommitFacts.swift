/// A moment as git records it: seconds since the epoch and the writer's offset from UTC.
public struct Timestamp: Hashable, Sendable, BitwiseCopyable {
  /// Seconds since 1970-01-01 UTC.
  public var seconds: Int64
  /// Minutes east of UTC, as the commit recorded them.
  public var offsetMinutes: Int32

  /// A moment and the offset it was written with.
  public init(seconds: Int64, offsetMinutes: Int32) {
    self.seconds = seconds
    self.offsetMinutes = offsetMinutes
  }
}

/// What one commit contributes to a graph, read from its header and nothing more.
public struct CommitFacts: Hashable, Sendable, BitwiseCopyable {
  /// The author date; nil when git would show no date (no timestamp or no offset).
  public var author: Timestamp?
  /// The committer date; nil likewise.
  public var committer: Timestamp?
  /// The index of the author in `History.identities`, or -1 when the commit names no author.
  public var identity: Int32
  /// How many parents the commit has (more than one: a merge).
  public var parentCount: Int32
  /// The index of the committer in `History.identities`, or -1 when the commit names none.
  public var committerIdentity: Int32

  /// A commit's facts, as read from its header.
  public init(
    author: Timestamp?, committer: Timestamp?, identity: Int32, parentCount: Int32,
    committerIdentity: Int32 = -1
  ) {
    self.author = author
    self.committer = committer
    self.identity = identity
    self.parentCount = parentCount
    self.committerIdentity = committerIdentity
  }

  /// Whether the commit is a merge.
  public var isMerge: Bool { parentCount > 1 }
}

/// A person as a commit names them, before the mailmap.
public struct Identity: Hashable, Sendable {
  /// The name as written.
  public var name: String
  /// The email as written.
  public var email: String

  /// An identity as a commit writes it.
  public init(name: String, email: String) {
    self.name = name
    self.email = email
  }
}

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
