/// What a read noticed but did not stop for, as values: `ReportText` puts them into words.
public enum ActivityWarning: Hashable, Sendable {
  /// A mailmap file that exists but could not be read, as the configuration names it, and why.
  case unreadableMailmap(path: String, reason: String)
  /// A commit that would count but has no valid date of the kind counted (`byCommitter` for
  /// `--date committer`): git log prints an empty date for it, and it is not counted.
  case undatedCommit(id: String, byCommitter: Bool)
  /// Two exports (`first` and `second`, by the names they were read as) that hold the same
  /// commit with different facts (`what` differs); the first export's copy counts.
  case exportsDisagree(commit: String, what: String, first: String, second: String)
  /// Commits dated outside the years 1 to 9999 (`count` of them, the first on `day`), which git
  /// log shows (`10000-01-01`) but no window can draw: not counted.
  case datedBeyondCalendar(count: Int, day: Day)
  /// A repository of several that could not be read (`name` as it was given), and why; the
  /// others are counted.
  case skippedRepository(name: String, error: ActivityError)
  /// Some commit had more added and removed files than `diff.renameLimit` lets the rename
  /// search compare: its renames were found as git's were, among exact copies only (or, under
  /// `--find-copies-harder`, from changed files only: `degraded`).
  case renameDetectionSkipped(degraded: Bool)
  /// git's advice after it: the limit the largest such commit needed.
  case renameLimitAdvice(needed: Int)
  /// An attributes file's line of 2,048 bytes or more, ignored as git ignores it.
  case longAttributesLine(Int)
}
