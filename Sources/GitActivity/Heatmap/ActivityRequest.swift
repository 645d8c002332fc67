import Foundation

/// Which commits to count and how, as one value: what the command line's options mean, for a
/// Swift app that asks the library directly.
///
/// ```swift
/// let repository = try Repository.discover(from: "/path/to/checkout")
/// var request = ActivityRequest()
/// request.window = WindowRequest(weeks: 30)
/// request.options.filter = AuthorFilter(patterns: ["ada@example.com"])
/// let report = try repository.activityReport(request, today: Day(.now, in: .current))
/// let counts = report.activity.countsByDate(in: .current)  // [Date: Int]
/// ```
public struct ActivityRequest: Sendable, Equatable {
  /// The revisions, as `git log` takes them; empty means HEAD.
  public var selection = RevisionSelection()
  /// The days: `--weeks`/`--end`, `--since`/`--until` or `--year`, and the week start.
  public var window = WindowRequest()
  /// How commits become days: time zone, author or committer date, merges, author filters.
  public var options = ActivityOptions()
  /// How the history is read: first parent only, replace refs, threads.
  public var walk = WalkOptions()
  /// Whether `.mailmap` and `mailmap.*` map identities, as `git shortlog` does.
  public var usesMailmap = true

  /// A request for the last year of HEAD, every author, each commit on its author's day.
  public init() {}
}

extension Repository {
  /// Counts the commits `request` selects and returns what every renderer draws: the window,
  /// the daily and per-author counts and their statistics. `today` is the day the window ends
  /// on by default and the one streaks are measured to. The walk stops early at commits far
  /// older than the window, as the command line's does.
  public func activityReport(_ request: ActivityRequest, today: Day) throws(GitError)
    -> ActivityReport
  {
    let window = request.window.resolve(today: today)
    var walk = request.walk
    walk.committedNoEarlierThan = window.walkCutoff
    walk.recordsCommitIDs = false
    let history = try history(request.selection, options: walk)
    let mailmap = request.usesMailmap ? try self.mailmap().mailmap : Mailmap()
    let activity = DailyActivity(
      histories: [(history, mailmap)], days: window.days, options: request.options)
    return ActivityReport(
      repositories: [RawPath.display(displayPath)], window: window, zone: request.options.zone,
      activity: activity, today: today)
  }
}

extension DailyActivity {
  /// The counts keyed by the start of each day in `timeZone`, only days with commits: the
  /// `[Date: Int]` that SwiftUI heatmaps such as `ContributionHeatmap(activity:)` take.
  public func countsByDate(in timeZone: TimeZone) -> [Date: Int] {
    Self.byDate(days: days, counts: counts, in: timeZone)
  }

  /// One author's counts keyed by the start of each day in `timeZone`.
  public static func countsByDate(of author: AuthorActivity, days: DayRange, in timeZone: TimeZone)
    -> [Date: Int]
  {
    byDate(days: days, counts: author.counts, in: timeZone)
  }

  private static func byDate(days: DayRange, counts: [Int], in timeZone: TimeZone) -> [Date: Int] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    var result: [Date: Int] = [:]
    for (offset, count) in counts.enumerated() where count > 0 {
      let (year, month, day) = days.first.advanced(by: offset).components
      if let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) {
        result[date] = count
      }
    }
    return result
  }
}
