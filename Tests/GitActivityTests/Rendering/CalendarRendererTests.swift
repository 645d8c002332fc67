import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

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
    // At 40 columns the months stand one under the other, so lines read in day order.
    let options = TerminalOptions(colorDepth: .none, palette: .github, isASCII: true, width: 40)
    let report = Self.report()
    for scale in LevelScale.allCases {
      let text = CalendarRenderer(scale: scale).terminal(report, options: options)
      let glyphs = text.split(separator: "\n").dropFirst(2).filter {
        $0.first?.isNumber == true || $0.hasPrefix(" ")
      }.flatMap {
        $0.split(separator: " ").filter { $0.first?.isNumber == true }.compactMap { $0.last }
          .filter { ".:oO@".contains($0) }
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

  static func svgOptions(_ theme: SVGOptions.Theme = .github) -> SVGOptions {
    var options = SVGOptions()
    options.theme = theme
    options.cellSize = 36
    options.spacing = 4
    options.radius = 4
    return options
  }

  static func svg(_ theme: SVGOptions.Theme = .github, title: String? = nil) -> String {
    var options = svgOptions(theme)
    options.title = title
    return CalendarRenderer(
      gradient: CalendarRenderer.gradient(stops: nil, theme: theme), scale: .log
    ).svg(Self.report(), options: options)
  }

  /// A day's tile and its number as the SVG draws them: one `<use>` line, then a `<text>` line.
  struct Tile {
    var date: String
    var x: Double
    var y: Double
    var count: Int
    /// The tile's class, `c` and its count, which the style sheet paints.
    var tileClass: String { "c\(count)" }
    /// The number's class, `k` and the count.
    var numberClass: String { "k\(count)" }
  }

  static func tiles(_ svg: String) -> [Tile] {
    let lines = svg.split(separator: "\n").map(String.init)
    var tiles: [Tile] = []
    for (index, line) in lines.enumerated() {
      guard
        let use = line.firstMatch(
          of:
            /<use xlink:href="#calendar-tile" x="([0-9.]+)" y="([0-9.]+)" class="c([0-9]+)" data-date="([0-9-]+)"/
        ), let number = lines[index + 1].firstMatch(of: /<text class="k([0-9]+)"/),
        number.output.1 == use.output.3
      else { continue }
      tiles.append(
        Tile(
          date: String(use.output.4), x: Double(use.output.1) ?? -1, y: Double(use.output.2) ?? -1,
          count: Int(use.output.3) ?? -1))
    }
    return tiles
  }

  /// The fill each CSS class gets: the top-level rules, then those of the dark media query when
  /// `dark` (as a viewer who prefers dark sees them).
  static func classFills(_ svg: String, dark: Bool) -> [String: String] {
    let style = svg.split(separator: "<![CDATA[")[1].split(separator: "]]>")[0]
    let parts = style.split(separator: "@media (prefers-color-scheme: dark)")
    var fills: [String: String] = [:]
    for part in parts.prefix(dark ? 2 : 1) {
      for rule in part.matches(of: /([.a-z0-9, ]+) \{ fill: (#[0-9a-f]{6}); \}/) {
        for selector in rule.output.1.split(separator: ",") {
          let name = selector.trimmingCharacters(in: .whitespaces)
          fills[name.hasPrefix(".") ? String(name.dropFirst()) : name] = String(rule.output.2)
        }
      }
    }
    return fills
  }

  @Test("SVG: golden, valid SVG 1.1, a title per day in the seed's words, no canvas beyond it")
  func svg() throws {
    let svg = Self.svg()
    try Fixtures.expectGolden(svg, "calendar.svg")
    #expect(try Tools.svglint(svg) == nil)
    let parsed = try #require(SVGCells.parse(svg))
    #expect(parsed.cells.count == 60)
    #expect(parsed.titles.contains("Friday, 2 February 2024: 1 commit"))
    #expect(parsed.titles.contains("Thursday, 1 February 2024: No contributions"))
    #expect(parsed.titles.contains("Sunday, 4 February 2024: 3 commits"))
    #expect(svg.contains(#"<g role="group" aria-label="March 2024">"#))
    // A title longer than the calendar is shortened, whole in <title>; the canvas stays.
    let long = String(repeating: "A very long title for a calendar ", count: 5)
    let titled = Self.svg(title: long)
    let width = { (svg: String) in svg.firstMatch(of: /<svg [^>]* width="([0-9.]+)"/)?.output.1 }
    #expect(width(titled) == width(svg))
    #expect(titled.contains("<title id=\"calendar-title\">\(long)</title>"))
    #expect(titled.contains("…</text>"))
  }

  @Test("every tile square on whole pixels in librsvg's rendering; each month set apart")
  func squareTiles() throws {
    let svg = Self.svg()
    let tiles = Self.tiles(svg)
    #expect(tiles.count == 60)
    // Drawn without their numbers, every tile is a 36 × 36 square of its own color through its
    // centre, its edges on whole pixels.
    let image = try Tools.rasterize(
      svg.split(separator: "\n").filter { !$0.hasPrefix("<text") }.joined(separator: "\n"))
    let fills = Self.classFills(svg, dark: false)
    for tile in tiles {
      #expect(tile.x == tile.x.rounded() && tile.y == tile.y.rounded(), "\(tile.date)")
      let color = try #require(RGB(parsing: fills[tile.tileClass] ?? ""))
      func matches(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = image.pixel(x, y)
        return abs(Int(r) - Int(color.red)) <= 1 && abs(Int(g) - Int(color.green)) <= 1
          && abs(Int(b) - Int(color.blue)) <= 1
      }
      let (centreX, centreY) = (Int(tile.x) + 18, Int(tile.y) + 18)
      let across = (Int(tile.x) - 2...Int(tile.x) + 38).filter { matches($0, centreY) }
      let down = (Int(tile.y) - 2...Int(tile.y) + 38).filter { matches(centreX, $0) }
      #expect(across == Array(Int(tile.x)..<Int(tile.x) + 36), "\(tile.date) across")
      #expect(down == Array(Int(tile.y)..<Int(tile.y) + 36), "\(tile.date) down")
    }
    // February and March stand side by side, apart by more than the spacing: no shared column.
    let february = tiles.filter { $0.date.hasPrefix("2024-02") }
    let march = tiles.filter { $0.date.hasPrefix("2024-03") }
    let februaryRight = try #require(february.map(\.x).max()) + 36
    let marchLeft = try #require(march.map(\.x).min())
    #expect(marchLeft - februaryRight >= 2 * 4)
    #expect(Set(february.map(\.y.self)).count <= 6 && Set(march.map(\.y)).count <= 6)
  }

  @Test(
    "every day number reaches 4.5:1 on its tile, light, dark and auto; one color per kind of tile",
    arguments: SVGOptions.Theme.allCases)
  func numberContrast(theme: SVGOptions.Theme) throws {
    let svg = Self.svg(theme)
    #expect(try Tools.svglint(svg) == nil)
    #expect(svg.contains("prefers-color-scheme: dark") == (theme == .auto))
    for dark in theme == .auto ? [false, true] : [theme == .githubDark] {
      let fills = Self.classFills(svg, dark: dark)
      let tiles = Self.tiles(svg)
      #expect(tiles.count == 60)
      for tile in tiles {
        let background = try #require(RGB(parsing: fills[tile.tileClass] ?? ""))
        let number = try #require(RGB(parsing: fills[tile.numberClass] ?? ""))
        #expect(number.contrast(with: background) >= 4.5, "\(tile.date) \(theme) dark: \(dark)")
        // Numbers on tiles with commits are black or white, whichever reads better; on empty
        // tiles they are quiet, not the page's heaviest ink.
        if tile.count > 0 {
          #expect(["#000000", "#ffffff"].contains(number.hex))
          let other = RGB(parsing: number.hex == "#000000" ? "#ffffff" : "#000000")
          #expect(number.contrast(with: background) >= (other?.contrast(with: background) ?? 0))
        }
      }
      #expect(fills["c0"] == (dark ? "#161b22" : "#ebedf0"))
      #expect(fills["k0"] == (dark ? "#8b949e" : "#57606a"))
      // The seed's lightness range is kept, and on dark a busier day is a brighter tile.
      let counts = Set(tiles.map(\.count)).filter { $0 > 0 }.sorted()
      let lightness = counts.compactMap { RGB(parsing: fills["c\($0)"] ?? "")?.oklab.lightness }
      #expect(lightness.count == counts.count && lightness.count > 3)
      #expect((lightness.max() ?? 0) - (lightness.min() ?? 0) >= 0.12)
      #expect(lightness == (dark ? lightness.sorted() : lightness.sorted(by: >)))
    }
    #expect(svg.contains(#"fill="\#(theme == .githubDark ? "#0d1117" : "#ffffff")"/>"#))
  }

  @Test("the legend: 0 on an empty tile, then the gradient from 1 to the busiest day, as drawn")
  func legend() throws {
    let svg = Self.svg()
    let tiles = Self.tiles(svg)
    let counts = Dictionary(
      uniqueKeysWithValues: zip(
        Self.report().activity.days.map(\.iso), Self.report().activity.counts))
    let stops = svg.matches(of: /<stop offset="([0-9.]+)" stop-color="(#[0-9a-f]{6})"\/>/).map {
      String($0.output.2)
    }
    #expect(stops.count == 9)
    // The bar starts at the color of a day with one commit and ends at the busiest day's.
    let fills = Self.classFills(svg, dark: false)
    #expect(tiles.contains { counts[$0.date] == 1 } && fills["c1"] == stops.first)
    #expect(tiles.contains { counts[$0.date] == 12 } && fills["c12"] == stops.last)
    #expect(svg.contains(">12 commits a day</text>"))
    #expect(svg.contains(#"<rect class="empty" x="12""#))
    // In librsvg's rendering, the bar's ends have those colors.
    let bar = try #require(
      svg.firstMatch(
        of:
          /<rect class="bar" x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)" rx="[0-9.]+"\/>/
      ))
    let (x, y, width, height) = (
      Int(bar.output.1) ?? 0, Int(bar.output.2) ?? 0, Int(bar.output.3) ?? 0,
      Int(bar.output.4) ?? 0
    )
    let image = try Tools.rasterize(svg)
    for (pixelX, stop) in [(x + 1, stops.first), (x + width - 2, stops.last)] {
      let want = try #require(RGB(parsing: stop ?? ""))
      let (r, g, b) = image.pixel(pixelX, y + height / 2)
      #expect(
        abs(Int(r) - Int(want.red)) <= 4 && abs(Int(g) - Int(want.green)) <= 4
          && abs(Int(b) - Int(want.blue)) <= 4, "\(pixelX): \((r, g, b)) vs \(want.hex)")
    }
  }

  @Test("a year is a wall calendar: twelve whole months in rows of four, each named with its year")
  func wall() throws {
    let days = DayRange(
      first: Day(year: 2025, month: 12, day: 15), last: Day(year: 2026, month: 11, day: 10))
    let counts = (0..<days.count).map { [0, 2, 5, 0, 9, 1][$0 % 6] }
    let report = ActivityReport(
      repositories: ["/work/example"],
      window: Window(days: days, weekStart: .sunday, kind: .between), zone: .author,
      activity: DailyActivity(days: days, counts: counts, authors: []), today: days.last)
    let svg = CalendarRenderer(gradient: CalendarRenderer.gradient(stops: nil, theme: .github))
      .svg(report, options: Self.svgOptions())
    #expect(try Tools.svglint(svg) == nil)
    // Every month the window touches, whole: its days outside the window as outlines.
    let groups = svg.split(separator: #"<g role="group" aria-label=""#).dropFirst()
    let names = groups.map { String($0.prefix { $0 != "\"" }) }
    #expect(
      names == ["December 2025"]
        + [
          "January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November",
        ].map { $0 + " 2026" })
    var origins: [(x: Double, y: Double)] = []
    for (group, name) in zip(groups, names) {
      let tiles = group.matches(of: /<use xlink:href="#calendar-tile" x="([0-9.]+)" y="([0-9.]+)"/)
      let parts = name.split(separator: " ")
      let month = (HeatmapGrid.fullMonthNames.firstIndex(of: String(parts[0])) ?? 0) + 1
      #expect(tiles.count == Day.daysIn(month: month, year: Int(parts[1]) ?? 0), "\(name)")
      origins.append(
        (
          tiles.compactMap { Double($0.output.1) }.min() ?? 0,
          tiles.compactMap { Double($0.output.2) }.min() ?? 0
        ))
      #expect(group.contains(">\(name)</text>"))
    }
    // Four across, three down, the months of a row on one line.
    #expect(Set(origins.map(\.x)).count == 4)
    #expect(Set(origins.map { ($0.y / 10).rounded() }).count <= 6)
    let rows = stride(from: 0, to: 12, by: 4).map { Array(origins[$0..<$0 + 4]) }
    for row in rows { #expect(row.map(\.x) == row.map(\.x).sorted()) }
    #expect(rows[0][0].y < rows[1][0].y && rows[1][0].y < rows[2][0].y)
    #expect(svg.components(separatedBy: #"class="out""#).count - 1 == 14 + 20)
    #expect(svg.contains(">9 commits a day</text>"))

    // The terminal sets the months side by side as far as the width goes, with a legend.
    let text = CalendarRenderer().terminal(
      report, options: TerminalOptions(colorDepth: .none, palette: .github, width: 100))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains { $0.contains("December 2025") && $0.contains("February 2026") })
    #expect(lines.contains { $0.hasPrefix("Less ") && $0.hasSuffix(" More") })
    #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= 100 })
  }

  @Test(
    "the calendar's gradient ends at the busiest day that is not an outlier, as the graph's levels")
  func calendarScale() {
    let counts = Array(repeating: [1, 2, 3, 4, 5, 6], count: 50).flatMap { $0 } + [87]
    let colors = CalendarRenderer.Colors(
      gradient: CalendarRenderer.gradient(stops: nil, theme: .github),
      text: Palette.github.text, counts: counts, scale: .github)
    #expect(colors.highest == 6)
    #expect(colors.busiest(.commits) == "6 or more commits a day")
    // One, four and six commits read as three colours, not one.
    let (one, four, six) = (colors.tile(1).oklab, colors.tile(4).oklab, colors.tile(6).oklab)
    func delta(_ x: OKLab, _ y: OKLab) -> Double {
      ((x.lightness - y.lightness) * (x.lightness - y.lightness) + (x.a - y.a) * (x.a - y.a)
        + (x.b - y.b) * (x.b - y.b)).squareRoot()
    }
    #expect(delta(one, four) > 0.08 && delta(four, six) > 0.04)
    #expect(colors.tile(87) == colors.tile(6))
    // The linear scale keeps running to the busiest day.
    let linear = CalendarRenderer.Colors(
      gradient: CalendarRenderer.gradient(stops: nil, theme: .github),
      text: Palette.github.text, counts: counts, scale: .linear)
    #expect(linear.highest == 87 && linear.busiest(.commits) == "87 commits a day")
  }

}

