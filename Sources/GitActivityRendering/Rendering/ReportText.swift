import Foundation

/// The words every renderer says about a report, in one place: the terminal, the SVG, the
/// calendar, the summary and the alt text say the same things the same way.
public enum ReportText {
  /// `45.2%`, `17.0%`, `0.4%`: one precision for every share.
  static func percent(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// `Monday, 3 March 2025`, the seed's way of saying a day, and every output's.
  package static func date(_ day: Day) -> String {
    let (year, month, dayOfMonth) = day.components
    let weekday = Weekday(rawValue: day.weekday)?.name ?? ""
    return "\(weekday), \(dayOfMonth) \(HeatmapGrid.fullMonthNames[month - 1]) \(year)"
  }

  /// `Monday, 3 March 2025: 2 commits`, what a day's cell or tile says; with lines counted,
  /// `Monday, 15 June 2026: 4 commits, +120 −30`.
  public static func dayTotal(_ day: Day, count: Int) -> String {
    "\(date(day)): \(Wording.count(count, "commit"))"
  }

  /// What day `index` of `activity` says: its commits, and its lines when they were counted.
  static func dayTotal(_ activity: DailyActivity, at index: Int, isASCII: Bool = false)
    -> String
  {
    let day = activity.days.first.advanced(by: index)
    // An empty day says so as GitHub says it.
    guard activity.commitCounts[index] > 0 else { return "\(date(day)): No contributions" }
    var text = dayTotal(day, count: activity.commitCounts[index])
    if index < activity.insertions.count {
      text +=
        ", "
        + plusMinus(activity.insertions[index], activity.deletions[index], isASCII: isASCII)
    }
    if index < activity.assistedCommits.count, activity.assistedCommits[index] > 0 {
      text += ", \(Wording.grouped(activity.assistedCommits[index])) AI-assisted"
    }
    return text
  }

  /// `+120 −30`, lines added and removed as GitHub shows them (`+120 -30` in ASCII).
  static func plusMinus(_ insertions: Int, _ deletions: Int, isASCII: Bool = false)
    -> String
  {
    "+\(Wording.grouped(insertions)) \(isASCII ? "-" : "\u{2212}")\(Wording.grouped(deletions))"
  }

  /// A number of the measure in words: `4 commits`, `150 lines`, `120 lines added`,
  /// `30 lines removed`.
  static func amount(_ value: Int, _ measure: Measure) -> String {
    Wording.grouped(value) + " " + unit(of: measure, plural: value != 1)
  }

  /// What `measure` counts: `commits`, `lines`, `lines added`, `lines removed` (singular: `commit`, `line`, …).
  static func unit(of measure: Measure, plural: Bool = true) -> String {
    let s = plural ? "s" : ""
    switch measure {
    case .commits: return "commit" + s
    case .lines: return "line" + s
    case .insertions: return "line\(s) added"
    case .deletions: return "line\(s) removed"
    }
  }

  /// The window's totals: `2,778 commits`, or with lines counted `12,345 lines added and 6,789
  /// removed in 2,778 commits`.
  static func totals(_ activity: DailyActivity) -> String {
    let commits = Wording.count(activity.commitTotal, "commit")
    guard let lines = activity.lineTotals else { return commits }
    return
      "\(Wording.count(lines.insertions, "line")) added and \(Wording.grouped(lines.deletions)) removed in \(commits)"
  }

  /// How every output names a window: `in the last year`, `in 2024`, `in July 2026` (a whole
  /// month), `between 1 and 15 March 2024`, `between 30 November 2025 and 31 August 2026`:
  /// dates as every sentence says them, day, month and year.
  public static func phrase(_ window: Window) -> String {
    let (first, last) = (window.days.first, window.days.last)
    if window.firstMoment != nil || window.lastMoment != nil {
      // A window asked for as moments says them to the minute: `since 18 November 02:55`.
      let start =
        window.firstMoment.map { moment($0, window, year: last.year) } ?? longDate(first)
      guard let end = window.lastMoment.map({ moment($0, window, year: last.year) }) else {
        return window.kind == .between && window.firstMoment != nil
          ? "since \(start)" : "between \(start) and \(longDate(last))"
      }
      return "between \(start) and \(end)"
    }
    switch window.kind {
    case .lastWeeks(WindowRequest.defaultWeeks): return "in the last year"
    case .lastWeeks(let weeks):
      return weeks == 1 ? "in the last week" : "in the last \(weeks) weeks"
    case .year(let year): return "in \(year)"
    case .lastMonths(let months): return months == 1 ? "this month" : "in the last \(months) months"
    case .weeksEnding, .between:
      if first.dayOfMonth == 1 && last.advanced(by: 1).dayOfMonth == 1 {
        if first.year == last.year && first.month == 1 && last.month == 12 {
          return "in \(first.year)"
        }
        if first.year == last.year && first.month == last.month {
          return "in \(HeatmapGrid.fullMonthNames[first.month - 1]) \(first.year)"
        }
      }
      return "between " + range(first, last, joinedBy: " and ")
    }
  }

  /// `15 June 2026`: a day as sentences say it (with its weekday, `date`).
  static func longDate(_ day: Day) -> String {
    "\(day.dayOfMonth) \(HeatmapGrid.fullMonthNames[day.month - 1]) \(day.year)"
  }

  /// `1 and 15 March 2024`, `1 February and 31 March 2024`, `30 November 2025 and 31 August
  /// 2026`: two days, what they share said once.
  static func range(_ first: Day, _ last: Day, joinedBy joiner: String) -> String {
    let months = HeatmapGrid.fullMonthNames
    if first.year == last.year && first.month == last.month {
      return "\(first.dayOfMonth)\(joiner)\(longDate(last))"
    }
    if first.year == last.year {
      return "\(first.dayOfMonth) \(months[first.month - 1])\(joiner)\(longDate(last))"
    }
    return longDate(first) + joiner + longDate(last)
  }

  /// `busiest day Tuesday, 19 May 2026 (54 commits)`: how every output names the busiest day,
  /// in the measure's words.
  static func busiestDay(_ busiest: DayCount, measure: Measure = .commits) -> String {
    "busiest day \(date(busiest.day)) (\(amount(busiest.count, measure)))"
  }

  /// The sentences every long form says after the total: the longest streak with its days, the
  /// current one (only for a window that reaches today), the busiest day.
  static func factSentences(_ report: ActivityReport) -> [String] {
    let stats = report.statistics
    var sentences: [String] = []
    let rule = report.streakRule
    if let longest = stats.longestStreak {
      sentences.append(
        "Longest streak \(streakLength(longest.length, rule)), from \(date(longest.start)) to \(date(longest.end))."
      )
    }
    if report.window.days.contains(report.today) {
      sentences.append("Current streak \(streakLength(stats.currentStreak?.length ?? 0, rule)).")
    }
    if let busiest = stats.busiestDay {
      sentences.append(capitalized(busiestDay(busiest, measure: report.activity.measure)) + ".")
    }
    return sentences
  }

  /// `12 days`, or under another rule than GitHub's, which: `12 days (weekdays)`, `5 weeks`,
  /// `30 days (2 days off allowed)`.
  static func streakLength(_ length: Int, _ rule: StreakRule) -> String {
    var text = Wording.count(length, rule.unit)
    var notes: [String] = []
    if rule.kind == .weekdays { notes.append("weekdays") }
    if rule.allowance > 0 {
      notes.append("\(Wording.count(rule.allowance, rule.unit)) off allowed")
    }
    if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
    return text
  }

  /// `text` with its first letter a capital.
  public static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }

