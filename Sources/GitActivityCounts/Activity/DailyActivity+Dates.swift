import Foundation

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

extension DayRange {
  /// The first and last days of the commits of `histories` by the date and zone in force,
  /// nil when none has a date.
  static func spanning(_ histories: [History], options: ActivityOptions) -> DayRange? {
    let bucketer = DayBucketer(zone: options.zone)
    var span: DayRange?
    for history in histories {
      for facts in history.commits {
        guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
          continue
        }
        let day = bucketer.day(of: stamp)
        span = DayRange(
          first: Swift.min(span?.first ?? day, day), last: Swift.max(span?.last ?? day, day))
      }
    }
    return span
  }
}

extension Int {
  /// The sum, stopping at `Int.max`.
  func addingClamped(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
