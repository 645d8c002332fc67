import Foundation

/// The year in review's words: what the card says, in the order it says it, for its alt text,
/// the terminal and its figures.
extension ReportText {
  /// The card's repositories by the names the graph shows them by.
  static func reviewRepositories(_ card: ReviewCard) -> [(name: String, commits: Int)] {
    card.repositories.map { (shownName($0.name), $0.commits) }
  }

  /// `2026 in review`, or the window's phrase for another window.
  static func reviewTitle(_ report: ActivityReport) -> String {
    let days = report.window.days
    if days.first.month == 1 && days.first.dayOfMonth == 1 && days.last.month == 12
      && days.last.dayOfMonth == 31 && days.first.year == days.last.year
    {
      return "\(days.first.year) in review"
    }
    return "In review: "
      + phrase(report.window).replacingOccurrences(of: "in ", with: "", options: .anchored)
  }

  /// The card's figures as labelled items: (label, value).
  static func reviewFigures(_ card: ReviewCard) -> [(label: String, value: String)] {
    let report = card.report
    let stats = report.statistics
    let activity = report.activity
    var figures: [(String, String)] = [("Commits", Wording.grouped(activity.commitTotal))]
    if let lines = activity.lineTotals {
      figures.append(
        ("Lines", "+\(compact(lines.insertions)) \u{2212}\(compact(lines.deletions))"))
    }
    figures.append(("Active days", Wording.grouped(stats.activeDays)))
    figures.append(
      ("Longest streak", streakLength(stats.longestStreak?.length ?? 0, report.streakRule)))
    if report.window.days.contains(report.today) {
      figures.append(
        ("Current streak", streakLength(stats.currentStreak?.length ?? 0, report.streakRule)))
    }
    return figures
  }

  /// `Busiest day: Tue 3 March (12 commits)`, week and month alike, and the hour; the year
  /// only when the window spans more than one.
  static func reviewBusiest(_ card: ReviewCard) -> [String] {
    let measure = card.report.activity.measure
    let days = card.report.window.days
    func short(_ day: Day) -> String {
      let weekday = Weekday(rawValue: day.weekday)?.shortName ?? ""
      let month = HeatmapGrid.fullMonthNames[day.month - 1]
      return "\(weekday) \(day.dayOfMonth) \(month)"
        + (days.first.year == days.last.year ? "" : " \(day.year)")
    }
    var items: [String] = []
    if let day = card.report.statistics.busiestDay {
      items.append("Busiest day: \(short(day.day)) (\(amount(day.count, measure)))")
    }
    if let week = card.busiestWeek {
      items.append("Busiest week: from \(short(week.day)) (\(amount(week.count, measure)))")
    }
    if let month = card.busiestMonth {
      items.append(
        "Busiest month: \(HeatmapGrid.fullMonthNames[month.day.month - 1]) \(month.day.year) (\(amount(month.count, measure)))"
      )
    }
    if let hour = card.busiestHour {
      func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
      items.append(
        "Most work: \(hour.weekday.name)s \(two(hour.hour)):00\u{2013}\(two((hour.hour + 1) % 24)):00 (\(Wording.count(hour.count, "commit")))"
      )
    }
    return items
  }

  /// What else the card says: AI-assisted work, bots left out, the change from the year
  /// before.
  static func reviewNotes(_ card: ReviewCard) -> [String] {
    let activity = card.report.activity
    var notes: [String] = []
    if let assisted = activity.assistedCommitTotal, assisted > 0, activity.commitTotal > 0 {
      notes.append(
        "\(percent(Double(assisted) * 100 / Double(activity.commitTotal))) of commits AI-assisted")
    }
    if activity.botsLeftOut > 0 {
      notes.append("\(Wording.count(activity.botsLeftOut, "commit")) by bots left out")
    }
    if let previous = card.previous {
      let now = activity.commitTotal
      if previous.commits > 0 {
        let change = Double(now - previous.commits) * 100 / Double(previous.commits)
        notes.append(
          "\(change >= 0 ? "+" : "\u{2212}")\(percent(abs(change))) commits on the year before (\(Wording.grouped(previous.commits)))"
        )
      } else {
        notes.append("no commits the year before")
      }
    }
    return notes
  }

