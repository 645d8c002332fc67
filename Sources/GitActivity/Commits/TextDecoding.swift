import Foundation

/// Turns bytes from commits and mailmaps into `String`s without ever failing.
enum TextDecoding {
  /// Decodes `bytes` written in `encoding` (a commit's `encoding` header; nil means UTF-8).
  ///
  /// Valid UTF-8 stays as it is. Known single-byte encodings are decoded as such. Bytes that are
  /// not valid in the declared encoding are read as Latin-1, where every byte is a character:
  /// most such names are Latin-1 written without a header, and nothing is lost or crashes.
  static func decode(_ bytes: some Collection<UInt8>, encoding: String?) -> String {
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
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return latin1(bytes)
  }

  private static func latin1(_ bytes: some Collection<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
    return String(scalars)
  }
}
