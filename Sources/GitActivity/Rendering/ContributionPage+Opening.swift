/// The opening view written into the page itself, so that a reader without JavaScript (a mail
/// client's preview, a locked-down browser, a crawler) still sees the heading, the total, the
/// statistics and the graph; the script draws the same view over it and adds everything else.
extension ContributionPage {
  /// The headline, statistics and graph of `report`, as the script would first draw them.
  struct Opening {
    var headline = ""
    var statistics = ""
    var graph = ""
  }

  func opening() -> Opening {
    guard let whole = openingReport else { return Opening() }
    // The report may hold more days than the view (the page reads every year): the view's
    // commits a day, and its statistics, as the script counts them when it opens.
    let window = whole.window
    let offset = window.days.first.number - whole.activity.days.first.number
    let all = whole.activity.commitCounts
    let counts = (0..<window.days.count).map {
      all.indices.contains($0 + offset) ? all[$0 + offset] : 0
    }
    let report = ActivityReport(
      repositories: whole.repositories, window: window, zone: whole.zone,
      activity: DailyActivity(days: window.days, counts: counts, authors: []), today: whole.today)
    let headline = "\(ReportText.totals(report.activity)) \(ReportText.phrase(window))"
    return Opening(
      headline: TextEscaping.xml(headline),
      statistics: TextEscaping.xml(ReportText.statisticsItems(report).joined(separator: " · ")),
      graph: Self.plainGraph(report.activity, weekStart: window.weekStart, scale: scale))
  }

  /// A plain grid of `activity`'s days at their levels, in the markup and classes the script
  /// uses (so the one style sheet draws both), each day named for screen readers.
  static func plainGraph(_ activity: DailyActivity, weekStart: Weekday, scale: LevelScale)
    -> String
  {
    let days = activity.days
    guard days.count > 0, days.count <= 3_660 else { return "" }
    let levels = scale.levels(for: activity.counts)
    let start = days.first.advanced(by: -days.first.daysIntoWeek(startingOn: weekStart))
    let weeks = (days.last.number - start.number) / 7 + 1
    // A month's label over the first column whose first day in view falls in it (as the script
    // and GitHub place them), the first dropped when the second follows within two columns.
    var labels: [(column: Int, month: Int)] = []
    for week in 0..<weeks {
      let top = max(start.advanced(by: week * 7).number, days.first.number)
      let month = Day(number: top).month
      if labels.last?.month != month { labels.append((week, month)) }
    }
    if labels.count > 1 && labels[1].column - labels[0].column < 2 { labels.removeFirst() }
    var html = "<table class=\"grid\" aria-labelledby=\"headline\"><thead><tr><th></th>"
    var column = 0
    for (index, label) in labels.enumerated() {
      if label.column > column { html += "<td colspan=\"\(label.column - column)\"></td>" }
      let span = (index + 1 < labels.count ? labels[index + 1].column : weeks) - label.column
      html +=
        "<th scope=\"col\" colspan=\"\(span)\">\(HeatmapGrid.monthNames[label.month - 1])</th>"
      column = label.column + span
    }
    html += "</tr></thead><tbody>"
    let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    for row in 0..<7 {
      let weekday = (weekStart.rawValue - 1 + row) % 7
      let shown = row == 1 || row == 3 || row == 5 || (row == 0 && weekStart != .sunday)
      html += "<tr><th scope=\"row\">\(shown ? dayNames[weekday] : "")</th>"
      for week in 0..<weeks {
        let day = start.advanced(by: week * 7 + row)
        guard days.contains(day) else {
          html += "<td class=\"pad\"></td>"
          continue
        }
        let index = day.number - days.first.number
        let label = TextEscaping.xml(ReportText.dayTotal(activity, at: index))
        html +=
          "<td class=\"day l\(levels[index])\" data-date=\"\(day.iso)\">"
          + "<span class=\"sr\">\(label)</span></td>"
      }
      html += "</tr>"
    }
    return html + "</tbody></table>"
  }
}
