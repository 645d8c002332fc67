import Foundation

/// Five colors, one per level, on a background: what a graph is painted with.
public struct Palette: Hashable, Sendable {
  /// Level 0 (no commits) through level 4.
  package var levels: [RGB]
  /// The background behind the cells.
  package var background: RGB
  /// The color of labels and text.
  var text: RGB
  /// Whether the palette is for a dark background.
  public var isDark: Bool

  /// A palette of five level colors on a background.
  public init(levels: [RGB], background: RGB, text: RGB, isDark: Bool) {
    self.levels = Self.fiveLevels(levels, isDark: isDark)
    self.background = background
    self.text = text
    self.isDark = isDark
  }

  /// GitHub's five greens, light and dark: the palettes' levels, and what a palette given no
  /// levels falls back to.
  private static let githubLevels = ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"]
    .compactMap(RGB.init(parsing:))
  private static let githubDarkLevels = ["#161b22", "#0e4429", "#006d32", "#26a641", "#39d353"]
    .compactMap(RGB.init(parsing:))

  /// The palette on a terminal that reported its background (`reported`): each level keeps the
  /// contrast it has with this palette's own background, and the empty level is `reported`
  /// moved as far as this palette's empty is from its own background, so that on a grey
  /// background (Nord, One Dark, Solarized) empty days are not holes and level 1 still reads.
  public func fitted(toBackground reported: RGB) -> Palette {
    guard reported != background else { return self }
    var copy = self
    copy.levels = levels.enumerated().map { level, color in
      let contrast = color.contrast(with: background)
      return (level == 0 ? reported : color).adjusted(toContrast: contrast, with: reported)
    }
    copy.background = reported
    return copy
  }

  /// The red of GitHub's deletions (its Code frequency and diffs), light and dark.
  static let removalRed = RGB(red: 0xcf, green: 0x22, blue: 0x2e)
  static let removalRedDark = RGB(red: 0xf8, green: 0x51, blue: 0x49)

  /// This palette's ramp in GitHub's deletion red, for the days that removed more lines than
  /// they added: the same lightness steps, so that a level reads the same in either colour.
  var removal: Palette { tinted(isDark ? Self.removalRedDark : Self.removalRed) }

  /// GitHub's light graph.
  public static let github = Palette(
    levels: githubLevels,
    background: RGB(red: 0xff, green: 0xff, blue: 0xff),
    text: RGB(red: 0x57, green: 0x60, blue: 0x6a),
    isDark: false)

  /// GitHub's dark graph.
  public static let githubDark = Palette(
    levels: githubDarkLevels,
    background: RGB(red: 0x0d, green: 0x11, blue: 0x17),
    text: RGB(red: 0x8b, green: 0x94, blue: 0x9e),
    isDark: true)

  /// The seed's one-color ramp: level n at opacity 0.25 + 0.75 × n/4 over a light background;
  /// on dark, GitHub's dark lightness steps in the tint's hue (so that the top level is as
  /// bright as GitHub's, not the tint's own lightness over the page); the theme's own empty
  /// color for level 0. Green (`--tint green`) is GitHub's own ramp, in light and in dark, not
  /// its darkest green thinned into a sage.
  public func tinted(_ tint: RGB) -> Palette {
    if tint == RGB.named["green"],
      levels == Palette.github.levels || levels == Palette.githubDark.levels
    {
      return self
    }
    var copy = self
    guard isDark else {
      copy.levels =
        [levels[0]]
        + (1...HeatmapMath.levelCount).map {
          tint.over(background, opacity: 0.25 + 0.75 * Double($0) / Double(HeatmapMath.levelCount))
        }
      return copy
    }
    // On dark, brighter is more, up to as bright as GitHub's dark green: each level has the
    // lightness of GitHub's dark level and the tint's hue, its chroma cut only as far as sRGB
    // needs (over the dark page the tint alone would stop at its own lightness).
    let hue = tint.oklab
    copy.levels =
      [levels[0]]
      + Palette.githubDark.levels.dropFirst().map { target in
        let lightness = target.oklab.lightness
        var (low, high) = (0.0, 1.0)
        for _ in 0..<24 {
          let middle = (low + high) / 2
          let candidate = OKLab(lightness: lightness, a: hue.a * middle, b: hue.b * middle)
          let shown = RGB(candidate).oklab
          let error =
            abs(shown.lightness - candidate.lightness) + abs(shown.a - candidate.a)
            + abs(shown.b - candidate.b)
          if error < 0.01 { low = middle } else { high = middle }
        }
        return RGB(OKLab(lightness: lightness, a: hue.a * low, b: hue.b * low))
      }
    return copy
  }

  /// Any five colors (`--palette`), on this palette's background.
  public func with(levels colors: [RGB]) -> Palette {
    var copy = self
    copy.levels = Self.fiveLevels(colors, isDark: isDark)
    return copy
  }

  /// At least the five levels every renderer draws: GitHub's for none, the last one repeated
  /// for too few (a palette of one color never traps a renderer).
  static func fiveLevels(_ levels: [RGB], isDark: Bool) -> [RGB] {
    guard let last = levels.last else { return isDark ? githubDarkLevels : githubLevels }
    return levels + Array(repeating: last, count: max(0, HeatmapMath.levelCount + 1 - levels.count))
  }
}
