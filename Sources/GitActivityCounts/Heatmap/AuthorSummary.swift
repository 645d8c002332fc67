/// One row of the `--authors` table: what a person did in the window.
public struct AuthorSummary: Hashable, Sendable {
  /// Who.
  package var author: Author
  /// Commits in the window.
  package var commits: Int
  /// Lines added and removed, when lines were counted.
  package var lines: LineStats?
  /// Whether the author is a person, a bot or a coding agent.
  package var kind = Automation.Kind.person
  /// How many of their commits are AI-assisted; nil when commits were not told apart.
  package var assisted: Int?
  /// Days with at least one commit (under a measure of lines: with lines changed).
  package var activeDays: Int
  /// The first day with a commit.
  package var firstDay: Day?
  /// The last day with a commit.
  package var lastDay: Day?
  /// The longest run of days with commits.
  package var longestStreak: Streak?
  /// The measure per week column of the window's grid (commits, or lines), oldest first.
  var weekly: [Int] {
    var weeks = [Int](repeating: 0, count: weekCount)
    for (week, count) in zip(activeWeeks, weekTotals) { weeks[Int(week)] = count }
    return weeks
  }
  /// How many week columns the window's grid has.
  package private(set) var weekCount: Int
  /// The weeks with commits and their totals, oldest first: kept sparse, since a table of
  /// 200,000 people over 50 years would otherwise hold 2,600 numbers for each of them.
  private var activeWeeks: [Int32] = []
  private var weekTotals: [Int] = []

  /// The summary of one author's activity, with weekly totals for a sparkline.
  public init(
    _ activity: AuthorActivity, days: DayRange, weekStart: Weekday, rule: StreakRule = .daily
  ) {
    author = activity.author
    commits = activity.commits
    lines = activity.lines
    kind = activity.kind
    assisted = activity.assisted
    let active = activity.activeDays
    activeDays = active.count
    firstDay = active.first.map { days.first.advanced(by: $0.offset) }
    lastDay = active.last.map { days.first.advanced(by: $0.offset) }
    var longest: Streak?
    var runStart: Int?
    var previous: Int?
    for (offset, _) in active {
      if let last = previous, offset == last + 1 {
        // The run goes on.
      } else {
        runStart = offset
      }
      previous = offset
      let run = Streak(
        start: days.first.advanced(by: runStart ?? offset), end: days.first.advanced(by: offset))
      if run.days >= (longest?.days ?? 0) { longest = run }
    }
    longestStreak = longest
    if rule != .daily {
      // Another rule reads the author's days one by one.
      var counts = [Int](repeating: 0, count: days.count)
      for (offset, count) in active where offset < counts.count { counts[offset] = count }
      longestStreak =
        rule.streaks(days: days, counts: counts, today: days.last, weekStart: weekStart).longest
    }
    let leading = days.first.daysIntoWeek(startingOn: weekStart)
    weekCount = (leading + days.count + 6) / 7
    for (offset, count) in active {
      let week = Int32((offset + leading) / 7)
      if activeWeeks.last == week {
        weekTotals[weekTotals.count - 1] += count
      } else {
        activeWeeks.append(week)
        weekTotals.append(count)
      }
    }
  }

  /// Appends the weekly totals as decimal numbers between `separator`s, one per week column
  /// (a week without commits is 0), as bytes, without making the dense list. Runs of weeks without
  /// commits are copied from `zeros` (`zeroWeeks(separator:)`, made once for a table): a table of
  /// 20,000 people over 14 years is 58 million numbers, most of them 0.
  package func appendWeekly(separator: [UInt8], zeros: [UInt8], to out: inout [UInt8]) {
    let unit = separator.count + 1
    var week = 0
    func zeroWeeks(until end: Int) {
      guard end > week else { return }
      var count = end - week
      if week == 0 {
        out.append(UInt8(ascii: "0"))
        count -= 1
      }
      out += zeros[..<(count * unit)]
      week = end
    }
    for (active, total) in zip(activeWeeks, weekTotals) {
      zeroWeeks(until: Int(active))
      if week > 0 { out += separator }
      out += String(total).utf8
      week += 1
    }
    zeroWeeks(until: weekCount)
  }

  /// The bytes of every week column without commits, each after `separator`, for
  /// `appendWeekly`.
  package func zeroWeeks(separator: [UInt8]) -> [UInt8] {
    Array(repeatElement(separator + [UInt8(ascii: "0")], count: weekCount).joined())
  }

  /// How `--sort` orders the table.
  public enum Order: String, CaseIterable, Sendable {
    case commits, name, active, first, last, lines, insertions, deletions
  }

  /// Sorts rows: most commits, names A–Z, most active days, earliest first commit, latest last
  /// commit, most lines changed, added or removed; ties by commits, then name and email.
  /// The rows are taken (`consuming`) and sorted in place: a table of 200,000 people handed
  /// over is not held twice.
  public static func sorted(_ rows: consuming [AuthorSummary], by order: Order)
    -> [AuthorSummary]
  {
    rows.sort { a, b in
      switch order {
      case .name:
        let (x, y) = (a.author.name.lowercased(), b.author.name.lowercased())
        if x != y { return x < y }
      case .active:
        if a.activeDays != b.activeDays { return a.activeDays > b.activeDays }
      case .first:
        if a.firstDay != b.firstDay {
          return (a.firstDay?.number ?? .max) < (b.firstDay?.number ?? .max)
        }
      case .last:
        if a.lastDay != b.lastDay {
          return (a.lastDay?.number ?? .min) > (b.lastDay?.number ?? .min)
        }
      case .lines, .insertions, .deletions:
        let (x, y) = (Self.lines(a, order), Self.lines(b, order))
        if x != y { return x > y }
      case .commits:
        break
      }
      if a.commits != b.commits { return a.commits > b.commits }
      return a.author < b.author
    }
    return rows
  }

  /// The lines of a row that `order` sorts by.
  private static func lines(_ row: AuthorSummary, _ order: Order) -> Int {
    switch order {
    case .insertions: return row.lines?.insertions ?? 0
    case .deletions: return row.lines?.deletions ?? 0
    default: return row.lines?.lines ?? 0
    }
  }

  /// The weekly counts as a one-line chart: `▁▂▃▄▅▆▇█` scaled to the busiest week (as Code
  /// frequency scales, to four times the 75th percentile of active weeks when the busiest is
  /// beyond it, so that one import does not flatten the year), a space for a week without
  /// commits; ` .:-=+*#` in ASCII.
  package func sparkline(ascii: Bool) -> String {
    let bars: [Character] =
      ascii ? [".", ":", "-", "=", "+", "*", "#", "@"] : ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let highest = CodeFrequency.cap(weekly)
    return String(
      weekly.map { count -> Character in
        guard count > 0, highest > 0 else { return " " }
        return bars[min(bars.count - 1, (count * bars.count - 1) / highest)]
      })
  }
}
