import Foundation

/// An sRGB color with 8-bit channels.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8

  /// A color from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#rrggbb` or `#rgb` (the `#` optional), or one of the names in `RGB.named`.
  public init?(parsing text: String) {
    let lowered = text.lowercased()
    if let named = RGB.named[lowered] {
      self = named
      return
    }
    var hex = Substring(lowered)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.count == 3 || hex.count == 6, hex.allSatisfy(\.isHexDigit), hex.allSatisfy(\.isASCII)
    else { return nil }
    let digits = hex.count == 3 ? hex.flatMap { [$0, $0] } : Array(hex)
    guard let value = UInt32(String(digits), radix: 16) else { return nil }
    self.init(
      red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// Colors people name on the command line (`--tint blue`).
  public static let named: [String: RGB] = [
    "green": RGB(red: 0x21, green: 0x6e, blue: 0x39),
    "blue": RGB(red: 0x09, green: 0x69, blue: 0xda),
    "red": RGB(red: 0xcf, green: 0x22, blue: 0x2e),
    "orange": RGB(red: 0xfb, green: 0x85, blue: 0x00),
    "purple": RGB(red: 0x82, green: 0x50, blue: 0xdf),
    "pink": RGB(red: 0xbf, green: 0x39, blue: 0x89),
    "yellow": RGB(red: 0xd4, green: 0xa7, blue: 0x2c),
    "teal": RGB(red: 0x1b, green: 0x7c, blue: 0x83),
    "gray": RGB(red: 0x6e, green: 0x77, blue: 0x81),
    "grey": RGB(red: 0x6e, green: 0x77, blue: 0x81),
    "black": RGB(red: 0, green: 0, blue: 0), "white": RGB(red: 0xff, green: 0xff, blue: 0xff),
  ]

  /// `#rrggbb`.
  public var hex: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  public var description: String { hex }

  /// This color at `opacity` over `background`.
  public func over(_ background: RGB, opacity: Double) -> RGB {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) * opacity + Double(b) * (1 - opacity)).rounded().clamped(0, 255))
    }
    return RGB(
      red: mix(red, background.red), green: mix(green, background.green),
      blue: mix(blue, background.blue))
  }

  /// The straight line from this color to `other` at `fraction` (0…1), in sRGB.
  public func interpolated(to other: RGB, fraction: Double) -> RGB {
    other.over(self, opacity: fraction.clamped(0, 1))
  }

  /// WCAG 2 relative luminance.
  public var luminance: Double {
    func channel(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
  }

  /// WCAG 2 contrast ratio between two colors, 1…21.
  public func contrast(with other: RGB) -> Double {
    let (a, b) = (luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

extension Double {
  func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
