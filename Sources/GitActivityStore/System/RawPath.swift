import Foundation

/// Paths are bytes on Linux, not text: a folder may be named `caf\xE9` (Latin-1), which no
/// `String` holds as it is. Swift's own conversions (`CommandLine.arguments`, `FileManager`,
/// passing a `String` to a C function) repair such bytes into U+FFFD, and the path is lost.
///
/// A path is therefore kept in a `String` in which every byte that is not part of valid UTF-8 is
/// carried as one scalar of the last private-use block, U+10FF80 + (byte - 0x80), and turned back
/// into that byte whenever the path goes to the system. Valid UTF-8 that would spell one of those
/// scalars is carried byte by byte too, so that the round trip is exact for every path.
public enum RawPath {
  private static let escapeBase: UInt32 = 0x10_FF00

  /// The path these bytes name.
  public static func string(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      if let (scalar, length) = decode(bytes, at: index), scalar.value < escapeBase + 0x80 {
        scalars.append(scalar)
        index += length
      } else {
        scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index])) ?? "?")
        index += 1
      }
    }
    return String(scalars)
  }

  /// `path` without trailing slashes (`/` stays `/`).
  public static func withoutTrailingSlashes(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }

  /// The canonical absolute path of `path`, links resolved; nil when it does not exist.
  /// The corresponding C function is `realpath`.
  package static func resolved(_ path: String) -> String? {
    withCString(path) { pointer in
      realpath(pointer, nil).map { resolved in
        defer { free(resolved) }
        return string(cString: resolved)
      }
    }
  }

  /// The path a C string names.
  public static func string(cString: UnsafePointer<CChar>) -> String {
    string(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
  }

  /// The bytes of `path`.
  public static func bytes(_ path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if scalar.value >= escapeBase + 0x80 {
        bytes.append(UInt8(scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with `path` as the NUL-terminated bytes the system takes.
  public static func withCString<T, E: Error>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws(E) -> T
  ) throws(E) -> T {
    var bytes = bytes(path)
    bytes.append(0)
    let result: Result<T, E> = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        do throws(E) {
          return .success(try body(chars.baseAddress.unsafelyUnwrapped))
        } catch {
          return .failure(error)
        }
      }
    }
    return try result.get()
  }

  /// The path as people read it: bytes that are not UTF-8 shown as `\xE9`.
  public static func display(_ path: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in path.unicodeScalars {
      if scalar.value >= escapeBase + 0x80 {
        let byte = UInt8(scalar.value - escapeBase)
        let hex = String(byte, radix: 16, uppercase: true)
        result.append(contentsOf: "\\x\(hex.count < 2 ? "0" : "")\(hex)".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The scalar a well-formed UTF-8 sequence at `index` encodes, and its length; nil when the
  /// bytes there are not one (overlong forms, surrogates and values past U+10FFFF included).
  private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x1_0000, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}