extension CalendarRendererTests {
  @Test(
    "256 colours: the calendar's five tiles apart by the ramp rule, numbers legible, both themes")
  func calendar256() throws {
    for theme in [SVGOptions.Theme.github, .githubDark] {
      let palette = theme == .githubDark ? Palette.githubDark : Palette.github
      let colors = CalendarRenderer.Colors(
        gradient: CalendarRenderer.gradient(stops: nil, theme: theme), text: palette.text,
        counts: [0, 1, 5, 12], scale: .linear)
      let ramp = CalendarRenderer.ramp256(colors)
      let labs = ramp.tiles.map { ANSIColor.rgb256($0).oklab }
      for level in 1..<labs.count {
        let (x, y) = (labs[level - 1], labs[level])
        let delta =
          ((x.lightness - y.lightness) * (x.lightness - y.lightness) + (x.a - y.a) * (x.a - y.a)
          + (x.b - y.b) * (x.b - y.b)).squareRoot()
        #expect(delta >= ANSIColor.minimumStep, "\(theme) \(ramp.tiles)")
      }
      for (tile, number) in zip(ramp.tiles, ramp.numbers) {
        #expect(
          ANSIColor.rgb256(number).contrast(with: ANSIColor.rgb256(tile)) >= 4.5,
          "\(theme) \(tile) \(number)")
      }
      // The old nearest-colour mapping collapsed the seed's gradient onto few entries.
      #expect(Set(ramp.tiles).count == 5)
    }
  }
}
