/// A graph with an optional heading of its own, as renderers stack them: one per calendar year
/// of a long window, or one per author with `--by-author`.
public struct HeatmapPanel: Hashable, Sendable {
  /// What a panel shows, as values: renderers put it into words (`heading`, in `Rendering/`).
  package enum Subject: Hashable, Sendable {
    /// The one graph of the report: no heading of its own.
    case whole
    /// A calendar year of a long window, and its commits.
    case year(Int, total: Int)
    /// An author (the email nil when outputs leave it out), their commits and their share of
    /// the report's, in percent.
    case author(name: String, email: String?, total: Int, share: Double)
  }

  /// What the panel shows.
  package var subject: Subject
  /// The grid it draws.
  package var grid: HeatmapGrid
  /// What the grid's counts and the subject's total count.
  package var measure: Measure

  /// A panel drawing `grid` for `subject`, its numbers in `measure`.
  init(subject: Subject = .whole, grid: HeatmapGrid, measure: Measure = .commits) {
    self.subject = subject
    self.grid = grid
    self.measure = measure
  }

  /// Windows longer than this many weeks are drawn one calendar year per graph.
  static let longWindowWeeks = 53

  /// One graph for the report, or one per calendar year when the window is longer than 53 weeks.
  public static func panels(for report: ActivityReport, scale: LevelScale) -> [HeatmapPanel] {
    let grid = HeatmapGrid(
      activity: report.activity, weekStart: report.window.weekStart, scale: scale)
    let measure = report.activity.measure
    guard grid.columnCount > longWindowWeeks else {
      return [HeatmapPanel(grid: grid, measure: measure)]
    }
    return grid.splitByYear().map {
      HeatmapPanel(
        subject: .year($0.days.first.year, total: $0.counts.saturatingSum), grid: $0,
        measure: measure)
    }
  }

  /// One graph per author for the `top` authors, most commits first, each headed by name (and
  /// email when `showsEmails`: an image for a public README leaves them out), total and share.
  /// Levels come from one scale across all of them, so that colors compare across people,
  /// unless `perAuthor`.
  public static func byAuthor(
    _ report: ActivityReport, top: Int, scale: LevelScale, perAuthor: Bool,
    showsEmails: Bool = true
  ) -> [HeatmapPanel] {
    let authors = Array(report.activity.authors.prefix(max(top, 0)))
    let countsByAuthor = authors.map(\.counts)
    let shared = LevelScale.Thresholds(scale: scale, counts: countsByAuthor.flatMap { $0 })
    let total = max(report.statistics.total, 1)
    return zip(authors, countsByAuthor).map { author, counts in
      let thresholds = perAuthor ? LevelScale.Thresholds(scale: scale, counts: counts) : shared
      let share = Double(author.total) * 100 / Double(total)
      return HeatmapPanel(
        subject: .author(
          name: author.author.name, email: showsEmails ? author.author.email : nil,
          total: author.total, share: share),
        grid: HeatmapGrid(
          days: report.activity.days, counts: counts, weekStart: report.window.weekStart,
          thresholds: thresholds), measure: report.activity.measure)
    }
  }
}
