import Foundation

/// The facts of every commit a repository's walks have read, kept between runs so that a repeat
/// run reads only the commits it has not seen.
///
/// It is safe by construction: a commit id names its content, so the facts of a cached commit
/// can never go stale, whatever happens to refs (force-pushes, rebases, gc). A file that is
/// missing, truncated, corrupt (checksum) or of another version is ignored and rebuilt; files are
/// written to a temporary name and renamed, so a reader never sees half of one. The mailmap and
/// the author filters are applied after the cache, so changing them needs no rebuild.
public struct HistoryCache: Sendable {
  /// Commit ids in the order they were read (roughly newest first within each run), so that a
  /// walk touches the records close to one another.
  private(set) var ids: [ObjectID] = []
  /// Record numbers sorted by id, so that a lookup is a binary search.
  private(set) var sortedIndices: [Int32] = []
  /// The facts of `ids[i]`; `identity` indexes `identities`.
  private(set) var facts: [CommitFacts] = []
  /// Where the parents of `ids[i]` start in `parentRefs`; `parentStarts[count]` ends the last.
  private(set) var parentStarts: [Int32] = [0]
  /// A parent as a record number (≥ 0), or `-(k + 1)` for `externalParents[k]`, a parent that
  /// was not read (older than a window, or missing from a shallow clone).
  private(set) var parentRefs: [Int32] = []
  private(set) var externalParents: [ObjectID] = []
  private(set) var identities: [RawIdentity] = []

  public init() {}

  public var count: Int { ids.count }

  /// The record number of `id`, or nil when it is not cached.
  func index(of id: ObjectID) -> Int32? {
    var low = 0
    var high = sortedIndices.count
    while low < high {
      let middle = (low + high) / 2
      if ids[Int(sortedIndices[middle])] < id { low = middle + 1 } else { high = middle }
    }
    guard low < sortedIndices.count, ids[Int(sortedIndices[low])] == id else { return nil }
    return sortedIndices[low]
  }

  /// The parents of the commit at `index`.
  @inline(__always)
  func parentRange(_ index: Int32) -> Range<Int> {
    Int(parentStarts[Int(index)])..<Int(parentStarts[Int(index) + 1])
  }

  /// The id a parent reference names.
  @inline(__always)
  func parentID(_ reference: Int32) -> ObjectID {
    reference >= 0 ? ids[Int(reference)] : externalParents[Int(-reference - 1)]
  }

  /// Adds commits read from the object database to a copy of a cache, one at a time, without
  /// holding them twice: records go straight into the new cache's arrays, and their parents are
  /// resolved once all are in.
  struct Appender {
    private var cache: HistoryCache
    private let base: Int
    /// Parent ids of the appended records, resolved by `finish`.
    private var pendingParents: [ObjectID] = []

    init(_ cache: HistoryCache) {
      self.cache = cache
      base = cache.count
    }

    var isEmpty: Bool { cache.count == base }

    /// Appends a commit unless the cache already had it. A walk reads each commit once, so
    /// commits appended here are distinct.
    mutating func append(id: ObjectID, facts: CommitFacts, parents: some Collection<ObjectID>) {
      guard base == 0 || cache.index(of: id) == nil else { return }
      cache.ids.append(id)
      cache.facts.append(facts)
      pendingParents.append(contentsOf: parents)
      cache.parentStarts.append(Int32(cache.parentRefs.count + pendingParents.count))
    }

