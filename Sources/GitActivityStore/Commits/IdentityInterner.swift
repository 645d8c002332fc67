import Foundation

/// Gives each distinct `name <email>` (with its encoding) a small number, without allocating per
/// commit: bytes are hashed straight from the object buffer and compared against an arena.
package struct IdentityInterner {
  /// Each identity's record: its number and the length of each of its parts (name, email,
  /// encoding, and a fourth that only export readers use), five `Int32`s, then the parts' bytes
  /// one after another. A search reads the one record, not a table of lengths beside it: with
  /// 20,000 people read at random, each table read was a cache miss (a third of interning).
  private var arena: [UInt8] = []
  private static let headerSize = 20
  /// Where each identity's record starts in `arena`, by number.
  private var starts: [Int] = []
  /// Open-addressing table indexed by hash: each slot the identity's record offset + 1 (0 is
  /// empty) in its low 40 bits, and the low 24 bits of its hash above, so that a search
  /// compares hashes without reading a second table.
  private var slots = [UInt64](repeating: 0, count: 1024)
  private static let offsetBits: UInt64 = 40
  private var hashes: [UInt64] = []

  /// An empty interner.
  package init() {}

  var count: Int { starts.count }

  /// Field `index` of the record header at `start` of `stored` (0 the number, 1-4 the lengths).
  @inline(__always)
  private static func field(_ index: Int, of start: Int, in stored: UnsafeRawBufferPointer)
    -> Int32
  {
    Int32(littleEndian: stored.loadUnaligned(fromByteOffset: start + 4 * index, as: Int32.self))
  }

  /// What a slot holds for a record at `start` whose hash is `hash`.
  @inline(__always)
  private static func entry(_ hash: UInt64, _ start: Int) -> UInt64 {
    (hash & 0xFF_FFFF) << offsetBits | UInt64(start + 1)
  }

  /// The number of the identity with these byte ranges of `buffer`.
  package mutating func intern(
    _ buffer: UnsafeRawBufferPointer, name: Range<Int>, email: Range<Int>, encoding: Range<Int>?
  ) -> Int32 {
    intern(
      UnsafeRawBufferPointer(rebasing: buffer[name]),
      UnsafeRawBufferPointer(rebasing: buffer[email]),
      encoding.map { UnsafeRawBufferPointer(rebasing: buffer[$0]) }
        ?? UnsafeRawBufferPointer(start: nil, count: 0),
      UnsafeRawBufferPointer(start: nil, count: 0)
    ).number
  }

  /// The number of the identity of up to four parts (each compared as bytes), and whether it
  /// is new.
  package mutating func intern(
    _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer,
    _ third: UnsafeRawBufferPointer, _ fourth: UnsafeRawBufferPointer
  ) -> (number: Int32, isNew: Bool) {
    var hasher = WordHasher()
    hasher.mix(first)
    hasher.mix(second)
    hasher.mix(third)
    hasher.mix(fourth)
    let hash = hasher.value
    let lengths = (Int32(first.count), Int32(second.count), Int32(third.count), Int32(fourth.count))
    let mask = slots.count - 1
    var slot = Self.slot(of: hash, mask: mask)
    let offsets: UInt64 = 1 << Self.offsetBits - 1
    let tag = Self.entry(hash, 0) & ~offsets
    while slots[slot] != 0 {
      let entry = slots[slot]
      if entry & ~offsets == tag,
        let number = matching(Int(entry & offsets) - 1, lengths, first, second, third, fourth)
      {
        return (number, false)
      }
      slot = (slot + 1) & mask
    }
    let number = Int32(starts.count)
    let start = arena.count
    for value in [number, lengths.0, lengths.1, lengths.2, lengths.3] {
      withUnsafeBytes(of: value.littleEndian) { arena.append(contentsOf: $0) }
    }
    for part in [first, second, third, fourth] { arena.append(contentsOf: part) }
    starts.append(start)
    hashes.append(hash)
    slots[slot] = Self.entry(hash, start)
    if starts.count * 2 > slots.count { grow() }
    return (number, true)
  }

  /// The number of the identity whose record starts at `start`, when its parts are these.
  private func matching(
    _ start: Int, _ lengths: (Int32, Int32, Int32, Int32),
    _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer,
    _ third: UnsafeRawBufferPointer, _ fourth: UnsafeRawBufferPointer
  ) -> Int32? {
    arena.withUnsafeBytes { stored -> Int32? in
      guard let base = stored.baseAddress else { return nil }
      func field(_ index: Int) -> Int32 { Self.field(index, of: start, in: stored) }
      guard (field(1), field(2), field(3), field(4)) == lengths else { return nil }
      // The parts one after another, as they are stored.
      var at = base + start + Self.headerSize
      guard
        Self.storedPart(&at, is: first) && Self.storedPart(&at, is: second)
          && Self.storedPart(&at, is: third) && Self.storedPart(&at, is: fourth)
      else { return nil }
      return field(0)
    }
  }

  /// Whether the bytes stored at `at` are `part`'s (an empty part has no address); `at` moves
  /// past them.
  @inline(__always)
  private static func storedPart(_ at: inout UnsafeRawPointer, is part: UnsafeRawBufferPointer)
    -> Bool
  {
    defer { at += part.count }
    guard let source = part.baseAddress else { return true }
    return RawBytes.equal(at, source, count: part.count)
  }

  /// Where a hash starts its search: the top bits of the hash, multiplied to spread them (names
  /// that differ only in their last digits must not crowd one part of the table).
  @inline(__always)
  private static func slot(of hash: UInt64, mask: Int) -> Int {
    let bits = mask.nonzeroBitCount
    return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits)) & mask
  }

  private mutating func grow() {
    slots = [UInt64](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (number, hash) in hashes.enumerated() {
      var slot = Self.slot(of: hash, mask: mask)
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Self.entry(hash, starts[number])
    }
  }

  /// The number of an assisted trailer's value (the `value` range of `buffer`), marked as one
  /// by its encoding (`RawIdentity.trailerMarker`, then the commit's encoding).
  package mutating func internTrailerValue(
    _ buffer: UnsafeRawBufferPointer, value: Range<Int>, encoding: Range<Int>?
  ) -> Int32 {
    let marked = RawIdentity.trailerMarker + (encoding.map { Array(buffer[$0]) } ?? [])
    return marked.withUnsafeBytes { marker in
      intern(
        UnsafeRawBufferPointer(rebasing: buffer[value]),
        UnsafeRawBufferPointer(start: nil, count: 0), marker,
        UnsafeRawBufferPointer(start: nil, count: 0)
      ).number
    }
  }

  /// Interns an identity given as separate byte arrays (from another interner or a cache).
  package mutating func intern(_ identity: RawIdentity) -> Int32 {
    let bytes = identity.name + identity.email + identity.encoding
    return bytes.withUnsafeBytes { buffer in
      let nameEnd = identity.name.count
      let emailEnd = nameEnd + identity.email.count
      return intern(
        buffer, name: 0..<nameEnd, email: nameEnd..<emailEnd,
        encoding: identity.encoding.isEmpty ? nil : emailEnd..<bytes.count)
    }
  }

  /// The identities' bytes, in number order.
  package func rawIdentities() -> [RawIdentity] {
    arena.withUnsafeBytes { stored in
      starts.map { start in
        func field(_ index: Int) -> Int { Int(Self.field(index, of: start, in: stored)) }
        let nameStart = start + Self.headerSize
        let emailStart = nameStart + field(1)
        let encodingStart = emailStart + field(2)
        return RawIdentity(
          name: Array(stored[nameStart..<emailStart]),
          email: Array(stored[emailStart..<encodingStart]),
          encoding: Array(stored[encodingStart..<(encodingStart + field(3))]))
      }
    }
  }

}
