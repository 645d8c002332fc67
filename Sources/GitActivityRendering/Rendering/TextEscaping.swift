import Foundation

/// Escaping for each kind of output. Text from commits is hostile; nothing reaches an output
/// without passing through one of these.
public enum TextEscaping {
  /// A JSON string literal, quotes included. Every control character is escaped, and so are
  /// U+2028 and U+2029, which end lines in JavaScript.
  public static func json(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in TextDecoding.shown(text).unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _
      where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}"
        || !isSafeOnTerminal(scalar):
        // Kept, but escaped, so that the file itself holds no control, bidirectional or
        // invisible mark (a JSON reader reads them back; `cat` shows them as text).
        if scalar.value > 0xFFFF {
          let value = scalar.value - 0x10000
          result += "\\u" + hex4(0xD800 + (value >> 10)) + "\\u" + hex4(0xDC00 + (value & 0x3FF))
        } else {
          result += "\\u" + hex4(scalar.value)
        }
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A CSV field per RFC 4180: quoted when it holds a comma or quote (or starts or ends with a
  /// space), with quotes doubled. Control characters and bidirectional overrides are removed
  /// first, as for the terminal: a CSV file is read with `cat` as often as with a spreadsheet,
  /// and an ESC in a name must not retitle a terminal. A text that a spreadsheet would take
  /// for a formula (it starts with `=`, `+`, `-` or `@`, OWASP's rule) is written after a `'`,
  /// so that it stays text. It works on Unicode scalars, not characters: a quote followed by a
  /// combining mark is one `Character` but still a quote to every CSV reader (found by
  /// fuzzing).
  public static func csv(_ text: String) -> String {
    var text = terminal(text)
    if startsFormula(text) { text = "'" + text }
    let scalars = text.unicodeScalars
    let needsQuotes =
      scalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
      || scalars.first == " " || scalars.last == " "
    guard needsQuotes else { return text }
    var result = String.UnicodeScalarView()
    result.append("\"")
    for scalar in scalars {
      result.append(scalar)
      if scalar == "\"" { result.append("\"") }
    }
    result.append("\"")
    return String(result)
  }

  /// Whether a spreadsheet would read `text` as a formula: it starts with `=`, `+`, `-`, `@`,
  /// a tab or a carriage return (OWASP's CSV injection rule).
  static func startsFormula(_ text: some StringProtocol) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    return "=+-@\t\r".unicodeScalars.contains(first)
  }

  /// Text for XML (SVG): `& < > " '` escaped, and characters XML 1.0 forbids shown by their
  /// code points (`<U+0007>`), and so are the controls and the bidirectional and invisible
  /// marks, which could reorder or hide what an image says.
  static func xml(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in TextDecoding.shown(text).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\t":
        result.unicodeScalars.append(scalar)
      default:
        // Shown by its code point, as on a terminal: an image never reorders or hides a name.
        if isAllowedInXML(scalar) && isSafeOnTerminal(scalar) {
          result.unicodeScalars.append(scalar)
        } else {
          result += "&lt;" + shownCodePoint(scalar).dropFirst().dropLast() + "&gt;"
        }
      }
    }
    return result
  }

  /// XML 1.0's `Char` production, less the C1 controls and noncharacters it discourages.
  static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: return true
    case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
      return !(0xFDD0...0xFDEF).contains(scalar.value) && scalar.value & 0xFFFE != 0xFFFE
    default: return false
    }
  }

  /// Text safe to print on a terminal: control characters (C0, DEL, C1), and so every escape
  /// sequence, are shown by their code points (`<U+001B>`: shown, never obeyed), and so are
  /// the bidirectional overrides and isolates that could reorder a line (U+202A–U+202E,
  /// U+2066–U+2069) and the invisible format marks that could make two names look alike.
  public static func terminal(_ text: String) -> String {
    // Printable ASCII (most names and emails) is shown as it is: no scalar of it is a control,
    // a mark or a byte that was not UTF-8.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var result = ""
    // A byte that was not UTF-8 shows as a terminal shows such a byte of git's output; a mark
    // is shown by its code point, so that a name with one never looks like the name without
    // it, or with another (two rows of "Dave", six of "Alice").
    for scalar in TextDecoding.shown(text).unicodeScalars {
      if isSafeOnTerminal(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        result += shownCodePoint(scalar)
      }
    }
    return result
  }

  /// `<U+202E>`: a mark that is not printed, shown by its code point.
  static func shownCodePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ">"
  }

  static func isSafeOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: return false
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return false
    case 0xFFF9...0xFFFB: return false
    // Invisible marks that would let two names look alike: zero-width space, word joiner and
    // the invisible operators, the byte-order mark, the soft hyphen, the Mongolian vowel
    // separator, Hangul fillers and the tag characters. (Zero-width joiners and non-joiners
    // stay: scripts and emoji need them.)
    case 0x200B, 0x2060...0x2064, 0xFEFF, 0x00AD, 0x180E, 0x115F, 0x1160, 0x3164, 0xFFA0:
      return false
    case 0xE0000...0xE007F: return false
    default: return true
    }
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits: [Character] = Array("0123456789abcdef")
    var result = ""
    for shift in stride(from: 12, through: 0, by: -4) {
      result.append(digits[Int((value >> UInt32(shift)) & 0xF)])
    }
    return result
  }
}
