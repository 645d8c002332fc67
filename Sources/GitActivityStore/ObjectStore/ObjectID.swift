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
    // Eight digits at a time (`hexWord`); a digit that is not hex makes its word nil.
    guard let a = Self.hexWord(base), let b = Self.hexWord(base + 8),
      let c = Self.hexWord(base + 16), let d = Self.hexWord(base + 24),
      let e = Self.hexWord(base + 32)
    else { return nil }
    high = UInt64(a) << 32 | UInt64(b)
    middle = UInt64(c) << 32 | UInt64(d)
    low = e
  }

  /// The eight hexadecimal digits at `digits` (either case) as a number, the first the most
  /// significant; nil when any is not a digit. Worked on as one 64-bit word, a byte a lane
  /// (commits name their tree and parents in hex: a walk parses two or three ids a commit).
  @inline(__always)
  static func hexWord(_ digits: UnsafeRawPointer) -> UInt32? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let word = UInt64(littleEndian: digits.loadUnaligned(as: UInt64.self))
    // Each lane at least `bound`: its high bit set after the subtraction (a lane's own high
    // bit, set first, keeps the borrow from crossing into the next).
    @inline(__always) func atLeast(_ lanes: UInt64, _ bound: UInt64) -> UInt64 {
      ((lanes | highBits) &- bound &* ones) & highBits
    }
    let folded = word | 0x2020_2020_2020_2020
    let isDigit = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
    let isLetter = atLeast(folded, 0x61) & ~atLeast(folded, 0x67)
    // Every lane a digit or a letter, and no byte above 0x7F (whose lanes the tests misread).
    guard (isDigit | isLetter) == highBits, word & highBits == 0 else { return nil }
    // A lane's value: its low four bits, and nine more for a letter ('a' is 0x61).
    let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (isLetter >> 7) &* 9
    // Pairs into bytes (the first digit of each pair high), then the four bytes in order.
    let pairs = ((nibbles & 0x000F_000F_000F_000F) << 4) | ((nibbles >> 8) & 0x000F_000F_000F_000F)
    let value =
      (pairs & 0xFF) << 24 | (pairs >> 16 & 0xFF) << 16 | (pairs >> 32 & 0xFF) << 8
      | (pairs >> 48 & 0xFF)
    return UInt32(truncatingIfNeeded: value)
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

  /// A byte's value as a hexadecimal digit (either case); nil for a byte that is not one.
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
