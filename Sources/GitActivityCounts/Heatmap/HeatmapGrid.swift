import Foundation

/// The days of a window laid out as GitHub lays them: weeks as columns, seven rows from the week
/// start, and a level 0…4 for every day. Every renderer draws from one of these.
public struct HeatmapGrid: Hashable, Sendable {
  /// The days, oldest first.
  package let days: DayRange
  /// Commits per day, oldest first.
  package let counts: [Int]
  /// The level of each day: 0 for none, then 1…4.
  package let levels: [Int]
  /// The weekday of the first row.
  let weekStart: Weekday
  /// How many rows of the first column come before the first day (0 when it starts the week).
  let leadingEmptyRows: Int
  /// The scale that made the levels, for legends and for splitting the grid.
  let thresholds: LevelScale.Thresholds
  /// Which days are drawn in the colour of removal (red), as GitHub's Code frequency draws
  /// deletions: under `--measure lines` a day that removed more lines than it added, under
  /// `--measure deletions` every active day. Empty when no day is (commits, insertions).
  package private(set) var removals: [Bool] = []

  /// A row per weekday.
  package static let rows = 7

  /// A grid of `counts` over `days`, with levels from `thresholds`.
  public init(days: DayRange, counts: [Int], weekStart: Weekday, thresholds: LevelScale.Thresholds)
  {
    self.days = days
    self.counts = counts
    self.weekStart = weekStart
    self.thresholds = thresholds
    levels = counts.map { thresholds.level(of: $0) }
    leadingEmptyRows = days.first.daysIntoWeek(startingOn: weekStart)
  }

  /// The grid of a whole activity, with levels computed on its own counts.
  package init(activity: DailyActivity, weekStart: Weekday, scale: LevelScale) {
    self.init(
      days: activity.days, counts: activity.counts, weekStart: weekStart,
      thresholds: LevelScale.Thresholds(scale: scale, counts: activity.counts))
    removals = Self.removals(activity)
  }

  /// The days `activity` draws in the colour of removal (see `removals`).
  static func removals(_ activity: DailyActivity) -> [Bool] {
    switch activity.measure {
    case .lines where activity.deletions.count == activity.counts.count:
      return zip(activity.insertions, activity.deletions).map { $1 > $0 }
    case .deletions: return activity.counts.map { $0 > 0 }
    default: return []
    }
  }

  /// Whether the day at `index` is drawn in the colour of removal.
  package func isRemoval(_ index: Int) -> Bool { index < removals.count && removals[index] }

  /// This grid with `removals`, for a grid made from counts alone.
  func withRemovals(_ flags: [Bool]) -> HeatmapGrid {
    var copy = self
    copy.removals = flags.count == counts.count ? flags : []
    return copy
  }

  /// How many week columns the grid has.
  public var columnCount: Int { (leadingEmptyRows + counts.count + 6) / 7 }

  /// The index into `days`/`counts` of the cell at `column`, `row`; nil for a cell outside the
  /// window (before its first day or after its last).
  package func dayIndex(column: Int, row: Int) -> Int? {
    let index = column * 7 + row - leadingEmptyRows
    return index >= 0 && index < counts.count ? index : nil
  }

  /// The column and row of the day at `index`.
  package func position(of index: Int) -> (column: Int, row: Int) {
    let slot = index + leadingEmptyRows
    return (slot / 7, slot % 7)
  }

  /// The weekday shown in `row`.
  package func weekday(ofRow row: Int) -> Weekday {
    weekStart.advanced(by: row)
  }

  /// The rows that carry a weekday label: every second row, as GitHub shows Mon, Wed and Fri for
  /// a Sunday start; for any other start the first row too (a week from Monday reads Mon, Wed,
  /// Fri, Sun, not Tue, Thu, Sat with Monday unnamed).
  package var labelledRows: [Int] { weekStart == .sunday ? [1, 3, 5] : [0, 2, 4, 6] }

  /// A month name over the first column of each month.
  package struct MonthLabel: Hashable, Sendable {
    /// The week column the label starts over.
    package var column: Int
    /// The month's year.
    package var year: Int
    /// The month, 1 to 12.
    package var month: Int
    /// `Jan`.
    package var text: String { HeatmapGrid.monthNames[month - 1] }
  }

  /// `Jan` … `Dec`.
  package static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  /// `January` … `December`.
  public static let fullMonthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// The month labels. A column belongs to the month of its first day in the window; a label
  /// sits over the first column of its month. A first or last month with fewer than 3 columns
  /// loses its label when the label, `labelColumns` columns wide, would run into the next label
  /// or past the grid's end.
  package func monthLabels(labelColumns: Int) -> [MonthLabel] {
    var labels: [MonthLabel] = []
    for column in 0..<columnCount {
      let firstIndex = column == 0 ? 0 : column * 7 - leadingEmptyRows
      guard firstIndex < counts.count else { break }
      let (year, month, _) = days.first.advanced(by: firstIndex).components
      if labels.last.map({ $0.year != year || $0.month != month }) ?? true {
        labels.append(MonthLabel(column: column, year: year, month: month))
      }
    }
    if labels.count >= 2 {
      let span = labels[1].column - labels[0].column
      if span < 3 && span < labelColumns { labels.removeFirst() }
    }
    if let last = labels.last {
      let span = columnCount - last.column
      if span < 3 && span < labelColumns && labels.count > 1 { labels.removeLast() }
    }
    return labels
  }

  /// The part of the grid from `column` on: the newest weeks, as the seed opens scrolled to the
  /// newest week. Levels keep the whole grid's scale.
  package func suffix(fromColumn column: Int) -> HeatmapGrid {
    guard column > 0 else { return self }
    let firstIndex = min(max(column * 7 - leadingEmptyRows, 0), counts.count - 1)
    return HeatmapGrid(
      days: DayRange(first: days.first.advanced(by: firstIndex), last: days.last),
      counts: Array(counts[firstIndex...]), weekStart: weekStart, thresholds: thresholds)
  }

  /// One grid per calendar year the window touches, oldest first, on this grid's scale.
  func splitByYear() -> [HeatmapGrid] {
    var grids: [HeatmapGrid] = []
    var start = 0
    while start < counts.count {
      let year = days.first.advanced(by: start).year
      let next = Day(year: year + 1, month: 1, day: 1)
      let end = min(counts.count, days.first.distance(to: next))
      grids.append(
        HeatmapGrid(
          days: DayRange(
            first: days.first.advanced(by: start), last: days.first.advanced(by: end - 1)),
          counts: Array(counts[start..<end]), weekStart: weekStart, thresholds: thresholds
        ).withRemovals(removals.isEmpty ? [] : Array(removals[start..<end])))
      start = end
    }
    return grids
  }
}

extension WindowRequest {
  /// The window on the day that contains `now` in `calendar`'s time zone, with the calendar's
  /// first weekday as the week start: the seed's `days(endingAt:weeks:calendar:)`.
  func resolve(now: Date, calendar: Calendar) -> Window {
    var request = self
    request.weekStart = Weekday(rawValue: calendar.firstWeekday) ?? .sunday
    return request.resolve(today: Day(now, in: calendar.timeZone))
  }
}
