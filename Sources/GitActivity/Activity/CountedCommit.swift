/// A commit a `DailyActivity` counted: where it is in the histories, and who wrote it
/// (mailmapped).
public struct CountedCommit: Hashable, Sendable {
  /// The index of its history.
  public var history: Int
  /// Its index in that history's commits.
  public var index: Int
  /// Its author, mailmapped (the commit's own, also when it counts through a co-author).
  public var author: Author
}
