import Foundation

/// How the terminal graph is drawn: decided by the executable from the terminal and the flags,
/// passed in as values.
public struct TerminalOptions: Hashable, Sendable {
  /// How many colors the terminal shows; `none` writes no escape sequence at all.
  public enum ColorDepth: Hashable, Sendable {
    case none, basic16, indexed256, truecolor
  }

  /// How many colors the terminal shows.
  public var colorDepth: ColorDepth
  /// The colors of the levels.
  public var palette: Palette
  /// `--ascii`: no character outside ASCII.
  var isASCII: Bool
  /// The terminal's width in columns: 1 to 10,000 (beyond, the nearest bound).
  var width: Int {
    didSet { width = Self.clamped(width) }
  }

  /// Options for a terminal `width` columns wide.
  public init(colorDepth: ColorDepth, palette: Palette, isASCII: Bool = false, width: Int = 80) {
    self.colorDepth = colorDepth
    self.palette = palette
    self.isASCII = isASCII
    self.width = Self.clamped(width)
  }

  private static func clamped(_ width: Int) -> Int { Swift.min(Swift.max(width, 1), 10_000) }
}
