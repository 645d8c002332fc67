import Foundation
import GitActivity

/// `--review`: the year in review.
extension Run {
  /// The card of `report`: its punch card, languages (not under `--counts-only`: a language is
  /// a count, but reading it needs the files), and the commits of the window before it (read
  /// with it: `ActivityRequest.earlierWindow`).
  func reviewOutput(_ report: ActivityReport, sources: [Source], options: ActivityOptions)
    throws(CommandError) -> Output
  {
    let punchcard = phase("punch card") {
      Punchcard(
        activity: report.activity, histories: sources.map(\.history), options: options,
        weekStart: report.window.weekStart, scale: invocation.appearance.scale)
    }
    var card = phase("card") { ReviewCard(report: report, punchcard: punchcard) }
    if sources.allSatisfy({ !$0.gitDirectory.isEmpty }) {
      card.languages = try phase("languages") { () throws(CommandError) in
        try languages(report, sources: sources).rows
      }
    }
    // The year before, counted in the same read (`ActivityRequest.earlierWindow`).
    card.previous = report.earlierCommits.map { ($0, nil) }
    switch invocation.output.format {
    case .summary, .csv, .json, .commits, .days:
      return Output(text: ReportText.reviewDescription(card) + "\n")
    case .html:
      // The page, with the card as a section under its graph, in the reader's light or dark.
      var appearance = svgOptions()
      if invocation.appearance.theme == nil { appearance.theme = .auto }
      let svg = SVGRenderer(options: appearance).render(card)
      return try page(
        report.activity, sources: sources, options: options, report: report,
        review: (svg, ReportText.reviewDescription(card)))
    case .terminal:
      return Output(text: TerminalRenderer(options: terminalOptions()).render(card))
    case .svg:
      let options = svgOptions()
      return Output(
        text: SVGRenderer(options: options).render(card),
        alternativeText: ReportText.reviewDescription(card))
    }
  }

  /// The window just before `window`: the calendar year before a calendar year, else as many
  /// days before it.
  static func windowBefore(_ current: Window) -> WindowRequest {
    let days = current.days
    var window = WindowRequest()
    window.weekStart = current.weekStart
    if days.first.month == 1 && days.first.dayOfMonth == 1 && days.last.month == 12
      && days.last.dayOfMonth == 31 && days.first.year == days.last.year
    {
      window.year = days.first.year - 1
    } else {
      let length = days.first.distance(to: days.last) + 1
      window.since = .day(days.first.advanced(by: -length))
      window.until = .day(days.first.advanced(by: -1))
    }
    return window
  }
}
