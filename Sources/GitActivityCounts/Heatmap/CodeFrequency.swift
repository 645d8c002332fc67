/// GitHub's Code frequency: lines added and removed each week of the window, additions up and
/// deletions down. The weeks are the graph's columns (the same week start), so the chart lines
/// up under the graph.
///
/// The scale: bars are drawn to `cap`, the largest weekly figure unless that is more than four
/// times the 75th percentile of the active weeks' figures (additions and deletions together);
/// then the cap is that, and a week beyond it is drawn to the full height, cut, with its figure
/// written at its end. One vendor import then neither flattens the year nor vanishes.
public struct CodeFrequency: Hashable, Sendable {
  /// One week: its first day (in the window) and its lines.
  public struct Week: Hashable, Sendable {
    /// The first day of the week that is in the window.
    public var first: Day
    /// Lines added in the week.
    public var insertions: Int
    /// Lines removed in the week.
    public var deletions: Int
  }

  /// The weeks, oldest first: one per column of the graph.
  public let weeks: [Week]
  /// The figure a full bar stands for (0 when nothing changed).
  public let cap: Int
  /// The graph whose columns the weeks are, for month labels.
  package let grid: HeatmapGrid

  /// How many times the 75th percentile a week may reach before the scale cuts it.
  static let cutRatio = 4

  /// The weeks of `activity`, starting on `weekStart`.
  public init(activity: DailyActivity, weekStart: Weekday) {
    let grid = HeatmapGrid(activity: activity, weekStart: weekStart, scale: .linear)
    self.grid = grid
    var weeks: [Week] = []
    for column in 0..<grid.columnCount {
      let indices = (0..<HeatmapGrid.rows).compactMap { grid.dayIndex(column: column, row: $0) }
      guard let firstIndex = indices.first else { continue }
      var week = Week(first: grid.days.first.advanced(by: firstIndex), insertions: 0, deletions: 0)
      for index in indices where index < activity.insertions.count {
        week.insertions = week.insertions.addingSaturating(activity.insertions[index])
        week.deletions = week.deletions.addingSaturating(activity.deletions[index])
      }
      weeks.append(week)
    }
    self.weeks = weeks
    cap = Self.cap(weeks.flatMap { [$0.insertions, $0.deletions] })
  }

  /// The cap of `figures` (see the type's documentation).
  static func cap(_ figures: [Int]) -> Int {
    let active = figures.filter { $0 > 0 }.sorted()
    guard let largest = active.last else { return 0 }
    let percentile = active[max(0, (3 * active.count + 3) / 4 - 1)]
    let (limit, overflow) = percentile.multipliedReportingOverflow(by: cutRatio)
    return overflow || largest <= limit ? largest : limit
  }

  /// Whether some week reaches beyond the cap (and is drawn cut).
  package var cutsWeeks: Bool { weeks.contains { $0.insertions > cap || $0.deletions > cap } }

  /// The fraction of a full bar `figure` fills: at least a sliver when it is not 0, at most 1.
  package func share(_ figure: Int) -> Double {
    guard figure > 0, cap > 0 else { return 0 }
    return Swift.min(1, Double(figure) / Double(cap))
  }

  /// The week with the most lines added, and the one with the most removed (the first of
  /// equals); nil when none changed a line.
  package var busiest: (added: Week?, removed: Week?) {
    let added = weeks.filter { $0.insertions > 0 }.max { $0.insertions < $1.insertions }
    let removed = weeks.filter { $0.deletions > 0 }.max { $0.deletions < $1.deletions }
    return (added, removed)
  }
}

extension Int {
  /// The sum, stopping at `Int.max`.
  func addingSaturating(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