  /// The whole card in sentences, for screen readers and `--format summary`.
  public static func reviewDescription(_ card: ReviewCard) -> String {
    var parts = [
      reviewTitle(card.report)
        + (card.report.isCountsOnly ? "" : " of " + heading(for: card.report, title: nil)) + "."
    ]
    parts += reviewFigures(card).map { "\($0.label): \($0.value)." }
    parts += reviewBusiest(card).map { $0 + "." }
    if !card.languages.isEmpty {
      let total = max(1, card.languages.map(\.lines).saturatingSum)
      parts.append(
        "Languages by lines changed: "
          + card.languages.prefix(5).map {
            "\($0.language.name) \(percent(Double($0.lines) * 100 / Double(total)))"
          }.joined(separator: ", ") + ".")
    }
    if !card.repositories.isEmpty {
      parts.append(
        "Repositories: "
          + card.repositories.map {
            "\(shownName($0.name)) (\(Wording.count($0.commits, "commit")))"
          }
          .joined(separator: ", ") + ".")
    }
    if !card.people.isEmpty {
      parts.append(
        "People: "
          + card.people.map { "\($0.name) (\(Wording.count($0.commits, "commit")))" }
          .joined(separator: ", ") + ".")
    }
    parts += reviewNotes(card).map { capitalized($0) + "." }
    return parts.joined(separator: " ")
  }
}

extension SVGRenderer {
  /// The year-in-review card as an SVG document, 840 pixels wide: the title, the figures in a
  /// row, the year's graph small beside a small punch card, the busiest day, week, month and
  /// hour, languages by lines, repositories and people, and what else the year said. Names
  /// and figures are cut to their room (the whole of each is in the description).
  public func render(_ card: ReviewCard) -> String {
    let report = card.report
    let light = options.palette(dark: options.theme == .githubDark)
    let dark = options.palette(dark: true)
    let (width, pad) = (Self.reviewWidth, Self.reviewPad)
    var body: [String] = []
    let title = ReportText.reviewTitle(report)
    body.append(
      Self.text(
        title, x: pad, y: pad + 18, size: 20, bold: true, className: "heading",
        room: width - 2 * pad))
    body.append(
      Self.text(
        ReportText.heading(for: report, title: options.title), x: pad, y: pad + 38, size: 13,
        room: width - 2 * pad))
    // The figures, in a row.
    let figures = ReportText.reviewFigures(card)
    let column = (width - 2 * pad) / Double(max(figures.count, 1))
    for (index, figure) in figures.enumerated() {
      let x = pad + Double(index) * column
      body.append(Self.text(figure.label, x: x, y: pad + 70, size: 11, room: column - 8))
      body.append(
        Self.text(
          figure.value, x: x, y: pad + 96, size: 22, bold: true, className: "figure",
          room: column - 8))
    }
    let top = pad + 118
    body += Self.reviewGraphs(card, top: top)
    // The busiest day, week, month and hour; languages; repositories and people.
    var y = top + 7 * Self.reviewPitch + 34
    let (lists, listY) = Self.reviewLists(card, top: y)
    body += lists
    y += 20 + 4 * 18 + 16
    let notes = ReportText.reviewNotes(card)
    if !notes.isEmpty {
      body.append(
        Self.text(notes.joined(separator: " · "), x: pad, y: y, size: 11, room: width - 2 * pad))
      y += 18
    }
    let height = (max(y, listY) + pad).rounded(.up)
    var css = SVGRenderer(options: options).style(light: light, dark: dark)
    css += ".figure { fill: \(light.isDark ? "#e6edf3" : "#1f2328"); }\n"
    css += "rect.bar { fill: \(light.levels[3].hex); }\n"
    if options.theme == .auto {
      css += "@media (prefers-color-scheme: dark) { .figure { fill: #e6edf3; } }\n"
    }
    return Self.frame(
      width: width, height: height, fontSize: 12, id: "review", title: title,
      description: ReportText.reviewDescription(card), css: css, defs: "",
      background: options.isTransparent ? nil : light.background, body: body)
  }

