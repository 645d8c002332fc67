/// One repository as a request reads it: the commits it selects, the mailmap they are counted
/// through, the identity `--me` stands for, and what the reading noticed.
public struct RepositoryHistory: Sendable {
  /// The repository's path as people know it (its work tree, or its git directory when bare).
  public var name: String
  /// The git directory shared by every worktree: one repository, however many checkouts.
  public var commonDirectory: String
  /// The git directory, to open the repository again (for commit subjects).
  public var gitDirectory: String
  /// The commits read, filtered by the request's message filter.
  public var history: History
  /// `.mailmap`, `mailmap.blob` and `mailmap.file`, or an empty map when the request asks for
  /// none.
  public var mailmap: Mailmap
  /// What the reading noticed: unreadable mailmaps, commits without a valid date.
  public var warnings: [ActivityWarning]
  /// `user.email` (whom `--me` means), nil when unset or empty.
  public var userEmail: String?
  /// `remote.origin.url`, which names the repository in an export made of it alone.
  public var remoteURL: String?
  /// The cache with what this read added, to be written, when the policy keeps one and the
  /// walk read something new.
  public var pendingCache: PendingCache?

  /// A history read some other way (an export, a test), with no cache to save.
  public init(
    name: String, history: History, mailmap: Mailmap = Mailmap(),
    warnings: [ActivityWarning] = [], userEmail: String? = nil
  ) {
    self.name = name
    commonDirectory = ""
    gitDirectory = ""
    self.history = history
    self.mailmap = mailmap
    self.warnings = warnings
    self.userEmail = userEmail
  }
}
