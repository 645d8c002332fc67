import Foundation
import GitActivity

/// Output: the report as the chosen format, with the renderer that format needs and no other.
extension Run {
  /// The text for the chosen format and mode; only the writer that format needs is made.
  func output(_ report: ActivityReport) -> Output {
    let scale = invocation.appearance.scale
    var byAuthor: (top: Int, perAuthor: Bool)?
    switch invocation.output.mode {
    case .authorTable(let order, let top):
      return authorTable(report, order: order, top: top)
    case .byAuthor(let top, let perAuthor):
      byAuthor = (top, perAuthor)
    case .graph:
      break
    }
    // The calendar is a layout of the one graph; --by-author draws graphs of people instead.
    let isCalendar = invocation.output.layout == .calendar && byAuthor == nil
    // Emails stay out of images (for public READMEs) unless --emails; the terminal is private.
    let showsEmails = invocation.output.format != .svg || invocation.appearance.showsEmails
    func panels() -> [HeatmapPanel] {
      byAuthor.map {
        HeatmapPanel.byAuthor(
          report, top: $0.top, scale: scale, perAuthor: $0.perAuthor, showsEmails: showsEmails)
      } ?? HeatmapPanel.panels(for: report, scale: scale)
    }
    func calendar(_ theme: SVGOptions.Theme) -> CalendarRenderer {
      CalendarRenderer(
        gradient: CalendarRenderer.gradient(stops: invocation.appearance.palette, theme: theme),
        scale: scale)
    }
    switch invocation.output.format {
    case .commits, .html:
      return Output(text: "")  // written before a report is made (`exportCommits`, `page`)
    case .days:
      return dayFileOutput(report)
    case .csv:
      if let byAuthor { return Output(text: CSVWriter().renderByAuthor(report, top: byAuthor.top)) }
      return Output(text: CSVWriter().render(report))
    case .json:
      return Output(text: JSONWriter(authorDays: byAuthor?.top ?? 0).render(report))
    case .summary:
      return Output(text: SummaryWriter(listsDays: isCalendar).render(report))
    case .terminal:
      let options = terminalOptions()
      if isCalendar {
        // The calendar follows the terminal's theme, as the graph does.
        let theme: SVGOptions.Theme = options.palette.isDark ? .githubDark : .github
        return Output(text: calendar(theme).terminal(report, options: options))
      }
      let extra = byAuthor.map {
        "; the top \(min($0.top, report.activity.authors.count)) of \(Wording.count(report.activity.authors.count, "author"))"
      }
      return Output(
        text: TerminalRenderer(options: options).render(report, panels: panels(), headline: extra))
    case .svg:
      let options = svgOptions()
      let (text, kind) =
        isCalendar
        ? (calendar(options.theme).svg(report, options: options), "Calendar")
        : byAuthor != nil
          ? (SVGRenderer(options: options).render(report, panels: panels()), "Contribution graphs")
          : (SVGRenderer(options: options).render(report, panels: panels()), "Contribution graph")
      let heading = ReportText.heading(for: report, title: options.title)
      return Output(
        text: text,
        alternativeText:
          report.isCountsOnly && options.title == nil
          ? "\(kind) \(ReportText.phrase(report.window)): \(ReportText.description(for: report))"
          : "\(kind) of \(heading)\(byAuthor != nil && !isCalendar ? " by author" : ""): \(ReportText.description(for: report))"
      )
    }
  }

  /// `--authors`: the table of people, in the terminal, CSV or JSON.
  private func authorTable(_ report: ActivityReport, order: AuthorSummary.Order, top: Int?)
    -> Output
  {
    // Sorted and cut in place: the rows of 200,000 people are held once, not three times.
    var rows = AuthorSummary.sorted(
      report.activity.authors.map {
        AuthorSummary($0, days: report.activity.days, weekStart: report.window.weekStart)
      }, by: order)
    if let top, top < rows.count { rows.removeSubrange(max(top, 0)...) }
    var writer = AuthorTableWriter(isASCII: invocation.appearance.isASCII, width: terminalWidth)
    // Headings are bold wherever the terminal has colour, as the graph's are.
    writer.isBold = terminalOptions().colorDepth != .none
    switch invocation.output.format {
    // Written a piece at a time: many people over many years make a table of gigabytes.
    case .csv:
      return Output(text: "") { write in writer.csv(rows) { write($0) } }
    case .json:
      return Output(text: "") { write in
        writer.json(rows, report: report) { write(Array($0.utf8)) }
      }
    case .terminal, .summary, .svg, .commits, .html, .days:
      return Output(text: writer.terminal(rows, report: report))
    }
  }

  /// The PNG of an SVG this run drew (`--format png`, `-o FILE.png`), at `scale`.
  static func png(from svg: String, scale: Double, libraryName: String?) throws(CommandError)
    -> [UInt8]
  {
    guard let root = svg.firstMatch(of: /<svg [^>]*? width="([0-9.]+)" height="([0-9.]+)"/),
      let width = Double(root.output.1), let height = Double(root.output.2)
    else {
      throw .usage("PNG output is for the graph, the calendar and the punch card")
    }
    do {
      return try PNGRasterizer.png(
        svg: svg, width: width, height: height, scale: scale, libraryName: libraryName)
    } catch {
      throw .failure(error.message)
    }
  }