  /// `busiest hour Tuesdays 10:00–11:00 (312 commits)`, or `no commits`: a punch card's
  /// summary, with the dash every time range has (`-` with `--ascii`).
  public static func punchcardSummary(_ card: Punchcard, isASCII: Bool = false) -> String {
    guard let busiest = card.busiest else { return "no commits" }
    let hour = busiest.hour
    func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
    let dash = isASCII ? "-" : "\u{2013}"
    return
      "busiest hour \(card.weekday(ofRow: busiest.row).name)s \(two(hour)):00\(dash)\(two((hour + 1) % 24)):00 (\(Wording.count(busiest.count, "commit")))"
  }

  /// `42 commits in the last year`, and `by …` when the report is filtered to some authors.
  static func headline(_ report: ActivityReport) -> String {
    var text = "\(totals(report.activity)) \(phrase(report.window))"
    if let subject = report.subject { text += " by " + TextEscaping.terminal(subject) }
    if let limit = report.limit.map(limitPhrase) { text += ", " + limit }
    return text
  }

  /// The statistics line's items: active days, streaks, the busiest day.
  static func statisticsItems(_ report: ActivityReport) -> [String] {
    let stats = report.statistics
    var items = [Wording.count(stats.activeDays, "active day")]
    let rule = report.streakRule
    items.append("longest streak " + streakLength(stats.longestStreak?.length ?? 0, rule))
    // A current streak only means something for a window that reaches today.
    if report.window.days.contains(report.today) {
      items.append("current streak " + streakLength(stats.currentStreak?.length ?? 0, rule))
    }
    if let busiest = stats.busiestDay {
      items.append(busiestDay(busiest, measure: report.activity.measure))
    }
    return items
  }

  /// What a report says of bots and AI-assisted work: `of which AI-assisted: 312 commits,
  /// 14.0%` (in the measure's words), `left out: 40 commits by bots`; each only when there is
  /// something to say.
  static func automationItems(_ report: ActivityReport) -> [String] {
    let activity = report.activity
    var items: [String] = []
    if let assisted = activity.assistedTotal, assisted > 0 {
      let total = activity.total
      let share = total > 0 ? percent(100 * Double(assisted) / Double(total)) : percent(0)
      items.append("of which AI-assisted: \(amount(assisted, activity.measure)), \(share)")
    }
    if activity.botsLeftOut > 0 {
      items.append("left out: \(Wording.count(activity.botsLeftOut, "commit")) by bots")
    }
    return items
  }

