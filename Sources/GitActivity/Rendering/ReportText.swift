import Foundation

/// The words every renderer says about a report, in one place: the terminal, the SVG, the
/// calendar, the summary and the alt text say the same things the same way.
package enum ReportText {
  /// `Monday, 3 March 2025`, the seed's way of saying a day; `Monday, 3 March` without the year.
  package static func date(_ day: Day, withYear: Bool = true) -> String {
    let (year, month, dayOfMonth) = day.components
    let weekday = Weekday(rawValue: day.weekday)?.name ?? ""
    return "\(weekday), \(dayOfMonth) \(HeatmapGrid.fullMonthNames[month - 1])"
      + (withYear ? " \(year)" : "")
  }

  /// `Mon 3 Mar 2025: 2 commits`: a day's tooltip in the SVG graph, where 366 of them make up
  /// most of the file.
  package static func shortDayTotal(_ day: Day, count: Int) -> String {
    let (year, month, dayOfMonth) = day.components
    let weekday = Weekday(rawValue: day.weekday)?.shortName ?? ""
    return
      "\(weekday) \(dayOfMonth) \(HeatmapGrid.monthNames[month - 1]) \(year): \(Wording.count(count, "commit"))"
  }

  /// `Monday, 3 March 2025: 2 commits`, what a day's cell or tile says.
  package static func dayTotal(_ day: Day, count: Int) -> String {
    "\(date(day)): \(Wording.count(count, "commit"))"
  }

  /// `42 commits in the last year`, and `by …` when the report is filtered to some authors.
  package static func headline(_ report: ActivityReport) -> String {
    var text = "\(Wording.count(report.statistics.total, "commit")) \(report.window.phrase)"
    if let subject = report.subject { text += " by " + TextEscaping.terminal(subject) }
    if let limit = report.limit { text += ", " + limit }
    return text
  }

  /// The statistics line's items: active days, streaks, the busiest day.
  package static func statisticsItems(_ report: ActivityReport) -> [String] {
    let stats = report.statistics
    var items = [Wording.count(stats.activeDays, "active day")]
    items.append("longest streak " + Wording.count(stats.longestStreak?.days ?? 0, "day"))
    // A current streak only means something for a window that reaches today.
    if report.window.days.contains(report.today) {
      items.append("current streak " + Wording.count(stats.currentStreak?.days ?? 0, "day"))
    }
    if let busiest = stats.busiestDay {
      items.append("busiest day \(busiest.day.iso) (\(Wording.count(busiest.count, "commit")))")
    }
    return items
  }

  /// An image's heading: `title` when given, else the repositories' names, and whose commits.
  package static func heading(for report: ActivityReport, title: String?) -> String {
    if let title { return title }
    // A path from the root by its last folder; names relative to here or a scan root whole, as
    // they tell repositories of the same last name apart.
    let names = report.repositories.map {
      $0.hasPrefix("/") ? URL(fileURLWithPath: $0).lastPathComponent : $0
    }
    var text = names.joined(separator: ", ")
    if let subject = report.subject { text += " · commits by " + subject }
    if let limit = report.limit { text += " · " + limit }
    return text
  }

  /// The whole summary in sentences, for an image's `<desc>` and its alt text.
  package static func description(for report: ActivityReport) -> String {
    let stats = report.statistics
    var parts = [
      "\(Wording.count(stats.total, "commit")) \(report.window.phrase) on \(Wording.count(stats.activeDays, "active day"))."
    ]
    if let longest = stats.longestStreak {
      parts.append(
        "Longest streak \(Wording.count(longest.days, "day")), \(longest.start.iso) to \(longest.end.iso)."
      )
    }
    parts.append("Current streak \(Wording.count(stats.currentStreak?.days ?? 0, "day")).")
    if let busiest = stats.busiestDay {
      parts.append(
        "Busiest day \(date(busiest.day)) with \(Wording.count(busiest.count, "commit")).")
    }
    return parts.joined(separator: " ")
  }

  /// `3 repositories: 12 commits in api, 3 in web, 0 in cli` (as GitHub's profile breaks a total
  /// down), or the names alone when the totals are not known; each name once, as given.
  static func repositoryItems(_ report: ActivityReport) -> [String] {
    let names = report.repositories.map(TextEscaping.terminal)
    var items = ["\(report.repositories.count) repositories:"]
    guard report.repositoryTotals.count == names.count else { return items + names }
    for (index, (name, total)) in zip(names, report.repositoryTotals).enumerated() {
      let count = index == 0 ? Wording.count(total, "commit") : Wording.grouped(total)
      items.append("\(count) in \(name)" + (index < names.count - 1 ? "," : ""))
    }
    return items
  }
}
