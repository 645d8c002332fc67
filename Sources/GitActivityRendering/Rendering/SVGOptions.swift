import Foundation

/// How the SVG graph looks.
public struct SVGOptions: Hashable, Sendable {
  /// Which colors: fixed light or dark, or light switched to dark by the viewer's preference.
  public enum Theme: String, Hashable, Sendable, CaseIterable {
    case github, githubDark = "github-dark", auto
  }

  /// The palette: GitHub's light, dark, or both by `prefers-color-scheme`.
  public var theme: Theme = .github
  /// `--tint`: the seed's one-color ramp, on each theme's background.
  public var tint: RGB?
  /// `--palette`: five colors, the same in light and dark.
  public var levelColors: [RGB]?
  /// The side of a day cell, in pixels: 1 to 100 (a value outside is brought to the nearest
  /// bound, one that is not a number to the default, 10).
  public var cellSize: Double = 10 {
    didSet { cellSize = Self.clamped(cellSize, to: 1...100, otherwise: 10) }
  }
  /// The gap between cells, in pixels: 0 to 50 (otherwise as `cellSize`; default 3).
  public var spacing: Double = 3 {
    didSet { spacing = Self.clamped(spacing, to: 0...50, otherwise: 3) }
  }
  /// The corner radius of cells, in pixels: 0 to 50 (otherwise as `cellSize`; default 2).
  public var radius: Double = 2 {
    didSet { radius = Self.clamped(radius, to: 0...50, otherwise: 2) }
  }
  /// Whether the background is left out.
  public var isTransparent = false
  /// Whether cells fade in week by week (not under reduced motion).
  public var animates = false
  /// `--compact`: no tooltips and no `data-*` on the cells, for images in READMEs.
  public var isCompact = false
  /// The heading; nil names the repository (and the author, when authors were chosen).
  public var title: String?

  /// GitHub's look.
  public init() {}

  /// `value` within `range`; `otherwise` when it is not a number.
  private static func clamped(_ value: Double, to range: ClosedRange<Double>, otherwise: Double)
    -> Double
  {
    value.isNaN ? otherwise : Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
  }

  /// The palette of the light or the dark look, with the tint or colors applied.
  func palette(dark: Bool) -> Palette {
    var palette = dark ? Palette.githubDark : Palette.github
    if let tint { palette = palette.tinted(tint) }
    if let levelColors { palette = palette.with(levels: levelColors) }
    return palette
  }
}
