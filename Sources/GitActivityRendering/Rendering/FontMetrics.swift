/// Advance widths of the sans-serif the SVG names first: Arial, and the fonts made to its metrics
/// (Liberation Sans, Arimo; Helvetica's widths are the same for these characters), so that text is
/// measured rather than guessed. Taken from Liberation Sans 2.1 (regular and bold), in thousandths
/// of an em, for Basic Latin, Latin-1 and Latin Extended-A and the common punctuation; kerning is
/// not applied. Other characters count as an average letter (0.556 em), wide East Asian ones as
/// a full em, combining marks as nothing.
enum FontMetrics {
  /// The width of `text` at `size` pixels, regular or bold.
  static func width(of text: String, size: Double, bold: Bool = false) -> Double {
    var total = 0
    for scalar in text.unicodeScalars { total += advance(of: scalar, bold: bold) }
    return Double(total) * size / 1000
  }

  /// `text` shortened with an ellipsis so that it is at most `width` pixels wide at `size`;
  /// unchanged when it fits.
  static func truncate(_ text: String, toWidth width: Double, size: Double, bold: Bool = false)
    -> String
  {
    guard self.width(of: text, size: size, bold: bold) > width else { return text }
    let room = Int(width * 1000 / size) - advance(of: "…", bold: bold)
    var result = TextWidth.prefix(of: text, within: room) { character in
      character.unicodeScalars.reduce(0) { $0 + advance(of: $1, bold: bold) }
    }
    while result.last?.isWhitespace == true { result.removeLast() }
    return result + "…"
  }

  /// One character's advance, in thousandths of an em.
  static func advance(of scalar: Unicode.Scalar, bold: Bool) -> Int {
    let value = Int(scalar.value)
    let table = bold ? boldLatin : regularLatin
    switch value {
    case 0x20..<0x7F: return table[value - 0x20]
    case 0xA0..<0x180: return table[value - 0xA0 + 0x5F]
    default: break
    }
    if let known = (bold ? boldPunctuation : regularPunctuation)[value] { return known }
    if TextWidth.columns(of: scalar) == 0 { return 0 }
    return TextWidth.columns(of: scalar) == 2 ? 1000 : 556
  }

  /// U+0020–U+007E, then U+00A0–U+017F.
  private static let regularLatin: [Int] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 552,
    400, 549, 333, 333, 333, 576, 537, 333, 333, 333, 365, 556, 834, 834, 834, 611,
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 549, 611, 556, 556, 556, 556, 500, 556, 500,
    667, 556, 667, 556, 667, 556, 722, 500, 722, 500, 722, 500, 722, 500, 722, 615,
    722, 556, 667, 556, 667, 556, 667, 556, 667, 556, 667, 556, 778, 556, 778, 556,
    778, 556, 778, 556, 722, 556, 722, 556, 278, 278, 278, 278, 278, 278, 278, 222,
    278, 278, 735, 444, 500, 222, 667, 500, 500, 556, 222, 556, 222, 556, 292, 556,
    334, 556, 222, 722, 556, 722, 556, 722, 556, 604, 723, 556, 778, 556, 778, 556,
    778, 556, 1000, 944, 722, 333, 722, 333, 722, 333, 667, 500, 667, 500, 667, 500,
    667, 500, 611, 278, 611, 375, 611, 278, 722, 556, 722, 556, 722, 556, 722, 556,
    722, 556, 722, 556, 944, 722, 667, 500, 667, 611, 500, 611, 500, 611, 500, 222,
  ]

  private static let boldLatin: [Int] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 552,
    400, 549, 333, 333, 333, 576, 556, 333, 333, 333, 365, 556, 834, 834, 834, 611,
    722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
    611, 611, 611, 611, 611, 611, 611, 549, 611, 611, 611, 611, 611, 556, 611, 556,
    722, 556, 722, 556, 722, 556, 722, 556, 722, 556, 722, 556, 722, 556, 722, 719,
    722, 611, 667, 556, 667, 556, 667, 556, 667, 556, 667, 556, 778, 611, 778, 611,
    778, 611, 778, 611, 722, 611, 722, 611, 278, 278, 278, 278, 278, 278, 278, 278,
    278, 278, 785, 556, 556, 278, 722, 556, 556, 611, 278, 611, 278, 611, 385, 611,
    479, 611, 278, 722, 611, 722, 611, 722, 611, 708, 723, 611, 778, 611, 778, 611,
    778, 611, 1000, 944, 722, 389, 722, 389, 722, 389, 667, 556, 667, 556, 667, 556,
    667, 556, 611, 333, 611, 479, 611, 333, 722, 611, 722, 611, 722, 611, 722, 611,
    722, 611, 722, 611, 944, 778, 667, 556, 667, 611, 500, 611, 500, 611, 500, 278,
  ]

  private static let regularPunctuation: [Int: Int] = [
    0x2013: 556, 0x2014: 1000, 0x2018: 222, 0x2019: 222, 0x201C: 333, 0x201D: 333, 0x2022: 350,
    0x2026: 1000, 0x2212: 584,
  ]
  private static let boldPunctuation: [Int: Int] = [
    0x2013: 556, 0x2014: 1000, 0x2018: 278, 0x2019: 278, 0x201C: 500, 0x201D: 500, 0x2022: 350,
    0x2026: 1000, 0x2212: 584,
  ]
}
