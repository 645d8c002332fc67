/// What the user asked for: `--weeks`/`--end` as in the seed component, or `--since`/`--until`,
/// or `--year`.
public struct WindowRequest: Hashable, Sendable {
  /// `--weeks`: how many weeks end on `end` (or today).
  public var weeks: Int?
  /// `--end`: the last day of a `weeks` window.
  public var end: DateExpression?
  /// `--since`: the first day.
  public var since: DateExpression?
  /// `--until`: the last day.
  public var until: DateExpression?
  /// `--year`: one calendar year, January to December.
  public var year: Int?
  /// The second the window starts at, when `since` named a moment (the caller, which knows
  /// the time, resolves it: `DateExpression.moment(now:in:)`); the first day counts from it.
  public var sinceMoment: Int64?
  /// The second it ends at, when `until` named a moment.
  public var untilMoment: Int64?
  /// The offset east of UTC of the clock the moments were read on, to tell them.
  public var momentOffsetSeconds = 0
  /// The last this many whole months, today's the last (the calendar's default, 12), when
  /// nothing else chooses the days.
  public var months: Int?
  /// `--week-start`: the weekday of the first row.
  public var weekStart: Weekday = .sunday

  /// A request; what is nil takes its default (53 weeks ending today).
  public init(
    weeks: Int? = nil, end: DateExpression? = nil, since: DateExpression? = nil,
    until: DateExpression? = nil, year: Int? = nil, weekStart: Weekday = .sunday
  ) {
    self.weeks = weeks
    self.end = end
    self.since = since
    self.until = until
    self.year = year
    self.weekStart = weekStart
  }

  /// The default number of weeks: a year of whole weeks, as GitHub shows.
  package static let defaultWeeks = 53
  /// The seed component's bounds for `weeks`.
  public static let weekRange = 1...530
  /// The bounds for `months`: as many years as `weekRange` holds.
  public static let monthRange = 1...120

  /// The first and last day a window may have: years 1 to 9999, as dates are written.
  static let representableDays = DayRange(
    first: Day(year: 1, month: 1, day: 1), last: Day(year: 9999, month: 12, day: 31))

  /// Why these choices give no window worth drawing on `today`; nil when they give one. A
  /// window that starts after it ends, one that starts after today (it could only be empty) and
  /// one that reaches outside years 1 to 9999 are refused, rather than drawn as a confident
  /// empty graph.
  public func problem(today: Day) -> WindowProblem? {
    if let weeks, !WindowRequest.weekRange.contains(weeks) {
      return .lengthOutOfRange(weeks, unit: .weeks)
    }
    if let months, !WindowRequest.monthRange.contains(months) {
      return .lengthOutOfRange(months, unit: .months)
    }
    if year == nil, let since {
      let first = since.resolve(today: today)
      if let until = until ?? end {
        let last = until.resolve(today: today, isEnd: true)
        if last < first {
          return .startsAfterEnd(first: first, last: last, byEnd: self.until == nil)
        }
      }
      if today < first {
        return .startsAfterToday(
          days: DayRange(first: first, last: first), today: today, year: nil, bySince: true)
      }
    }
    let days = resolve(today: today).days
    if today < days.first {
      return .startsAfterToday(days: days, today: today, year: year, bySince: false)
    }
    let bounds = WindowRequest.representableDays
    guard bounds.first <= days.first, days.last <= bounds.last else {
      return .outsideRepresentableYears
    }
    return nil
  }

  /// The window these choices give on `today`.
  public func resolve(today: Day) -> Window {
    if let year {
      return Window(
        days: DayRange(
          first: Day(year: year, month: 1, day: 1), last: Day(year: year, month: 12, day: 31)),
        weekStart: weekStart, kind: .year(year))
    }
    if let since {
      let first = since.resolve(today: today)
      let last = (until ?? end)?.resolve(today: today, isEnd: true) ?? today
      var window = Window(
        days: DayRange(first: first, last: last), weekStart: weekStart, kind: .between)
      window.firstMoment = sinceMoment
      window.lastMoment = until == nil ? nil : untilMoment
      window.momentOffsetSeconds = momentOffsetSeconds
      return window
    }
    if let months, weeks == nil, end == nil, until == nil {
      let count = min(
        max(months, WindowRequest.monthRange.lowerBound), WindowRequest.monthRange.upperBound)
      return Window(
        days: DayRange(first: today.firstOfMonth.addingMonths(1 - count), last: today),
        weekStart: weekStart, kind: .lastMonths(count))
    }
    let last = (until ?? end)?.resolve(today: today, isEnd: true) ?? today
    let weeks = min(
      max(self.weeks ?? WindowRequest.defaultWeeks, WindowRequest.weekRange.lowerBound),
      WindowRequest.weekRange.upperBound)
    let daysIntoWeek = last.daysIntoWeek(startingOn: weekStart)
    let count = (weeks - 1) * 7 + daysIntoWeek + 1
    let kind: Window.Kind = last == today ? .lastWeeks(weeks) : .weeksEnding(weeks, last)
    var window = Window(
      days: DayRange(first: last.advanced(by: 1 - count), last: last), weekStart: weekStart,
      kind: kind)
    window.lastMoment = until == nil ? nil : untilMoment
    window.momentOffsetSeconds = momentOffsetSeconds
    return window
  }
}
