/// Everything a renderer needs, computed once: the activity, its window and its numbers.
public struct ActivityReport: Hashable, Sendable {
  /// The repositories counted, as paths people know them by.
  public var repositories: [String]
  /// The commits each repository gave the count (parallel to `repositories`), or empty when
  /// not known (a draw from exports holds them as one).
  public var repositoryTotals: [Int] = []
  /// When `-n`/`--skip` limited the count, the words that say so (`of the newest 10 (-n 10)`).
  public var limit: String?
  /// The days shown.
  public var window: Window
  /// The zone days were read in.
  public var zone: DayZone
  /// Commits per day and per author.
  public var activity: DailyActivity
  /// Totals, streaks and the busiest day.
  public var statistics: Statistics
  /// Whose graph this is when a filter chose authors (`--author`, `--me`), for headings.
  public var subject: String?
  /// The day streaks are measured to.
  public var today: Day
  /// What the reading noticed but did not stop for, one line each: a mailmap line it could not
  /// read, a commit without a valid date (not counted).
  public var warnings: [ActivityWarning] = []

  /// A report of `activity` over `window`; the statistics are computed here, once.
  public init(
    repositories: [String], window: Window, zone: DayZone, activity: DailyActivity, today: Day,
    subject: String? = nil
  ) {
    self.repositories = repositories
    self.window = window
    self.zone = zone
    self.activity = activity
    self.today = today
    self.subject = subject
    statistics = Statistics(days: activity.days, counts: activity.counts, today: today)
  }
}
