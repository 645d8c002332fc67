/// A year in review: the figures a shared card shows, each one the rest of the tool computes
/// the same way (the report's statistics, its punch card, `--languages`), gathered once.
public struct ReviewCard: Sendable {
  /// The report of the window (a year by default).
  package var report: ActivityReport
  /// The busiest week (its first day in the window), by the measure.
  package var busiestWeek: DayCount?
  /// The busiest month (its first day), by the measure.
  package var busiestMonth: DayCount?
  /// The weekday and hour people work most, from the punch card; nil without commits.
  package var busiestHour: (weekday: Weekday, hour: Int, count: Int)?
  /// The punch card itself, for its small picture.
  package var punchcard: Punchcard?
  /// The repositories with the most commits (none under `--counts-only`), most first, by
  /// their paths (renderers shorten them).
  package var repositories: [(name: String, commits: Int)] = []
  /// The people with the most commits (co-authors too with `--co-authors`), most first, up to
  /// four; none when only one person wrote the commits, or under `--counts-only`.
  package var people: [(name: String, commits: Int)] = []
  /// Lines by language, most first (empty when not counted).
  public var languages: [LanguageLines] = []
  /// The previous window of the same length (the year before), its commits and lines, when
  /// read: what the year changed.
  public var previous: (commits: Int, lines: Int?)?

  /// The card's figures from `report` and its punch card; the rest is set by whoever reads them.
  public init(report: ActivityReport, punchcard: Punchcard?) {
    self.report = report
    self.punchcard = punchcard
    let activity = report.activity
    let grid = HeatmapGrid(activity: activity, weekStart: report.window.weekStart, scale: .linear)
    var week: DayCount?
    for column in 0..<grid.columnCount {
      let indices = (0..<HeatmapGrid.rows).compactMap { grid.dayIndex(column: column, row: $0) }
      guard let first = indices.first else { continue }
      let total = indices.map { activity.counts[$0] }.saturatingSum
      if total > 0 && total >= (week?.count ?? 0) {
        week = DayCount(day: activity.days.first.advanced(by: first), count: total)
      }
    }
    busiestWeek = week
    var months: [Int: (day: Day, count: Int)] = [:]
    for (index, day) in activity.days.enumerated() where index < activity.counts.count {
      let key = day.year * 12 + day.month
      let first = months[key]?.day ?? day
      months[key] = (first, (months[key]?.count ?? 0).addingSaturating(activity.counts[index]))
    }
    busiestMonth = months.values.filter { $0.count > 0 }
      .max { ($0.count, $0.day) < ($1.count, $1.day) }
      .map { DayCount(day: $0.day, count: $0.count) }
    if let punchcard, let busiest = punchcard.busiest {
      busiestHour = (punchcard.weekday(ofRow: busiest.row), busiest.hour, busiest.count)
    }
    if !report.isCountsOnly {
      if report.repositories.count > 1 && report.repositoryTotals.count == report.repositories.count
      {
        repositories = zip(report.repositories, report.repositoryTotals)
          .filter { $0.1 > 0 }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
          .prefix(3).map { ($0.0, $0.1) }
      }
      // The people of the card's commits (co-authors too with --co-authors), when more than
      // one: on a card of one person's work, the others they wrote with.
      let persons = activity.authors.filter { $0.kind == .person }
      if persons.count > 1 {
        people = persons.prefix(4).map { ($0.author.name, $0.commits) }
      }
    }
  }
}
