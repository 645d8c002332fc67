/// Everything a renderer needs, computed once: the activity, its window and its numbers, and
/// the histories they were counted from.
public struct ActivityReport: Sendable {
  /// The repositories counted, as paths people know them by.
  package var repositories: [String]
  /// The commits each repository gave the count (parallel to `repositories`), or empty when
  /// not known (a draw from exports holds them as one).
  public var repositoryTotals: [Int] = []
  /// When `-n`/`--skip` limited the count, the limit (headings say so: `of the newest 10`).
  package var limit: CommitLimit?
  /// The days shown.
  public var window: Window
  /// The zone days were read in.
  public var zone: DayZone
  /// How commits were counted: the request's options, with `--me` resolved to the emails it
  /// stood for.
  public var options: ActivityOptions
  /// Commits per day and per author.
  public var activity: DailyActivity
  /// Totals, streaks and the busiest day.
  package var statistics: Statistics
  /// Whose graph this is when a filter chose authors (`--author`, `--me`), for headings.
  package var subject: String?
  /// The day streaks are measured to.
  public var today: Day
  /// How streaks are counted (`--streak`, `--streak-allow`); the statistics follow it.
  public var streakRule = StreakRule.daily {
    didSet {
      statistics = Statistics(
        days: activity.days, counts: activity.counts, today: today, rule: streakRule,
        weekStart: window.weekStart)
    }
  }
  /// What the reading noticed but did not stop for, one line each: a mailmap line it could not
  /// read, a commit without a valid date (not counted), a repository skipped.
  public var warnings: [ActivityWarning] = []
  /// The histories counted, one a repository read (empty for a report made of counts): what
  /// the counts alone do not hold, for a day's list of commits, the punch card or the page.
  public var readings: [RepositoryHistory] = []
  /// `--counts-only`: the report holds dates, counts and what follows from them, and nothing
  /// that says what the work was (`countsOnly()`); renderers say nothing more.
  public var isCountsOnly = false
  /// The commits of `ActivityRequest.earlierWindow`, counted as this report counts its own
  /// (nil when none was asked).
  public var earlierCommits: Int?

  /// The report with everything but its days' counts taken out: no repository names or
  /// breakdown, no people (or whose commits a filter chose), no warnings, no readings. Headings
  /// then say `Contributions in the last year` unless a title is given.
  public func countsOnly() -> ActivityReport {
    var report = self
    report.isCountsOnly = true
    report.repositories = []
    report.repositoryTotals = []
    report.subject = nil
    report.activity.authors = []
    report.activity.ownIdentities = []
    report.activity.counted = []
    report.activity.countedPositions = []
    report.activity.countsByHistory = []
    report.activity.countsByRepository = []
    report.warnings = []
    report.readings = []
    return report
  }

  /// A report of `activity` over `window`; the statistics are computed here, once.
  public init(
    repositories: [String], window: Window, zone: DayZone, activity: DailyActivity, today: Day,
    subject: String? = nil
  ) {
    self.repositories = repositories
    self.window = window
    self.zone = zone
    options = ActivityOptions(zone: zone)
    self.activity = activity
    self.today = today
    self.subject = subject
    statistics = Statistics(
      days: activity.days, counts: activity.counts, today: today, weekStart: window.weekStart)
  }
}
