import Foundation

/// One pack of the object store: `pack-X.pack` and its index `pack-X.idx` (version 2), both
/// mapped read-only. See git's Documentation/gitformat-pack.txt.
package final class PackFile: Sendable {
  let pack: MappedFile
  private let index: MappedFile
  private let names: SortedObjectIDs
  private let reversePath: String
  private let checksums: Int
  private let offsets: Int
  private let largeOffsets: Int
  /// The pack order and its inverse, made on first use by `packOrder`.
  private let order = MadeOnce<(positions: FrozenTable, ranks: FrozenTable)>()
  private let prefixTable = MadeOnce<FrozenTable>()
  /// The entries' offsets in ascending order, made on first use by `sortedOffsets`.
  private let offsetTable = MadeOnce<FrozenTable?>()

  /// Maps and checks `pack-X.idx` and its pack; nil when either is missing, of another version,
  /// or when they do not belong together (the index names the pack's checksum).
  init?(indexPath: String) {
    let base = String(indexPath.dropLast(4))
    guard indexPath.hasSuffix(".idx"),
      let index = MappedFile(path: indexPath, minimumSize: 8 + 256 * 4 + 40),
      index.word(at: 0) == 0xFF74_4F63, index.word(at: 4) == 2,
      let names = SortedObjectIDs(index, fanout: 8, ids: 8 + 256 * 4)
    else { return nil }
    let count = names.count
    let offsets = 8 + 256 * 4 + count * 24
    guard offsets + count * 4 + 40 <= index.size,
      let pack = MappedFile(path: base + ".pack", minimumSize: 12 + 20),
      pack.word(at: 0) == 0x5041_434B, pack.word(at: 4) == 2 || pack.word(at: 4) == 3,
      Int(pack.word(at: 8)) == count,
      memcmp(pack.base + pack.size - 20, index.base + index.size - 40, 20) == 0
    else { return nil }
    self.index = index
    self.pack = pack
    reversePath = base + ".rev"
    self.names = names
    checksums = 8 + 256 * 4 + count * 20
    self.offsets = offsets
    largeOffsets = offsets + count * 4
  }

  /// How many objects the pack holds.
  var objectCount: Int { names.count }

  /// Where object `id` starts in the pack and its position in the index, or nil when this pack
  /// does not hold it (or its index points outside the pack).
  func place(of id: ObjectID, prefixCounts: UnsafeBufferPointer<UInt32>? = nil) -> (
    position: Int, offset: Int
  )? {
    guard let position = names.position(of: id, prefixCounts: prefixCounts),
      let offset = offset(at: position)
    else { return nil }
    return (position, offset)
  }

  /// Whether the index lists `id` at an offset the pack does not have.
  func listsBeyondEnd(_ id: ObjectID) -> Bool {
    guard let position = names.position(of: id) else { return false }
    return offset(at: position) == nil
  }

  /// Whether any entry of the index lies at an offset the pack does not have. The 32-bit
  /// offsets are read in one plain pass that keeps their least and greatest (a million in well
  /// under a millisecond, at every start); an entry in the 64-bit table is checked on its own.
  var listsAnyBeyondEnd: Bool {
    var (least, greatest) = (UInt32.max, UInt32(0))
    for position in 0..<objectCount {
      let small = index.word(at: offsets + position * 4)
      if small & 0x8000_0000 != 0 {
        if offset(at: position) == nil { return true }
      } else {
        least = min(least, small)
        greatest = max(greatest, small)
      }
    }
    guard least <= greatest else { return false }  // none in the 32-bit table
    return least < 12 || Int(greatest) >= pack.size - 20
  }

  /// The CRC-32 of the entry at index `position`, as the index records it: of its bytes in the
  /// pack, header and compressed data (what `git index-pack` and `git verify-pack` check).
  func checksum(at position: Int) -> UInt32 {
    index.word(at: checksums + position * 4)
  }

  /// The index's ids counted by 16-bit prefix (see `SortedObjectIDs.prefixCounts`), for the
  /// lookups of a long walk. Made once, on first use; valid as long as the pack.
  func prefixCounts() -> UnsafeBufferPointer<UInt32> {
    prefixTable.value { FrozenTable(names.prefixCounts()) }.values
  }

  /// Gives the pages of the pack and its index read so far back to the kernel: a walk of a
  /// million commits touches every page of a 30 MB index.
  func releasePages(includingIndex: Bool = true) {
    pack.releasePages()
    if includingIndex { index.releasePages() }
  }

  /// Every entry's offset, in ascending order, so that where an entry ends (where the next one
  /// starts) is a binary search away; nil for a pack of 4 GiB or more (`packOrder` serves it).
  /// Cheaper to make than the pack order when there is no `.rev` file: offsets alone, in two
  /// passes of a radix sort (git/git's 849,000 objects, measured in perf: about 8 ms, where the
  /// pack order takes 10). Made once, on first use; valid as long as the pack.
  func sortedOffsets() -> UnsafeBufferPointer<UInt32>? {
    offsetTable.value {
      guard pack.size <= 1 << 32 else { return nil }
      let count = names.count
      var keys = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
        for position in 0..<count { buffer[position] = UInt32(offset(at: position) ?? 0) }
        initialized = count
      }
      Self.radixSort(&keys, bits: 0..<min(32, Self.significantBits(pack.size)), digitBits: 16) {
        UInt64($0)
      }
      return FrozenTable(keys)
    }?.values
  }

  /// Where the entry at `offset` ends: the next entry's offset, or the pack's trailing checksum;
  /// nil when the pack has no table of sorted offsets.
  func entryEnd(at offset: Int) -> Int? {
    guard let sorted = sortedOffsets() else { return nil }
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if Int(sorted[middle]) <= offset { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count ? Int(sorted[low]) : pack.size - 20
  }

  /// The pack's entries in pack order (`positions`, index positions by rank) and back (`ranks`,
  /// rank by index position), for reading ahead: from `.rev` when one
  /// belongs to the pack and names every position once, else by sorting the offsets. Made once,
  /// on first use; the tables stay valid as long as the pack.
  func packOrder() -> (positions: UnsafeBufferPointer<UInt32>, ranks: UnsafeBufferPointer<UInt32>) {
    let made = order.value {
      let positions = positionsInPackOrder()
      var ranks = [UInt32](repeating: 0, count: positions.count)
      for (rank, position) in positions.enumerated() { ranks[Int(position)] = UInt32(rank) }
      return (positions: FrozenTable(positions), ranks: FrozenTable(ranks))
    }
    return (made.positions.values, made.ranks.values)
  }

  /// The index positions in pack order: from `.rev`, else by sorting the offsets.
  private func positionsInPackOrder() -> [UInt32] {
    reversePositions() ?? sortedByOffset()
  }

  /// The index positions as git's `.rev` file lists them (written by default since git 2.41),
  /// when there is one for this pack that names every position once.
  func reversePositions() -> [UInt32]? {
    guard let file = reverseIndex() else { return nil }
    let count = names.count
    var seen = [Bool](repeating: false, count: count)
    var positions = [UInt32](repeating: 0, count: count)
    for rank in 0..<count {
      let position = file.word(at: 12 + rank * 4)
      guard Int(position) < count, !seen[Int(position)] else { return nil }
      seen[Int(position)] = true
      positions[rank] = position
    }
    return positions
  }

  /// Index positions sorted by their offsets: each offset (under 2^40) and its position (under
  /// 2^24) packed in one word and those sorted by an LSD radix sort of the offset's bits, 11 at
  /// a time (git/git's 849,000 objects without a `.rev` file: 10 ms, where sorting positions
  /// by looking each offset up took 17; packs these words do not fit are still sorted so).
  func sortedByOffset(indirectly: Bool = false) -> [UInt32] {
    let count = names.count
    guard !indirectly, count < 1 << 24, pack.size < 1 << 40 else {
      return sortedByOffsetIndirectly()
    }
    var keys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
      for position in 0..<count {
        buffer[position] = UInt64(offset(at: position) ?? 0) << 24 | UInt64(position)
      }
      initialized = count
    }
    Self.radixSort(
      &keys, bits: 24..<min(64, 24 + Self.significantBits(pack.size)), digitBits: 11
    ) { $0 }
    return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
      for rank in 0..<count { buffer[rank] = UInt32(truncatingIfNeeded: keys[rank] & 0xFF_FFFF) }
      initialized = count
    }
  }

  /// How many bits `size` needs.
  static func significantBits(_ size: Int) -> Int { Int.bitWidth - size.leadingZeroBitCount }

  /// Sorts `items` by the `bits` of their keys, `digitBits` at a time from the lowest (an LSD
  /// radix sort: stable, so each pass keeps the order the lower digits gave).
  static func radixSort<Item>(
    _ items: inout [Item], bits: Range<Int>, digitBits: Int, key: (Item) -> UInt64
  ) {
    var scratch = items
    var counts = [Int](repeating: 0, count: 1 << digitBits)
    let mask = UInt64((1 << digitBits) - 1)
    for shift in stride(from: bits.lowerBound, to: bits.upperBound, by: digitBits) {
      for index in counts.indices { counts[index] = 0 }
      for item in items { counts[Int((key(item) >> shift) & mask)] += 1 }
      var total = 0
      for index in counts.indices {
        let value = counts[index]
        counts[index] = total
        total += value
      }
      for item in items {
        let digit = Int((key(item) >> shift) & mask)
        scratch[counts[digit]] = item
        counts[digit] += 1
      }
      swap(&items, &scratch)
    }
  }

  /// `sortedByOffset` for a pack of 2^24 objects or more, or of 1 TiB (and for tests): positions
  /// sorted through their keys, in 16-bit digits.
  private func sortedByOffsetIndirectly() -> [UInt32] {
    let count = names.count
    let keys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
      for position in 0..<count { buffer[position] = UInt64(offset(at: position) ?? 0) }
      initialized = count
    }
    var order = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
      for position in 0..<count { buffer[position] = UInt32(position) }
      initialized = count
    }
    Self.radixSort(&order, bits: 0..<min(48, Self.significantBits(pack.size)), digitBits: 16) {
      keys[Int($0)]
    }
    return order
  }

  /// The pack's reverse index (`pack-X.rev`, version 1, SHA-1) when there is one that belongs to
  /// this pack: index positions in the order of their offsets.
  private func reverseIndex() -> MappedFile? {
    guard
      let file = MappedFile(
        path: reversePath, minimumSize: 12 + names.count * 4 + 40),
      file.size == 12 + names.count * 4 + 40, file.word(at: 0) == 0x5249_4458,
      file.word(at: 4) == 1, file.word(at: 8) == 1,
      memcmp(file.base + file.size - 40, pack.base + pack.size - 20, 20) == 0
    else { return nil }
    return file
  }

  /// Where the object at index `position` starts in the pack.
  func offset(at position: Int) -> Int? {
    let small = index.word(at: offsets + position * 4)
    var offset = Int(small)
    if small & 0x8000_0000 != 0 {
      let entry = largeOffsets + Int(small & 0x7FFF_FFFF) * 8
      guard entry + 8 <= index.size - 40 else { return nil }
      offset = Int(
        truncatingIfNeeded: UInt64(
          bigEndian: index.base.loadUnaligned(fromByteOffset: entry, as: UInt64.self)))
    }
    return offset >= 12 && offset < pack.size - 20 ? offset : nil
  }
}
