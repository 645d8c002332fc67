import Foundation

/// A color in OKLab: `lightness` 0 (black) to 1 (white); `a` green to red; `b` blue to yellow.
package struct OKLab: Hashable, Sendable {
  /// Perceived lightness, 0…1.
  package var lightness: Double
  /// Green (negative) to red (positive).
  package var a: Double
  /// Blue (negative) to yellow (positive).
  package var b: Double

  /// A color from its three coordinates.
  init(lightness: Double, a: Double, b: Double) {
    self.lightness = lightness
    self.a = a
    self.b = b
  }
}
