import Foundation

/// git's sorted table of 20-byte object ids with its 256-entry fanout, as pack indexes and the
/// commit-graph store it: `fanout[b]` is the number of ids whose first byte is at most `b`.
///
/// It holds the file's address, not the file: whoever made it keeps the file mapped (a pack, a
/// commit-graph layer). Copies cost no reference counting, which matters to the walk's threads,
/// which look up a parent in it for every commit they read.
struct SortedObjectIDs: @unchecked Sendable {
  private let base: UnsafeRawPointer
  private let fanout: Int
  private let ids: Int
  let count: Int

  /// The table whose fanout starts at byte `fanout` and whose ids start at byte `ids`; nil when
  /// the fanout does not rise, or its ids do not fit the file.
  init?(_ file: MappedFile, fanout: Int, ids: Int) {
    guard fanout >= 0, fanout + 256 * 4 <= file.size else { return nil }
    var previous: UInt32 = 0
    for byte in 0..<256 {
      let value = file.word(at: fanout + byte * 4)
      guard value >= previous else { return nil }
      previous = value
    }
    let count = Int(previous)
    guard ids >= 0, ids + count * 20 <= file.size else { return nil }
    base = file.base
    self.fanout = fanout
    self.ids = ids
    self.count = count
  }

  /// The id at `position`.
  @inline(__always)
  func id(at position: Int) -> ObjectID {
    ObjectID(rawBytes: base + ids + position * 20)
  }

  /// For each 16-bit prefix, how many ids lie below it (65,537 counts): a fanout 256 times finer
  /// than the file's, made in one pass over the ids. With it a lookup in git/git's pack index of
  /// 370,000 ids starts among 6 ids instead of 1,450.
  func prefixCounts() -> [UInt32] {
    IDPrefixTable.starts(count: count) { position in
      UInt16(
        bigEndian: base.loadUnaligned(fromByteOffset: ids + position * 20, as: UInt16.self))
    }
  }

  /// The position of `id`, or nil when the table does not have it; `prefixCounts`, when given,
  /// is what `prefixCounts()` made for this table.
  func position(of id: ObjectID, prefixCounts: UnsafeBufferPointer<UInt32>? = nil) -> Int? {
    let first = Int(id.high >> 56)
    var lower: Int
    var upper: Int
    if let prefixCounts {
      let prefix = Int(id.high >> 48)
      lower = Int(prefixCounts[prefix])
      upper = Int(prefixCounts[prefix + 1])
    } else {
      lower = first == 0 ? 0 : Int(base.bigEndianWord(at: fanout + (first - 1) * 4))
      upper = Int(base.bigEndianWord(at: fanout + first * 4))
    }
    while lower < upper {
      let middle = (lower + upper) / 2
      let candidate = self.id(at: middle)
      if candidate == id { return middle }
      if candidate < id { lower = middle + 1 } else { upper = middle }
    }
    return nil
  }

  /// Whether the ids are in strictly rising order, as lookups assume.
  var isSorted: Bool {
    var previous: ObjectID?
    for position in 0..<count {
      let id = self.id(at: position)
      if let previous, !(previous < id) { return false }
      previous = id
    }
    return true
  }
}
