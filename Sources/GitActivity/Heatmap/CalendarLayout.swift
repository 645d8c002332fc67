import Foundation

/// The month calendar of the second seed: weekdays as columns, weeks as rows, every day a square
/// tile with its number, and a visible step at each month boundary.
public struct CalendarLayout: Hashable, Sendable {
  /// The days, oldest first.
  public let days: DayRange
  /// Commits per day.
  public let counts: [Int]
  /// The weekday of the first column.
  public let weekStart: Weekday
  /// Empty columns before the first day in the first row.
  public let leadingEmptyColumns: Int

  /// A column per weekday.
  public static let columns = 7

  /// The calendar of `days`, weeks starting on `weekStart`.
  public init(days: DayRange, counts: [Int], weekStart: Weekday) {
    self.days = days
    self.counts = counts
    self.weekStart = weekStart
    leadingEmptyColumns = days.first.daysIntoWeek(startingOn: weekStart)
  }

  /// The number of week rows, counting both ends: the seed's `weeksBetween + 1`.
  public var rowCount: Int { (leadingEmptyColumns + counts.count + 6) / 7 }

  /// The seed's aspect-ratio rule: width over height for square tiles.
  public var aspectRatio: Double { Double(Self.columns) / Double(max(rowCount, 1)) }

  /// The row and weekday column of the day at `index`.
  public func position(of index: Int) -> (row: Int, column: Int) {
    let slot = index + leadingEmptyColumns
    return (slot / 7, slot % 7)
  }

  /// Where a tile sits in its month, which decides how it is shortened at a boundary.
  public enum PositionWithinMonth: Hashable, Sendable {
    /// In the row that holds the month's first day: shortened, moved down (into its month).
    case firstWeek
    /// In the row that holds the month's last day: shortened, moved up.
    case lastWeek
    case interior
  }

  /// The position of the day at `index` within its month, from the calendar alone: the row of
  /// the month's first day, the row of its last day, or between. A tile keeps its row either way.
  public func positionWithinMonth(of index: Int) -> PositionWithinMonth {
    let day = days.first.advanced(by: index)
    let (year, month, _) = day.components
    let row = position(of: index).row
    let first = Day(year: year, month: month, day: 1)
    let last = Day(year: year, month: month, day: Day.daysIn(month: month, year: year))
    let slotOfFirst = days.first.distance(to: first) + leadingEmptyColumns
    let slotOfLast = days.first.distance(to: last) + leadingEmptyColumns
    if Int(Day.floorDivide(Int64(slotOfFirst), 7)) == row { return .firstWeek }
    if Int(Day.floorDivide(Int64(slotOfLast), 7)) == row { return .lastWeek }
    return .interior
  }

  /// The weekday initials of the header row, in week-start order.
  public var weekdayInitials: [String] {
    (0..<7).map { column in
      let weekday = weekStart.advanced(by: column)
      return String(weekday.name.prefix(1))
    }
  }
}

/// A continuous color scale over the counts: the seed's green-to-blue gradient by default.
public struct ColorGradient: Hashable, Sendable {
  /// The colors from the quietest day to the busiest, evenly spaced.
  public var stops: [RGB]
  /// The tile of a day without commits.
  public var empty: RGB

  /// The seed's three stops.
  public static let seed = ColorGradient(
    stops: [
      RGB(red: 0x61, green: 0xAB, blue: 0x90), RGB(red: 0x33, green: 0x85, blue: 0x8D),
      RGB(red: 0x1E, green: 0x5D, blue: 0x86),
    ],
    empty: RGB(red: 0xEB, green: 0xED, blue: 0xF0))

  /// A gradient through `stops`, with `empty` for days without commits.
  public init(stops: [RGB], empty: RGB) {
    self.stops = stops.isEmpty ? ColorGradient.seed.stops : stops
    self.empty = empty
  }

  /// The color at `fraction` (0…1) along the stops, evenly spaced.
  public func color(at fraction: Double) -> RGB {
    guard stops.count > 1 else { return stops[0] }
    let position = min(max(fraction, 0), 1) * Double(stops.count - 1)
    let lower = min(Int(position), stops.count - 2)
    return stops[lower].interpolated(to: stops[lower + 1], fraction: position - Double(lower))
  }

  /// The color of a count: `empty` for none; otherwise its place between the smallest value and
  /// `highest`, in the plain count (`linear`) or in log(1 + count) (`log`).
  public func color(count: Int, highest: Int, scale: LevelScale) -> RGB {
    guard count > 0, highest > 0 else { return empty }
    guard highest > 1 else { return color(at: 1) }
    let fraction: Double
    switch scale {
    case .log:
      fraction = Foundation.log1p(Double(count - 1)) / Foundation.log1p(Double(highest - 1))
    case .linear, .github:
      fraction = Double(count - 1) / Double(highest - 1)
    }
    return color(at: fraction)
  }

  /// White or black, whichever contrasts more with `background`: at least 4.58:1 on any color,
  /// since the better of the two always reaches √21 (WCAG AA asks 4.5:1 of small text).
  public static func readableText(on background: RGB) -> RGB {
    let white = RGB(red: 0xFF, green: 0xFF, blue: 0xFF)
    let black = RGB(red: 0, green: 0, blue: 0)
    return background.contrast(with: white) >= background.contrast(with: black) ? white : black
  }
}
