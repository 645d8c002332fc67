/// A date as git users type it, in the forms of git's approxidate that name a day:
/// `2024-03-01`, `2024/03/01`, `2024.03.01`, `03/01/2024` (month first), `1.3.2024` (day first),
/// `2024-03-01 12:00`, `2024-03` or `mar 2024` (a month), `today`, `now`, `yesterday`,
/// `6 months ago`, `2.weeks.ago`, `2.weeks` (approxidate needs no `ago`), `last week`,
/// `last.month`, `last friday`, `march 3` or `3 march` (this year), `3 march 2024`.
public enum DateExpression: Hashable, Sendable {
  case day(Day)
  /// A number of days, weeks, months or years before today.
  case ago(count: Int, unit: Unit)
  /// A whole month: its first day where a window starts, its last where it ends.
  case month(year: Int, month: Int)
  /// The latest day before today that falls on this weekday (`last friday`).
  case lastWeekday(Weekday)
  /// A day of a month in today's year (`march 3`, `3 march`), as git's approxidate reads it.
  case dayOfMonth(month: Int, day: Int)

  /// The units `N … ago` counts in.
  public enum Unit: String, Sendable, CaseIterable {
    case day, week, month, year
  }

  /// Examples of what parses, for messages about what does not.
  public static let examples =
    "a date such as 2025-03-01, 2025-03 (a month), 2025/03/01, today, yesterday, last week, last.month, 2.weeks.ago, 2.weeks, 3 months ago, march 3 or last friday"

  private static let monthNames = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// Parses the forms above; nil for anything else. Amounts are limited to 100,000 units so that
  /// arithmetic never overflows.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: [" ", "\t"]).lowercased()
    if let parsed = Self.absolute(trimmed) {
      self = parsed
      return
    }
    switch trimmed {
    case "today", "now": self = .ago(count: 0, unit: .day)
    case "yesterday": self = .ago(count: 1, unit: .day)
    default:
      let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "." }).map(
        String.init)
      if words.count == 2, words[0] == "last" {
        if let unit = Self.unit(words[1]) {
          self = .ago(count: 1, unit: unit)
          return
        }
        if let weekday = Weekday(parsing: words[1]) {
          self = .lastWeekday(weekday)
          return
        }
        return nil
      }
      // `2.weeks.ago`, and as approxidate also reads it, `2.weeks`.
      guard words.count == 3 ? words[2] == "ago" : words.count == 2, let count = Int(words[0]),
        count >= 0, count <= 100_000, let unit = Self.unit(words[1])
      else { return nil }
      self = .ago(count: count, unit: unit)
    }
  }

  /// `day`, `days`, `week`, … as a unit.
  private static func unit(_ word: String) -> Unit? {
    var word = word
    if word.hasSuffix("s") { word.removeLast() }
    return Unit(rawValue: word)
  }

  /// The forms with numbers: full dates in their several spellings, a date with a time of day,
  /// a month as `YYYY-MM`, and a month by its name with a year.
  private static func absolute(_ text: String) -> DateExpression? {
    // A time of day after a date places nothing finer than the day.
    let datePart = text.split(separator: " ").first.map(String.init) ?? text
    let isTimeAfter = text.split(separator: " ").dropFirst().allSatisfy { part in
      part.allSatisfy { $0.isNumber || $0 == ":" } && part.contains(":")
    }
    if isTimeAfter {
      if let day = Day(iso: datePart) { return .day(day) }
      for separator: Character in ["/", "."] {
        let parts = datePart.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
          let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2])
        else { continue }
        // 2024/03/01 and 2024.03.01; then 03/01/2024 (month first, as git reads a slash) and
        // 1.3.2024 (day first, as git reads a dot).
        let (year, month, day) =
          parts[0].count == 4 ? (a, b, c) : separator == "/" ? (c, a, b) : (c, b, a)
        guard parts[0].count == 4 || parts[2].count == 4 else { return nil }
        return checkedDay(year: year, month: month, day: day).map { .day($0) }
      }
    }
    let dashed = text.split(separator: "-", omittingEmptySubsequences: false)
    if dashed.count == 2, dashed[0].count == 4, dashed[1].count == 2,
      dashed.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(dashed[0]), let month = Int(dashed[1]), year >= 1, (1...12).contains(month)
    {
      return .month(year: year, month: month)
    }
    let words = text.split(separator: " ").map(String.init)
    func month(_ name: String) -> Int? {
      monthNames.firstIndex { name.hasPrefix($0) && name.count >= 3 }.map { $0 + 1 }
    }
    func dayNumber(_ word: String) -> Int? {
      guard word.count <= 2, let day = Int(word), (1...31).contains(day) else { return nil }
      return day
    }
    if words.count == 2 {
      for (name, number) in [(words[0], words[1]), (words[1], words[0])] {
        guard let month = month(name) else { continue }
        if number.count == 4, let year = Int(number), year >= 1 {
          return .month(year: year, month: month)
        }
        if let day = dayNumber(number), day <= Day.daysIn(month: month, year: 2000) {
          return .dayOfMonth(month: month, day: day)
        }
      }
    }
    if words.count == 3, let yearIndex = words.firstIndex(where: { $0.count == 4 }),
      let year = Int(words[yearIndex])
    {
      let rest = words.enumerated().filter { $0.offset != yearIndex }.map(\.element)
      for (name, number) in [(rest[0], rest[1]), (rest[1], rest[0])] {
        if let month = month(name), let day = dayNumber(number) {
          return checkedDay(year: year, month: month, day: day).map { .day($0) }
        }
      }
    }
    return nil
  }

  private static func checkedDay(year: Int, month: Int, day: Int) -> Day? {
    guard year >= 1, year <= 9999, (1...12).contains(month), day >= 1,
      day <= Day.daysIn(month: month, year: year)
    else { return nil }
    return Day(year: year, month: month, day: day)
  }

  /// The day this expression names, counted back from `today`; for a month, its first day, or
  /// its last when `isEnd` (an `--until` or `--end`).
  public func resolve(today: Day, isEnd: Bool = false) -> Day {
    switch self {
    case .day(let day): return day
    case .ago(let count, .day): return today.advanced(by: -count)
    case .ago(let count, .week): return today.advanced(by: -7 * count)
    case .ago(let count, .month): return today.addingMonths(-count)
    case .ago(let count, .year): return today.addingMonths(-12 * count)
    case .month(let year, let month):
      let first = Day(year: year, month: month, day: 1)
      return isEnd ? first.advanced(by: Day.daysIn(month: month, year: year) - 1) : first
    case .lastWeekday(let weekday):
      let back = (today.weekday - weekday.rawValue + 7) % 7
      return today.advanced(by: back == 0 ? -7 : -back)
    case .dayOfMonth(let month, let day):
      // February 29th in a year without one is March 1st, as mktime makes it.
      let length = Day.daysIn(month: month, year: today.year)
      return Day(year: today.year, month: month, day: min(day, length)).advanced(
        by: max(0, day - length))
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice.removeFirst() }
    while let last = slice.last, set.contains(last) { slice.removeLast() }
    return String(slice)
  }
}
