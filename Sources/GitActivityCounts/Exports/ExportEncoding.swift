/// How text goes into an export and comes out again, losslessly. In NDJSON a string is a JSON
/// string; in CSV it is a quoted field whose inner text escapes the same characters with the
/// same `\uXXXX` (and `\\` for a backslash), so that a CSV export is plain text with no control
/// character, line break or bidirectional mark in it, and reads back to the same names.
///
/// Escaped in both: the C0 and C1 controls, DEL, U+2028 and U+2029, the bidirectional marks and
/// isolates, and the scalars U+F700–U+F7FF: U+F780–U+F7FF stand for bytes that were not UTF-8
/// (so that `\uf7e9` in an export is the byte 0xE9 of a Latin-1 name written without an
/// encoding), and a real character of that range is written after `\uf700`
/// (`TextDecoding.privateMarker`), so the two never read back alike.
package enum ExportEncoding {
  /// Appends `text` as a JSON string literal, quotes included.
  static func appendJSON(_ text: String, to out: inout [UInt8]) {
    appendQuoted(text, quote: [0x5C, 0x22], to: &out)
  }

  /// Appends `text` as a quoted CSV field (a quote doubled, as RFC 4180 has it). A text that a
  /// spreadsheet would take for a formula (`=`, `+`, `-`, `@` first, OWASP's rule), or that
  /// starts with `'` itself, is written after a `'`, which `unprefixedCSV` takes off again.
  static func appendCSV(_ text: String, to out: inout [UInt8]) {
    if let first = text.unicodeScalars.first, "=+-@'".unicodeScalars.contains(first) {
      appendQuoted("'" + text, quote: [0x22, 0x22], to: &out)
    } else {
      appendQuoted(text, quote: [0x22, 0x22], to: &out)
    }
  }

  /// A CSV field's text as it was before `appendCSV` kept it from reading as a formula.
  static func unprefixedCSV(_ text: String) -> String {
    text.unicodeScalars.first == "'" ? String(text.unicodeScalars.dropFirst()) : text
  }

  /// `text` between quotes, a quote inside written as `quote`, the rest escaped alike.
  private static func appendQuoted(_ text: String, quote: [UInt8], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += quote
      case "\\": out += [0x5C, 0x5C]
      default:
        if needsEscape(scalar) {
          appendEscape(scalar, to: &out)
        } else {
          appendUTF8(scalar, to: &out)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
    case 0xF700...0xF7FF: return true
    default: return false
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  package static func appendEscape(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    let value = scalar.value
    out += [
      0x5C, UInt8(ascii: "u"), hexDigits[Int(value >> 12 & 0xF)], hexDigits[Int(value >> 8 & 0xF)],
      hexDigits[Int(value >> 4 & 0xF)], hexDigits[Int(value & 0xF)],
    ]
  }

  package static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    let value = scalar.value
    if value < 0x80 {
      out.append(UInt8(value))
    } else {
      out.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
    }
  }

  /// Appends a decimal integer.
  package static func appendInteger<T: BinaryInteger>(_ value: T, to out: inout [UInt8]) {
    // The digits written in place from the last, without a String made per number.
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var width = 1
    var rest = magnitude / 10
    while rest > 0 {
      width += 1
      rest /= 10
    }
    out += repeatElement(UInt8(ascii: "0"), count: width)
    var index = out.count - 1
    repeat {
      out[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
      index -= 1
    } while magnitude > 0
  }
}
