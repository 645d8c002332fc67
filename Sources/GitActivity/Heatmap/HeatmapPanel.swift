/// A graph with an optional heading of its own, as renderers stack them: one per calendar year
/// of a long window, or one per author with `--by-author`.
public struct HeatmapPanel: Hashable, Sendable {
  /// The panel's heading (an author's name), or nil for the one graph.
  public var heading: String?
  /// The grid it draws.
  public var grid: HeatmapGrid

  /// A panel drawing `grid` under `heading`.
  public init(heading: String?, grid: HeatmapGrid) {
    self.heading = heading
    self.grid = grid
  }

  /// Windows longer than this many weeks are drawn one calendar year per graph.
  public static let longWindowWeeks = 53

  /// One graph for the report, or one per calendar year when the window is longer than 53 weeks.
  public static func panels(for report: ActivityReport, scale: LevelScale) -> [HeatmapPanel] {
    let grid = HeatmapGrid(
      activity: report.activity, weekStart: report.window.weekStart, scale: scale)
    guard grid.columnCount > longWindowWeeks else {
      return [HeatmapPanel(heading: nil, grid: grid)]
    }
    return grid.splitByYear().map {
      HeatmapPanel(
        heading: "\($0.days.first.year): \(Wording.count($0.counts.saturatingSum, "commit"))",
        grid: $0)
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
      let who = showsEmails ? "\(author.author.name) <\(author.author.email)>" : author.author.name
      let heading =
        "\(who) · \(Wording.count(author.total, "commit")) (\(formatPercent(share)))"
      return HeatmapPanel(
        heading: heading,
        grid: HeatmapGrid(
          days: report.activity.days, counts: counts, weekStart: report.window.weekStart,
          thresholds: thresholds))
    }
  }

  /// `45.2%`, `17.0%`, `0.4%`: one precision for every share.
  static func formatPercent(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }
}
