import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Colors in 256 and 16 colors, checked by numbers: every level told apart from its neighbours,
/// the ramp's hue kept, its lightness in order.
@Suite("Ramps in 256 and 16 colors")
struct ColorDepthTests {
  static func entry(_ index: Int) -> (color: RGB, lab: OKLab) {
    let found = ANSIColor.table.first { $0.index == index }
    return (
      found?.color ?? RGB(red: 0, green: 0, blue: 0), found?.lab ?? OKLab(lightness: 0, a: 0, b: 0)
    )
  }

  static func deltaE(_ x: OKLab, _ y: OKLab) -> Double {
    sqrt(pow(x.lightness - y.lightness, 2) + pow(x.a - y.a, 2) + pow(x.b - y.b, 2))
  }

  static let palettes: [(name: String, palette: Palette)] = [
    ("github", .github), ("github-dark", .githubDark),
    ("blue", Palette.github.tinted(RGB(red: 0x21, green: 0x96, blue: 0xf3))),
    ("blue dark", Palette.githubDark.tinted(RGB(red: 0x21, green: 0x96, blue: 0xf3))),
    ("orange dark", Palette.githubDark.tinted(RGB(red: 0xfb, green: 0x8c, blue: 0x00))),
  ]

  @Test(
    "256 colors: neighbours apart, lightness in the ramp's order, GitHub's green kept green",
    arguments: palettes.indices)
  func ramps(_ which: Int) {
    let (name, palette) = Self.palettes[which]
    let ramp = ANSIColor.ramp256(palette.levels)
    let labs = ramp.map { Self.entry($0).lab }
    for level in 1..<labs.count {
      #expect(
        Self.deltaE(labs[level - 1], labs[level]) >= ANSIColor.minimumStep,
        "\(name): levels \(level - 1) and \(level) are \(ramp[level - 1]) and \(ramp[level])")
      let rising =
        palette.levels[level].oklab.lightness >= palette.levels[level - 1].oklab.lightness
      #expect(rising == (labs[level].lightness >= labs[level - 1].lightness), "\(name) \(ramp)")
    }
    // Each level is the entry nearest its color but for the spacing: within 0.12 in OKLab.
    for (level, lab) in labs.enumerated() {
      #expect(
        Self.deltaE(lab, palette.levels[level].oklab) < 0.12, "\(name) level \(level): \(ramp)")
    }
    if name.hasPrefix("github") {
      // Green (OKLab a below zero) from level 1 up: no gray that reads as empty.
      for level in 1..<5 { #expect(labs[level].a < -0.05, "\(name): \(ramp)") }
    }
  }

  @Test("GitHub's dark ramp in 256 colors is the cube's greens, not grays and teal")
  func darkGreens() {
    #expect(ANSIColor.ramp256(Palette.githubDark.levels) == [234, 22, 28, 34, 77])
  }

  @Test("256 colours: GitHub's dark greens keep one hue, in order of lightness")
  func steadyHue() {
    let ramp = ANSIColor.ramp256(Palette.githubDark.levels)
    let labs = ramp.map { Self.entry($0).lab }
    let hues = labs.dropFirst().map { atan2($0.b, $0.a) * 180 / .pi }
    #expect((hues.max() ?? 0) - (hues.min() ?? 0) <= 10, "\(ramp): \(hues)")
    for level in 2...4 { #expect(labs[level].lightness > labs[level - 1].lightness, "\(ramp)") }
  }

  @Test("16 colors: five levels, five looks (color, dim or bold, and shape)")
  func sixteen() {
    let renderer = TerminalRenderer(
      options: TerminalOptions(colorDepth: .basic16, palette: .githubDark))
    let cells = (0..<5).map { renderer.paint(renderer.glyphs[$0], level: $0) }
    #expect(Set(cells).count == 5, "\(cells)")
    // No glyph fills its cell from top to bottom: rows do not merge into stripes.
    #expect(!renderer.glyphs.contains { "░▒▓█".contains($0) })
  }
}