  var terminalWidth: Int {
    Appearance.width(
      environment: context.environment, terminalColumns: context.terminalColumns,
      isTerminal: writesToTerminal)
  }

  func svgOptions() -> SVGOptions {
    var options = SVGOptions()
    options.theme = invocation.appearance.theme.flatMap(SVGOptions.Theme.init(rawValue:)) ?? .github
    options.tint = invocation.appearance.tint
    options.levelColors = invocation.appearance.palette
    options.cellSize = invocation.appearance.cellSize
    options.spacing = invocation.appearance.spacing
    options.radius = invocation.appearance.radius
    options.isTransparent = invocation.appearance.isTransparent
    options.isCompact = invocation.appearance.isCompact
    options.animates = invocation.appearance.animates
    options.title = invocation.appearance.title
    return options
  }

  func terminalOptions() -> TerminalOptions {
    let depth = Appearance.colorDepth(
      mode: invocation.appearance.colorMode, environment: context.environment,
      stdoutIsTerminal: writesToTerminal, gitColor: invocation.appearance.gitColor)
    // Only a graph in color on a terminal, with no theme chosen, needs to know the background.
    // Under git's pager the terminal is still there, behind /dev/tty.
    let writesFile = invocation.output.file.map { $0 != "-" } ?? false
    let underPager = context.environment["GIT_PAGER_IN_USE"].map { !$0.isEmpty } ?? false
    let asks =
      depth != .none && (writesToTerminal || (underPager && !writesFile))
      && invocation.appearance.theme != "github" && invocation.appearance.theme != "github-dark"
    let reported = asks ? context.terminalBackground() : nil
    var palette = Appearance.palette(
      theme: invocation.appearance.theme,
      isDarkByDefault: Appearance.terminalIsDark(
        environment: context.environment, reportedBackground: reported),
      tint: invocation.appearance.tint, colors: invocation.appearance.palette)
    // The background the terminal reported is the one the graph is drawn on: empty days and
    // the faintest level are fitted to it, not to GitHub's own.
    if let reported, palette.isDark == (reported.luminance < 0.18) {
      palette = palette.fitted(toBackground: reported)
    }
    return TerminalOptions(
      colorDepth: depth, palette: palette, isASCII: invocation.appearance.isASCII,
      width: terminalWidth)
  }

  /// Whether the text goes to a terminal: stdout is one and no `-o FILE` was given.
  var writesToTerminal: Bool {
    let writesFile = invocation.output.file.map { $0 != "-" } ?? false
    return context.stdoutIsTerminal && !writesFile
  }

  /// `--layout frequency` in the chosen format: a week a row in CSV and JSON.
  func frequencyOutput(_ chart: CodeFrequency, report: ActivityReport) -> Output {
    let description = ReportText.frequencyDescription(chart, report: report)
    switch invocation.output.format {
    case .csv:
      return Output(
        text: "week,insertions,deletions\n"
          + chart.weeks.map { "\($0.first.iso),\($0.insertions),\($0.deletions)\n" }.joined())
    case .json:
      let weeks = chart.weeks.map {
        #"    {"week": "\#($0.first.iso)", "insertions": \#($0.insertions), "deletions": \#($0.deletions)}"#
      }
      return Output(
        text: "{\n  \"cap\": \(chart.cap),\n  \"weeks\": [\n" + weeks.joined(separator: ",\n")
          + "\n  ]\n}\n")
    case .summary:
      return Output(text: description + "\n")
    case .terminal, .commits, .html, .days:
      return Output(
        text: TerminalRenderer(options: terminalOptions()).render(chart, report: report))
    case .svg:
      let options = svgOptions()
      let heading = ReportText.heading(for: report, title: options.title)
      return Output(
        text: SVGRenderer(options: options).render(chart, report: report),
        alternativeText: "Code frequency of \(heading): \(description)")
    }
  }

  /// `--layout punchcard` in the chosen format.
  func punchcardOutput(_ card: Punchcard, report: ActivityReport) -> Output {
    let clock =
      report.zone == .author ? "each author's own clock" : "the clock of \(report.zone.description)"
    let headline =
      "\(Wording.count(card.total, "commit")) \(ReportText.phrase(report.window)) by weekday and hour, on \(clock)"
    switch invocation.output.format {
    case .csv: return Output(text: PunchcardWriter().csv(card))
    case .json: return Output(text: PunchcardWriter().json(card, report: report))
    case .summary:
      return Output(
        text: headline + "\n" + ReportText.capitalized(ReportText.punchcardSummary(card)) + "\n")
    case .terminal, .commits, .html, .days:
      return Output(
        text: TerminalRenderer(options: terminalOptions()).render(card, headline: headline))
    case .svg:
      let options = svgOptions()
      let heading = ReportText.heading(for: report, title: options.title)
      let description =
        "\(headline). \(ReportText.capitalized(ReportText.punchcardSummary(card)))."
      return Output(
        text: SVGRenderer(options: options).render(
          card, heading: heading, description: description, summary: headline),
        alternativeText: "Punch card of \(heading): \(description)")
    }
  }
}
