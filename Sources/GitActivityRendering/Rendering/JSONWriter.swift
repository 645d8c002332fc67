/// `--format json`: one object whose keys come in a fixed order, so outputs diff cleanly.
public struct JSONWriter: Sendable {
  /// With `--by-author`: how many of the first authors carry their own `days`.
  var authorDays: Int

  /// A JSON writer; with `authorDays` above 0, the days of that many top authors too.
  public init(authorDays: Int = 0) {
    self.authorDays = authorDays
  }

  /// The report as text in this writer's format.
  public func render(_ report: ActivityReport) -> String {
    let stats = report.statistics
    var out = "{\n"
    if report.isCountsOnly {
      // Dates and counts: no repository, no time zone's name, no people.
      out += Self.window(report)
    } else {
      out +=
        "  \"repository\": \(TextEscaping.json(RepositoryName.withoutCredentials(report.repositories.first ?? ""))),\n"
      out += Self.repositoriesAndWindow(report)
      out += "  \"timezone\": \(TextEscaping.json(report.zone.description)),\n"
    }
    let activity = report.activity
    let withLines = activity.measure != .commits && !activity.insertions.isEmpty
    if withLines {
      let lines = activity.lineTotals ?? (0, 0)
      out += "  \"measure\": \"\(activity.measure.rawValue)\",\n"
      out += "  \"commits\": \(activity.commitTotal),\n"
      out += "  \"insertions\": \(lines.insertions),\n"
      out += "  \"deletions\": \(lines.deletions),\n"
    }
    out += "  \"total\": \(stats.total),\n"
    if let assisted = activity.assistedTotal {
      out += "  \"assisted\": \(assisted),\n"
    }
    if report.options.bots == .exclude {
      out += "  \"botsLeftOut\": \(activity.botsLeftOut),\n"
    }
    out += "  \"activeDays\": \(stats.activeDays),\n"
    out +=
      "  \"busiestDay\": "
      + (stats.busiestDay.map { "{\"date\": \"\($0.day.iso)\", \"count\": \($0.count)}" } ?? "null")
      + ",\n"
    out +=
      "  \"streaks\": {\"rule\": \"\(report.streakRule.kind.rawValue)\", \"allowance\": \(report.streakRule.allowance), \"longest\": \(streak(stats.longestStreak)), \"current\": \(streak(stats.currentStreak))},\n"
    out += "  \"days\": [\n"
    out += days(
      report.activity.counts, in: report.activity.days, indent: "    ",
      lines: withLines ? activity : nil,
      assisted: activity.tellsAssisted ? activity.assistedCounts : nil)
    if report.isCountsOnly { return out + "  ]\n}\n" }
    out += "  ],\n"
    out += "  \"authors\": [\n"
    out += report.activity.authors.enumerated().map { index, author in
      var entry =
        "    {\"name\": \(TextEscaping.json(author.author.name)), \"email\": \(TextEscaping.json(author.author.email)), \"commits\": \(author.commits)"
      if withLines, let lines = author.lines {
        entry +=
          ", \"count\": \(author.total), \"insertions\": \(lines.insertions), \"deletions\": \(lines.deletions)"
      }
      entry += ", \"kind\": \"\(AuthorTableWriter.kindName(author.kind))\""
      if let assisted = author.assisted { entry += ", \"assisted\": \(assisted)" }
      if index < authorDays {
        entry +=
          ", \"days\": [\n" + days(author.counts, in: report.activity.days, indent: "      ")
          + "    ]"
      }
      return entry + "}"
    }.joined(separator: ",\n")
    out += report.activity.authors.isEmpty ? "" : "\n"
    out += "  ]\n}\n"
    return out
  }

  /// The `repositories` and `window` members, shared with the author table's JSON.
  static func repositoriesAndWindow(_ report: ActivityReport) -> String {
    let paths = report.repositories.map {
      TextEscaping.json(RepositoryName.withoutCredentials($0))
    }.joined(separator: ", ")
    return "  \"repositories\": [\(paths)],\n" + window(report)
  }

  /// The `window` member.
  static func window(_ report: ActivityReport) -> String {
    let window = report.window
    return
      "  \"window\": {\"since\": \"\(window.days.first.iso)\", \"until\": \"\(window.days.last.iso)\", \"weekStart\": \"\(window.weekStart.name.lowercased())\"},\n"
  }

  func streak(_ streak: Streak?) -> String {
    guard let streak else { return "null" }
    return
      "{\"start\": \"\(streak.start.iso)\", \"end\": \"\(streak.end.iso)\", \"days\": \(streak.days), \"length\": \(streak.length), \"unit\": \"\(streak.unit)\"}"
  }

  /// A `days` array: each day's count, and with `lines` (the report's own days under a
  /// measure of lines) its commits, insertions and deletions.
  func days(
    _ counts: [Int], in range: DayRange, indent: String, lines activity: DailyActivity? = nil,
    assisted: [Int]? = nil
  ) -> String {
    var entries: [String] = []
    entries.reserveCapacity(counts.count)
    for (index, (day, count)) in zip(range, counts).enumerated() {
      var entry = "\(indent){\"date\": \"\(day.iso)\", \"count\": \(count)"
      if let activity {
        entry +=
          ", \"commits\": \(activity.commitCounts[index]), \"insertions\": \(activity.insertions[index]), \"deletions\": \(activity.deletions[index])"
      }
      if let assisted { entry += ", \"assisted\": \(assisted[index])" }
      entries.append(entry + "}")
    }
    return entries.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n")
  }
}
