import Foundation

/// Numbers and words as summaries write them.
public enum Wording {
  /// `1,234,567`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(character)
    }
    return (number < 0 ? "-" : "") + result
  }

  /// `1 commit`, `2 commits`, `1,234 commits`.
  public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? singular : (plural ?? singular + "s"))"
  }

  /// `value` with `places` decimals (0 to 9), as C's `printf("%.*f")` writes it in the C
  /// locale, the same text `String(format:)` gives: the exact value of the double rounded, a
  /// tie to the even digit. Made from the double's bits: a C variadic call costs a search of
  /// every protocol conformance of the program on its first use, more than drawing a card.
  static func decimal(_ value: Double, places: Int) -> String {
    let sign = value.sign == .minus ? "-" : ""
    guard value.isFinite else { return value.isNaN ? sign + "nan" : sign + "inf" }
    let magnitude = value.magnitude
    let scale = (0..<min(max(places, 0), 9)).reduce(UInt64(1)) { scale, _ in scale * 10 }
    // The digits as one integer below 2^62; other values are on no card.
    guard (0...9).contains(places), magnitude < 0x1p62 / Double(scale) else {
      return String(format: "%.\(places)f", value)
    }
    var rounded: UInt64 = 0
    // Zero and subnormals are far below any last digit.
    if magnitude >= .leastNormalMagnitude {
      // magnitude = significand / 2^shift exactly; rounded = magnitude * scale, to an integer.
      let shift = Double.significandBitCount - Int(magnitude.exponent)
      let significand = magnitude.significandBitPattern | (1 << Double.significandBitCount)
      if shift <= 0 {
        rounded = (significand << UInt64(-shift)) * scale
      } else if shift < 120 {
        let product = UInt128(significand) * UInt128(scale)
        let quotient = product >> UInt128(shift)
        let remainder = product - (quotient << UInt128(shift))
        let half = UInt128(1) << UInt128(shift - 1)
        let up = remainder > half || (remainder == half && quotient & 1 == 1)
        rounded = UInt64(quotient) + (up ? 1 : 0)
      }
    }
    let whole = String(rounded / scale)
    guard places > 0 else { return sign + whole }
    let fraction = String(rounded % scale)
    return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
  }
}
