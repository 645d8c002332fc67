import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@Suite("The grid: days in week columns")
struct HeatmapGridTests {
  /// The seed's `ContributionHeatmapLogic.days`, written with Foundation, as the reference.
  static func seedDays(endingAt end: Date, weeks: Int, calendar: Calendar) -> [Date] {
    let weeks = min(max(weeks, 1), 530)
    let last = calendar.startOfDay(for: end)
    let daysIntoWeek = (calendar.component(.weekday, from: last) - calendar.firstWeekday + 7) % 7
    let count = (weeks - 1) * 7 + daysIntoWeek + 1
    return (0..<count).compactMap { calendar.date(byAdding: .day, value: $0 - count + 1, to: last) }
  }

  @Test(
    "days and weeks equal the seed's across DST, month and year boundaries, for both week starts",
    arguments: [
      ("America/New_York", "2024-03-10T12:00:00Z"), ("America/New_York", "2024-11-03T05:30:00Z"),
      ("Europe/Berlin", "2024-03-31T01:30:00Z"), ("Australia/Lord_Howe", "2024-04-07T00:00:00Z"),
      ("Pacific/Kiritimati", "2024-12-31T10:00:00Z"), ("Pacific/Pago_Pago", "2025-01-01T10:59:00Z"),
      ("UTC", "2024-02-29T23:59:59Z"), ("Asia/Kolkata", "2023-12-31T18:29:59Z"),
    ] as [(String, String)], [1, 2])
  func matchesSeed(place: (zone: String, instant: String), firstWeekday: Int) throws {
    let (zone, instant) = place
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    calendar.firstWeekday = firstWeekday
    let now = try #require(ISO8601DateFormatter().date(from: instant))
    for weeks in [1, 2, 5, 53, 530, 0, 999] {
      let window = WindowRequest(weeks: weeks).resolve(now: now, calendar: calendar)
      let expected = Self.seedDays(endingAt: now, weeks: weeks, calendar: calendar)
      let ours = window.days.map { $0.date(in: calendar) }
      #expect(ours == expected, "\(zone) \(instant) weeks \(weeks)")
      let grid = HeatmapGrid(
        days: window.days, counts: Array(repeating: 0, count: window.days.count),
        weekStart: window.weekStart, thresholds: .init(scale: .github, counts: []))
      #expect(grid.leadingEmptyRows == 0)
      #expect(grid.columnCount == min(max(weeks, 1), 530))
      #expect(calendar.component(.weekday, from: try #require(ours.first)) == firstWeekday)
    }
  }

  @Test("cells are addressed by column and row; the first column of a since-window is partial")
  func positions() throws {
    // 2024-03-06 is a Wednesday: rows 0…2 of the first column are empty for a Sunday start.
    let days = DayRange(
      first: try #require(Day(iso: "2024-03-06")), last: try #require(Day(iso: "2024-03-20")))
    let grid = HeatmapGrid(
      days: days, counts: Array(1...15), weekStart: .sunday,
      thresholds: .init(scale: .linear, counts: Array(1...15)))
    #expect(grid.leadingEmptyRows == 3)
    #expect(grid.columnCount == 3)
    #expect(grid.dayIndex(column: 0, row: 2) == nil)
    #expect(grid.dayIndex(column: 0, row: 3) == 0)
    #expect(grid.dayIndex(column: 2, row: 3) == 14)
    #expect(grid.dayIndex(column: 2, row: 4) == nil)
    #expect(grid.position(of: 4) == (1, 0))
    let monday = HeatmapGrid(
      days: days, counts: Array(1...15), weekStart: .monday, thresholds: grid.thresholds)
    #expect(monday.leadingEmptyRows == 2)
    #expect(monday.weekday(ofRow: 0) == .monday)
    #expect(
      monday.labelledRows.map { monday.weekday(ofRow: $0).shortName } == [
        "Mon", "Wed", "Fri", "Sun",
      ])
    #expect(grid.labelledRows.map { grid.weekday(ofRow: $0).shortName } == ["Mon", "Wed", "Fri"])
  }

