import Foundation

/// Gives each distinct `name <email>` (with its encoding) a small number, without allocating per
/// commit: bytes are hashed straight from the object buffer and compared against an arena.
struct IdentityInterner {
  private var arena: [UInt8] = []
  /// For each identity: where its bytes start in `arena`, and the length of each of its parts
  /// (name, email, encoding, and a fourth that only export readers use).
  private var spans: [(start: Int, lengths: (Int32, Int32, Int32, Int32))] = []
  /// Open-addressing table indexed by hash: each slot the identity's number + 1 (0 is empty) in
  /// its low half, and the low half of its hash in the high half, so that a search compares
  /// hashes without reading a second table.
  private var slots = [UInt64](repeating: 0, count: 1024)
  private var hashes: [UInt64] = []

  var count: Int { spans.count }

  /// The number of the identity with these byte ranges of `buffer`.
  mutating func intern(
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
  mutating func intern(
    _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer,
    _ third: UnsafeRawBufferPointer, _ fourth: UnsafeRawBufferPointer
  ) -> (number: Int32, isNew: Bool) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    // Eight bytes a step (a byte a step was a tenth of reading a million export records).
    @inline(__always) func mix(_ part: UnsafeRawBufferPointer) {
      var offset = 0
      let count = part.count
      if let base = part.baseAddress {
        while offset + 8 <= count {
          let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
          hash ^= hash >> 29
          offset += 8
        }
        while offset < count {
          hash =
            (hash ^ UInt64(base.load(fromByteOffset: offset, as: UInt8.self))) &* 0x100_0000_01b3
          offset += 1
        }
      }
      hash = (hash ^ 0xFF ^ UInt64(count) << 8) &* 0x100_0000_01b3
    }
    mix(first)
    mix(second)
    mix(third)
    mix(fourth)
    let lengths = (Int32(first.count), Int32(second.count), Int32(third.count), Int32(fourth.count))
    let mask = slots.count - 1
    var slot = Self.slot(of: hash, mask: mask)
    let tag = hash << 32
    while slots[slot] != 0 {
      let entry = slots[slot]
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let candidate = Int(entry & 0xFFFF_FFFF) - 1
        if matches(candidate, lengths, first, second, third, fourth) {
          return (Int32(candidate), false)
        }
      }
      slot = (slot + 1) & mask
    }
    let number = spans.count
    let start = arena.count
    for part in [first, second, third, fourth] { arena.append(contentsOf: part) }
    spans.append((start, lengths))
    hashes.append(hash)
    slots[slot] = tag | UInt64(number + 1)
    if spans.count * 2 > slots.count { grow() }
    return (Int32(number), true)
  }

  private func matches(
    _ candidate: Int, _ lengths: (Int32, Int32, Int32, Int32),
    _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer,
    _ third: UnsafeRawBufferPointer, _ fourth: UnsafeRawBufferPointer
  ) -> Bool {
    let span = spans[candidate]
    guard span.lengths == lengths else { return false }
    return arena.withUnsafeBytes { stored in
      guard let base = stored.baseAddress else { return lengths == (0, 0, 0, 0) }
      // The parts one after another, as they are stored.
      var at = base + span.start
      return Self.storedPart(&at, is: first) && Self.storedPart(&at, is: second)
        && Self.storedPart(&at, is: third) && Self.storedPart(&at, is: fourth)
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
      slots[slot] = hash << 32 | UInt64(number + 1)
    }
  }

  /// Interns an identity given as separate byte arrays (from another interner or a cache).
  mutating func intern(_ identity: RawIdentity) -> Int32 {
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
  func rawIdentities() -> [RawIdentity] {
    spans.map { span in
      let emailStart = span.start + Int(span.lengths.0)
      let encodingStart = emailStart + Int(span.lengths.1)
      return RawIdentity(
        name: Array(arena[span.start..<emailStart]),
        email: Array(arena[emailStart..<encodingStart]),
        encoding: Array(arena[encodingStart..<(encodingStart + Int(span.lengths.2))]))
    }
  }

}
