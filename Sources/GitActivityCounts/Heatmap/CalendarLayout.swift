import Foundation

/// The month calendar of the second seed: weekdays as columns, weeks as rows, every day a square
/// tile with its number; each month in rows of its own (`months`), set apart from the next.
package struct CalendarLayout: Hashable, Sendable {
  /// The days, oldest first.
  let days: DayRange
  /// Commits per day.
  package let counts: [Int]
  /// The weekday of the first column.
  let weekStart: Weekday
  /// Empty columns before the first day in the first row.
  let leadingEmptyColumns: Int

  /// A column per weekday.
  static let columns = 7

  /// The calendar of `days`, weeks starting on `weekStart`.
  package init(days: DayRange, counts: [Int], weekStart: Weekday) {
    self.days = days
    self.counts = counts
    self.weekStart = weekStart
    leadingEmptyColumns = days.first.daysIntoWeek(startingOn: weekStart)
  }

  /// The number of week rows, counting both ends: the seed's `weeksBetween + 1`.
  var rowCount: Int { (leadingEmptyColumns + counts.count + 6) / 7 }

  /// The seed's aspect-ratio rule: width over height for square tiles.
  var aspectRatio: Double { Double(Self.columns) / Double(max(rowCount, 1)) }

  /// The row and weekday column of the day at `index`.
  func position(of index: Int) -> (row: Int, column: Int) {
    let slot = index + leadingEmptyColumns
    return (slot / 7, slot % 7)
  }

  /// A month of the window, set apart from the others: its days in rows of weeks of its own, so
  /// that a week that spans two months is a row in each.
  struct Month: Hashable, Sendable {
    /// The month's year.
    let year: Int
    /// The month, 1…12.
    let month: Int
    /// The positions of its days in the window.
    let indices: Range<Int>
    /// Empty columns before its first day in its first row.
    let leadingColumns: Int

    /// Its rows of weeks.
    var rowCount: Int { (leadingColumns + indices.count + 6) / 7 }

    /// The row (within the month) and weekday column of the day at window position `index`.
    func position(of index: Int) -> (row: Int, column: Int) {
      let slot = index - indices.lowerBound + leadingColumns
      return (slot / 7, slot % 7)
    }
  }

  /// The months of the window, oldest first, each in its own rows.
  var months: [Month] {
    days.months.map { span in
      Month(
        year: span.year, month: span.month, indices: span.indices,
        leadingColumns: days.first.advanced(by: span.indices.lowerBound).daysIntoWeek(
          startingOn: weekStart))
    }
  }

  /// The weekday initials of the header row, in week-start order.
  package var weekdayInitials: [String] {
    (0..<7).map { column in
      let weekday = weekStart.advanced(by: column)
      return String(weekday.name.prefix(1))
    }
  }

  /// A whole month of the wall calendar: every day of it, those outside the range too (drawn
  /// without a count), so that no month is cut.
  package struct WholeMonth: Hashable, Sendable {
    /// Its year.
    package let year: Int
    /// Its month, 1 for January.
    package let month: Int
    /// Its first day.
    package let first: Day
    /// How many days it has.
    package let dayCount: Int
    /// Empty columns before its first day.
    let leadingColumns: Int
    /// Where its first day is in the range's counts (negative when the range starts later).
    let offset: Int
    /// How many days the range has.
    let rangeCount: Int

    /// The row and column of its `day`th day (from 0).
    package func position(ofDay day: Int) -> (row: Int, column: Int) {
      ((day + leadingColumns) / 7, (day + leadingColumns) % 7)
    }

    /// The position of its `day`th day (from 0) in the range's counts, nil outside the range.
    package func countIndex(ofDay day: Int) -> Int? {
      let index = offset + day
      return index >= 0 && index < rangeCount ? index : nil
    }
  }

  /// The rows a month of the wall calendar takes: six, the most any month needs, so that the
  /// months of a row line up.
  package static let wallRows = 6

  /// Every month the days touch, whole, oldest first.
  package var wholeMonths: [WholeMonth] {
    days.months.map { span in
      let first = Day(year: span.year, month: span.month, day: 1)
      return WholeMonth(
        year: span.year, month: span.month, first: first,
        dayCount: Day.daysIn(month: span.month, year: span.year),
        leadingColumns: first.daysIntoWeek(startingOn: weekStart),
        offset: days.first.distance(to: first), rangeCount: days.count)
    }
  }

  /// How many months a row of the wall calendar holds: all of up to four, else four or three,
  /// whichever leaves the last row fuller.
  package static func monthsAcross(_ count: Int) -> Int {
    if count <= 4 { return max(count, 1) }
    func gap(_ across: Int) -> Int { (across - count % across) % across }
    return gap(4) <= gap(3) ? 4 : 3
  }
}
