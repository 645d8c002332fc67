/// `-n` and `--skip`: only the newest commits of a selection, in `git log`'s order, counted as
/// git log counts them (after the author, merge and message filters, before any window).
public struct CommitLimit: Hashable, Sendable {
  /// `-n`: how many commits are kept; nil (or, as git takes it, a negative count) keeps all.
  var maxCount: Int?
  /// `--skip`: how many of the newest are passed over first.
  package var skip: Int

  /// A limit; the default keeps every commit.
  public init(maxCount: Int? = nil, skip: Int = 0) {
    self.maxCount = maxCount
    self.skip = skip
  }

  /// `maxCount`, with a negative count read as none, as git reads `--max-count=-1`.
  package var effectiveMaxCount: Int? { maxCount.flatMap { $0 < 0 ? nil : $0 } }

  /// How many of the newest commits the limit looks at (those it skips and those it keeps);
  /// `Int.max` when it keeps all after its skip.
  var newestNeeded: Int { effectiveMaxCount.map { max(0, skip) + $0 } ?? Int.max }

  /// Whether the limit leaves any commit out.
  var isActive: Bool { effectiveMaxCount != nil || skip > 0 }
}
