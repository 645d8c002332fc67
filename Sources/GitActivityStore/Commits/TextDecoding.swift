import Foundation

/// Turns bytes from commits and mailmaps into `String`s without ever failing.
package enum TextDecoding {
  /// Decodes `bytes` written in `encoding` (a commit's `encoding` header; nil means UTF-8).
  ///
  /// Valid UTF-8 stays as it is. Known encodings are decoded as such, as git re-encodes a
  /// commit that declares one. A byte that is not UTF-8 in text that declares none (or UTF-8)
  /// stays that byte: it becomes the scalar `rawByteBase + byte`, so that a name written in
  /// Latin-1 without a header is another person than its UTF-8 spelling, as in `git shortlog`
  /// (which shows those bytes as they are), and nothing is lost or crashes. A terminal shows
  /// such a byte as U+FFFD, as it would show git's.
  package static func decode(_ bytes: some Collection<UInt8>, encoding: String?) -> String {
    let label = encoding.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
    switch label {
    case nil, "utf-8", "utf8", "":
      break
    case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1":
      return latin1(bytes)
    case "windows-1252", "cp1252":
      if let text = String(data: Data(bytes), encoding: .windowsCP1252) { return text }
    case "iso-8859-2", "latin2":
      if let text = String(data: Data(bytes), encoding: .isoLatin2) { return text }
    case "shift_jis", "shift-jis", "sjis":
      if let text = String(data: Data(bytes), encoding: .shiftJIS) { return text }
    case "euc-jp":
      if let text = String(data: Data(bytes), encoding: .japaneseEUC) { return text }
    default:
      break
    }
    if let text = String(validating: bytes, as: UTF8.self) {
      return mayHoldPrivateRange(bytes) ? escapingPrivateRange(text) : text
    }
    return keepingRawBytes(bytes)
  }

  /// The one scalar that says the next one is a real character of the private range
  /// U+F700–U+F7FF rather than a byte that was not UTF-8: `U+F700 U+F7FC` is the character
  /// U+F7FC as the commit wrote it, a lone U+F7FC the byte 0xFC. So a name in Latin-1 and a name
  /// holding those private-use characters are never the same person.
  static let privateMarker: Unicode.Scalar = "\u{F700}"

  /// Whether UTF-8 `bytes` may encode a scalar of U+F700–U+F7FF (`EF 9C..9F xx`).
  private static func mayHoldPrivateRange(_ bytes: some Collection<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
      if previous == 0xEF && (0x9C...0x9F).contains(byte) { return true }
      previous = byte
    }
    return false
  }

  /// Valid UTF-8 `text` with each real character of U+F700–U+F7FF marked (`privateMarker`
  /// before it).
  private static func escapingPrivateRange(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0xF700...0xF7FF).contains($0.value) }) else {
      return text
    }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if (0xF700...0xF7FF).contains(scalar.value) { scalars.append(privateMarker) }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  /// Text as people see it: a marked private-use character as itself, a byte that was not
  /// UTF-8 as U+FFFD (as a terminal shows such a byte of git's output).
  package static func shown(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0xF700...0xF7FF).contains($0.value) }) else {
      return text
    }
    var scalars = String.UnicodeScalarView()
    var isMarked = false
    for scalar in text.unicodeScalars {
      if isMarked {
        scalars.append(scalar)
        isMarked = false
      } else if scalar == privateMarker {
        isMarked = true
      } else {
        scalars.append(isRawByte(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return String(scalars)
  }

  /// Where the scalars that stand for bytes that are not UTF-8 start (a private-use range:
  /// byte 0x80 is U+F780, 0xFF is U+F7FF).
  static let rawByteBase: UInt32 = 0xF700

  /// Whether `scalar` stands for a byte that was not UTF-8.
  static func isRawByte(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= rawByteBase + 0x80 && scalar.value <= rawByteBase + 0xFF
  }

  /// UTF-8 decoded where it is valid, each other byte kept as its own scalar.
  private static func keepingRawBytes(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    next: while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        scalars.append(Unicode.Scalar(byte))
        index += 1
        continue
      }
      for length in 2...4 where index + length <= bytes.count {
        if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
          for scalar in text.unicodeScalars {
            if (0xF700...0xF7FF).contains(scalar.value) { scalars.append(privateMarker) }
            scalars.append(scalar)
          }
          index += length
          continue next
        }
      }
      scalars.append(Unicode.Scalar(rawByteBase + UInt32(byte)) ?? "\u{FFFD}")
      index += 1
    }
    return String(scalars)
  }

  private static func latin1(_ bytes: some Collection<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
    return String(scalars)
  }
}