    /// The cache with every appended commit, its parents resolved to record numbers.
    /// `identities` must begin with the cache's own, in order.
    consuming func finish(identities: [RawIdentity]) -> HistoryCache {
      cache.identities = identities
      guard !isEmpty else { return cache }
      let old = cache.sortedIndices
      var keyed = (base..<cache.count).map { (id: cache.ids[$0], index: Int32($0)) }
      keyed.sort { $0.id < $1.id }
      let freshOrder = keyed.map(\.index)
      keyed = []
      // Merge the two sorted index lists.
      var merged: [Int32] = []
      merged.reserveCapacity(cache.count)
      var oldPosition = 0
      var newPosition = 0
      while oldPosition < old.count || newPosition < freshOrder.count {
        if newPosition == freshOrder.count
          || (oldPosition < old.count
            && cache.ids[Int(old[oldPosition])] < cache.ids[Int(freshOrder[newPosition])])
        {
          merged.append(old[oldPosition])
          oldPosition += 1
        } else {
          merged.append(freshOrder[newPosition])
          newPosition += 1
        }
      }
      cache.sortedIndices = merged
      // Parents that were outside the cache may now be inside it.
      let oldExternals = cache.externalParents
      var externalNumbers: [ObjectID: Int32] = [:]
      cache.externalParents = []
      func reference(to parent: ObjectID) -> Int32 {
        if let index = cache.index(of: parent) { return index }
        if let known = externalNumbers[parent] { return known }
        cache.externalParents.append(parent)
        let number = -Int32(cache.externalParents.count)
        externalNumbers[parent] = number
        return number
      }
      let remap = oldExternals.map(reference(to:))
      for slot in cache.parentRefs.indices where cache.parentRefs[slot] < 0 {
        cache.parentRefs[slot] = remap[Int(-cache.parentRefs[slot] - 1)]
      }
      cache.parentRefs.reserveCapacity(cache.parentRefs.count + pendingParents.count)
      // A worker reads a commit's first parent right after it, so the parent is most often the
      // next record: try that before a binary search.
      let firstPending = Int(cache.parentStarts[base]) - 0
      for record in base..<cache.count {
        let slots = Int(cache.parentStarts[record])..<Int(cache.parentStarts[record + 1])
        for slot in slots {
          let parent = pendingParents[slot - firstPending]
          if record + 1 < cache.count && cache.ids[record + 1] == parent {
            cache.parentRefs.append(Int32(record + 1))
          } else {
            cache.parentRefs.append(reference(to: parent))
          }
        }
      }
      pendingParents = []
      return cache
    }
  }
}

extension HistoryCache {
  static let magic: [UInt8] = Array("GHMCACHE".utf8)
  /// Bumped whenever the layout or the meaning of a field changes.
  static let formatVersion: UInt32 = 2
  static let recordSize = 40

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
    let headerSize = 8 + 5 * 4
    guard raw.count >= headerSize + 8, raw.starts(with: HistoryCache.magic) else { return nil }
    let bodySize = raw.count - 8
    func u32(_ offset: Int) -> Int {
      Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    let stored = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bodySize, as: UInt64.self))
    guard u32(8) == HistoryCache.formatVersion,
      stored == HistoryCache.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<bodySize]))
    else { return nil }
    let (count, refCount, externalCount, identityCount) = (u32(12), u32(16), u32(20), u32(24))
    // Sizes must fit what the file holds before anything is allocated or read.
    let fixed =
      count * (20 + 4 + HistoryCache.recordSize) + refCount * 4 + externalCount * 20
      + identityCount * 12
    guard fixed <= bodySize - headerSize else { return nil }
    var position = headerSize

    var ids = [ObjectID]()
    ids.reserveCapacity(count)
    for _ in 0..<count {
      ids.append(ObjectID(rawBytes: raw.baseAddress.unsafelyUnwrapped + position))
      position += 20
    }
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
      // An absent date is written as zeros: anything else is not a file this code wrote (found
      // by fuzzing: such a record decoded, but did not encode back to the same bytes).
      guard identity >= -1, identity < identityCount, parentCount >= 0, flags >= 0, flags <= 3,
        start >= previousStart, start <= refCount,
        flags & 1 == 1 || (i64(0) == 0 && i32(16) == 0),
        flags & 2 == 2 || (i64(8) == 0 && i32(20) == 0)
      else { return nil }
      facts.append(
        CommitFacts(
          author: flags & 1 == 0 ? nil : Timestamp(seconds: i64(0), offsetMinutes: i32(16)),
          committer: flags & 2 == 0 ? nil : Timestamp(seconds: i64(8), offsetMinutes: i32(20)),
          identity: identity, parentCount: parentCount))
      starts.append(start)
      previousStart = start
      position += HistoryCache.recordSize
    }
    guard count == 0 || starts[0] == 0 else { return nil }
    starts.append(Int32(refCount))
    var refs = [Int32]()
    refs.reserveCapacity(refCount)
    for _ in 0..<refCount {
      let reference = Int32(
        littleEndian: raw.loadUnaligned(fromByteOffset: position, as: Int32.self))
      guard reference < count, reference >= -externalCount else { return nil }
      refs.append(reference)
      position += 4
    }
    var external = [ObjectID]()
    external.reserveCapacity(externalCount)
    for _ in 0..<externalCount {
      external.append(ObjectID(rawBytes: raw.baseAddress.unsafelyUnwrapped + position))
      position += 20
    }
    var identities = [RawIdentity]()
    identities.reserveCapacity(identityCount)
    for _ in 0..<identityCount {
      guard bodySize - position >= 12 else { return nil }
      let lengths = [u32(position), u32(position + 4), u32(position + 8)]
      position += 12
      guard lengths.reduce(0, +) <= bodySize - position else { return nil }
      var parts: [[UInt8]] = []
      for length in lengths {
        parts.append(Array(UnsafeRawBufferPointer(rebasing: raw[position..<(position + length)])))
        position += length
      }
      identities.append(RawIdentity(name: parts[0], email: parts[1], encoding: parts[2]))
    }
    guard position == bodySize else { return nil }
    self.ids = ids
    self.sortedIndices = sorted
    self.facts = facts
    self.parentStarts = starts
    self.parentRefs = refs
    self.externalParents = external
    self.identities = identities
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
  struct Checksum {
    private var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var length: UInt64 = 0

    mutating func add(_ raw: UnsafeRawBufferPointer) {
      var offset = 0
      while offset + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 32
        offset += 8
      }
      while offset < raw.count {
        hash = (hash ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53
        offset += 1
      }
      length &+= UInt64(raw.count)
    }

    var value: UInt64 {
      let mixed = hash ^ length &* 0x9E37_79B9_7F4A_7C15
      return mixed ^ (mixed >> 29)
    }
  }
}

