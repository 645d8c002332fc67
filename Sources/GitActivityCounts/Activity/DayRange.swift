/// The days a graph covers, first and last included.
public struct DayRange: Hashable, Sendable, Sequence {
  /// The first day, included.
  public var first: Day
  /// The last day, included.
  public var last: Day

  /// The days from `first` to `last`, both included.
  public init(first: Day, last: Day) {
    self.first = first
    self.last = Swift.max(first, last)
  }

  /// How many days the range holds.
  public var count: Int { first.distance(to: last) + 1 }

  /// Whether `day` is in the range: two comparisons. (Public, so that a client's call finds it
  /// rather than `Sequence.contains`, which would step through every day of the range.)
  public func contains(_ day: Day) -> Bool { day >= first && day <= last }

  /// The position of `day` in the range, or nil when it falls outside.
  @inline(__always)
  func index(of day: Day) -> Int? {
    let index = day.number - first.number
    return index >= 0 && day.number <= last.number ? index : nil
  }

  /// The days in order, oldest first.
  public func makeIterator() -> StrideThrough<Day>.Iterator {
    stride(from: first, through: last, by: 1).makeIterator()
  }

  /// Every day of the range, oldest first.
  public var days: [Day] { Array(self) }

  /// A calendar month's part of the range: its year, month and the positions of its days.
  package struct MonthSpan: Hashable, Sendable {
    /// The month's year.
    package var year: Int
    /// The month, 1 to 12.
    package var month: Int
    /// Where the month's days are in the range, by position.
    package var indices: Range<Int>
  }

  /// The months the range touches, in order, each with the positions of its days in the range.
  package var months: [MonthSpan] {
    var spans: [MonthSpan] = []
    var index = 0
    while index < count {
      let first = self.first.advanced(by: index)
      let (year, month, day) = first.components
      let end = Swift.min(count, index + Day.daysIn(month: month, year: year) - day + 1)
      spans.append(MonthSpan(year: year, month: month, indices: index..<end))
      index = end
    }
    return spans
  }
}
