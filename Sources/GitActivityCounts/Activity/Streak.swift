/// A streak: a run of active days (or weeks) by a `StreakRule`.
package struct Streak: Hashable, Sendable {
  /// The first active day of the streak.
  package var start: Day
  /// The last active day of the streak.
  package var end: Day
  /// How long the streak is in its rule's unit: days (every day under `daily`; the active days
  /// under `weekdays` or with days allowed off) or weeks.
  package var length: Int
  /// What `length` counts: `day` or `week`.
  package var unit: String
  /// How many calendar days the streak spans, first to last.
  package var days: Int { start.distance(to: end) + 1 }

  /// A streak of every day from `start` to `end`, both included.
  init(start: Day, end: Day) {
    self.start = start
    self.end = end
    length = start.distance(to: end) + 1
    unit = "day"
  }

  /// A streak from `start` to `end` of `length` units.
  init(start: Day, end: Day, length: Int, unit: String) {
    self.start = start
    self.end = end
    self.length = length
    self.unit = unit
  }
}
