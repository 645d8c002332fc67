/// Why a window request gives no window worth drawing: values, for the caller to put into its
/// own words (the command names its options, a library user's app its controls).
public enum WindowProblem: Hashable, Sendable {
  /// The first day is after the last; `byEnd` when the last day came from `end` (the seed's
  /// window end) rather than `until`.
  case startsAfterEnd(first: Day, last: Day, byEnd: Bool)
  /// The first day is after today: no commit can be counted yet. `year` when a year was asked
  /// for, `bySince` when `since` gave the first day.
  case startsAfterToday(days: DayRange, today: Day, year: Int?, bySince: Bool)
  /// The window reaches outside the years 1 to 9999.
  case outsideRepresentableYears
  /// A number of weeks (or months) outside what a graph draws (`WindowRequest.weekRange`).
  case lengthOutOfRange(Int, unit: Unit)

  /// What a length counts.
  public enum Unit: Hashable, Sendable {
    case weeks
    case months
  }
}
