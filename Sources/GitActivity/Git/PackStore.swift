import Foundation

/// A table of 32-bit numbers made once and never changed, at an address that stays valid as long
/// as the table lives: readers on every thread index it through `values` without touching a
/// reference count (an array shared by the workers would have its count bounced between cores on
/// every read). Immutable once made, hence `@unchecked Sendable`.
final class FrozenTable: @unchecked Sendable {
  let values: UnsafeBufferPointer<UInt32>

  init(_ array: [UInt32]) {
    let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    values = UnsafeBufferPointer(rebasing: buffer[0..<array.count])
  }

  deinit {
    UnsafeMutableRawPointer(mutating: values.baseAddress)?.deallocate()
  }
}

/// A value made once, on first use, by the first thread that asks; the others wait for it. Its
/// lock is an `NSLock` (pthread's), which ThreadSanitizer sees: the standard library's `Mutex`
/// is not instrumented in debug builds, where it showed lazy tables as races. Thread safety:
/// `value` is read and written only under `lock`, hence `@unchecked Sendable`.
final class MadeOnce<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?

  /// The value, made by `make` the first time.
  func value(_ make: () -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let value { return value }
    let made = make()
    value = made
    return made
  }

  /// The value if it was made already.
  var madeValue: Value? {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// One pack of the object store: `pack-X.pack` and its index `pack-X.idx` (version 2), both
/// mapped read-only. See git's Documentation/gitformat-pack.txt.
final class PackFile: Sendable {
  let pack: MappedFile
  private let index: MappedFile
  private let names: SortedObjectIDs
  private let reversePath: String
  private let checksums: Int
  private let offsets: Int
  private let largeOffsets: Int
  /// Each entry's length in the pack, by index position; made on first use.
  private let lengths = MadeOnce<FrozenTable>()
  /// The pack order and its inverse, made on first use by `packOrder`.
  private let order = MadeOnce<(positions: FrozenTable, ranks: FrozenTable)>()
  private let prefixTable = MadeOnce<FrozenTable>()

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

  /// The CRC-32 of the entry at index `position`, as the index records it: of its bytes in the
  /// pack, header and compressed data.
  func checksum(at position: Int) -> UInt32 {
    index.word(at: checksums + position * 4)
  }

  /// The length in the pack of every entry, by index position (the distance to the next entry
  /// in pack order); empty when an entry is 4 GiB or longer, or the index is inconsistent.
  /// Made once, on first use, from the pack order; the table stays valid as long as the pack.
  func entryLengths() -> UnsafeBufferPointer<UInt32> {
    lengths.value { FrozenTable(makeLengths()) }.values
  }

  private func makeLengths() -> [UInt32] {
    // The pack order when reading ahead has made it already; else made for this only (a walk
    // with a commit-graph has no use for it after).
    let made = order.madeValue?.positions.values
    let transient = made == nil ? positionsInPackOrder() : []
    return transient.withUnsafeBufferPointer { transient in
      lengths(inOrder: made ?? transient)
    }
  }

  /// The entry lengths from `positions`, the index positions in pack order.
  private func lengths(inOrder positions: UnsafeBufferPointer<UInt32>) -> [UInt32] {
    let count = positions.count
    guard count > 0, count == names.count, pack.size < 1 << 40 else { return [] }
    var lengths = [UInt32](repeating: 0, count: count)
    var next = UInt64(pack.size - 20)
    for rank in stride(from: count - 1, through: 0, by: -1) {
      let position = Int(positions[rank])
      guard let start = offset(at: position).map(UInt64.init), start < next,
        next - start < UInt64(UInt32.max)
      else { return [] }
      lengths[position] = UInt32(next - start)
      next = start
    }
    return lengths
  }

  /// The pack's entries in pack order (`positions`, index positions by rank) and back (`ranks`,
  /// rank by index position), for the entry lengths and for reading ahead: from `.rev` when one
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
  private func reversePositions() -> [UInt32]? {
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

  /// Index positions sorted by their offsets. Keys: offset (40 bits) above index position
  /// (24 bits) would not fit every pack, so an LSD radix sort in 16-bit digits.
  private func sortedByOffset() -> [UInt32] {
    let count = names.count
    let keys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
      for position in 0..<count { buffer[position] = UInt64(offset(at: position) ?? 0) }
      initialized = count
    }
    var order = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
      for position in 0..<count { buffer[position] = UInt32(position) }
      initialized = count
    }
    var scratch = order
    var counts = [Int](repeating: 0, count: 1 << 16)
    var shift: UInt64 = 0
    while shift < 48 && (UInt64(pack.size) >> shift) > 0 {
      for index in counts.indices { counts[index] = 0 }
      for position in order { counts[Int((keys[Int(position)] >> shift) & 0xFFFF)] += 1 }
      var total = 0
      for index in counts.indices {
        let value = counts[index]
        counts[index] = total
        total += value
      }
      for position in order {
        let digit = Int((keys[Int(position)] >> shift) & 0xFFFF)
        scratch[counts[digit]] = position
        counts[digit] += 1
      }
      swap(&order, &scratch)
      shift += 16
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

/// Every pack of a repository and of its alternates, found once when a walk starts.
///
/// A pack that appears later, a loose object, an object of a promisor remote, anything that is not
/// in these packs is read through libgit2 instead, so the list never has to be complete: an
/// object id names the same bytes in every pack that holds it. A multi-pack-index needs no reading
/// of its own: git keeps every pack's own index beside it.
final class PackStore: Sendable {
  let packs: [PackFile]

  /// The packs of `objectsDirectory` (`.git/objects`) and, through `info/alternates`, of the
  /// object stores it borrows from, as git follows them (five levels at most).
  init(objectsDirectory: String) {
    var packs: [PackFile] = []
    var seen: Set<String> = []
    PackStore.collect(objectsDirectory, depth: 0, into: &packs, seen: &seen)
    self.packs = packs
  }

  private static func collect(
    _ directory: String, depth: Int, into packs: inout [PackFile], seen: inout Set<String>
  ) {
    let canonical = RawPath.withCString(directory) { path in
      realpath(path, nil).map { resolved in
        defer { free(resolved) }
        return RawPath.string(cString: resolved)
      }
    }
    guard let canonical, seen.insert(canonical).inserted else { return }
    let names = RawDirectory.names(canonical + "/pack") ?? []
    // Newest first, as git and libgit2 look: recent objects are in recent packs.
    var found: [(PackFile, Int)] = []
    for name in names where name.hasPrefix("pack-") && name.hasSuffix(".idx") {
      let path = canonical + "/pack/" + name
      guard let pack = PackFile(indexPath: path) else { continue }
      var status = stat()
      let time = RawPath.withCString(path) { stat($0, &status) } == 0 ? status.st_mtim.tv_sec : 0
      found.append((pack, time))
    }
    packs += found.sorted { $0.1 > $1.1 }.map(\.0)
    guard depth < 5 else { return }
    let alternates = AtomicFile.contents(of: canonical + "/info/alternates") ?? []
    for line in alternates.split(separator: UInt8(ascii: "\n")) {
      guard let first = line.first, first != UInt8(ascii: "#") else { continue }
      var path = RawPath.string(line)
      if path.hasSuffix("\r") { path.removeLast() }
      if !path.hasPrefix("/") { path = canonical + "/" + path }
      collect(path, depth: depth + 1, into: &packs, seen: &seen)
    }
  }

  /// The pack holding `id`, its position in that pack's index and its offset, trying pack
  /// `hint` first. `prefixCounts`, when not empty, holds each pack's `prefixCounts()` or nil.
  @inline(__always)
  func locate(
    _ id: ObjectID, hint: Int, prefixCounts: [UnsafeBufferPointer<UInt32>?] = []
  ) -> (pack: Int, position: Int, offset: Int)? {
    func counts(_ index: Int) -> UnsafeBufferPointer<UInt32>? {
      index < prefixCounts.count ? prefixCounts[index] : nil
    }
    if hint < packs.count, let place = packs[hint].place(of: id, prefixCounts: counts(hint)) {
      return (hint, place.position, place.offset)
    }
    for index in packs.indices where index != hint {
      if let place = packs[index].place(of: id, prefixCounts: counts(index)) {
        return (index, place.position, place.offset)
      }
    }
    return nil
  }

  /// The first pack (in the store's order) holding `id`, its index position there and the
  /// pack's number of objects: the one place that stands for the object in a walk's visited
  /// set, wherever it is read from.
  func firstPlace(of id: ObjectID, prefixCounts: [UnsafeBufferPointer<UInt32>?] = []) -> (
    pack: Int, position: Int, offset: Int, objects: Int
  )? {
    for index in packs.indices {
      let counts = index < prefixCounts.count ? prefixCounts[index] : nil
      if let place = packs[index].place(of: id, prefixCounts: counts) {
        return (index, place.position, place.offset, packs[index].objectCount)
      }
    }
    return nil
  }

  /// Gives the pages read so far back to the kernel (see `MappedFile.releasePages`).
  func releasePages(includingIndex: Bool = true) {
    for pack in packs { pack.releasePages(includingIndex: includingIndex) }
  }
}
