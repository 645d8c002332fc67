import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@Suite("The SVG graph")
struct SVGRendererTests {
  static func svg(
    _ configure: @Sendable (inout SVGOptions) -> Void = { _ in }, weeks: Int = 6,
    subject: String? = nil
  ) -> String {
    var options = SVGOptions()
    configure(&options)
    return SVGRenderer(options: options).render(
      Fixtures.report(weeks: weeks, subject: subject), scale: .github)
  }

  static let variants: [(String, @Sendable (inout SVGOptions) -> Void)] = [
    ("svg-github.svg", { _ in }),
    ("svg-github-dark.svg", { $0.theme = .githubDark }),
    ("svg-auto.svg", { $0.theme = .auto }),
    ("svg-tint.svg", { $0.tint = RGB(parsing: "purple") }),
    (
      "svg-palette-transparent.svg",
      {
        $0.levelColors = ["#eeeeee", "#c6dbef", "#6baed6", "#2171b5", "#08306b"].compactMap(
          RGB.init(parsing:));
        $0.isTransparent = true
      }
    ),
    (
      "svg-animate-seed.svg",
      {
        $0.animates = true; $0.cellSize = 18; $0.spacing = 4; $0.radius = 4; $0.title = "Commits"
      }
    ),
  ]

  @Test("golden files for a small fixed grid, each valid SVG 1.1", arguments: 0..<6)
  func golden(variant: Int) throws {
    let (file, configure) = Self.variants[variant]
    let svg = Self.svg(configure)
    try Fixtures.expectGolden(svg, file)
    #expect(try Tools.svglint(svg) == nil)
  }

