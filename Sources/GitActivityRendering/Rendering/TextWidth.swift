/// How many terminal columns text takes, as `wcwidth` counts them in a UTF-8 locale: wide East
/// Asian characters and most emoji take two, combining marks none. Pure, so that layout does not
/// depend on the process's locale.
public enum TextWidth {
  /// The columns `text` takes in a terminal: wide characters two, combining marks none.
  public static func columns(of text: String) -> Int {
    // A scalar joined on by a zero-width joiner (U+200D) is drawn in its sequence's cell, as
    // terminals draw emoji ZWJ sequences (tmux 3.3, kitty, WezTerm, iTerm2): 👨‍👩‍👧 is two
    // columns, not six.
    var total = 0
    var joined = false
    for scalar in text.unicodeScalars {
      if !joined { total += columns(of: scalar) }
      joined = scalar.value == 0x200D
    }
    return total
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value == 0 { return 0 }
    // The soft hyphen is a format character that terminals show, one column wide, as glibc's
    // wcwidth counts it: counted as none, fifty of them overflowed a row.
    if value == 0xAD { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
      0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
      0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
      0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F5, 0x26FA...0x26FA,
      0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
      0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
      0x1F191...0x1F19A, 0x1F200...0x1F251, 0x20000...0x3FFFD,
    ]
    // Pictographs are wide where they present as emoji by default (Unicode's
    // Emoji_Presentation, from which East Asian Width takes its W there): 🌈 and 👨 are two
    // columns, 🏳 (text presentation unless a VS16 follows) one, as terminals draw them.
    if (0x1F300...0x1FAFF).contains(value) { return scalar.properties.isEmojiPresentation ? 2 : 1 }
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// `text` cut to at most `width` columns, with an ellipsis when anything was cut.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard columns(of: text) > width else { return text }
    guard width > 0 else { return "" }
    return prefix(of: text, within: width - 1) { columns(of: String($0)) } + ellipsis
  }

  /// The longest prefix of `text` whose characters, measured by `width`, take at most `room`:
  /// the part of a text that is kept when it is shortened, in columns or in font units.
  static func prefix(of text: String, within room: Int, width: (Character) -> Int)
    -> String
  {
    var result = ""
    var used = 0
    for character in text {
      let size = width(character)
      if used + size > room { break }
      result.append(character)
      used += size
    }
    return result
  }

  /// Items joined by `separator` into lines no wider than `width`; an item wider than a line
  /// is truncated.
  static func wrap(
    _ items: [String], separator: String, width: Int, ellipsis: String = "…"
  ) -> [String] {
    var lines: [String] = []
    var line = ""
    for item in items {
      let candidate = line.isEmpty ? item : line + separator + item
      if columns(of: candidate) <= width {
        line = candidate
      } else {
        if !line.isEmpty { lines.append(line) }
        line = truncate(item, to: width, ellipsis: ellipsis)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
