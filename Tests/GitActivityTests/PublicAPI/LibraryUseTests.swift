// This file imports GitActivity without @testable: it compiles only against the public API, as
// a Swift app's code does. It is the README's example, less SwiftUI (which Linux has not).
import Foundation
import GitActivity
import TestSupport
import Testing

/// The seed component's own day matching (`ContributionHeatmapLogic.days` and `counts`), to show
/// that what the library hands over is what the view expects.
private enum SeedLogic {
  static func counts(
    endingAt end: Date, weeks: Int, activity: [Date: Int], calendar: Calendar
  ) -> [Int] {
    let last = calendar.startOfDay(for: end)
    let daysIntoWeek =
      (calendar.component(.weekday, from: last) - calendar.firstWeekday + 7) % 7
    let count = (weeks - 1) * 7 + daysIntoWeek + 1
    let days = (0..<count).compactMap {
      calendar.date(byAdding: .day, value: $0 - count + 1, to: last)
    }
    var byDay: [Date: Int] = [:]
    for (date, count) in activity {
      let day = calendar.startOfDay(for: date)
      byDay[day] = max(byDay[day] ?? 0, count)
    }
    return days.map { byDay[calendar.startOfDay(for: $0)] ?? 0 }
  }
}

@Suite("The library as a Swift app uses it")
struct LibraryUseTests {
  @Test("open a repository, count by author as the command line would, feed a SwiftUI heatmap")
  func readmeExample() throws {
    let repo = try TemporaryRepository()
    var time = 1_731_000_000  // 2024-11-07, then on to 2024-12-21
    for index in 0..<40 {
      time += 3_600 * (index % 5 * 7 + 5) / 2
      let author = index % 3 == 0 ? "Grace" : "Ada"
      try repo.commit(date: "\(time) +0000", author: author, email: "\(author.lowercased())@x")
    }
    let zone = try #require(TimeZone(identifier: "UTC"))
    let today = Day(Date(timeIntervalSince1970: 1_735_000_000), in: zone)

    // The README's code.
    let repository = try Repository.discover(from: repo.path, environment: Tools.gitEnvironment)
    var request = ActivityRequest()
    request.window = WindowRequest(weeks: 30)
    request.options.filter = AuthorFilter(patterns: ["ada@"])
    let report = try repository.activityReport(request, today: today)
    let activity: [Date: Int] = report.activity.countsByDate(in: zone)

    // What ContributionHeatmap(activity: activity, weeks: 30) would draw, against git log.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let end = try #require(calendar.date(from: DateComponents(year: 2024, month: 12, day: 24)))
    let seedCounts = SeedLogic.counts(
      endingAt: end, weeks: 30, activity: activity, calendar: calendar)
    #expect(seedCounts == report.activity.counts)
    let gitDays: [String: Int] = try repo.gitDays(["--author=ada@"])
    let counted: Int = activity.values.reduce(0, +)
    let gitTotal: Int = gitDays.values.reduce(0, +)
    #expect(counted == gitTotal)
    #expect(report.activity.authors.map(\.author.name) == ["Ada"])

    // Per author, the grid, and rendering to SVG and text.
    let everyone = try repository.activityReport(ActivityRequest(), today: today)
    let grace = try #require(everyone.activity.authors.first { $0.author.name == "Grace" })
    let graceByDate = DailyActivity.countsByDate(
      of: grace, days: everyone.activity.days, in: zone)
    let graceCounted: Int = graceByDate.values.reduce(0, +)
    let graceDays: [String: Int] = try repo.gitDays(["--author=grace@"])
    let graceTotal: Int = graceDays.values.reduce(0, +)
    #expect(graceCounted == graceTotal)
    let grid = HeatmapGrid(activity: everyone.activity, weekStart: .sunday, scale: .github)
    #expect(grid.counts == everyone.activity.counts)
    let svg = SVGRenderer(options: SVGOptions()).render(everyone, scale: .github)
    #expect(svg.hasPrefix("<?xml"))
    let text = TerminalRenderer(options: TerminalOptions(colorDepth: .none, palette: .github))
      .render(everyone, scale: .github)
    #expect(text.hasPrefix("40 commits"))
  }
}
