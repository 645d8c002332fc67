/// A run of consecutive days with at least one commit.
public struct Streak: Hashable, Sendable {
  /// The first day of the streak.
  public var start: Day
  /// The last day of the streak.
  public var end: Day
  /// How many days the streak lasts.
  public var days: Int { start.distance(to: end) + 1 }

  /// A streak from `start` to `end`, both included.
  public init(start: Day, end: Day) {
    self.start = start
    self.end = end
  }
}