  private static let reviewWidth = 840.0
  private static let reviewPad = 24.0
  /// The distance from one cell of the card's small graph to the next.
  private static let reviewPitch = 10.0

  /// A `<text>` element, its value cut to `room` pixels when given.
  private static func text(
    _ value: String, x: Double, y: Double, size: Double = 12, bold: Bool = false,
    className: String = "label", room: Double? = nil, anchor: String? = nil
  ) -> String {
    let shown =
      room.map { FontMetrics.truncate(value, toWidth: $0, size: size, bold: bold) } ?? value
    return
      #"<text class="\#(className)" x="\#(n(x))" y="\#(n(y))" font-size="\#(n(size))"\#(bold ? #" font-weight="600""# : "")\#(anchor.map { #" text-anchor="\#($0)""# } ?? "")>\#(TextEscaping.xml(shown))</text>"#
  }

  /// The year's graph, small, from `top`, and the punch card beside it.
  private static func reviewGraphs(_ card: ReviewCard, top: Double) -> [String] {
    let report = card.report
    let (width, pad, pitch) = (reviewWidth, reviewPad, reviewPitch)
    let grid = HeatmapGrid(
      activity: report.activity, weekStart: report.window.weekStart, scale: .quantile)
    let cell = 8.0
    var body: [String] = []
    for index in grid.counts.indices {
      let (col, row) = grid.position(of: index)
      let level = grid.levels[index]
      let tone = level > 0 ? (grid.isRemoval(index) ? "r" : "l") + String(level) : "l0"
      body.append(
        #"<rect class="\#(tone)" x="\#(n(pad + Double(col) * pitch))" y="\#(n(top + Double(row) * pitch))" width="\#(n(cell))" height="\#(n(cell))" rx="1.5"/>"#
      )
    }
    let graphRight = pad + Double(grid.columnCount) * pitch
    if let punchcard = card.punchcard {
      let left = max(graphRight + 24, width - pad - 24 * 7.5)
      let small = 6.0
      for row in 0..<7 {
        for hour in 0..<24 {
          let level = punchcard.levels[row][hour]
          body.append(
            #"<rect class="l\#(level)" x="\#(n(left + Double(hour) * 7.5))" y="\#(n(top + 4 + Double(row) * 9))" width="\#(n(small))" height="\#(n(small))" rx="1"/>"#
          )
        }
      }
      body.append(text("weekday by hour", x: left, y: top + 80, size: 10))
    }
    return body
  }

