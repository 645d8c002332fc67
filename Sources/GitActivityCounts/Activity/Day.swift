import Foundation

/// A calendar day, as a count of days since 1970-01-01 in the proleptic Gregorian calendar.
///
/// Days are what every commit is counted on. Turning a timestamp and an offset into a `Day` is
/// integer arithmetic (no `Calendar` per commit); `Calendar` is used only for the few hundred days
/// a graph shows.
public struct Day: Hashable, Comparable, Sendable, Strideable, CustomStringConvertible {
  /// Days since 1970-01-01 (day 0), negative before it; within `numberRange`.
  public private(set) var number: Int

  /// The days a `Day` can be: every day 64-bit seconds since the epoch name (about 385 million
  /// years either side of 1970), with room left for date arithmetic on them, which never
  /// overflows.
  static let numberRange = -(1 << 47)...(1 << 47)

  /// The day `number` days after 1970-01-01 (negative before it), brought within
  /// `numberRange`.
  public init(number: Int) {
    self.number = Swift.min(
      Swift.max(number, Day.numberRange.lowerBound), Day.numberRange.upperBound)
  }

  /// The day that contains `epochSeconds` on a clock `offsetSeconds` east of UTC.
  @inline(__always)
  package init(epochSeconds: Int64, offsetSeconds: Int64) {
    let (local, overflow) = epochSeconds.addingReportingOverflow(offsetSeconds)
    let seconds = overflow ? (offsetSeconds > 0 ? Int64.max : Int64.min) : local
    number = Int(Day.floorDivide(seconds, 86_400))
  }

  /// The day with the given Gregorian date; out-of-range months and days roll over (a date
  /// beyond `numberRange` is its nearest end).
  public init(year: Int, month: Int, day: Int) {
    // Bounded first, so that the arithmetic below cannot overflow; months rolled into years.
    let bound = 1 << 36
    let given = Swift.min(Swift.max(month, -bound), bound) - 1
    let year = Swift.min(Swift.max(year, -bound), bound) + Int(Day.floorDivide(Int64(given), 12))
    let month = Int(Day.floorModulo(Int64(given), 12)) + 1
    let day = Swift.min(Swift.max(day, -(1 << 40)), 1 << 40)
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthFromMarch = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    self.init(number: era * 146_097 + dayOfEra - 719_468)
  }

  /// Parses `YYYY-MM-DD` strictly: a real date, four-digit year from 0001, two-digit month and
  /// day.
  package init?(iso text: some StringProtocol) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), year >= 1, let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The Gregorian year, month (1–12) and day of the month (1–31).
  package var components: (year: Int, month: Int, day: Int) {
    // Howard Hinnant's civil_from_days.
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The Gregorian year.
  public var year: Int { components.year }
  /// The month, 1 to 12.
  public var month: Int { components.month }
  /// The day of the month, 1 to 31.
  public var dayOfMonth: Int { components.day }

  /// 1 for Sunday through 7 for Saturday, as `Calendar`'s `weekday` component numbers them.
  package var weekday: Int {
    // 1970-01-01 was a Thursday (5).
    Int(Day.floorModulo(Int64(number) + 4, 7)) + 1
  }

  /// `YYYY-MM-DD`, as `git log --date=format:%Y-%m-%d` prints it.
  public var iso: String {
    let (year, month, day) = components
    if (0...9_999).contains(year) {
      // The common case in ten bytes, a small string that needs no allocation (a CSV or SVG of
      // a long history writes thousands of them).
      let digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
        UInt8(48 + year / 1_000), UInt8(48 + year / 100 % 10), UInt8(48 + year / 10 % 10),
        UInt8(48 + year % 10), 45, UInt8(48 + month / 10), UInt8(48 + month % 10), 45,
        UInt8(48 + day / 10), UInt8(48 + day % 10)
      )
      return withUnsafeBytes(of: digits) { String(decoding: $0, as: UTF8.self) }
    }
    // At least four digits, the sign before them (it was put before the padding: "00-2").
    let digits = String(year.magnitude)
    let padded =
      (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    return padded + "-" + (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "")
      + String(day)
  }

  public var description: String { iso }

  public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

  /// How many days from this day to `other` (negative when `other` is earlier).
  public func distance(to other: Day) -> Int { other.number - number }

  /// The day `n` days later (earlier when `n` is negative), within `numberRange`.
  public func advanced(by n: Int) -> Day {
    let (sum, overflow) = number.addingReportingOverflow(n)
    return Day(number: overflow ? (n > 0 ? Int.max : Int.min) : sum)
  }

  /// The first day of this day's month.
  public var firstOfMonth: Day {
    let (year, month, _) = components
    return Day(year: year, month: month, day: 1)
  }

  /// The number of days in `month` of `year`.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Whether `year` is a Gregorian leap year.
  static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The same day of the month `months` later (or earlier), clamped to the month's length.
  public func addingMonths(_ months: Int) -> Day {
    let (year, month, day) = components
    let index = year * 12 + (month - 1) + Swift.min(Swift.max(months, -(1 << 40)), 1 << 40)
    let newYear = Int(Day.floorDivide(Int64(index), 12))
    let newMonth = index - newYear * 12 + 1
    return Day(
      year: newYear, month: newMonth, day: min(day, Day.daysIn(month: newMonth, year: newYear)))
  }

  /// The day that contains `date` in `timeZone`.
  public init(_ date: Date, in timeZone: TimeZone) {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    self.init(epochSeconds: seconds, offsetSeconds: Int64(timeZone.secondsFromGMT(for: date)))
  }

  /// The start of this day in `calendar`'s time zone, for formatting with Foundation.
  func date(in calendar: Calendar) -> Date {
    let (year, month, day) = components
    let components = DateComponents(year: year, month: month, day: day)
    return calendar.date(from: components)
      ?? Date(timeIntervalSince1970: TimeInterval(number) * 86_400)
  }

  @inline(__always)
  static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  @inline(__always)
  static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return r < 0 ? r + b : r
  }
}
