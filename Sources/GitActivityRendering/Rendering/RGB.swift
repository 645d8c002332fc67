import Foundation

/// An sRGB color with 8-bit channels.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
  /// The red channel.
  package var red: UInt8
  /// The green channel.
  package var green: UInt8
  /// The blue channel.
  package var blue: UInt8

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
  package var hex: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  public var description: String { hex }

  /// This color at `opacity` over `background`.
  func over(_ background: RGB, opacity: Double) -> RGB {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) * opacity + Double(b) * (1 - opacity)).rounded().clamped(0, 255))
    }
    return RGB(
      red: mix(red, background.red), green: mix(green, background.green),
      blue: mix(blue, background.blue))
  }

  /// The color in OKLab (Björn Ottosson, 2020), where equal steps look like equal changes.
  package var oklab: OKLab {
    func linear(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let (r, g, b) = (linear(red), linear(green), linear(blue))
    let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
    let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
    let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
    return OKLab(
      lightness: 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
      a: 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
      b: 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
  }

  /// The sRGB color nearest `lab`: each channel rounded and clamped into the gamut.
  init(_ lab: OKLab) {
    let l = pow(lab.lightness + 0.396_337_777_4 * lab.a + 0.215_803_757_3 * lab.b, 3)
    let m = pow(lab.lightness - 0.105_561_345_8 * lab.a - 0.063_854_172_8 * lab.b, 3)
    let s = pow(lab.lightness - 0.089_484_177_5 * lab.a - 1.291_485_548_0 * lab.b, 3)
    func encoded(_ c: Double) -> UInt8 {
      let value = c <= 0.003_130_8 ? 12.92 * c : 1.055 * pow(max(c, 0), 1 / 2.4) - 0.055
      return UInt8((value * 255).rounded().clamped(0, 255))
    }
    self.init(
      red: encoded(4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s),
      green: encoded(-1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s),
      blue: encoded(-0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s))
  }

  /// The color `fraction` (0…1) of the way to `other` in OKLab: a gradient whose middle looks
  /// halfway, without the grey dip of a straight line in sRGB.
  package func mixed(with other: RGB, fraction: Double) -> RGB {
    let (from, to, t) = (oklab, other.oklab, fraction.clamped(0, 1))
    return RGB(
      OKLab(
        lightness: from.lightness + (to.lightness - from.lightness) * t,
        a: from.a + (to.a - from.a) * t, b: from.b + (to.b - from.b) * t))
  }

  /// This color made darker (or lighter) in OKLab lightness alone, as little as it takes to
  /// reach `target` contrast with `other`; unchanged when it already does. Hue and chroma stay,
  /// except where the gamut clips them.
  func adjusted(toContrast target: Double, with other: RGB) -> RGB {
    guard contrast(with: other) < target else { return self }
    let lab = oklab
    // Away from `other`: darker against a light color, lighter against a dark one.
    let darker = other.luminance > 0.18
    var (near, far) = (lab.lightness, darker ? 0.0 : 1.0)
    for _ in 0..<40 {
      let middle = (near + far) / 2
      var candidate = lab
      candidate.lightness = middle
      if RGB(candidate).contrast(with: other) >= target { far = middle } else { near = middle }
    }
    var result = lab
    result.lightness = far
    return RGB(result)
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
  package func contrast(with other: RGB) -> Double {
    let (a, b) = (luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

extension Double {
  func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
