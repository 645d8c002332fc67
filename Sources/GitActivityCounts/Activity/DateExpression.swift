import Foundation

/// A date as git users type it, in the forms of git's date parser and approxidate:
/// `2024-03-01`, `2024/03/01`, `2024.03.01`, `03/01/2024` (month first), `1.3.2024` (day first),
/// `2024-03` or `mar 2024` (a month), `march 3`, `July 5th` or `3 march` (this year),
/// `3 march 2024`, `last friday`, `last week`; and moments: `2024-03-01 12:00`,
/// `2008-02-14 20:30:45 -0500`, `2025-12-31T23:59:59`, `Thu, 7 Apr 2005 15:14:13 -0700` (the
/// form git log prints), `now`, `today`, `yesterday`, `noon yesterday`, `midnight`,
/// `6 months ago`, `2.weeks.ago`, `2.weeks` (approxidate needs no `ago`), `10.minutes.ago`.
/// A moment (`moment(now:in:)`) is where a window starts or ends within its first or last day,
/// as git's `--since` is; its day (`resolve(today:)`) is where the graph draws it.
public enum DateExpression: Hashable, Sendable {
  case day(Day)
  /// An amount of time before now (`2.weeks.ago`, `yesterday`): a moment, on its day.
  case ago(count: Int, unit: Unit)
  /// A day and a time on it (seconds into the day), at a given offset east of UTC or, without
  /// one, on the local clock.
  case dateTime(Day, seconds: Int, offsetSeconds: Int?)
  /// A time on the local clock: the latest such time not after now, so many days before it
  /// (`noon yesterday`, `midnight`), as approxidate reads it.
  case timeOfDay(daysAgo: Int, seconds: Int)
  /// A whole month: its first day where a window starts, its last where it ends.
  case month(year: Int, month: Int)
  /// The latest day before today that falls on this weekday (`last friday`).
  case lastWeekday(Weekday)
  /// A day of a month in today's year (`march 3`, `3 march`), as git's approxidate reads it.
  case dayOfMonth(month: Int, day: Int)

  /// The units `N … ago` counts in.
  public enum Unit: String, Sendable, CaseIterable {
    case second, minute, hour, day, week, month, year
  }

  /// Examples of what parses, for messages about what does not.
  public static let examples =
    "a date such as 2025-03-01, 2025-03 (a month), 2025/03/01, 2025-03-01 14:30, today, yesterday, noon yesterday, last week, 2.weeks.ago, 3 months ago, 10.minutes.ago, march 3 or last friday"

