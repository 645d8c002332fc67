import GitActivity

extension Invocation {
  /// Which days a run shows: the window of `--weeks`/`--end`, `--since`/`--until` or `--year`
  /// and the week start, or the one day `--day` lists.
  struct Days {
    var window = WindowRequest()
    /// `--day`: the day whose commits are listed, instead of a graph.
    var listedDay: DateExpression?

    init(_ parsed: ParsedArguments) throws(CommandError) {
      window.weeks = try parsed.whole(.weeks)
      window.end = try Invocation.date(parsed, .end)
      window.since = try Invocation.date(parsed, .since)
      window.until = try Invocation.date(parsed, .until)
      if let day = try Invocation.date(parsed, .day) {
        let probe = Day(year: 2000, month: 1, day: 1)
        guard day.resolve(today: probe) == day.resolve(today: probe, isEnd: true) else {
          throw parsed.invalid(.day, parsed.last(.day) ?? "", expected: "expected one day")
        }
        listedDay = day
        window.since = day
        window.until = day
      }
      if let year = parsed.last(.year) {
        guard year.count == 4, let number = Int(year), (1...9999).contains(number) else {
          throw parsed.invalid(.year, year, expected: "expected a year such as 2024")
        }
        window.year = number
      }
      if let weekStart = parsed.last(.weekStart) {
        window.weekStart = Weekday(parsing: weekStart) ?? .sunday
      }
    }
  }
}