  /// What `automationItems` says, as sentences for descriptions and alt text: `3 of them
  /// (50.0%) AI-assisted.`, `2 commits by bots left out.`
  /// An image's description leaves out the bots left out (`includesBots` false): a graph kept
  /// fresh by a bot would change with each of the bot's own commits.
  static func automationSentences(_ report: ActivityReport, includesBots: Bool = true) -> [String] {
    let activity = report.activity
    var sentences: [String] = []
    if let assisted = activity.assistedTotal, assisted > 0 {
      let total = activity.total
      let share = total > 0 ? percent(100 * Double(assisted) / Double(total)) : percent(0)
      sentences.append("AI-assisted: \(amount(assisted, activity.measure)) (\(share)).")
    }
    if includesBots && activity.botsLeftOut > 0 {
      sentences.append("Left out: \(Wording.count(activity.botsLeftOut, "commit")) by bots.")
    }
    return sentences
  }

  /// How headings name a repository: a path from the root by its last folder; a name relative
  /// to here or a scan root whole, as it tells repositories of the same last name apart.
  public static func shownName(_ repository: String) -> String {
    guard repository.hasPrefix("/") else { return RepositoryName.withoutCredentials(repository) }
    // A bare clone's folder (`git.git`) by the name people give the project.
    let folder = URL(fileURLWithPath: repository).lastPathComponent
    return folder.hasSuffix(".git") && folder.count > 4 ? String(folder.dropLast(4)) : folder
  }

  /// An image's heading: `title` when given, else the repositories' names, and whose commits.
  public static func heading(for report: ActivityReport, title: String?) -> String {
    if let title { return title }
    if report.isCountsOnly { return "Contributions " + phrase(report.window) }
    let names = report.repositories.map(shownName)
    var text = names.joined(separator: ", ")
    // Whose, in the measure's words: `commits by Ada`, `lines added by Ada`.
    if let subject = report.subject {
      text += " · \(unit(of: report.activity.measure)) by " + subject
    }
    if let limit = report.limit.map(limitPhrase) { text += " · " + limit }
    return text
  }

  /// The whole summary in sentences, for an image's `<desc>` and its alt text.
  public static func description(for report: ActivityReport) -> String {
    let stats = report.statistics
    return
      ([
        "\(totals(report.activity)) \(phrase(report.window)) on \(Wording.count(stats.activeDays, "active day"))."
      ] + automationSentences(report, includesBots: false) + factSentences(report)).joined(
        separator: " ")
  }

  /// `3 repositories: 12 commits in api, 3 in web, 0 in cli` (as GitHub's profile breaks a total
  /// down), or the names alone when the totals are not known; each name once, as given.
  static func repositoryItems(_ report: ActivityReport) -> [String] {
    let names = report.repositories.map(TextEscaping.terminal)
    var items = ["\(report.repositories.count) repositories:"]
    guard report.repositoryTotals.count == names.count else { return items + names }
    for (index, (name, total)) in zip(names, report.repositoryTotals).enumerated() {
      let count = index == 0 ? Wording.count(total, "commit") : Wording.grouped(total)
      items.append("\(count) in \(name)" + (index < names.count - 1 ? "," : ""))
    }
    return items
  }

  /// What a heading says of a limited count: `of the newest 10 (-n 10)`.
  static func limitPhrase(_ limit: CommitLimit) -> String {
    var parts: [String] = []
    if let count = limit.effectiveMaxCount { parts.append("-n \(count)") }
    if limit.skip > 0 { parts.append("--skip \(limit.skip)") }
    let newest = limit.effectiveMaxCount.map { "the newest \(Wording.grouped($0))" } ?? "all"
    let after = limit.skip > 0 ? " after the newest \(Wording.grouped(limit.skip))" : ""
    return "of \(newest)\(after) (\(parts.joined(separator: " ")))"
  }

  /// `18 November 02:55` (with its year when it is not `year`): a moment on the window's clock.
  static func moment(_ seconds: Int64, _ window: Window, year: Int) -> String {
    let local = seconds + Int64(window.momentOffsetSeconds)
    let day = Day(epochSeconds: local, offsetSeconds: 0)
    let minutes = Int((local - Int64(day.number) * 86_400) / 60)
    let time = String(format: "%02d:%02d", minutes / 60, minutes % 60)
    let named = "\(day.dayOfMonth) \(HeatmapGrid.fullMonthNames[day.month - 1])"
    return (day.year == year ? named : named + " \(day.year)") + " " + time
  }
}