extension HistoryCache {
  /// Where a repository's cache lives: in its git directory, or elsewhere when that is not
  /// writable.
  public struct Location: Sendable, Equatable {
    public var primary: String
    public var fallback: String?

    /// `<git dir>/git-heatmap/history.cache`, else `<fallback directory>/<id>.cache`.
    public init(commonDirectory: String, fallbackDirectory: String?) {
      primary = commonDirectory + "/git-heatmap/history.cache"
      fallback = fallbackDirectory.map { directory in
        let name = commonDirectory.unicodeScalars.map { scalar -> String in
          scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? String(scalar) : "_"
        }.joined()
        let digest = String(HistoryCache.checksum(Array(commonDirectory.utf8)[...]), radix: 16)
        return directory + "/" + String(name.suffix(60)) + "-" + digest + ".cache"
      }
    }
  }

  /// The cache at `location`, or nil when there is none that can be trusted. The file is read,
  /// not mapped: another run may truncate or replace it meanwhile, and then its checksum fails
  /// and it is ignored.
  public static func load(from location: Location) -> HistoryCache? {
    for path in location.paths {
      if let bytes = AtomicFile.contents(of: path), let cache = HistoryCache(decoding: bytes) {
        return cache
      }
    }
    return nil
  }

  /// Writes the cache, atomically, to the first place that takes it; false when none did.
  /// Temporaries that killed runs left there are swept first.
  @discardableResult
  public func save(to location: Location) -> Bool {
    for path in location.paths {
      let directory = (path as NSString).deletingLastPathComponent
      RawDirectory.create(directory)
      HistoryCache.sweep(path)
      do {
        try AtomicFile.replace(path, permissions: 0o644) { writer in write(writer.write) }
        return true
      } catch {
        continue
      }
    }
    return false
  }

  /// Removes the cache files and the temporaries of dead runs; true when there was a cache.
  @discardableResult
  public static func remove(at location: Location) -> Bool {
    var removed = false
    for path in location.paths {
      sweep(path)
      if RawPath.withCString(path, { unlink($0) }) == 0 { removed = true }
    }
    return removed
  }

  /// Sweeps the temporaries of dead runs beside `path`, also those named as versions before
  /// 0.2 named them (`history.cache.tmp-PID-N`).
  static func sweep(_ path: String) {
    AtomicFile.sweep(path)
    let name = (path as NSString).lastPathComponent
    TemporaryFiles.sweep(
      directory: (path as NSString).deletingLastPathComponent, prefixes: [name + ".tmp-"])
  }
}

extension HistoryCache.Location {
  /// The primary place, then the fallback.
  var paths: [String] { [primary] + (fallback.map { [$0] } ?? []) }
}

/// Little-endian writing.
struct ByteWriter {
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
