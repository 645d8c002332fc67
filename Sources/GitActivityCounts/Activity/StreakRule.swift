/// How a streak is counted (`--streak`, `heatmap.streak`, and `--streak-allow`): which days a
/// streak needs, and how many it may miss.
///
/// - `daily` (GitHub's): every day active; its length is the number of days.
/// - `weekdays`: Monday to Friday active; a Saturday or Sunday without commits neither breaks
///   the streak nor counts in it, one with commits counts. Its length is the number of active
///   days.
/// - `weekly`: every week (from the window's week start) with an active day; its length is the
///   number of weeks.
///
/// `allowance` (`--streak-allow N`): up to N days (weeks, under `weekly`) in a row that the rule
/// needs but that have no commit do not break a streak; they do not count in its length either.
/// N + 1 such days in a row end it. A streak is current when it reaches today, or when the
/// needed days since its last active one, today left out (today may still come), are no more
/// than N.
public struct StreakRule: Hashable, Sendable {
  /// Which days a streak needs.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case daily, weekdays, weekly
  }

  /// Which days a streak needs.
  package var kind: Kind
  /// How many needed days (or weeks) in a row may be missed.
  package var allowance: Int

  /// GitHub's streak: every day, none missed.
  public static let daily = StreakRule(kind: .daily, allowance: 0)

  /// A rule of `kind` that lets `allowance` needed days (or weeks) be missed.
  public init(kind: Kind, allowance: Int = 0) {
    self.kind = kind
    self.allowance = max(0, allowance)
  }

  /// What a streak's length counts: `day` or `week`.
  package var unit: String { kind == .weekly ? "week" : "day" }

  /// The longest streak (the latest of equals) and the current one, of `counts` over `days`.
  func streaks(days: DayRange, counts: [Int], today: Day, weekStart: Weekday) -> (
    longest: Streak?, current: Streak?
  ) {
    // The units a rule counts, in order: days, or the grid's weeks (columns).
    struct Unit {
      /// The unit's first and last active days (its days, when none is).
      var first: Day
      var last: Day
      var active: Bool
      var needed: Bool
    }
    let leading = days.first.daysIntoWeek(startingOn: weekStart)
    func unitIndex(_ offset: Int) -> Int { kind == .weekly ? (offset + leading) / 7 : offset }
    var units: [Unit] = []
    for (offset, day) in days.enumerated() where offset < counts.count {
      let active = counts[offset] > 0
      if kind == .weekly, !units.isEmpty, unitIndex(offset) == unitIndex(offset - 1) {
        if active {
          if !units[units.count - 1].active { units[units.count - 1].first = day }
          units[units.count - 1].last = day
          units[units.count - 1].active = true
        }
        continue
      }
      let weekend =
        day.weekday == Weekday.saturday.rawValue || day.weekday == Weekday.sunday.rawValue
      units.append(
        Unit(first: day, last: day, active: active, needed: kind != .weekdays || !weekend))
    }
    var longest: Streak?
    var run: Streak?
    var runEnd = 0
    var missed = 0
    let todayUnit = days.index(of: today).map(unitIndex) ?? Int.max
    for (index, unit) in units.enumerated() {
      // Today's unit, and any after it, may still come: missing them breaks nothing.
      if !unit.active && index >= todayUnit { continue }
      if unit.active {
        if var current = run {
          current.end = unit.last
          current.length += 1
          run = current
        } else {
          run = Streak(start: unit.first, end: unit.last, length: 1, unit: self.unit)
        }
        runEnd = index
        missed = 0
        if let current = run, current.length >= (longest?.length ?? 0) { longest = current }
      } else if unit.needed && run != nil {
        missed += 1
        if missed > allowance { run = nil }
      }
    }
    // The current streak: the run still open, today in the window, and the needed units
    // between its end and today's unit (which may still come) within the allowance.
    guard let open = run, let todayOffset = days.index(of: today), todayOffset < counts.count
    else { return (longest, nil) }
    let gap = units.indices.filter { $0 > runEnd && $0 < todayUnit && units[$0].needed }.count
    return (longest, gap <= allowance ? open : nil)
  }
}
