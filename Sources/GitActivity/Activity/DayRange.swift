/// The days a graph covers, first and last included.
public struct DayRange: Hashable, Sendable, Sequence {
  public var first: Day
  public var last: Day

  public init(first: Day, last: Day) {
    self.first = first
    self.last = Swift.max(first, last)
  }

  public var count: Int { first.distance(to: last) + 1 }

  public func contains(_ day: Day) -> Bool { day >= first && day <= last }

  /// The position of `day` in the range, or nil when it falls outside.
  @inline(__always)
  public func index(of day: Day) -> Int? {
    let index = day.number - first.number
    return index >= 0 && day.number <= last.number ? index : nil
  }

  public func makeIterator() -> StrideThrough<Day>.Iterator {
    stride(from: first, through: last, by: 1).makeIterator()
  }

  public var days: [Day] { Array(self) }
}
