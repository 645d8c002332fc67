/// A day and its count.
package struct DayCount: Hashable, Sendable {
  /// The day.
  package var day: Day
  /// Its commits.
  package var count: Int

  /// A day and its count.
  package init(day: Day, count: Int) {
    self.day = day
    self.count = count
  }
}
