/// The days of the week, numbered as `Calendar` numbers them: 1 is Sunday, 7 is Saturday.
public enum Weekday: Int, CaseIterable, Sendable, Hashable {
  case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

  public var name: String { String(describing: self).capitalized }
  public var shortName: String { String(name.prefix(3)) }

  public init?(parsing text: String) {
    let lowered = text.lowercased()
    guard
      let match = Weekday.allCases.first(where: {
        $0.name.lowercased() == lowered || $0.shortName.lowercased() == lowered
      })
    else { return nil }
    self = match
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

/// What the user asked for: `--weeks`/`--end` as in the seed component, or `--since`/`--until`,
/// or `--year`.
public struct WindowRequest: Hashable, Sendable {
  public var weeks: Int?
  public var end: DateExpression?
  public var since: DateExpression?
  public var until: DateExpression?
  public var year: Int?
  public var weekStart: Weekday = .sunday

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
  public static let defaultWeeks = 53
  /// The seed component's bounds for `weeks`.
  public static let weekRange = 1...530

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
      let last = (until ?? end)?.resolve(today: today) ?? today
      return Window(days: DayRange(first: first, last: last), weekStart: weekStart, kind: .between)
    }
    let last = (until ?? end)?.resolve(today: today) ?? today
    let weeks = min(
      max(self.weeks ?? WindowRequest.defaultWeeks, WindowRequest.weekRange.lowerBound),
      WindowRequest.weekRange.upperBound)
    let daysIntoWeek = (last.weekday - weekStart.rawValue + 7) % 7
    let count = (weeks - 1) * 7 + daysIntoWeek + 1
    let kind: Window.Kind = last == today ? .lastWeeks(weeks) : .weeksEnding(weeks, last)
    return Window(
      days: DayRange(first: last.advanced(by: 1 - count), last: last), weekStart: weekStart,
      kind: kind)
  }
}

/// The days a graph shows, with the first row's weekday and how to speak of the span.
public struct Window: Hashable, Sendable {
  public var days: DayRange
  public var weekStart: Weekday
  public var kind: Kind

  public enum Kind: Hashable, Sendable {
    /// The seed's window ending today.
    case lastWeeks(Int)
    /// The seed's window ending on another day.
    case weeksEnding(Int, Day)
    case year(Int)
    case between
  }

  public init(days: DayRange, weekStart: Weekday, kind: Kind) {
    self.days = days
    self.weekStart = weekStart
    self.kind = kind
  }

  /// How a summary names the span: `in the last year`, `in 2024`, `between 2024-03-01 and …`.
  public var phrase: String {
    switch kind {
    case .lastWeeks(WindowRequest.defaultWeeks): return "in the last year"
    case .lastWeeks(let weeks):
      return weeks == 1 ? "in the last week" : "in the last \(weeks) weeks"
    case .year(let year): return "in \(year)"
    case .weeksEnding, .between: return "between \(days.first.iso) and \(days.last.iso)"
    }
  }
}
