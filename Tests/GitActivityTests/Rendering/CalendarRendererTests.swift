import Foundation
import TestSupport
import Testing

@testable import GitActivity

@Suite("The calendar renderers")
struct CalendarRendererTests {
  /// Two months, February and March 2024, with a pattern of counts.
  static func report() -> ActivityReport {
    let days = DayRange(
      first: Day(year: 2024, month: 2, day: 1), last: Day(year: 2024, month: 3, day: 31))
    let counts = (0..<days.count).map { [0, 1, 0, 3, 7, 0, 2, 12, 0, 0, 5][$0 % 11] }
    let window = Window(days: days, weekStart: .monday, kind: .between)
    return ActivityReport(
      repositories: ["/work/example"], window: window, zone: .author,
      activity: DailyActivity(days: days, counts: counts, authors: []), today: days.last)
  }

  @Test(
    "golden output for a two-month window",
    arguments: [
      (TerminalOptions.ColorDepth.none, false, "calendar-plain.txt"),
      (.none, true, "calendar-ascii.txt"),
      (.truecolor, false, "calendar-truecolor.ansi"), (.indexed256, false, "calendar-256.ansi"),
    ] as [(TerminalOptions.ColorDepth, Bool, String)])
  func terminalGolden(depth: TerminalOptions.ColorDepth, ascii: Bool, file: String) throws {
    let options = TerminalOptions(
      colorDepth: depth, palette: .githubDark, isASCII: ascii, width: 80)
    try Fixtures.expectGolden(
      CalendarRenderer(scale: .log).terminal(Self.report(), options: options), file)
  }

  @Test("glyphs follow --scale, the same levels as the graph's")
  func glyphsFollowScale() {
    let options = TerminalOptions(colorDepth: .none, palette: .github, isASCII: true, width: 80)
    let report = Self.report()
    for scale in LevelScale.allCases {
      let text = CalendarRenderer(scale: scale).terminal(report, options: options)
      let glyphs = text.split(separator: "\n").dropFirst(2).flatMap {
        $0.split(separator: " ").compactMap { $0.last }.filter { ".:oO@".contains($0) }
      }
      let levels = scale.levels(for: report.activity.counts)
      #expect(
        glyphs.map {
          ".:oO@".firstIndex(of: $0).map { ".:oO@".distance(from: ".:oO@".startIndex, to: $0) }
            ?? -1
        } == levels, "\(scale)")
    }
  }

  @Test("a narrow terminal gets one-character tiles; nothing is wider than the terminal")
  func narrow() {
    for width in [10, 20, 24, 25, 31, 32, 40] {
      let options = TerminalOptions(colorDepth: .none, palette: .github, width: width)
      let text = CalendarRenderer().terminal(Self.report(), options: options)
      for line in text.split(separator: "\n")
      where !line.contains("commits") && !line.contains("streak") {
        #expect(
          TextWidth.columns(of: String(line)) <= max(width, 4 + 7 * 2), "width \(width): \(line)")
      }
    }
  }

  @Test("SVG: golden, valid SVG 1.1, square tiles, a title per day in the seed's words")
  func svg() throws {
    var options = SVGOptions()
    options.cellSize = 36
    options.spacing = 4
    options.radius = 4
    let svg = CalendarRenderer(scale: .log).svg(Self.report(), options: options)
    try Fixtures.expectGolden(svg, "calendar.svg")
    #expect(try Tools.svglint(svg) == nil)
    let parsed = try #require(SVGCells.parse(svg))
    #expect(parsed.cells.count == 60)
    #expect(parsed.titles.contains("Friday, 2 February 2024: 1 commit"))
    #expect(parsed.titles.contains("Thursday, 1 February 2024: no commits") == false)
    #expect(parsed.titles.contains("Thursday, 1 February 2024: 0 commits"))
    #expect(parsed.titles.contains("Sunday, 4 February 2024: 3 commits"))
    // Interior tiles are square; boundary tiles are shorter by the same step.
    #expect(Set(parsed.cells.map(\.size)) == [36])
    #expect(svg.contains(#"<g role="group" aria-label="March 2024">"#))
  }

  @Test("themes: light, dark, and light switched to dark by the viewer; all valid SVG 1.1")
  func themes() throws {
    for theme in SVGOptions.Theme.allCases {
      var options = SVGOptions()
      options.theme = theme
      options.cellSize = 36
      let gradient = CalendarRenderer.gradient(stops: nil, theme: theme)
      let svg = CalendarRenderer(gradient: gradient, scale: .log).svg(
        Self.report(), options: options)
      #expect(try Tools.svglint(svg) == nil, "\(theme)")
      let empty = theme == .githubDark ? "#161b22" : "#ebedf0"
      #expect(
        svg.contains(#"<rect class="empty" x="#)
          && svg.contains(#"fill="\#(empty)" data-date="2024-02-01""#), "\(theme)")
      #expect(
        svg.contains(#"fill="\#(theme == .githubDark ? "#0d1117" : "#ffffff")"/>"#), "\(theme)")
      #expect(svg.contains("prefers-color-scheme: dark") == (theme == .auto))
    }
  }
}
