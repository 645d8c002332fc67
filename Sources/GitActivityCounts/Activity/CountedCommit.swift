/// A commit a `DailyActivity` counted: where it is in the histories, and who wrote it
/// (mailmapped).
public struct CountedCommit: Hashable, Sendable {
  /// The index of its history.
  public var history: Int
  /// Its index in that history's commits.
  public var index: Int
  /// Its author, mailmapped (the commit's own, also when it counts through a co-author).
  public var author: Author
  /// Whether the commit counts for its author: false when only a co-author passed the filter.
  public var countsAuthor = true
  /// The co-authors it also counts for (with `--co-authors`), mailmapped, once each, the author
  /// not among them.
  public var coAuthors: [Author] = []
  /// The agents that assisted it (its author, co-authors or trailers), each once; empty when it
  /// is not AI-assisted or commits were not told apart.
  public var agents: [String] = []
  /// Its repository's position among those its history holds: 0 but in a history drawn from
  /// exports of several repositories.
  public var repository = 0
}

/// Where a counted commit is, without its people (`ActivityOptions.recordsPositions`): what a
/// card or a table that reads only the commits needs, kept for each at no cost beyond its two
/// numbers.
public struct CommitPosition: Hashable, Sendable {
  /// The index of its history.
  public var history: Int
  /// Its index in that history's commits.
  public var index: Int

  /// The commit at `index` of the history numbered `history`.
  public init(history: Int, index: Int) {
    self.history = history
    self.index = index
  }
}
