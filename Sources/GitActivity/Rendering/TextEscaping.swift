import Foundation

/// Escaping for each kind of output. Text from commits is hostile; nothing reaches an output
/// without passing through one of these.
package enum TextEscaping {
  /// A JSON string literal, quotes included. Every control character is escaped, and so are
  /// U+2028 and U+2029, which end lines in JavaScript.
  package static func json(_ text: String) -> String {
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
      where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}"
        || scalar == "\u{2029}":
        result += "\\u" + hex4(scalar.value)
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A CSV field per RFC 4180: quoted when it holds a comma or quote (or starts or ends with a
  /// space), with quotes doubled. Control characters and bidirectional overrides are removed
  /// first, as for the terminal: a CSV file is read with `cat` as often as with a spreadsheet,
  /// and an ESC in a name must not retitle a terminal. It works on Unicode scalars, not
  /// characters: a quote followed by a combining mark is one `Character` but still a quote to
  /// every CSV reader (found by fuzzing).
  package static func csv(_ text: String) -> String {
    let text = terminal(text)
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

  /// Text for XML (SVG): `& < > " '` escaped, and characters XML 1.0 forbids removed.
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
      default:
        if isAllowedInXML(scalar) { result.unicodeScalars.append(scalar) }
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
  /// sequence, are removed, and so are the bidirectional overrides and isolates that could
  /// reorder a line (U+202A–U+202E, U+2066–U+2069) and other invisible format marks.
  package static func terminal(_ text: String) -> String {
    var result = ""
    // A byte that was not UTF-8 shows as a terminal shows such a byte of git's output.
    for scalar in TextDecoding.shown(text).unicodeScalars where isSafeOnTerminal(scalar) {
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  static func isSafeOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: return false
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return false
    case 0xFFF9...0xFFFB: return false
    default: return true
    }
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] })
  }
}
