/// HMAC-SHA-256 (RFC 2104, FIPS 198-1): a keyed hash, for pseudonyms that nobody without the key
/// can link back to what they stand for, and that the same key makes the same everywhere.
/// A plain hash of an email would not do: anyone with a list of emails hashes them all and
/// reads the export back.
public struct HMAC: Sendable {
  private let inner: [UInt8]
  private let outer: [UInt8]

  /// A keyed hash with `key` (hashed first when longer than SHA-256's block of 64 bytes).
  public init(key: some Collection<UInt8>) {
    var block = key.count > 64 ? SHA256.digest(key) : Array(key)
    block += [UInt8](repeating: 0, count: 64 - block.count)
    inner = block.map { $0 ^ 0x36 }
    outer = block.map { $0 ^ 0x5C }
  }

  /// The 32-byte code of `message`.
  package func code(_ message: some Collection<UInt8>) -> [UInt8] {
    SHA256.digest(outer + SHA256.digest(inner + Array(message)))
  }

  /// The code of `message` as lowercase hexadecimal, its first `length` digits.
  public func hex(_ message: String, length: Int = 64) -> String {
    String(Self.hex(code(Array(message.utf8))).prefix(length))
  }

  /// Bytes as lowercase hexadecimal.
  package static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
