/// git's C-style quoting of paths (`quote.c`'s `unquote_c_style`): `"…"` with `\\`, `\"`,
/// `\a \b \f \n \r \t \v` and three octal digits for any byte.
package enum CQuoting {
  /// The bytes a quoted path stands for; nil when `bytes` is not one quoted string, whole.
  package static func unquote(_ bytes: some Collection<UInt8>) -> [UInt8]? {
    let bytes = Array(bytes)
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"")
    else { return nil }
    var result: [UInt8] = []
    var index = 1
    let end = bytes.count - 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return nil }
      guard byte == UInt8(ascii: "\\") else {
        result.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < end else { return nil }
      let escaped = bytes[index]
      switch escaped {
      case UInt8(ascii: "a"): result.append(0x07)
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0C)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "v"): result.append(0x0B)
      case UInt8(ascii: "\\"), UInt8(ascii: "\""): result.append(escaped)
      case UInt8(ascii: "0")...UInt8(ascii: "3"):
        guard index + 2 < end,
          (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index + 1]),
          (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index + 2])
        else { return nil }
        result.append(
          (escaped - 48) << 6 | (bytes[index + 1] - 48) << 3 | (bytes[index + 2] - 48))
        index += 2
      default:
        return nil
      }
      index += 1
    }
    return result
  }
}
