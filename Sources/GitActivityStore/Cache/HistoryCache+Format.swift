import Foundation

/// The cache's file format: a header, the sections, and a checksum of everything before it.
extension HistoryCache {
  static let magic: [UInt8] = Array("GHMCACHE".utf8)
  /// Bumped whenever the layout or the meaning of a field changes.
  static let formatVersion: UInt32 = 6
  static let recordSize = 44

  /// The file's bytes: a header, the sections, and a checksum of everything before it.
  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    write { bytes += $0 }
    return bytes
  }

  /// Produces the file in chunks of about 1 MiB, each a multiple of 8 bytes but the last.
  func write(_ emit: (UnsafeRawBufferPointer) -> Void) {
    var out = ByteWriter()
    out.bytes.reserveCapacity(1 << 20 + 64)
    var hasher = Checksum()
    func flush(final: Bool = false) {
      let ready = final ? out.bytes.count : out.bytes.count / 8 * 8
      out.bytes.withUnsafeBytes { raw in
        let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<ready])
        hasher.add(chunk)
        emit(chunk)
      }
      out.bytes.removeFirst(ready)
    }
    func maybeFlush() { if out.bytes.count >= 1 << 20 { flush() } }
    out.bytes += HistoryCache.magic
    out.u32(HistoryCache.formatVersion)
    out.u32(UInt32(ids.count))
    out.u32(UInt32(parentRefs.count))
    out.u32(UInt32(externalParents.count))
    out.u32(UInt32(identities.count))
    let pairs = coAuthors.keys.sorted().flatMap { record in
      (coAuthors[record] ?? []).map { (record, $0) }
    }
    out.u32(trailerStamp ?? 0)
    out.u32(UInt32(pairs.count))
    for id in ids {
      out.id(id)
      maybeFlush()
    }
    for index in sortedIndices {
      out.i32(index)
      maybeFlush()
    }
    for (index, fact) in facts.enumerated() {
      out.i64(fact.author?.seconds ?? 0)
      out.i64(fact.committer?.seconds ?? 0)
      out.i32(fact.author?.offsetMinutes ?? 0)
      out.i32(fact.committer?.offsetMinutes ?? 0)
      out.i32(fact.identity)
      out.u32((fact.author == nil ? 0 : 1) | (fact.committer == nil ? 0 : 2))
      out.i32(fact.parentCount)
      out.i32(parentStarts[index])
      out.i32(fact.committerIdentity)
      maybeFlush()
    }
    for reference in parentRefs {
      out.i32(reference)
      maybeFlush()
    }
    for id in externalParents {
      out.id(id)
      maybeFlush()
    }
    for (record, identity) in pairs {
      out.i32(record)
      out.i32(identity)
      maybeFlush()
    }
    for identity in identities {
      out.u32(UInt32(identity.name.count))
      out.u32(UInt32(identity.email.count))
      out.u32(UInt32(identity.encoding.count))
      out.bytes += identity.name
      out.bytes += identity.email
      out.bytes += identity.encoding
      maybeFlush()
    }
    flush(final: true)
    var tail = ByteWriter()
    tail.u64(hasher.value)
    tail.bytes.withUnsafeBytes { emit($0) }
  }

  /// Reads a cache file's bytes; nil when anything about them is wrong. Every count and
  /// reference is checked before it is used, so no input can make it read out of bounds.
  init?(decoding bytes: [UInt8]) {
    guard
      let decoded = bytes.withUnsafeBytes({ raw -> HistoryCache? in
        guard let base = raw.baseAddress else { return nil }
        return HistoryCache(decoding: UnsafeRawBufferPointer(start: base, count: raw.count))
      })
    else { return nil }
    self = decoded
  }

  init?(decoding raw: UnsafeRawBufferPointer) {
    let headerSize = 8 + 7 * 4
    guard raw.count >= headerSize + 8, raw.starts(with: HistoryCache.magic) else { return nil }
    let bodySize = raw.count - 8
    func u32(_ offset: Int) -> Int { Self.u32(raw, offset) }
    let stored = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bodySize, as: UInt64.self))
    guard u32(8) == HistoryCache.formatVersion,
      stored == HistoryCache.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<bodySize]))
    else { return nil }
    let (count, refCount, externalCount, identityCount) = (u32(12), u32(16), u32(20), u32(24))
    let (flags, pairCount) = (u32(28), u32(32))
    guard flags == 0 || flags & 1 == 1 else { return nil }
    // Sizes must fit what the file holds before anything is allocated or read.
    let fixed =
      count * (20 + 4 + HistoryCache.recordSize) + refCount * 4 + externalCount * 20
      + pairCount * 8 + identityCount * 12
    guard fixed <= bodySize - headerSize else { return nil }
    var position = headerSize

    let ids = Self.decodeIDs(raw, at: &position, count: count)
    // The sorted index must be a permutation along which ids strictly increase.
    var sorted = [Int32]()
    sorted.reserveCapacity(count)
    for _ in 0..<count {
      let index = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: Int32.self))
      guard index >= 0, index < count else { return nil }
      if let last = sorted.last, !(ids[Int(last)] < ids[Int(index)]) { return nil }
      sorted.append(index)
      position += 4
    }
    guard
      let (facts, starts) = Self.decodeRecords(
        raw, at: &position, count: count, refCount: refCount, identityCount: identityCount)
    else { return nil }
    var refs = [Int32]()
    refs.reserveCapacity(refCount)
    for _ in 0..<refCount {
      let reference = Int32(
        littleEndian: raw.loadUnaligned(fromByteOffset: position, as: Int32.self))
      guard reference < count, reference >= -externalCount else { return nil }
      refs.append(reference)
      position += 4
    }
    let external = Self.decodeIDs(raw, at: &position, count: externalCount)
    guard
      let coAuthors = Self.decodeCoAuthors(
        raw, at: &position, pairs: pairCount, count: count, identityCount: identityCount)
    else { return nil }
    guard
      let identities = Self.decodeIdentities(
        raw, at: &position, count: identityCount, bodySize: bodySize)
    else { return nil }
    guard position == bodySize else { return nil }
    self.ids = ids
    self.sortedIndices = sorted
    self.facts = facts
    self.parentStarts = starts
    self.parentRefs = refs
    self.externalParents = external
    self.identities = identities
    self.trailerStamp = flags == 0 ? nil : UInt32(flags)
    self.coAuthors = coAuthors
  }

  /// `count` object ids from `position` (whose room the caller has checked).
  private static func decodeIDs(_ raw: UnsafeRawBufferPointer, at position: inout Int, count: Int)
    -> [ObjectID]
  {
    var ids = [ObjectID]()
    ids.reserveCapacity(count)
    for _ in 0..<count {
      ids.append(ObjectID(rawBytes: raw.baseAddress.unsafelyUnwrapped + position))
      position += 20
    }
    return ids
  }

  /// Co-authors: (record, identity) pairs by record, in order; nil where a pair names a record
  /// or an identity the file does not have, or comes out of order.
  private static func decodeCoAuthors(
    _ raw: UnsafeRawBufferPointer, at position: inout Int, pairs: Int, count: Int,
    identityCount: Int
  ) -> [Int32: [Int32]]? {
    var coAuthors: [Int32: [Int32]] = [:]
    var previousRecord: Int32 = -1
    for _ in 0..<pairs {
      let record = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: Int32.self))
      let identity = Int32(
        littleEndian: raw.loadUnaligned(fromByteOffset: position + 4, as: Int32.self))
      guard record >= previousRecord, record < count, identity >= 0, identity < identityCount
      else { return nil }
      coAuthors[record, default: []].append(identity)
      previousRecord = record
      position += 8
    }
    return coAuthors
  }

  /// The commit records of a cache file from `position`: each commit's dates, identities and
  /// where its parents start; nil where a record is not one this code writes.
  private static func decodeRecords(
    _ raw: UnsafeRawBufferPointer, at position: inout Int, count: Int, refCount: Int,
    identityCount: Int
  ) -> (facts: [CommitFacts], starts: [Int32])? {
    var facts = [CommitFacts]()
    var starts = [Int32]()
    facts.reserveCapacity(count)
    starts.reserveCapacity(count + 1)
    var previousStart: Int32 = 0
    for _ in 0..<count {
      func i64(_ offset: Int) -> Int64 {
        Int64(littleEndian: raw.loadUnaligned(fromByteOffset: position + offset, as: Int64.self))
      }
      func i32(_ offset: Int) -> Int32 {
        Int32(littleEndian: raw.loadUnaligned(fromByteOffset: position + offset, as: Int32.self))
      }
      let (identity, flags, parentCount, start) = (i32(24), i32(28), i32(32), i32(36))
      let committerIdentity = i32(40)
      // An absent date is written as zeros: anything else is not a file this code wrote (found
      // by fuzzing: such a record decoded, but did not encode back to the same bytes).
      guard identity >= -1, identity < identityCount, committerIdentity >= -1,
        committerIdentity < identityCount, parentCount >= 0, flags >= 0, flags <= 3,
        start >= previousStart, start <= refCount,
        flags & 1 == 1 || (i64(0) == 0 && i32(16) == 0),
        flags & 2 == 2 || (i64(8) == 0 && i32(20) == 0),
        // The one offset `CommitFacts` cannot hold (it stands for no date) is never written
        // (found by fuzzing: read as its neighbour, it did not encode back to the same bytes).
        i32(16) != .min, i32(20) != .min
      else { return nil }
      facts.append(
        CommitFacts(
          author: flags & 1 == 0 ? nil : Timestamp(seconds: i64(0), offsetMinutes: i32(16)),
          committer: flags & 2 == 0 ? nil : Timestamp(seconds: i64(8), offsetMinutes: i32(20)),
          identity: identity, parentCount: parentCount, committerIdentity: committerIdentity))
      starts.append(start)
      previousStart = start
      position += HistoryCache.recordSize
    }
    guard count == 0 || starts[0] == 0 else { return nil }
    starts.append(Int32(refCount))
    return (facts, starts)
  }

  /// The little-endian 32-bit number at `offset` of `raw`.
  private static func u32(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> Int {
    Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// The identities of a cache file from `position` to its end: three arrays each, and
  /// nothing else allocated (git/git's cache has 2,809); nil where one runs past the end.
  private static func decodeIdentities(
    _ raw: UnsafeRawBufferPointer, at position: inout Int, count identityCount: Int,
    bodySize: Int
  ) -> [RawIdentity]? {
    func u32(_ offset: Int) -> Int { Self.u32(raw, offset) }
    var identities = [RawIdentity]()
    identities.reserveCapacity(identityCount)
    func bytes(_ count: Int) -> [UInt8] {
      defer { position += count }
      return Array(UnsafeRawBufferPointer(rebasing: raw[position..<(position + count)]))
    }
    for _ in 0..<identityCount {
      guard bodySize - position >= 12 else { return nil }
      let (nameLength, emailLength, encodingLength) = (
        u32(position), u32(position + 4), u32(position + 8)
      )
      position += 12
      guard nameLength + emailLength + encodingLength <= bodySize - position else { return nil }
      let name = bytes(nameLength)
      let email = bytes(emailLength)
      identities.append(RawIdentity(name: name, email: email, encoding: bytes(encodingLength)))
    }
    return identities
  }

  /// A 64-bit checksum of `bytes`, eight bytes at a time.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.withUnsafeBytes { checksum($0) }
  }

  static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var hasher = Checksum()
    hasher.add(raw)
    return hasher.value
  }

  /// The checksum, fed in pieces; every piece but the last must be a multiple of 8 bytes long.
  ///
  /// Four lanes take the 8-byte words in turn, so that a word's multiply does not wait for the
  /// one before it: a warm run of git/git checks its 6 MB cache in a quarter of the time one chain
  /// took (format 5; format 4 had one chain).
  struct Checksum {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5
    )
    private var tail: UInt64 = 0
    private var length: UInt64 = 0

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
      let multiplied = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      return multiplied ^ (multiplied >> 32)
    }

    mutating func add(_ raw: UnsafeRawBufferPointer) {
      var offset = 0
      // The next word's lane follows from the words fed so far.
      while offset + 8 <= raw.count && (length + UInt64(offset)) & 31 != 0 {
        addWord(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), at: offset)
        offset += 8
      }
      while offset + 32 <= raw.count {
        lanes.0 = Self.mix(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        lanes.1 = Self.mix(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        lanes.2 = Self.mix(
          lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
        lanes.3 = Self.mix(
          lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
        offset += 32
      }
      while offset + 8 <= raw.count {
        addWord(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), at: offset)
        offset += 8
      }
      while offset < raw.count {
        tail = (tail ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53
        offset += 1
      }
      length &+= UInt64(raw.count)
    }

    /// One word into the lane of its place: the `offset`th byte of the piece being added.
    @inline(__always)
    private mutating func addWord(_ word: UInt64, at offset: Int) {
      switch (length + UInt64(offset)) >> 3 & 3 {
      case 0: lanes.0 = Self.mix(lanes.0, word)
      case 1: lanes.1 = Self.mix(lanes.1, word)
      case 2: lanes.2 = Self.mix(lanes.2, word)
      default: lanes.3 = Self.mix(lanes.3, word)
      }
    }

    var value: UInt64 {
      var hash = Self.mix(Self.mix(length &* 0x9E37_79B9_7F4A_7C15, lanes.0), lanes.1)
      hash = Self.mix(Self.mix(Self.mix(hash, lanes.2), lanes.3), tail)
      return hash ^ (hash >> 29)
    }
  }
}

/// Little-endian writing.
package struct ByteWriter {
  var bytes: [UInt8] = []
  mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func i32(_ value: Int32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func i64(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func id(_ id: ObjectID) {
    u64BigEndian(id.high)
    u64BigEndian(id.middle)
    withUnsafeBytes(of: id.low.bigEndian) { bytes += $0 }
  }
  private mutating func u64BigEndian(_ value: UInt64) {
    withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
  }
}
