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
    var report = ActivityReport(
      repositories: whole.repositories, window: window, zone: whole.zone,
      activity: DailyActivity(days: window.days, counts: counts, authors: []), today: whole.today)
    report.streakRule = streakRule
    let headline = "\(ReportText.totals(report.activity)) \(ReportText.phrase(window))"
    return Opening(
      headline: TextEscaping.xml(headline),
      statistics: TextEscaping.xml(ReportText.statisticsItems(report).joined(separator: " · ")),
      graph: Self.plainGraph(report.activity, weekStart: window.weekStart, scale: scale))
  }

  /// A plain grid of `activity`'s days at their levels, laid out by `HeatmapGrid` as the SVG
  /// and the terminal lay it out, in the markup and classes the script uses (so the one style
  /// sheet draws both), each day named for screen readers.
  static func plainGraph(_ activity: DailyActivity, weekStart: Weekday, scale: LevelScale)
    -> String
  {
    guard activity.days.count > 0, activity.days.count <= 3_660 else { return "" }
    let grid = HeatmapGrid(activity: activity, weekStart: weekStart, scale: scale)
    let labels = grid.monthLabels(labelColumns: 2)
    var html = "<table class=\"grid\" aria-labelledby=\"headline\"><thead><tr><th></th>"
    var column = 0
    for (index, label) in labels.enumerated() {
      if label.column > column { html += "<td colspan=\"\(label.column - column)\"></td>" }
      let span =
        (index + 1 < labels.count ? labels[index + 1].column : grid.columnCount)
        - label.column
      html += "<th scope=\"col\" colspan=\"\(span)\">\(label.text)</th>"
      column = label.column + span
    }
    html += "</tr></thead><tbody>"
    for row in 0..<HeatmapGrid.rows {
      let name = grid.labelledRows.contains(row) ? grid.weekday(ofRow: row).shortName : ""
      html += "<tr><th scope=\"row\">\(name)</th>"
      for column in 0..<grid.columnCount {
        guard let index = grid.dayIndex(column: column, row: row) else {
          html += "<td class=\"pad\"></td>"
          continue
        }
        let day = grid.days.first.advanced(by: index)
        let label = TextEscaping.xml(ReportText.dayTotal(activity, at: index))
        html +=
          "<td class=\"day l\(grid.levels[index])\" data-date=\"\(day.iso)\">"
          + "<span class=\"sr\">\(label)</span></td>"
      }
      html += "</tr>"
    }
    return html + "</tbody></table>"
  }
}
