/// Byte runs compared in place: eight bytes a step, with no call into the C library for the
/// short runs (names, emails, keys) that per-record work compares millions of times.
package enum RawBytes {
  /// Whether `count` bytes at `a` and at `b` are the same.
  @inlinable @inline(__always)
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
      guard
        a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard
        a.load(fromByteOffset: offset, as: UInt8.self)
          == b.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }

  /// Whether two buffers hold the same bytes.
  @inlinable @inline(__always)
  package static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return equal(x, y, count: a.count)
  }
}
