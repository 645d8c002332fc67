/// git's changed-path Bloom filters, in a commit-graph written with `--changed-paths`: for each
/// commit, the paths that differ from its first parent (and their folders), hashed with
/// murmur3 under git's two seeds into `hashCount` bits each. A filter that lacks a key says the
/// path is the same as in the first parent; one that has all its keys says "maybe". Version 1,
/// the only one git 2.39 writes and reads, with its hash exactly as git computes it (the bytes
/// of a path taken as signed characters). Offsets that decrease or leave the chunk make
/// the filters unusable, as git then ignores them.
///
/// It holds the file's address, not the file: the commit-graph that makes it keeps the file
/// mapped, and a pathspec walk asks a filter for every commit, from several threads.
package struct BloomFilters: @unchecked Sendable {
  private let base: UnsafeRawPointer
  /// `BIDX`: where each commit's filter ends in `BDAT`'s data.
  private let index: Int
  /// `BDAT`'s data, after its 12-byte header.
  private let data: Range<Int>
  let hashCount: Int

  init?(_ file: MappedFile, chunks: [(id: UInt32, offset: Int)], count: Int) {
    guard let index = CommitGraph.chunk("BIDX", in: chunks), index.count == count * 4,
      let data = CommitGraph.chunk("BDAT", in: chunks), data.count >= 12
    else { return nil }
    let version = file.word(at: data.lowerBound)
    let hashes = file.word(at: data.lowerBound + 4)
    guard version == 1, hashes > 0, hashes < 64 else { return nil }
    base = file.base
    self.index = index.lowerBound
    self.data = (data.lowerBound + 12)..<data.upperBound
    hashCount = Int(hashes)
  }

  /// The filter of the commit at `position`, or nil when it is unusable or empty (no answer).
  func filter(at position: Int32) -> UnsafeRawBufferPointer? {
    let end = Int(base.bigEndianWord(at: index + Int(position) * 4))
    let start = position > 0 ? Int(base.bigEndianWord(at: index + Int(position - 1) * 4)) : 0
    guard start <= end, end <= data.count, end > start else { return nil }
    return UnsafeRawBufferPointer(
      start: base + data.lowerBound + start, count: end - start)
  }

  /// Whether the filter of the commit at `position` rules out a change to the path that `keys`
  /// stand for (the path and its folders): a usable filter that lacks one of them. Empty
  /// `keys` rule out nothing.
  func rulesOut(_ keys: [Key], at position: Int32) -> Bool {
    guard !keys.isEmpty, let filter = filter(at: position) else { return false }
    return !keys.allSatisfy { mayContain(filter, $0) }
  }

  /// Whether `filter` may hold `key` (false: the path is certainly unchanged).
  func mayContain(_ filter: UnsafeRawBufferPointer, _ key: Key) -> Bool {
    let bits = UInt64(filter.count) * 8
    for i in 0..<hashCount {
      let hash = key.first &+ UInt32(truncatingIfNeeded: i) &* key.second
      let bit = UInt64(hash) % bits
      if filter[Int(bit / 8)] & (1 << UInt8(bit % 8)) == 0 { return false }
    }
    return true
  }

  /// A path's two murmur3 hashes, under git's seeds.
  package struct Key: Equatable {
    var first: UInt32
    var second: UInt32

    package init(_ path: some Collection<UInt8>) {
      let bytes = Array(path)
      first = BloomFilters.murmur3(seed: 0x293a_e76f, bytes)
      second = BloomFilters.murmur3(seed: 0x7e64_6e2c, bytes)
    }
  }

  /// git's `murmur3_seeded_v1`.
  static func murmur3(seed: UInt32, _ data: [UInt8]) -> UInt32 {
    let c1: UInt32 = 0xcc9e_2d51
    let c2: UInt32 = 0x1b87_3593
    var hash = seed
    // Bytes as git 2.39 reads them: characters are signed, so a byte of 0x80 or more carries
    // its sign into the bits above it, in the blocks and in the tail alike.
    func signed(_ byte: UInt8) -> UInt32 { UInt32(bitPattern: Int32(Int8(bitPattern: byte))) }
    let blocks = data.count / 4
    for block in 0..<blocks {
      var k =
        signed(data[4 * block]) | signed(data[4 * block + 1]) << 8
        | signed(data[4 * block + 2]) << 16 | signed(data[4 * block + 3]) << 24
      k = k &* c1
      k = k << 15 | k >> 17
      k = k &* c2
      hash ^= k
      hash = (hash << 13 | hash >> 19) &* 5 &+ 0xe654_6b64
    }
    let tail = blocks * 4
    var k1: UInt32 = 0
    let rest = data.count & 3
    if rest == 3 { k1 ^= signed(data[tail + 2]) << 16 }
    if rest >= 2 { k1 ^= signed(data[tail + 1]) << 8 }
    if rest >= 1 {
      k1 ^= signed(data[tail])
      k1 = k1 &* c1
      k1 = k1 << 15 | k1 >> 17
      k1 = k1 &* c2
      hash ^= k1
    }
    hash ^= UInt32(truncatingIfNeeded: data.count)
    hash ^= hash >> 16
    hash = hash &* 0x85eb_ca6b
    hash ^= hash >> 13
    hash = hash &* 0xc2b2_ae35
    hash ^= hash >> 16
    return hash
  }
}
