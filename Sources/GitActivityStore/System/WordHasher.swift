/// A hash of what it is given, eight bytes a step: for record fingerprints and the interner's
/// table, not for anything an attacker could choose to collide with consequence (a collision
/// costs a comparison, or hides a warning). FNV-1a, a byte a step, was a tenth of all the
/// parsing of a million export records.
package struct WordHasher {
  package var value: UInt64 = 0x9E37_79B9_7F4A_7C15

  package init() {}

  /// A word: multiplied in and its high half folded down (a multiply-xorshift step).
  @inlinable @inline(__always)
  package mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* 0xFF51_AFD7_ED55_8CCD
    value ^= value &>> 32
  }

  /// Bytes, eight a step; the last few with the length, so that where one text ends and the
  /// next begins counts.
  @inlinable @inline(__always)
  package mutating func mix(_ bytes: UnsafeRawBufferPointer) {
    let count = bytes.count
    var at = 0
    while at + 8 <= count {
      mix(bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
      at += 8
    }
    var tail = UInt64(truncatingIfNeeded: count) &<< 56
    var shift: UInt64 = 0
    while at < count {
      tail |= UInt64(bytes[at]) &<< shift
      shift += 8
      at += 1
    }
    mix(tail)
  }
}
