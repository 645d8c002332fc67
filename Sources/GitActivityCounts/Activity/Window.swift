extension Weekday {
  /// The weekday `days` days after this one (any whole number, negative too).
  func advanced(by days: Int) -> Weekday {
    Weekday(rawValue: ((rawValue - 1 + days) % 7 + 7) % 7 + 1) ?? self
  }
}

extension Day {
  /// How many days into its week this day falls when weeks start on `weekStart`: 0 to 6.
  public func daysIntoWeek(startingOn weekStart: Weekday) -> Int {
    (weekday - weekStart.rawValue + 7) % 7
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

/// The days a graph shows, with the first row's weekday and how to speak of the span.
public struct Window: Hashable, Sendable {
  /// The days shown, oldest first.
  public var days: DayRange
  /// The weekday of the first row.
  public var weekStart: Weekday
  /// How the window was asked for, for its wording.
  public var kind: Kind
  /// The second the window starts at, within its first day, when it was asked for as a moment
  /// (`--since 2.weeks.ago`, `--since '2025-03-01 12:00'`); nil when it starts with the day.
  public var firstMoment: Int64?
  /// The second it ends at, within its last day, likewise.
  public var lastMoment: Int64?
  /// The offset east of UTC of the clock the moments are told on (the local clock).
  package var momentOffsetSeconds = 0

  /// How a window was asked for.
  public enum Kind: Hashable, Sendable {
    /// The seed's window ending today.
    case lastWeeks(Int)
    /// The seed's window ending on another day.
    case weeksEnding(Int, Day)
    case year(Int)
    /// Whole months up to today's (the calendar's default: the last 12).
    case lastMonths(Int)
    case between
  }

  /// A window of `days`, weeks starting on `weekStart`.
  public init(days: DayRange, weekStart: Weekday, kind: Kind) {
    self.days = days
    self.weekStart = weekStart
    self.kind = kind
  }

  /// How far before the window's first day a walk keeps reading, in committer time. Author
  /// dates are usually no later than committer dates, but rebases, clock skew and `--date`
  /// exist; a month of extra reading costs little.
  static let marginSeconds: Int64 = 31 * 86_400
  /// The largest offset a commit may carry that still falls on an earlier day: UTC+14, plus
  /// slack.
  static let offsetSlackSeconds: Int64 = 26 * 3_600

  /// The committer time before which a walk may stop reading (`WalkOptions
  /// .committedNoEarlierThan`): the window's first second, less the slack and the margin.
  public var walkCutoff: Int64 {
    min(Int64(days.first.number) * 86_400, firstMoment ?? Int64.max) - Window.offsetSlackSeconds
      - Window.marginSeconds
  }
}
