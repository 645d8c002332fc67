import Foundation

/// A file of git's object store mapped read-only: a pack, a pack index, a commit-graph.
///
/// git writes these files whole under a temporary name and renames them into place, and never
/// changes one afterwards, so a mapping stays valid for as long as it is held, even if the file
/// is deleted meanwhile. Every stored property is a `let` and the pages are never written, so one
/// instance may be read from any number of threads.
final class MappedFile: @unchecked Sendable {
  let base: UnsafeRawPointer
  let size: Int

  /// Maps `path`; nil when it cannot be opened or mapped, or is smaller than `minimumSize`.
  init?(path: String, minimumSize: Int) {
    let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size >= max(minimumSize, 1),
      (status.st_mode & S_IFMT) == S_IFREG, status.st_size < Int(Int32.max) * 64
    else { return nil }
    let size = Int(status.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
    else { return nil }
    base = UnsafeRawPointer(mapped)
    self.size = size
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), size)
  }

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: size) }

  /// The big-endian 32-bit word at `offset`.
  @inline(__always)
  func word(at offset: Int) -> UInt32 {
    UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  /// Gives the pages read so far back to the kernel. They stay in the page cache, and a later
  /// read maps them again; meanwhile they do not count as this process's resident memory. Safe
  /// while other threads read the mapping: a read-only file mapping is only ever re-read.
  func releasePages() {
    madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_DONTNEED)
  }
}

/// git's sorted table of 20-byte object ids with its 256-entry fanout, as pack indexes and the
/// commit-graph store it: `fanout[b]` is the number of ids whose first byte is at most `b`.
struct SortedObjectIDs: Sendable {
  private let file: MappedFile
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
    self.file = file
    self.fanout = fanout
    self.ids = ids
    self.count = count
  }

  /// The id at `position`.
  @inline(__always)
  func id(at position: Int) -> ObjectID {
    ObjectID(rawBytes: file.base + ids + position * 20)
  }

  /// For each 16-bit prefix, how many ids lie below it (65,537 counts): a fanout 256 times finer
  /// than the file's, made in one pass over the ids. With it a lookup in git/git's pack index of
  /// 370,000 ids starts among 6 ids instead of 1,450.
  func prefixCounts() -> [UInt32] {
    var counts = [UInt32](repeating: UInt32(count), count: 65_537)
    var position = 0
    for prefix in 0..<65_536 {
      while position < count,
        Int(
          UInt16(
            bigEndian: file.base.loadUnaligned(
              fromByteOffset: ids + position * 20, as: UInt16.self))) < prefix
      {
        position += 1
      }
      counts[prefix] = UInt32(position)
    }
    return counts
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
      lower = first == 0 ? 0 : Int(file.word(at: fanout + (first - 1) * 4))
      upper = Int(file.word(at: fanout + first * 4))
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
