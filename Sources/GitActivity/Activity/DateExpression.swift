/// A date as people type it: `2024-03-01`, `today`, `yesterday`, or `6 months ago`.
public enum DateExpression: Hashable, Sendable {
  case day(Day)
  /// A number of days, weeks, months or years before today.
  case ago(count: Int, unit: Unit)

  /// The units `N … ago` counts in.
  public enum Unit: String, Sendable, CaseIterable {
    case day, week, month, year
  }

  /// Parses the forms above; nil for anything else. Amounts are limited to 100,000 units so that
  /// arithmetic never overflows.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: [" ", "\t"]).lowercased()
    if let day = Day(iso: trimmed) {
      self = .day(day)
      return
    }
    switch trimmed {
    case "today", "now": self = .ago(count: 0, unit: .day)
    case "yesterday": self = .ago(count: 1, unit: .day)
    default:
      let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "." })
      guard words.count == 3, words[2] == "ago", let count = Int(words[0]), count >= 0,
        count <= 100_000
      else { return nil }
      var unitWord = String(words[1])
      if unitWord.hasSuffix("s") { unitWord.removeLast() }
      guard let unit = Unit(rawValue: unitWord) else { return nil }
      self = .ago(count: count, unit: unit)
    }
  }

  /// The day this expression names, counted back from `today`.
  public func resolve(today: Day) -> Day {
    switch self {
    case .day(let day): return day
    case .ago(let count, .day): return today.advanced(by: -count)
    case .ago(let count, .week): return today.advanced(by: -7 * count)
    case .ago(let count, .month): return today.addingMonths(-count)
    case .ago(let count, .year): return today.addingMonths(-12 * count)
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
