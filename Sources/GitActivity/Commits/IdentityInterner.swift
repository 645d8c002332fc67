import Foundation

/// Gives each distinct `name <email>` (with its encoding) a small number, without allocating per
/// commit: bytes are hashed straight from the object buffer and compared against an arena.
struct IdentityInterner {
  private var arena: [UInt8] = []
  /// For each identity: where its bytes start in `arena`, and their length.
  private var spans: [(start: Int, nameLength: Int, emailLength: Int, encodingLength: Int)] = []
  /// Open-addressing table of identity numbers + 1 (0 is empty), indexed by hash.
  private var slots = [Int32](repeating: 0, count: 1024)
  private var hashes: [UInt64] = []

  var count: Int { spans.count }

  /// The number of the identity with these byte ranges of `buffer`.
  mutating func intern(
    _ buffer: UnsafeRawBufferPointer, name: Range<Int>, email: Range<Int>, encoding: Range<Int>?
  ) -> Int32 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) func mix(_ range: Range<Int>) {
      for index in range {
        hash = (hash ^ UInt64(buffer[index])) &* 0x100_0000_01b3
      }
      hash = (hash ^ 0xFF) &* 0x100_0000_01b3
    }
    mix(name)
    mix(email)
    if let encoding { mix(encoding) }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    while slots[slot] != 0 {
      let candidate = Int(slots[slot] - 1)
      if hashes[candidate] == hash, matches(candidate, buffer, name, email, encoding) {
        return Int32(candidate)
      }
      slot = (slot + 1) & mask
    }
    let number = spans.count
    let start = arena.count
    arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[name]))
    arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[email]))
    if let encoding { arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[encoding])) }
    spans.append((start, name.count, email.count, encoding?.count ?? 0))
    hashes.append(hash)
    slots[slot] = Int32(number + 1)
    if spans.count * 2 > slots.count { grow() }
    return Int32(number)
  }

  private func matches(
    _ candidate: Int, _ buffer: UnsafeRawBufferPointer, _ name: Range<Int>, _ email: Range<Int>,
    _ encoding: Range<Int>?
  ) -> Bool {
    let span = spans[candidate]
    guard span.nameLength == name.count, span.emailLength == email.count,
      span.encodingLength == (encoding?.count ?? 0)
    else { return false }
    return arena.withUnsafeBytes { stored in
      guard let base = stored.baseAddress, let source = buffer.baseAddress else {
        return name.isEmpty && email.isEmpty && (encoding?.isEmpty ?? true)
      }
      var offset = span.start
      for range in [name, email, encoding ?? 0..<0] where !range.isEmpty {
        if memcmp(base + offset, source + range.lowerBound, range.count) != 0 { return false }
        offset += range.count
      }
      return true
    }
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (number, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(number + 1)
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
      let emailStart = span.start + span.nameLength
      let encodingStart = emailStart + span.emailLength
      return RawIdentity(
        name: Array(arena[span.start..<emailStart]),
        email: Array(arena[emailStart..<encodingStart]),
        encoding: Array(arena[encodingStart..<(encodingStart + span.encodingLength)]))
    }
  }

}