  /// The busiest day, week, month and hour, languages by lines, then repositories and people,
  /// in three columns from `top`; and where the last column ends.
  private static func reviewLists(_ card: ReviewCard, top y: Double) -> (
    body: [String], end: Double
  ) {
    let (width, pad) = (reviewWidth, reviewPad)
    let third = (width - 2 * pad) / 3
    var body = [text("Busiest", x: pad, y: y, size: 12, bold: true, className: "heading")]
    for (index, line) in ReportText.reviewBusiest(card).enumerated() {
      body.append(text(line, x: pad, y: y + 20 + Double(index) * 18, size: 11, room: third - 12))
    }
    if !card.languages.isEmpty {
      let x = pad + third
      body.append(
        text("Languages by lines changed", x: x, y: y, size: 12, bold: true, className: "heading"))
      let total = max(1, card.languages.map(\.lines).saturatingSum)
      for (index, row) in card.languages.prefix(5).enumerated() {
        let share = Double(row.lines) / Double(total)
        let rowY = y + 20 + Double(index) * 18
        body.append(text(row.language.name, x: x, y: rowY, size: 11, room: 96))
        body.append(
          #"<rect class="bar" x="\#(n(x + 100))" y="\#(n(rowY - 8))" width="\#(n(max(1, share * (third - 160))))" height="8" rx="2"\#(row.language.color.map { #" style="fill:\#($0)""# } ?? "")/>"#
        )
        body.append(
          text(ReportText.percent(share * 100), x: x + third - 16, y: rowY, size: 11, anchor: "end")
        )
      }
    }
    let x = pad + 2 * third
    var listY = y
    for (heading, rows) in [
      ("Repositories", ReportText.reviewRepositories(card)), ("People", card.people),
    ]
    where !rows.isEmpty {
      body.append(text(heading, x: x, y: listY, size: 12, bold: true, className: "heading"))
      for (index, row) in rows.prefix(3).enumerated() {
        let rowY = listY + 20 + Double(index) * 18
        body.append(text(row.name, x: x, y: rowY, size: 11, room: third - 70))
        body.append(
          text(Wording.grouped(row.commits), x: width - pad, y: rowY, size: 11, anchor: "end"))
      }
      listY += 20 + Double(min(rows.count, 3)) * 18 + 14
    }
    return (body, listY)
  }
}

extension TerminalRenderer {
  /// `text` cut or padded with spaces to `width` characters (as `padding(toLength:)` does,
  /// without bridging to `NSString`).
  static func padded(_ text: String, to width: Int) -> String {
    let count = text.count
    return count >= width
      ? String(text.prefix(width)) : text + String(repeating: " ", count: width - count)
  }

  /// The year in review for the terminal: the title, the figures, the graph, and each list.
  public func render(_ card: ReviewCard) -> String {
    let width = max(options.width, 1)
    let ellipsis = options.isASCII ? "." : "…"
    var lines = [
      bold(
        TextWidth.truncate(
          ReportText.reviewTitle(card.report) + " · "
            + ReportText.heading(for: card.report, title: nil),
          to: width, ellipsis: ellipsis))
    ]
    lines += TextWidth.wrap(
      ReportText.reviewFigures(card).map { "\($0.label.lowercased()) \($0.value)" },
      separator: options.isASCII ? " - " : " · ", width: width, ellipsis: ellipsis)
    if width >= Self.minimumGraphWidth {
      let grid = HeatmapGrid(
        activity: card.report.activity, weekStart: card.report.window.weekStart, scale: .quantile)
      lines += draw(fit(grid, width: width), today: card.report.today)
    }
    lines += ReportText.reviewBusiest(card).map {
      TextWidth.truncate($0, to: width, ellipsis: ellipsis)
    }
    if !card.languages.isEmpty {
      let total = max(1, card.languages.map(\.lines).saturatingSum)
      lines.append(bold("Languages by lines changed"))
      for row in card.languages.prefix(5) {
        let share = Double(row.lines) / Double(total)
        let bar = String(repeating: options.isASCII ? "#" : "█", count: max(1, Int(share * 20)))
        lines.append(
          TextWidth.truncate(
            "  \(Self.padded(TextEscaping.terminal(row.language.name), to: 14)) \(paint(bar, level: 3)) \(ReportText.percent(share * 100))",
            to: width, ellipsis: ellipsis))
      }
    }
    for (heading, rows) in [
      ("Repositories", ReportText.reviewRepositories(card)), ("People", card.people),
    ]
    where !rows.isEmpty {
      lines.append(bold(heading))
      for row in rows.prefix(3) {
        lines.append(
          TextWidth.truncate(
            "  \(TextEscaping.terminal(row.name)) (\(Wording.count(row.commits, "commit")))",
            to: width, ellipsis: ellipsis))
      }
    }
    lines += TextWidth.wrap(
      ReportText.reviewNotes(card), separator: options.isASCII ? " - " : " · ", width: width,
      ellipsis: ellipsis)
    return lines.joined(separator: "\n") + "\n"
  }
}