  @Test("one cell per day of the window with its date, count and level; a tooltip per day")
  func cells() throws {
    let report = Fixtures.report(weeks: 53)
    let svg = SVGRenderer(options: SVGOptions()).render(report, scale: .github)
    let parsed = try #require(SVGCells.parse(svg))
    #expect(parsed.cells.count == report.activity.days.count)
    #expect(parsed.cells.map(\.date) == report.activity.days.map(\.iso))
    #expect(parsed.cells.map(\.count) == report.activity.counts)
    #expect(parsed.cells.map(\.level) == LevelScale.github.levels(for: report.activity.counts))
    #expect(parsed.titles.contains("Sunday, 2 March 2025: No contributions") == true)
    #expect(parsed.titles.contains("Wednesday, 5 March 2025: 7 commits") == true)
    #expect(parsed.titles.contains("Thursday, 26 December 2024: 1 commit") == true)
    let root = parsed.rootAttributes
    #expect(root["role"] == "img")
    #expect(root["aria-labelledby"] == "heatmap-title heatmap-desc")
    #expect(
      root["width"] != nil && root["height"] != nil
        && root["viewBox"] == "0 0 \(root["width"] ?? "") \(root["height"] ?? "")")
    // Every cell uses the one shape; rows are groups, so a cell carries no y and no size.
    #expect(svg.components(separatedBy: "<use ").count - 1 == report.activity.days.count)
    #expect(svg.components(separatedBy: #"<g transform="translate(0 "#).count - 1 == 7)
    #expect(!svg.contains("<script"))
    #expect(SVGRenderer(options: SVGOptions()).render(report, scale: .github) == svg)
  }

  @Test("nothing is clipped at any cell size from 4 to 40", arguments: [4.0, 5, 7, 11, 18, 25, 40])
  func noClipping(cellSize: Double) throws {
    for weeks in [1, 4, 53] {
      let svg = Self.svg(
        {
          $0.cellSize = cellSize; $0.spacing = cellSize / 4;
          $0.title = "A heading that is rather long for a narrow graph"
        }, weeks: weeks)
      let parsed = try #require(SVGCells.parse(svg))
      let width = try #require(Double(parsed.rootAttributes["width"] ?? ""))
      let height = try #require(Double(parsed.rootAttributes["height"] ?? ""))
      for cell in parsed.cells {
        #expect(cell.x >= 0 && cell.x + cell.size <= width && cell.y + cell.size <= height)
      }
      // The heading, measured in the font the SVG names, stays inside the picture: shortened
      // with an ellipsis when the graph is narrower, and whole in the title.
      let layout = SVGRenderer.Layout(
        options: {
          var o = SVGOptions(); o.cellSize = cellSize; return o
        }())
      let title = "A heading that is rather long for a narrow graph"
      let shown = try #require(
        svg.firstMatch(of: /<text class="heading"[^>]*>([^<]*)<\/text>/)?.output.1)
      #expect(
        layout.padding + layout.textWidth(String(shown), size: layout.fontSize * 1.3, bold: true)
          <= width - layout.padding + 0.01)
      #expect(shown == title || (shown.hasSuffix("…") && title.hasPrefix(shown.dropLast())))
      #expect(svg.contains("<title id=\"heatmap-title\">\(title)</title>"))
    }
  }

  @Test("hostile names and titles give well-formed XML that says what they said")
  func hostile() throws {
    let hostile =
      "</title><script>alert(1)</script>&amp; \u{1B}[31m \"quoted\" 'single' \u{0}\u{7}\u{FFFE} <g onload=x>"
    let svg = Self.svg({ $0.title = hostile }, subject: hostile)
    let parsed = try #require(SVGCells.parse(svg))
    #expect(!svg.contains("<script"))
    #expect(
      parsed.titles.first
        == "</title><script>alert(1)</script>&amp; <U+001B>[31m \"quoted\" 'single' <U+0000><U+0007><U+FFFE> <g onload=x>"
    )
    #expect(try Tools.svglint(svg) == nil)
  }

  @Test(
    "every cell on whole pixels, with sharp edges at 1x in librsvg's rendering",
    arguments: [(11.0, 3.0), (18, 4), (10, 2), (7, 1)])
  func wholePixels(cellSize: Double, spacing: Double) throws {
    var options = SVGOptions()
    options.cellSize = cellSize
    options.spacing = spacing
    options.radius = 0
    let svg = SVGRenderer(options: options).render(Fixtures.report(weeks: 8), scale: .github)
    let parsed = try #require(SVGCells.parse(svg))
    #expect(!parsed.cells.isEmpty)
    for cell in parsed.cells {
      #expect(cell.x == cell.x.rounded() && cell.y == cell.y.rounded(), "\(cell)")
    }
    // The legend's squares too.
    let legend = svg.matches(of: /<rect class="legend l\d" x="([0-9.]+)" y="([0-9.]+)"/)
    #expect(legend.count == 5)
    // Each square inset by half a pixel for its 1 px outline: its box on whole pixels.
    for square in legend {
      let (x, y) = (Double(square.output.1) ?? 0, Double(square.output.2) ?? 0)
      #expect(
        x - 0.5 == (x - 0.5).rounded() && y - 0.5 == (y - 0.5).rounded(), "\(square.output.0)")
    }
    // At a cell's left and top edges the pixel inside is the cell's color under GitHub's outline
    // (#1f2328 at 6 %), the next one the cell's color exactly, and the pixel outside the
    // background's: no edge is blended with its neighbour.
    let image = try Tools.rasterize(svg)
    let palette = Palette.github
    func outlined(_ value: UInt8, _ ink: UInt8) -> Int {
      let blended: Double = Double(value) * 0.94 + Double(ink) * 0.06
      return Int(blended.rounded())
    }
    func near(_ value: UInt8, _ expected: Int) -> Bool { abs(Int(value) - expected) <= 2 }
    for cell in parsed.cells.prefix(20) {
      let (x, y, middle) = (Int(cell.x), Int(cell.y), Int(cell.size / 2))
      let level = palette.levels[cell.level]
      for (r, g, b) in [image.pixel(x, y + middle), image.pixel(x + middle, y)] {
        let edge =
          near(r, outlined(level.red, 0x1f)) && near(g, outlined(level.green, 0x23))
          && near(b, outlined(level.blue, 0x28))
        #expect(edge, "\(cell.date) edge \((r, g, b))")
      }
      for (r, g, b) in [image.pixel(x + 1, y + middle), image.pixel(x + middle, y + 1)] {
        #expect((r, g, b) == (level.red, level.green, level.blue), "\(cell.date)")
      }
      let outside = [image.pixel(x - 1, y + middle), image.pixel(x + middle, y - 1)]
      for (r, g, b) in outside {
        #expect((r, g, b) == (255, 255, 255), "\(cell.date) outside")
      }
    }
  }

  @Test(
    "text is measured: the legend's \"More\" ends on the grid's right edge within 1 px in librsvg, at three cell sizes",
    arguments: [11.0, 14, 18])
  func legendEdge(cellSize: Double) throws {
    var options = SVGOptions()
    options.cellSize = cellSize
    options.spacing = (cellSize / 4).rounded()
    let svg = SVGRenderer(options: options).render(Fixtures.report(weeks: 53), scale: .github)
    let parsed = try #require(SVGCells.parse(svg))
    let gridRight = try #require(parsed.cells.map { $0.x + $0.size }.max())
    let match = try #require(
      svg.firstMatch(of: /<text class="label" x="[0-9.]+" y="([0-9.]+)">More<\/text>/))
    let baseline = try #require(Double(match.output.1))
    let layout = SVGRenderer.Layout(options: options)
    // The rightmost ink of the footer's text row, in librsvg's rendering (Arial's metrics, as
    // Liberation Sans: Scripts/test installs it, and fontconfig gives it for Arial).
    let image = try Tools.rasterize(svg)
    var inkRight = 0
    for y in Int(baseline - layout.fontSize)...Int(baseline + 1) {
      for x in stride(from: image.width - 1, through: 0, by: -1) {
        let (r, g, b) = image.pixel(x, y)
        if Int(r) + Int(g) + Int(b) < 3 * 200 {
          inkRight = max(inkRight, x + 1)
          break
        }
      }
    }
    #expect(abs(Double(inkRight) - gridRight) <= 1, "ink ends at \(inkRight), grid at \(gridRight)")
    // The canvas is as wide as the content: the padding and no more.
    let width = try #require(Double(parsed.rootAttributes["width"] ?? ""))
    #expect(width == (gridRight + layout.padding).rounded(.up))
  }

  @Test("every heading is measured bold, as it is drawn: the punch card's and the calendar's fit")
  func boldHeadings() throws {
    let heading = "git/git: commits by weekday and hour, December 2025 to November 2026"
    let counts = (0..<7).map { row in (0..<24).map { ($0 * 7 + row * 3) % 11 } }
    let card = Punchcard(counts: counts, weekStart: .sunday, scale: .github)
    let punchcard = SVGRenderer(options: SVGOptions()).render(
      card, heading: heading, description: "d")
    var options = SVGOptions()
    options.title = heading
    options.cellSize = 36
    options.spacing = 4
    // A calendar wider than the punch card (two months side by side): a longer heading.
    options.title = heading + ", with every repository of the organisation counted together"
    let calendar = CalendarRenderer(scale: .log).svg(Fixtures.report(weeks: 2), options: options)
    for (svg, isWhole) in [(punchcard, false), (calendar, false)] {
      let width = try #require(
        svg.firstMatch(of: /<svg [^>]*? width="([0-9.]+)"/).flatMap { Double($0.output.1) })
      let text = try #require(
        svg.firstMatch(
          of:
            /<text class="heading" x="([0-9.]+)" y="[0-9.]+" font-size="([0-9.]+)" font-weight="600">([^<]*)<\/text>/
        ))
      let (x, size) = (Double(text.output.1) ?? 0, Double(text.output.2) ?? 0)
      // Both shorten it to their width, as the graph does, rather than widening for it.
      let shown = String(text.output.3)
      let given = svg == calendar ? options.title ?? "" : heading
      #expect(
        isWhole ? shown == given : shown.hasSuffix("…") && given.hasPrefix(shown.dropLast()))
      // The shown heading's right end, with the left padding again on its right.
      #expect(x + FontMetrics.width(of: shown, size: size, bold: true) + x <= width + 0.5)
    }
  }

  @Test("--animate: a still capture is never empty, and each week's delay is one CSS rule")
  func animation() throws {
    let svg = Self.svg({ $0.animates = true }, weeks: 10)
    let parsed = try #require(SVGCells.parse(svg))
    let columns = Set(parsed.cells.map(\.x)).count
    // The first frame is faint, not empty; cells carry a week class, not a style each.
    #expect(svg.contains("from { opacity: 0.35;"))
    #expect(!svg.contains("style=\"animation-delay"))
    #expect(svg.components(separatedBy: "{ animation-delay:").count - 1 == columns)
    #expect(svg.contains(#"class="w0""#) && svg.contains(#"class="l1 w1""#))
    // Each cell grows from its own centre. A `<use>`'s x applies inside its CSS transform (in
    // Chromium and Firefox a fill-box origin is the shape's, not the cell's, and cells drifted
    // in from the left), so each week's rule names the centre in the row's coordinates.
    #expect(!svg.contains("fill-box"))
    var origins: [Double: (Double, Double)] = [:]
    for rule in svg.matches(
      of: /\.w(\d+) \{ animation-delay: [0-9.]+s; transform-origin: ([0-9.]+)px ([0-9.]+)px; \}/)
    {
      origins[Double(rule.output.1) ?? -1] = (
        Double(rule.output.2) ?? -1, Double(rule.output.3) ?? -1
      )
    }
    let left = try #require(parsed.cells.map(\.x).min())
    for cell in parsed.cells {
      let week = ((cell.x - left) / 13).rounded()
      let origin = try #require(origins[week], "week \(week)")
      #expect(origin == (cell.x + 5, 5), "\(cell.date)")
    }
    #expect(svg.contains("prefers-reduced-motion: reduce"))
  }

  @Test("each level's color is where the data says, in librsvg's rendering")
  func pixels() throws {
    for (theme, palette) in [(SVGOptions.Theme.github, Palette.github), (.githubDark, .githubDark)]
    {
      let report = Fixtures.report(weeks: 12)
      var options = SVGOptions()
      options.theme = theme
      let svg = SVGRenderer(options: options).render(report, scale: .github)
      let parsed = try #require(SVGCells.parse(svg))
      let image = try Tools.rasterize(svg)
      #expect(Double(image.width) == Double(parsed.rootAttributes["width"] ?? ""))
      for cell in parsed.cells {
        let (r, g, b) = image.pixel(Int(cell.x + cell.size / 2), Int(cell.y + cell.size / 2))
        let expected = palette.levels[cell.level]
        let close =
          abs(Int(r) - Int(expected.red)) <= 2 && abs(Int(g) - Int(expected.green)) <= 2
          && abs(Int(b) - Int(expected.blue)) <= 2
        #expect(close, "\(cell.date) level \(cell.level): got \(r),\(g),\(b), want \(expected.hex)")
      }
    }
  }
}

