/// The commits a selection counts that fall outside the window, so that an empty graph can say
/// where they are.
public struct OutsideCommits: Hashable, Sendable {
  /// Commits on days before the window.
  public var before = 0
  /// Commits on days after the window.
  public var after = 0
  /// The first of those days.
  var earliest: Day?
  /// The last of those days.
  var latest: Day?
  /// The newest day before the window with a commit: where a window should move to show the
  /// nearest commits before it.
  public var newestBefore: Day?
  /// The oldest day after the window with a commit.
  public var oldestAfter: Day?
  /// Commits on days no window can hold (before year 1 or after year 9999; git log shows
  /// `10000-01-01`): counted in `before` or `after` too.
  var beyondCalendar = 0
  /// The first such day met.
  var firstBeyondCalendar: Day?

  /// None.
  init() {}

  /// All of them.
  public var count: Int { before + after }

  mutating func add(_ day: Day, isBefore: Bool) {
    if isBefore {
      before += 1
      if newestBefore.map({ day > $0 }) ?? true { newestBefore = day }
    } else {
      after += 1
      if oldestAfter.map({ day < $0 }) ?? true { oldestAfter = day }
    }
    if !WindowRequest.representableDays.contains(day) {
      beyondCalendar += 1
      if firstBeyondCalendar == nil { firstBeyondCalendar = day }
    }
    if earliest.map({ day < $0 }) ?? true { earliest = day }
    if latest.map({ day > $0 }) ?? true { latest = day }
  }
}