@Suite("A transparent image reads on light and dark pages")
struct TransparentImageTests {
  /// The `fill` a CSS block gives `selector`, in the block that starts with `start`.
  static func fill(_ css: Substring, _ selector: String) -> RGB? {
    guard let rule = css.range(of: "\(selector) { fill: ") else { return nil }
    return RGB(parsing: String(css[rule.upperBound...].prefix(7)))
  }

  @Test(
    "text and empty days follow the viewer's scheme, with GitHub's contrast on each page",
    arguments: [SVGOptions.Theme.github, .githubDark])
  func bothPages(_ theme: SVGOptions.Theme) throws {
    var options = SVGOptions()
    options.theme = theme
    options.isTransparent = true
    let svg = SVGRenderer(options: options).render(Fixtures.report(), scale: .github)
    #expect(!svg.contains("class=\"background\""))
    let other = theme == .github ? "dark" : "light"
    let media = try #require(svg.range(of: "@media (prefers-color-scheme: \(other)) {"))
    let own = svg[..<media.lowerBound]
    let switched = svg[media.upperBound...]
    let pages: [(css: Substring, page: RGB)] =
      theme == .github
      ? [(own, RGB(red: 255, green: 255, blue: 255)), (switched, Palette.githubDark.background)]
      : [(own, Palette.githubDark.background), (switched, RGB(red: 255, green: 255, blue: 255))]
    for (css, page) in pages {
      let text = try #require(Self.fill(css, "text"))
      let heading = try #require(Self.fill(css, ".heading, .summary"))
      #expect(text.contrast(with: page) >= 4.5, "\(text.hex) on \(page.hex)")
      #expect(heading.contrast(with: page) >= 4.5, "\(heading.hex) on \(page.hex)")
      // The empty day is the page's own theme's, as GitHub draws it there.
      let empty = try #require(Self.fill(css, "use, .l0"))
      let expected = page == Palette.githubDark.background ? Palette.githubDark : Palette.github
      #expect(empty == expected.levels[0], "\(empty.hex) on \(page.hex)")
    }
  }
}

@Suite("Named tints")
struct NamedTintTests {
  @Test("--tint green is GitHub's green ramp in both themes; other tints are the seed's ramp")
  func green() throws {
    let green = try #require(RGB.named["green"])
    #expect(Palette.github.tinted(green) == Palette.github)
    #expect(Palette.githubDark.tinted(green) == Palette.githubDark)
    let blue = try #require(RGB.named["blue"])
    #expect(Palette.github.tinted(blue).levels[4] == blue)
  }
}

@Suite("Tints on dark")
struct DarkTintTests {
  @Test("a tint on dark spans GitHub's dark lightness, brighter is more, in the tint's hue")
  func lightness() throws {
    let github = Palette.githubDark.levels.map(\.oklab.lightness)
    for name in ["blue", "orange", "purple", "red"] {
      let tint = try #require(RGB.named[name])
      let levels = Palette.githubDark.tinted(tint).levels.map(\.oklab)
      // Each level within 0.02 of GitHub's dark level's lightness (0.34 to 0.76 for 1 to 4).
      for level in 1...4 {
        #expect(abs(levels[level].lightness - github[level]) < 0.02, "\(name) level \(level)")
        // The hue kept: the same direction in OKLab's a–b plane.
        let (a, b) = (levels[level].a, levels[level].b)
        let (ta, tb) = (tint.oklab.a, tint.oklab.b)
        let cosine =
          (a * ta + b * tb)
          / max(1e-9, (a * a + b * b).squareRoot() * (ta * ta + tb * tb).squareRoot())
        #expect(cosine > 0.98, "\(name) level \(level) hue")
      }
      #expect(levels[4].lightness - levels[1].lightness > 0.35, "\(name)")
    }
  }
}