  @Test(
    "month labels sit over each month's first column; short edge months lose theirs on collision")
  func monthLabels() throws {
    // Sunday start; 2024-01-28 is a Sunday: its column belongs to January, and has one column.
    let days = DayRange(
      first: try #require(Day(iso: "2024-01-28")), last: try #require(Day(iso: "2024-04-09")))
    let grid = HeatmapGrid(
      days: days, counts: Array(repeating: 0, count: days.count), weekStart: .sunday,
      thresholds: .init(scale: .github, counts: []))
    let all = grid.monthLabels(labelColumns: 1).map { "\($0.text)@\($0.column)" }
    #expect(all == ["Jan@0", "Feb@1", "Mar@5", "Apr@10"])
    let colliding = grid.monthLabels(labelColumns: 2).map { "\($0.text)@\($0.column)" }
    #expect(colliding == ["Feb@1", "Mar@5"])
    // Three columns are enough to keep a first month's label.
    let longer = HeatmapGrid(
      days: DayRange(first: try #require(Day(iso: "2024-01-14")), last: days.last),
      counts: Array(repeating: 0, count: 80), weekStart: .sunday, thresholds: grid.thresholds)
    #expect(longer.monthLabels(labelColumns: 4).first.map { "\($0.text)@\($0.column)" } == "Jan@0")
  }

  @Test("a suffix keeps the newest weeks; a long window splits by calendar year on one scale")
  func suffixAndYears() throws {
    let days = DayRange(
      first: try #require(Day(iso: "2022-12-25")), last: try #require(Day(iso: "2024-01-10")))
    let counts = (0..<days.count).map { $0 % 5 }
    let grid = HeatmapGrid(
      days: days, counts: counts, weekStart: .sunday,
      thresholds: .init(scale: .github, counts: counts))
    let suffix = grid.suffix(fromColumn: grid.columnCount - 2)
    #expect(suffix.columnCount == 2)
    #expect(suffix.days.last == days.last)
    #expect(suffix.days.first.weekday == 1)
    let years = grid.splitByYear()
    #expect(years.map { $0.days.first.iso } == ["2022-12-25", "2023-01-01", "2024-01-01"])
    #expect(years.map(\.counts.count).reduce(0, +) == counts.count)
    #expect(years.allSatisfy { $0.thresholds == grid.thresholds })
  }
}

@Suite("Levels, totals and streaks")
struct LevelTests {
  @Test("linear: the seed's rule at its edges")
  func linear() {
    #expect(
      LevelScale.linear.levels(for: [0, 1, 2, 3, 4, 5, 6, 7, 8]) == [0, 1, 1, 2, 2, 3, 3, 4, 4])
    #expect(LevelScale.linear.levels(for: [0, 1, 100]) == [0, 1, 4])
    #expect(LevelScale.linear.levels(for: [0, 0]) == [0, 0])
    #expect(LevelScale.linear.levels(for: [25, 26, 50, 51, 75, 76, 100]) == [1, 2, 2, 3, 3, 4, 4])
  }

  @Test("quantile: a count equal to a quartile takes that quartile's level, one more the next")
  func quantileEdges() {
    // Eight active days: the quartiles (nearest rank) are the 2nd, 4th and 6th: 20, 40, 60.
    let counts = [10, 20, 30, 40, 50, 60, 70, 80]
    let thresholds = LevelScale.Thresholds(scale: .quantile, counts: counts)
    #expect(thresholds.quartiles == [20, 40, 60])
    #expect(LevelScale.quantile.levels(for: counts) == [1, 1, 2, 2, 3, 3, 4, 4])
    #expect([20, 21, 40, 41, 60, 61].map(thresholds.level(of:)) == [1, 2, 2, 3, 3, 4])
  }

  @Test("github: quartiles of the largest non-outlier, at the edges")
  func githubQuartiles() {
    // Fewer than 5 distinct counts: no outlier removal; m = 8.
    #expect(LevelScale.github.levels(for: [0, 2, 3, 8, 8, 6, 7]) == [0, 1, 2, 4, 4, 3, 4])
    // c ≤ m/4 → 1, c ≤ m/2 → 2, c ≤ 3m/4 → 3, else 4 with m = 100.
    let counts = [25, 26, 50, 51, 75, 76, 100, 1]
    #expect(LevelScale.github.levels(for: counts) == [1, 2, 2, 3, 3, 4, 4, 1])
  }

  @Test("github: an outlier (z > 3.78 among ≥ 5 distinct counts) is level 4 and not the maximum")
  func githubOutliers() {
    var counts = Array(repeating: 1, count: 30) + Array(repeating: 2, count: 30) + [3, 4, 8]
    counts.append(500)
    let thresholds = LevelScale.Thresholds(scale: .github, counts: counts)
    #expect(thresholds.highest == 8)
    #expect(thresholds.level(of: 500) == 4)
    #expect(thresholds.level(of: 2) == 1)
    #expect(thresholds.level(of: 4) == 2)
    #expect(thresholds.level(of: 6) == 3)
    // Only four distinct counts: the big one stays the maximum.
    let few = LevelScale.Thresholds(
      scale: .github, counts: Array(repeating: 1, count: 30) + [2, 3, 500])
    #expect(few.highest == 500)
  }

  @Test("the sum saturates at Int.max; streaks and the busiest day")
  func statistics() throws {
    #expect([Int.max, 1, -5].saturatingSum == Int.max)
    let first = try #require(Day(iso: "2024-03-01"))
    let counts = [1, 1, 0, 2, 3, 3, 0, 5, 0, 1, 1]
    let days = DayRange(first: first, last: first.advanced(by: counts.count - 1))
    let today = days.last
    let stats = Statistics(days: days, counts: counts, today: today)
    #expect(stats.total == 17)
    #expect(stats.activeDays == 8)
    #expect(stats.busiestDay == DayCount(day: first.advanced(by: 7), count: 5))
    #expect(stats.longestStreak == Streak(start: first.advanced(by: 3), end: first.advanced(by: 5)))
    #expect(stats.currentStreak == Streak(start: first.advanced(by: 9), end: today))
    // Today without a commit yet: the streak that ended yesterday is still current.
    let extended = DayRange(first: first, last: today.advanced(by: 1))
    let tomorrow = Statistics(days: extended, counts: counts + [0], today: today.advanced(by: 1))
    #expect(tomorrow.currentStreak?.days == 2)
    let later = Statistics(days: extended, counts: counts + [0], today: today.advanced(by: 2))
    #expect(later.currentStreak == nil)
  }
}
