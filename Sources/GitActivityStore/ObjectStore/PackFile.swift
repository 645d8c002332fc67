import Foundation

/// One pack of the object store: `pack-X.pack` and its index `pack-X.idx` (version 2), both
/// mapped read-only. See git's Documentation/gitformat-pack.txt.
package final class PackFile: Sendable {
  let pack: MappedFile
  private let index: MappedFile
  /// The tables read for each object looked up, by address (valid as long as this pack).
  let view: PackView
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
    view = PackView(
      names: names, index: index.base, indexSize: index.size, offsets: offsets,
      largeOffsets: offsets + count * 4, pack: pack.base, packSize: pack.size)
  }

  /// How many objects the pack holds.
  package var objectCount: Int { view.names.count }

  /// Whether the index lists `id` at an offset the pack does not have.
  func listsBeyondEnd(_ id: ObjectID) -> Bool {
    guard let position = view.names.position(of: id) else { return false }
    return view.offset(at: position) == nil
  }

  /// Whether any entry of the index lies at an offset the pack does not have. The 32-bit
  /// offsets are read in one plain pass that keeps their least and greatest (a million in well
  /// under a millisecond, at every start); an entry in the 64-bit table is checked on its own.
  var listsAnyBeyondEnd: Bool {
    var (least, greatest) = (UInt32.max, UInt32(0))
    for position in 0..<objectCount {
      let small = index.word(at: view.offsets + position * 4)
      if small & 0x8000_0000 != 0 {
        if view.offset(at: position) == nil { return true }
      } else {
        least = min(least, small)
        greatest = max(greatest, small)
      }
    }
    guard least <= greatest else { return false }  // none in the 32-bit table
    return least < 12 || Int(greatest) >= pack.size - 20
  }

  /// The index's ids counted by 16-bit prefix (see `SortedObjectIDs.prefixCounts`), for the
  /// lookups of a long walk. Made once, on first use; valid as long as the pack.
  func prefixCounts() -> UnsafeBufferPointer<UInt32> {
    prefixTable.value { FrozenTable(view.names.prefixCounts()) }.values
  }

  /// Gives the pages of the pack and its index read so far back to the kernel: a walk of a
  /// million commits touches every page of a 30 MB index.
  func releasePages(includingIndex: Bool = true) {
    pack.releasePages()
    if includingIndex { index.releasePages() }
  }
}

/// A pack's index and pack as addresses and sizes: what is read for each object looked up, in a
/// value whose copies cost no reference counting. The walk's threads each read through their own
/// copies; retaining one shared `PackFile` for every commit bounced its count between the cores.
/// Valid as long as the `PackFile` it came from.
struct PackView: @unchecked Sendable {
  let names: SortedObjectIDs
  let index: UnsafeRawPointer
  let indexSize: Int
  /// Where the 32-bit offsets start in the index, and the 64-bit ones.
  let offsets: Int
  let largeOffsets: Int
  let pack: UnsafeRawPointer
  let packSize: Int
  /// The index's finer fanout (`PackFile.prefixCounts()`), once a reader has it.
  var prefixCounts: UnsafeBufferPointer<UInt32>?

  /// Where object `id` starts in the pack and its position in the index, or nil when this pack
  /// does not hold it (or its index points outside the pack).
  @inline(__always)
  func place(of id: ObjectID, prefixCounts: UnsafeBufferPointer<UInt32>? = nil) -> (
    position: Int, offset: Int
  )? {
    guard let position = names.position(of: id, prefixCounts: prefixCounts),
      let offset = offset(at: position)
    else { return nil }
    return (position, offset)
  }

  /// The pack holding `id` among `views`, its position in that pack's index and its offset,
  /// trying pack `hint` first.
  @inline(__always)
  static func locate(_ id: ObjectID, in views: UnsafeBufferPointer<PackView>, hint: Int) -> (
    pack: Int, position: Int, offset: Int
  )? {
    if hint < views.count,
      let place = views[hint].place(of: id, prefixCounts: views[hint].prefixCounts)
    {
      return (hint, place.position, place.offset)
    }
    for index in views.indices where index != hint {
      if let place = views[index].place(of: id, prefixCounts: views[index].prefixCounts) {
        return (index, place.position, place.offset)
      }
    }
    return nil
  }

  /// The first pack among `views` holding `id`, its index position there and its offset (see
  /// `PackStore.firstPlace`).
  @inline(__always)
  static func firstPlace(of id: ObjectID, in views: UnsafeBufferPointer<PackView>) -> (
    pack: Int, position: Int, offset: Int
  )? {
    for index in views.indices {
      let view = views[index]
      if let place = view.place(of: id, prefixCounts: view.prefixCounts) {
        return (index, place.position, place.offset)
      }
    }
    return nil
  }

  /// Where the object at index `position` starts in the pack.
  func offset(at position: Int) -> Int? {
    let small = index.bigEndianWord(at: offsets + position * 4)
    var offset = Int(small)
    if small & 0x8000_0000 != 0 {
      let entry = largeOffsets + Int(small & 0x7FFF_FFFF) * 8
      guard entry + 8 <= indexSize - 40 else { return nil }
      offset = Int(
        truncatingIfNeeded: UInt64(
          bigEndian: index.loadUnaligned(fromByteOffset: entry, as: UInt64.self)))
    }
    return offset >= 12 && offset < packSize - 20 ? offset : nil
  }
}
