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
