/// The numbers a summary speaks of: total, active days, busiest day, streaks.
package struct Statistics: Hashable, Sendable {
  /// All commits in the window.
  package var total: Int
  /// Days with at least one commit.
  package var activeDays: Int
  /// The day with the most commits (the latest of equals), nil when there is none.
  package var busiestDay: DayCount?
  /// The longest streak in the window (the latest of equals).
  package var longestStreak: Streak?
  /// The streak that ends today, or yesterday when today has no commit yet; nil when neither is
  /// active or today is outside the window.
  package var currentStreak: Streak?

  /// The statistics of `counts` over `days`, streaks by `rule` (GitHub's by default: the
  /// current streak ends today or yesterday), weeks from `weekStart`.
  init(
    days: DayRange, counts: [Int], today: Day, rule: StreakRule = .daily,
    weekStart: Weekday = .sunday
  ) {
    total = counts.saturatingSum
    activeDays = counts.count { $0 > 0 }
    var best: DayCount?
    for (index, day) in days.enumerated() where index < counts.count {
      let count = counts[index]
      if count > 0 && count >= (best?.count ?? 0) { best = DayCount(day: day, count: count) }
    }
    busiestDay = best
    (longestStreak, currentStreak) = rule.streaks(
      days: days, counts: counts, today: today, weekStart: weekStart)
  }
}
