/// The numbers a summary speaks of: total, active days, busiest day, streaks.
public struct Statistics: Hashable, Sendable {
  /// All commits in the window.
  public var total: Int
  /// Days with at least one commit.
  public var activeDays: Int
  /// The day with the most commits (the latest of equals), nil when there is none.
  public var busiestDay: DayCount?
  /// The longest streak in the window (the latest of equals).
  public var longestStreak: Streak?
  /// The streak that ends today, or yesterday when today has no commit yet; nil when neither is
  /// active or today is outside the window.
  public var currentStreak: Streak?

  /// The statistics of `counts` over `days`; the current streak ends today or yesterday.
  public init(days: DayRange, counts: [Int], today: Day) {
    total = counts.saturatingSum
    activeDays = counts.count { $0 > 0 }
    var best: DayCount?
    var longest: Streak?
    var runStart: Day?
    for (index, day) in days.enumerated() where index < counts.count {
      let count = counts[index]
      if count > 0 {
        if count >= (best?.count ?? 0) { best = DayCount(day: day, count: count) }
        let start = runStart ?? day
        runStart = start
        let run = Streak(start: start, end: day)
        if run.days >= (longest?.days ?? 0) { longest = run }
      } else {
        runStart = nil
      }
    }
    busiestDay = best
    longestStreak = longest

    func isActive(_ day: Day) -> Bool {
      guard let index = days.index(of: day), index < counts.count else { return false }
      return counts[index] > 0
    }
    var end: Day? = nil
    if isActive(today) {
      end = today
    } else if days.contains(today), isActive(today.advanced(by: -1)) {
      end = today.advanced(by: -1)
    }
    if let end {
      var start = end
      while isActive(start.advanced(by: -1)) { start = start.advanced(by: -1) }
      currentStreak = Streak(start: start, end: end)
    } else {
      currentStreak = nil
    }
  }
}
