/// `--format summary`: the graph as text a screen reader reads well, in the seed's words: one line
/// for the whole window (its VoiceOver label and value), then one heading line per month.
public struct SummaryWriter: Sendable {
  /// `--layout calendar`: list every active day under its month.
  var listsDays: Bool

  /// A writer; with `listsDays`, every active day is listed under its month.
  public init(listsDays: Bool = false) {
    self.listsDays = listsDays
  }

  /// The summary, a line for the window and one per month.
  public func render(_ report: ActivityReport) -> String {
    let stats = report.statistics
    var lines: [String] = []
    var opening =
      "\(label(report.window)): \(ReportText.totals(report.activity)) on \(Wording.count(stats.activeDays, "day"))"
    if let subject = report.subject { opening += ", by " + TextEscaping.terminal(subject) }
    if let limit = report.limit.map(ReportText.limitPhrase) { opening += ", " + limit }
    lines.append(opening)
    if report.repositories.count > 1 {
      lines.append(ReportText.repositoryItems(report).joined(separator: " ") + ".")
    }
    let facts = ReportText.automationSentences(report) + ReportText.factSentences(report)
    if !facts.isEmpty { lines.append(facts.joined(separator: " ")) }

    let activity = report.activity
    let measure = activity.measure
    for span in activity.days.months {
      let (year, month, index, end) = (
        span.year, span.month, span.indices.lowerBound, span.indices.upperBound
      )
      let first = activity.days.first.advanced(by: index)
      let counts = Array(activity.counts[index..<end])
      let total = counts.saturatingSum
      let active = counts.count { $0 > 0 }
      var line = "\(HeatmapGrid.fullMonthNames[month - 1]) \(year): "
      if total == 0 {
        line += measure == .commits ? "no commits" : "no lines"
      } else {
        line += "\(ReportText.amount(total, measure)) on \(Wording.count(active, "day"))"
        if let busiest = counts.indices.max(by: {
          counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1)
        }) {
          line +=
            ", "
            + ReportText.busiestDay(
              DayCount(day: first.advanced(by: busiest), count: counts[busiest]), measure: measure)
        }
      }
      lines.append(line)
      if listsDays {
        for (offset, count) in counts.enumerated() where count > 0 {
          lines.append("  \(ReportText.dayTotal(activity, at: index + offset))")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The seed's accessibility label: `Activity over the last 53 weeks`.
  func label(_ window: Window) -> String {
    switch window.kind {
    case .lastWeeks(let weeks):
      return weeks == 1 ? "Activity over the last week" : "Activity over the last \(weeks) weeks"
    case .year, .lastMonths, .weeksEnding, .between:
      return "Activity " + ReportText.phrase(window)
    }
  }
}
