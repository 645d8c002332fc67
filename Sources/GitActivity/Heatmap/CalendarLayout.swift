import Foundation

/// The month calendar of the second seed: weekdays as columns, weeks as rows, every day a square
/// tile with its number; each month in rows of its own (`months`), set apart from the next.
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

  /// A month of the window, set apart from the others: its days in rows of weeks of its own, so
  /// that a week that spans two months is a row in each.
  public struct Month: Hashable, Sendable {
    /// The month's year.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The positions of its days in the window.
    public let indices: Range<Int>
    /// Empty columns before its first day in its first row.
    public let leadingColumns: Int

    /// Its rows of weeks.
    public var rowCount: Int { (leadingColumns + indices.count + 6) / 7 }

    /// The row (within the month) and weekday column of the day at window position `index`.
    public func position(of index: Int) -> (row: Int, column: Int) {
      let slot = index - indices.lowerBound + leadingColumns
      return (slot / 7, slot % 7)
    }
  }

  /// The months of the window, oldest first, each in its own rows.
  public var months: [Month] {
    days.months.map { span in
      Month(
        year: span.year, month: span.month, indices: span.indices,
        leadingColumns: days.first.advanced(by: span.indices.lowerBound).daysIntoWeek(
          startingOn: weekStart))
    }
  }

  /// The weekday initials of the header row, in week-start order.
  public var weekdayInitials: [String] {
    (0..<7).map { column in
      let weekday = weekStart.advanced(by: column)
      return String(weekday.name.prefix(1))
    }
  }
}