  private static let monthNames = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// Parses the forms above; nil for anything else. Amounts are limited to 100,000 units so that
  /// arithmetic never overflows.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: [" ", "\t"]).lowercased()
    if let parsed = Self.stamped(trimmed) ?? Self.absolute(trimmed) {
      self = parsed
      return
    }
    switch trimmed {
    case "today", "now": self = .ago(count: 0, unit: .second)
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
      if let time = Self.timeOfDay(words) {
        self = time
        return
      }
      // `2.weeks.ago`, and as approxidate also reads it, `2.weeks`.
      guard words.count == 3 ? words[2] == "ago" : words.count == 2, let count = Int(words[0]),
        count >= 0, count <= 100_000, let unit = Self.unit(words[1])
      else { return nil }
      self = .ago(count: count, unit: unit)
    }
  }

  /// `noon`, `midnight`, `tea` (17:00), alone or with `today` or `yesterday` (either order).
  private static func timeOfDay(_ words: [String]) -> DateExpression? {
    let times = ["noon": 12 * 3_600, "midnight": 0, "tea": 17 * 3_600]
    guard (1...2).contains(words.count), let time = words.compactMap({ times[$0] }).first
    else { return nil }
    let others = words.filter { times[$0] == nil }
    guard others.count == words.count - 1 else { return nil }
    switch others.first {
    case nil, "today"?: return .timeOfDay(daysAgo: 0, seconds: time)
    case "yesterday"?: return .timeOfDay(daysAgo: 1, seconds: time)
    default: return nil
    }
  }

  /// The forms with a time of day and, where given, an offset: ISO 8601 (`2008-02-14 20:30:45
  /// -0500`, `2025-12-31T23:59:59`, `…Z`) and RFC 2822 (`Thu, 7 Apr 2005 15:14:13 -0700`).
  private static func stamped(_ text: String) -> DateExpression? {
    var parts = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
    // ISO's T between date and time, and Z for UTC.
    if parts.count == 1, let t = parts[0].firstIndex(of: "t") {
      parts = [String(parts[0][..<t]), String(parts[0][parts[0].index(after: t)...])]
    }
    var offset: Int?
    if let last = parts.last, parts.count > 1 {
      if last == "z" || last == "utc" || last == "gmt" {
        offset = 0
        parts.removeLast()
      } else if let zone = offsetSeconds(last) {
        offset = zone
        parts.removeLast()
      } else if last.hasSuffix("z"), last.contains(":") {
        offset = 0
        parts[parts.count - 1] = String(last.dropLast())
      }
    }
    guard let clock = parts.last.flatMap(secondsIntoDay) else { return nil }
    let date = Array(parts.dropLast())
    if date.count == 1, let day = Day(iso: date[0]) {
      return .dateTime(day, seconds: clock, offsetSeconds: offset)
    }
    // `[weekday] 7 apr 2005`.
    let words = date.first.flatMap(Weekday.init(parsing:)) != nil ? Array(date.dropFirst()) : date
    guard words.count == 3, let year = Int(words[2]), words[2].count == 4 else { return nil }
    for (name, number) in [(words[0], words[1]), (words[1], words[0])] {
      if let month = month(name), let day = dayNumber(number),
        let checked = checkedDay(year: year, month: month, day: day)
      {
        return .dateTime(checked, seconds: clock, offsetSeconds: offset)
      }
    }
    return nil
  }

  /// `-0700`, `+05:30`: seconds east of UTC.
  private static func offsetSeconds(_ text: String) -> Int? {
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    let digits = text.dropFirst().filter { $0 != ":" }
    guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits), value % 100 < 60
    else { return nil }
    return (sign == "-" ? -1 : 1) * (value / 100 * 3_600 + value % 100 * 60)
  }

  /// `15:14`, `15:14:13`, `15:14:13.250`: seconds into the day.
  private static func secondsIntoDay(_ text: String) -> Int? {
    let fields = text.split(separator: ".").first?.split(separator: ":") ?? []
    guard (2...3).contains(fields.count),
      fields.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) }),
      let hour = Int(fields[0]), let minute = Int(fields[1]), hour < 24, minute < 60
    else { return nil }
    let second = fields.count == 3 ? Int(fields[2]) ?? 60 : 0
    guard second < 61 else { return nil }
    return hour * 3_600 + minute * 60 + second
  }

  /// A month by its name's first three letters (`jul`, `july`).
  private static func month(_ name: String) -> Int? {
    monthNames.firstIndex { name.hasPrefix($0) && name.count >= 3 }.map { $0 + 1 }
  }

  /// A day of the month, `5` or `5th`.
  private static func dayNumber(_ word: String) -> Int? {
    var digits = word
    for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
      digits.removeLast(2)
    }
    guard digits.count <= 2, let day = Int(digits), (1...31).contains(day) else { return nil }
    return day
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
    let timeParts = text.split(separator: " ").dropFirst()
    let isTimeAfter = timeParts.allSatisfy { part in
      part.allSatisfy { $0.isNumber || $0 == ":" } && part.contains(":")
    }
    if isTimeAfter {
      let clock = timeParts.first.flatMap { secondsIntoDay(String($0)) }
      func dated(_ day: Day) -> DateExpression {
        clock.map { .dateTime(day, seconds: $0, offsetSeconds: nil) } ?? .day(day)
      }
      if let day = Day(iso: datePart) { return dated(day) }
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
        return checkedDay(year: year, month: month, day: day).map(dated)
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
  /// its last when `isEnd` (an `--until` or `--end`). A moment's day is its day on the clock
  /// `today` is read on, for an offset given with it on that offset's (`moment(now:in:)`
  /// places it exactly).
  public func resolve(today: Day, isEnd: Bool = false) -> Day {
    switch self {
    case .day(let day): return day
    case .ago(let count, let unit):
      switch unit {
      case .second: return today.advanced(by: -(count / 86_400))
      case .minute: return today.advanced(by: -(count / 1_440))
      case .hour: return today.advanced(by: -(count / 24))
      case .day: return today.advanced(by: -count)
      case .week: return today.advanced(by: -7 * count)
      case .month: return today.addingMonths(-count)
      case .year: return today.addingMonths(-12 * count)
      }
    case .dateTime(let day, _, _): return day
    case .timeOfDay(let daysAgo, _): return today.advanced(by: -daysAgo)
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

  /// The moment `git log --since`/`--until` reads this expression as (approxidate): a day
  /// without a time is that day at the current time of day, as git reads it (`--since
  /// 2024-01-01` at 15:00 starts at 15:00). Nil for a month alone (`2024-03`), which git reads
  /// as a day of the current month.
  public func gitMoment(now: Date, in zone: TimeZone) -> Int64? {
    if let moment = moment(now: now, in: zone) { return moment }
    if case .month = self { return nil }
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    let offset = Int64(zone.secondsFromGMT(for: now))
    let today = Day(epochSeconds: seconds, offsetSeconds: offset)
    let intoDay = seconds + offset - Int64(today.number) * 86_400
    let wall = Int64(resolve(today: today).number) * 86_400 + intoDay
    return wall - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
  }

  /// The second this expression names when it names one finer than a day (a time, an amount
  /// before now), as git's approxidate reads it with `now` on `zone`'s clock; nil for a day, a
  /// month or a weekday, which a window takes whole.
  public func moment(now: Date, in zone: TimeZone) -> Int64? {
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    func local(_ day: Day, _ secondsIntoDay: Int, offset: Int?) -> Int64 {
      let wall = Int64(day.number) * 86_400 + Int64(secondsIntoDay)
      guard let offset else {
        // The zone's offset at that wall time (the offset an hour away differs only around a
        // change of clocks, where git's mktime picks one side too).
        let guess = Date(timeIntervalSince1970: TimeInterval(wall))
        return wall - Int64(zone.secondsFromGMT(for: guess))
      }
      return wall - Int64(offset)
    }
    switch self {
    case .ago(let count, let unit):
      let amount = Int64(count)
      switch unit {
      case .second: return seconds - amount
      case .minute: return seconds - amount * 60
      case .hour: return seconds - amount * 3_600
      case .day: return seconds - amount * 86_400
      case .week: return seconds - amount * 604_800
      case .month, .year:
        // The same day of the month and time on the local clock, months back (git's
        // approxidate counts months on the calendar).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let months = unit == .month ? -count : -12 * count
        return calendar.date(byAdding: .month, value: months, to: now).map {
          Int64($0.timeIntervalSince1970.rounded(.down))
        } ?? seconds
      }
    case .dateTime(let day, let time, let offset): return local(day, time, offset: offset)
    case .timeOfDay(let daysAgo, let time):
      // As approxidate: the latest such time that is not after now, then the days back.
      let offset = Int64(zone.secondsFromGMT(for: now))
      let today = Day(epochSeconds: seconds, offsetSeconds: offset)
      let intoDay = Int(seconds + offset - Int64(today.number) * 86_400)
      let latest = intoDay < time ? today.advanced(by: -1) : today
      return local(latest.advanced(by: -daysAgo), time, offset: nil)
    case .day, .month, .lastWeekday, .dayOfMonth: return nil
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