@Suite("Escaping, on Unicode scalars")
struct EscapingTests {
  @Test(
    "JSON and the terminal escape every control from U+0000 to U+001F and U+007F, nothing printable"
  )
  func jsonControls() {
    for value in UInt32(0)...0x7F {
      let scalar = Unicode.Scalar(value)!
      let encoded = TextEscaping.json(String(Character(scalar)))
      let body = encoded.dropFirst().dropLast()
      if value < 0x20 || value == 0x7F {
        #expect(body.hasPrefix("\\"), "U+\(String(value, radix: 16)) left as is: \(encoded)")
        // On a terminal, shown by its code point.
        #expect(
          TextEscaping.terminal(String(Character(scalar))) == TextEscaping.shownCodePoint(scalar))
        #expect(!body.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
      } else if scalar != "\"" && scalar != "\\" {
        #expect(body == String(Character(scalar)), "U+\(String(value, radix: 16)): \(encoded)")
      }
    }
  }

  @Test("a quote or a space with a combining mark after it is still escaped (found by fuzzing)")
  func combiningMarks() {
    // The fuzzer's input: U+035F, tab, '(', tab, CR, tabs; the controls are shown by code point.
    let name = "\u{35F}\t(\t\r\t\t\t\t"
    #expect(
      TextEscaping.csv(name)
        == "\u{35F}<U+0009>(<U+0009><U+000D>" + String(repeating: "<U+0009>", count: 4))
    #expect(TextEscaping.csv("\u{35F}, (") == "\"\u{35F}, (\"")
    #expect(TextEscaping.csv("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
    #expect(TextEscaping.csv(" \u{301}x") == "\" \u{301}x\"")
    #expect(TextEscaping.csv("plain") == "plain")
    #expect(TextEscaping.json("\"\u{301}") == "\"\\\"\u{301}\"")
    #expect(TextEscaping.xml("<\u{301}&\u{301}") == "&lt;\u{301}&amp;\u{301}")
  }
}
