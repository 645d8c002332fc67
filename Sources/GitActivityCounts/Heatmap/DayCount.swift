/// A day and its count.
public struct DayCount: Hashable, Sendable {
  /// The day.
  public var day: Day
  /// Its commits.
  public var count: Int

  /// A day and its count.
  public init(day: Day, count: Int) {
    self.day = day
    self.count = count
  }
}
