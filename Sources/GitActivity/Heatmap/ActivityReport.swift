/// Everything a renderer needs, computed once: the activity, its window and its numbers.
public struct ActivityReport: Hashable, Sendable {
  /// The repositories counted, as paths people know them by.
  public var repositories: [String]
  public var window: Window
  public var zone: DayZone
  public var activity: DailyActivity
  public var statistics: Statistics
  /// Whose graph this is when a filter chose authors (`--author`, `--me`), for headings.
  public var subject: String?
  public var today: Day

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
