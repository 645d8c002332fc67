import Foundation

/// A continuous color scale over the counts: the seed's green-to-blue gradient by default.
public struct ColorGradient: Hashable, Sendable {
  /// The colors from the quietest day to the busiest, evenly spaced.
  var stops: [RGB] {
    didSet { if stops.isEmpty { stops = ColorGradient.seed.stops } }
  }
  /// The tile of a day without commits.
  var empty: RGB

  /// The seed's three stops.
  public static let seed = ColorGradient(
    stops: [
      RGB(red: 0x61, green: 0xAB, blue: 0x90), RGB(red: 0x33, green: 0x85, blue: 0x8D),
      RGB(red: 0x1E, green: 0x5D, blue: 0x86),
    ],
    empty: RGB(red: 0xEB, green: 0xED, blue: 0xF0))

  /// A gradient through `stops`, with `empty` for days without commits.
  public init(stops: [RGB], empty: RGB) {
    self.stops = stops.isEmpty ? ColorGradient.seed.stops : stops
    self.empty = empty
  }

  /// The color at `fraction` (0…1, beyond brought to the nearest end, not a number taken as 0)
  /// along the stops, evenly spaced, mixed in OKLab.
  public func color(at fraction: Double) -> RGB {
    guard stops.count > 1 else { return stops.first ?? empty }
    let position = (fraction.isNaN ? 0 : min(max(fraction, 0), 1)) * Double(stops.count - 1)
    let lower = min(Int(position), stops.count - 2)
    return stops[lower].mixed(with: stops[lower + 1], fraction: position - Double(lower))
  }

  /// One color for the day numbers on every tile with commits, and this gradient adjusted so that
  /// each of its colors reaches `minimumContrast` (WCAG AA: 4.5:1) with it. White numbers, on
  /// stops darkened (OKLab lightness only) where they are too light; black numbers when every
  /// stop already contrasts more with black (a light gradient), on stops lightened where needed.
  /// One color for all, so that numbers never flip between neighbouring tiles.
  func legible(minimumContrast: Double = 4.5) -> (gradient: ColorGradient, numbers: RGB) {
    let white = RGB(red: 255, green: 255, blue: 255)
    let black = RGB(red: 0, green: 0, blue: 0)
    let numbers =
      stops.allSatisfy { $0.contrast(with: black) > $0.contrast(with: white) } ? black : white
    // Stops that pass can still have a failing color between them (luminance is not linear in
    // OKLab): ask a little more of the stops until every color along the gradient passes.
    var margin = 0.0
    while true {
      let adjusted = ColorGradient(
        stops: stops.map { $0.adjusted(toContrast: minimumContrast + margin, with: numbers) },
        empty: empty)
      let passes = (0...256).allSatisfy {
        adjusted.color(at: Double($0) / 256).contrast(with: numbers) >= minimumContrast
      }
      if passes || margin > 4 { return (adjusted, numbers) }
      margin += 0.05
    }
  }

  /// The color of a count: `empty` for none; otherwise its place between the smallest value and
  /// `highest`, in the plain count (`linear`) or in log(1 + count) (`log`).
  public func color(count: Int, highest: Int, scale: LevelScale) -> RGB {
    guard count > 0, highest > 0 else { return empty }
    guard highest > 1 else { return color(at: 1) }
    let fraction: Double
    switch scale {
    case .log, .quantile:
      // A gradient has no levels to share out: quantile reads as log there.
      fraction = Foundation.log1p(Double(count - 1)) / Foundation.log1p(Double(highest - 1))
    case .linear, .github:
      fraction = Double(count - 1) / Double(highest - 1)
    }
    return color(at: fraction)
  }
}
