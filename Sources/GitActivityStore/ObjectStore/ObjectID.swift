import CGit2

/// A 20-byte SHA-1 object id, held as three integers so that hashing and comparing are cheap.
package struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible, BitwiseCopyable {
  package var high: UInt64
  package var middle: UInt64
  package var low: UInt32

  package init(high: UInt64, middle: UInt64, low: UInt32) {
    self.high = high
    self.middle = middle
    self.low = low
  }

  /// Reads 20 raw bytes.
  package init(rawBytes bytes: UnsafeRawPointer) {
    high = UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))
    middle = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    low = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
  }

  package init(_ oid: git_oid) {
    let (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t) = oid.id
    func word(_ bytes: UInt8...) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }
    high = word(a, b, c, d, e, f, g, h)
    middle = word(i, j, k, l, m, n, o, p)
    low = UInt32(word(q, r, s, t))
  }

  /// Parses 40 lowercase or uppercase hexadecimal digits at `bytes`; nil if any is not hex.
  package init?(hex bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 40, let base = bytes.baseAddress else { return nil }
    // Each run of digits into its word; a digit that is not hex turns the check's high bit on.
    var invalid: UInt8 = 0
    func word(_ start: Int, _ count: Int) -> UInt64 {
      var value: UInt64 = 0
      for offset in start..<start + count {
        let nibble = ObjectID.nibbles[Int(base.load(fromByteOffset: offset, as: UInt8.self))]
        invalid |= nibble
        value = value << 4 | UInt64(nibble & 0x0F)
      }
      return value
    }
    high = word(0, 16)
    middle = word(16, 16)
    low = UInt32(truncatingIfNeeded: word(32, 8))
    guard invalid & 0x80 == 0 else { return nil }
  }

  /// Parses a 40-digit hexadecimal string.
  package init?(hex text: String) {
    var text = text
    let parsed: ObjectID?? = text.withUTF8 { buffer in
      buffer.count == 40 ? ObjectID(hex: UnsafeRawBufferPointer(buffer)) : nil
    }
    guard let value = parsed ?? nil else { return nil }
    self = value
  }

  /// Each byte's value as a hex digit, or 0x80 for a byte that is not one.
  private static let nibbles: [UInt8] = (0...255).map { nibble(UInt8($0)) ?? 0x80 }

  @inline(__always)
  package static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
  }

  /// The id as libgit2 takes it.
  package var gitOID: git_oid {
    var oid = git_oid()
    withUnsafeMutableBytes(of: &oid.id) { raw in
      raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: middle.bigEndian, toByteOffset: 8, as: UInt64.self)
      raw.storeBytes(of: low.bigEndian, toByteOffset: 16, as: UInt32.self)
    }
    return oid
  }

  /// The 40 hexadecimal digits.
  package var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(40)
    for (word, width) in [(high, 16), (middle, 16), (UInt64(low), 8)] {
      for shift in stride(from: (width - 1) * 4, through: 0, by: -4) {
        bytes.append(digits[Int((word >> UInt64(shift)) & 0xF)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  package var description: String { hex }

  /// Ids are already uniformly distributed: hashing the first eight bytes is enough for a
  /// hash table, and a third of the work of hashing all twenty. Equality still compares all.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(high)
  }

  package static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
    lhs.high == rhs.high && lhs.middle == rhs.middle && lhs.low == rhs.low
  }

  package static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
    (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
  }
}
