import Foundation

/// A color in OKLab: `lightness` 0 (black) to 1 (white); `a` green to red; `b` blue to yellow.
public struct OKLab: Hashable, Sendable {
  /// Perceived lightness, 0…1.
  public var lightness: Double
  /// Green (negative) to red (positive).
  public var a: Double
  /// Blue (negative) to yellow (positive).
  public var b: Double

  /// A color from its three coordinates.
  public init(lightness: Double, a: Double, b: Double) {
    self.lightness = lightness
    self.a = a
    self.b = b
  }
}
