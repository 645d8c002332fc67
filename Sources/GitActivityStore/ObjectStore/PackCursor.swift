import CGit2
import Foundation

/// Reads commits straight out of the packs of a `PackStore`, on one thread.
///
/// A commit stored whole (95 % of them in git/git) is inflated whole, by `SmallObjectInflater`
/// or else libdeflate, and checked by zlib's Adler-32, as git log checks it, and must give the
/// size its entry says: damage to an entry is an error wherever it lies in history (whoever can
/// write the pack and its index can write any history). A commit stored as a delta (`OFS_DELTA`
/// or `REF_DELTA`) is rebuilt from its base, which is inflated whole and kept for the next delta
/// on it; chains are followed to `maximumDepth`. Anything unexpected (an object of another type,
/// a damaged stream, a delta that does not fit its base, an object not in these packs) makes
/// `readCommit` answer false, and the caller asks libgit2, which reads it or reports what is
/// wrong: this reader never guesses.
///
/// One cursor per thread: it owns a zlib stream, its output buffer and its cache of bases.
package final class PackCursor {
  private let store: PackStore
  private let stream: UnsafeMutablePointer<z_stream>
  /// libdeflate's decompressor, for objects inflated whole (nil when it could not be made).
  private let decompressor: OpaquePointer?
  /// Our own decoder for small objects' streams, which libdeflate backs (see
  /// `SmallObjectInflater`).
  private let inflater = SmallObjectInflater()
  /// How many objects `inflater` gave, and how many it left to libdeflate (for tests).
  package private(set) var ownInflations = 0
  package private(set) var leftInflations = 0
  private let isReady: Bool
  private var output: UnsafeMutableRawPointer
  private var capacity: Int
  private var bases: [BaseKey: Object] = [:]
  private var baseBytes = 0
  /// The bases in the order they were kept, the oldest (from `oldestBase` on) let go first
  /// when the cache is full: a long delta chain keeps its newest links.
  private var baseOrder: [BaseKey] = []
  private var oldestBase = 0
  /// The bases used again since they were kept or last passed over: a second chance, so that a
  /// base many deltas share stays (a clock, nearly least recently used).
  private var reusedBases = Set<BaseKey>()
  /// The delta `objectSize` inflated whole, kept for the read that follows it.
  private var stashedDelta: (key: BaseKey, data: [UInt8])?
  /// The largest delta `objectSize` inflates whole.
  static let stashedDeltaLimit = 1 << 20
  private var hint = 0
  /// The store's packs as this cursor's own views: no reference counting per read, and, once
  /// a walk is long, each with its finer fanout.
  private let views: UnsafeMutableBufferPointer<PackView>
  private var hasPrefixCounts = false
  private var reads = 0
  /// How many commits this cursor gave, stored whole and as deltas (for tests and benchmarks).
  package private(set) var wholeCommits = 0
  package private(set) var deltifiedCommits = 0
  /// How many bytes of objects and bases are kept (for tests).
  package var keptBytes: Int { baseBytes }
  /// The place `firstPlace` found last: the walk reads that commit next, most of the time.
  private var lastPlace: (id: ObjectID, pack: Int, offset: Int)?
  /// How many reads a cursor makes before it takes the walk for a long one, and makes the
  /// finer fanouts of the packs' indexes (`prefixCounts`): a short walk (a one-year window) is
  /// over before a pass over a whole index would pay for itself.
  static let shortWalk = 2048
  /// This cursor's `shortWalk` (tests set 0).
  package var shortWalkReads = PackCursor.shortWalk

  /// How deep a delta chain may be (git writes at most 50 by default).
  static let maximumDepth = 64
  /// How many bytes of inflated bases the cache keeps at most, by default: enough for the
  /// commits a walk reads; a reader of blobs keeps more (`baseCacheLimit`).
  static let defaultBaseCacheLimit = 8 << 20
  /// This cursor's limit on inflated bases.
  package var baseCacheLimit = PackCursor.defaultBaseCacheLimit
  /// Objects larger than this are left to libgit2.
  static let objectLimit = 1 << 30
  /// After how many reads the packs' pages are given back (see `MappedFile.releasePages`). A
  /// walk listed by the commit-graph reads in id order, a page per commit: 4,096 reads keep at
  /// most 16 MB of a pack resident per reader (32,768 let a million-commit walk reach 280 MB).
  static let releaseInterval = 1 << 12
  /// The largest object `SmallObjectInflater` inflates. libdeflate inflates the larger ones:
  /// beside their bytes their tables cost it little, and it decodes long streams faster (at
  /// 8 KiB the two are even, on git/git's commits, trees and blobs).
  static let ownInflationLimit = 8 << 10
  /// Output room beyond a commit's size, for the fast loops.
  static let slack = 320

  private struct BaseKey: Hashable {
    var pack: Int
    var offset: Int
  }

  /// The views, with the finer fanout of every pack large enough to need one (see
  /// `SortedObjectIDs.prefixCounts`) once the walk is long enough to pay for making them: none
  /// before `shortWalkReads` reads, so that a short walk does not pass over the whole index.
  @inline(__always)
  private func lookups() -> UnsafeBufferPointer<PackView> {
    if !hasPrefixCounts && reads > shortWalkReads {
      hasPrefixCounts = true
      for (index, pack) in store.packs.enumerated() where pack.objectCount > 65_536 {
        views[index].prefixCounts = pack.prefixCounts()
      }
    }
    return UnsafeBufferPointer(views)
  }

  /// See `PackStore.firstPlace`. With `remembers` (a first parent, which the walk most often
  /// reads next), the place is kept, so that reading that commit searches no index again.
  package func firstPlace(of id: ObjectID, remembers: Bool) -> (pack: Int, position: Int)? {
    guard let place = PackView.firstPlace(of: id, in: lookups()) else { return nil }
    if remembers { lastPlace = (id, place.pack, place.offset) }
    return (place.pack, place.position)
  }

  /// An object after its deltas: its type (1 commit, 2 tree, 3 blob, 4 tag) and bytes.
  private struct Object {
    var type: Int
    var bytes: [UInt8]
  }

  /// An entry's header in the pack: its type (1–4, or 6 and 7 for deltas), its size once inflated,
  /// where its zlib stream starts, and for a delta where its base is.
  private struct Entry {
    var type: Int
    var size: Int
    var data: Int
    var baseOffset: Int?
    var baseID: ObjectID?
  }

  package init(store: PackStore) {
    self.store = store
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    isReady = cgit2_inflate_init(stream) == Z_OK
    decompressor = libdeflate_alloc_decompressor()
    capacity = 4096
    output = .allocate(byteCount: capacity, alignment: 16)
    views = .allocate(capacity: store.views.count)
    _ = views.initialize(from: store.views)
  }

  deinit {
    if isReady { inflateEnd(stream) }
    libdeflate_free_decompressor(decompressor)
    stream.deinitialize(count: 1)
    stream.deallocate()
    output.deallocate()
    views.deallocate()
  }

  /// Calls `body` with all of commit `id`'s bytes (zlib's checksum checked). Returns false,
  /// without calling `body`, when the packs cannot give the commit: the caller then reads it
  /// through libgit2. (A commit is inflated whole: a whole one costs less than zlib's inflation
  /// of its header alone.)
  package func readCommit(
    _ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) -> Bool {
    reads += 1
    if reads % Self.releaseInterval == 0 { store.releasePages(includingIndex: false) }
    let located: (pack: Int, offset: Int)?
    if let known = lastPlace, known.id == id {
      located = (known.pack, known.offset)
    } else {
      located = PackView.locate(id, in: lookups(), hint: hint).map {
        ($0.pack, $0.offset)
      }
    }
    guard let (packIndex, offset) = located else { return false }
    hint = packIndex
    let pack = views[packIndex]
    guard let entry = entry(in: pack, at: offset) else { return false }
    if entry.type == 1 {
      guard entry.size <= Self.objectLimit, inflateCommit(pack, entry: entry) else { return false }
      wholeCommits += 1
      try body(UnsafeRawBufferPointer(start: output, count: entry.size))
      return true
    }
    guard entry.type >= 6, let object = object(pack: packIndex, at: offset, depth: 0),
      object.type == 1
    else { return false }
    deltifiedCommits += 1
    let bytes = object.bytes
    let count = bytes.count
    try bytes.withUnsafeBufferPointer { (buffer) throws(GitError) in
      try body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
    }
    return true
  }

  /// Calls `body` with all of object `id` (its deltas applied, zlib's checksum checked) when
  /// the packs hold it as an object of `type` (2 for a tree). Returns false, without calling
  /// `body`, when they do not: the caller then reads it through libgit2.
  package func readObject(
    _ id: ObjectID, type: Int, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) -> Bool {
    reads += 1
    if reads % Self.releaseInterval == 0 { store.releasePages(includingIndex: false) }
    guard let (packIndex, _, offset) = PackView.locate(id, in: lookups(), hint: hint),
      let object = object(pack: packIndex, at: offset, depth: 0), object.type == type
    else { return false }
    hint = packIndex
    let bytes = object.bytes
    let count = bytes.count
    try bytes.withUnsafeBufferPointer { (buffer) throws(GitError) in
      try body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
    }
    return true
  }

  /// The size of object `id` once inflated (its deltas applied), read from its entry's header,
  /// or for a delta from the first bytes of its stream, without inflating the object: nil when
  /// the packs do not hold it (the caller then asks libgit2).
  package func objectSize(_ id: ObjectID) -> Int? {
    guard let (packIndex, _, offset) = PackView.locate(id, in: lookups(), hint: hint)
    else { return nil }
    // An object kept whole says its size without a look at its delta.
    if let kept = bases[BaseKey(pack: packIndex, offset: offset)] { return kept.bytes.count }
    let pack = views[packIndex]
    guard let entry = entry(in: pack, at: offset) else { return nil }
    if entry.type <= 4 { return entry.size }
    // A delta begins with its base's size and its result's, each a varint: 20 bytes at most.
    // A small one is inflated whole and kept for the read of the object that most often
    // follows (a stream's first bytes cost zlib nearly what the whole costs libdeflate).
    if entry.size <= Self.stashedDeltaLimit {
      guard let delta = inflated(pack, entry) else { return nil }
      stashedDelta = (BaseKey(pack: packIndex, offset: offset), delta)
      return delta.withUnsafeBytes { Self.resultSize(ofDelta: $0) }
    }
    guard isReady, inflateReset2(stream, 15) == Z_OK else { return nil }
    var header = [UInt8](repeating: 0, count: 32)
    let end = pack.packSize - 20
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: (pack.pack + entry.data).assumingMemoryBound(to: UInt8.self))
    stream.pointee.avail_in = UInt32(clamping: end - entry.data)
    let produced = header.withUnsafeMutableBufferPointer { buffer -> Int in
      stream.pointee.next_out = buffer.baseAddress
      stream.pointee.avail_out = UInt32(buffer.count)
      while stream.pointee.avail_out > 0 {
        let status = CGit2.inflate(stream, Z_SYNC_FLUSH)
        if status == Z_STREAM_END { break }
        guard status == Z_OK else { break }
      }
      return buffer.count - Int(stream.pointee.avail_out)
    }
    return header.withUnsafeBytes {
      Self.resultSize(ofDelta: UnsafeRawBufferPointer(rebasing: $0[..<produced]))
    }
  }

  /// The size of a delta's result: its second size (after its base's); nil when the delta is
  /// too short to hold both.
  private static func resultSize(ofDelta delta: UnsafeRawBufferPointer) -> Int? {
    var position = 0
    guard deltaSize(delta, at: &position) != nil else { return nil }
    return deltaSize(delta, at: &position)
  }

  /// A size at the start of a delta (git's little-endian base-128 varint) read at `position`,
  /// which moves past it; nil when the delta ends first or the size would not fit.
  private static func deltaSize(_ delta: UnsafeRawBufferPointer, at position: inout Int) -> Int? {
    var value = 0
    var shift = 0
    while position < delta.count, shift <= 56 {
      let byte = delta[position]
      position += 1
      value |= Int(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
    return nil
  }

  /// All of object `id` (its deltas applied, zlib's checksum checked) when the packs hold it as
  /// an object of `type`, handed over without a copy; nil when they do not (the caller then
  /// reads it through libgit2). The object is kept with the bases: the trees and blobs a
  /// commit's diff reads are mostly those its parent's diff reads next.
  package func objectBytes(_ id: ObjectID, type: Int) -> [UInt8]? {
    reads += 1
    if reads % Self.releaseInterval == 0 { store.releasePages(includingIndex: false) }
    guard let (packIndex, _, offset) = PackView.locate(id, in: lookups(), hint: hint),
      let object = object(pack: packIndex, at: offset, depth: 0, keeps: true),
      object.type == type
    else { return nil }
    hint = packIndex
    return object.bytes
  }

  /// Lets go of object `id` if it is kept: the caller will not read it again soon (see
  /// `ObjectSource.forget`). Its bases stay.
  package func forget(_ id: ObjectID) {
    guard let (packIndex, _, offset) = PackView.locate(id, in: lookups(), hint: hint)
    else { return }
    let key = BaseKey(pack: packIndex, offset: offset)
    if let gone = bases.removeValue(forKey: key) {
      baseBytes -= gone.bytes.count
      reusedBases.remove(key)
    }
  }

  /// The delta `objectSize` inflated last, if it is the entry at `key`; it is let go either way.
  private func takeStashedDelta(_ key: BaseKey) -> [UInt8]? {
    guard let stashed = stashedDelta else { return nil }
    stashedDelta = nil
    return stashed.key == key ? stashed.data : nil
  }

  /// Inflates the commit stored whole in `entry` of `pack` into `output`, all of it (zlib's
  /// own checksum covers it). False when the packs cannot give it (the caller then asks
  /// libgit2, which inflates it and says what is wrong).
  private func inflateCommit(_ pack: PackView, entry: Entry) -> Bool {
    // Room past the object's size: the fast loops need it.
    if entry.size + Self.slack > capacity {
      output.deallocate()
      capacity = max(entry.size + Self.slack, capacity * 2)
      output = .allocate(byteCount: capacity, alignment: 16)
    }
    return inflate(pack, entry, into: output, room: capacity)
  }

  /// The header of the entry at `offset`: a type and size in a variable-length integer, then for
  /// `OFS_DELTA` a distance back to the base, for `REF_DELTA` the base's id.
  private func entry(in pack: PackView, at offset: Int) -> Entry? {
    let bytes = UnsafeRawBufferPointer(start: pack.pack, count: pack.packSize)
    let end = bytes.count - 20
    var position = offset
    guard position < end else { return nil }
    var byte = bytes[position]
    position += 1
    let type = Int(byte >> 4) & 7
    var size = Int(byte & 0x0F)
    var shift = 4
    while byte & 0x80 != 0 {
      guard position < end, shift <= 53 else { return nil }
      byte = bytes[position]
      position += 1
      size |= Int(byte & 0x7F) << shift
      shift += 7
    }
    var entry = Entry(type: type, size: size, data: position)
    switch type {
    case 1...4:
      break
    case 6:
      guard position < end else { return nil }
      byte = bytes[position]
      position += 1
      var distance = Int(byte & 0x7F)
      while byte & 0x80 != 0 {
        guard position < end, distance < 1 << 48 else { return nil }
        byte = bytes[position]
        position += 1
        distance = (distance + 1) << 7 | Int(byte & 0x7F)
      }
      guard distance > 0, distance <= offset - 12 else { return nil }
      entry.baseOffset = offset - distance
      entry.data = position
    case 7:
      guard position + 20 <= end else { return nil }
      entry.baseID = ObjectID(rawBytes: pack.pack + position)
      entry.data = position + 20
    default:
      return nil
    }
    return entry.data < end ? entry : nil
  }

  /// The whole object at `offset` of pack `packIndex`, its deltas applied. Bases (`depth` > 0)
  /// are kept, so that the next delta on the same base does not inflate it again, and so is the
  /// object itself when it `keeps`.
  private func object(pack packIndex: Int, at offset: Int, depth: Int, keeps: Bool = false)
    -> Object?
  {
    let key = BaseKey(pack: packIndex, offset: offset)
    if let cached = bases[key] {
      reusedBases.insert(key)
      return cached
    }
    let pack = views[packIndex]
    guard depth <= Self.maximumDepth, let entry = entry(in: pack, at: offset),
      entry.size <= Self.objectLimit, let data = takeStashedDelta(key) ?? inflated(pack, entry)
    else { return nil }
    var object: Object
    if entry.type <= 4 {
      object = Object(type: entry.type, bytes: data)
    } else {
      var base: Object?
      if let baseOffset = entry.baseOffset {
        base = self.object(pack: packIndex, at: baseOffset, depth: depth + 1)
      } else if let baseID = entry.baseID,
        let place = PackView.locate(baseID, in: lookups(), hint: packIndex)
      {
        base = self.object(pack: place.pack, at: place.offset, depth: depth + 1)
      }
      guard let base,
        let bytes = base.bytes.withUnsafeBytes({ source in
          data.withUnsafeBytes { delta in PackCursor.applyDelta(delta, to: source) }
        })
      else { return nil }
      object = Object(type: base.type, bytes: bytes)
    }
    if depth > 0 || keeps {
      guard object.bytes.count <= baseCacheLimit / 2 else { return object }
      while baseBytes + object.bytes.count > baseCacheLimit, oldestBase < baseOrder.count {
        let oldest = baseOrder[oldestBase]
        oldestBase += 1
        if reusedBases.remove(oldest) != nil {
          baseOrder.append(oldest)
        } else if let gone = bases.removeValue(forKey: oldest) {
          baseBytes -= gone.bytes.count
        }
      }
      if oldestBase > 65_536 {
        baseOrder.removeFirst(oldestBase)
        oldestBase = 0
      }
      bases[key] = object
      baseOrder.append(key)
      baseBytes += object.bytes.count
    }
    return object
  }

  /// The entry's whole zlib stream, inflated.
  private func inflated(_ pack: PackView, _ entry: Entry) -> [UInt8]? {
    var isComplete = false
    // At least one byte of capacity, so that even an empty object has somewhere to go.
    // Room past the size, for the fast loops (`SmallObjectInflater` needs 16 bytes).
    let room = entry.size + 16
    let bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
      isComplete = inflate(pack, entry, into: buffer.baseAddress.unsafelyUnwrapped, room: room)
      count = isComplete ? entry.size : 0
    }
    return isComplete ? bytes : nil
  }

  /// Inflates the zlib stream of `entry` of `pack` into `destination`, which has `room` bytes
  /// for the `entry.size` bytes it must give: all of it, checking that the stream ends (its
  /// checksum included) exactly at that size. False on any error.
  private func inflate(
    _ pack: PackView, _ entry: Entry, into destination: UnsafeMutableRawPointer, room: Int
  ) -> Bool {
    let (data, size, end) = (entry.data, entry.size, pack.packSize - 20)
    // A small object by our own decoder, which leaves to libdeflate any stream it is not sure
    // of (and libdeflate decides).
    if size <= Self.ownInflationLimit {
      if inflater.inflate(
        pack.pack + data, streamBytes: end - data, readable: pack.packSize - data,
        into: destination.assumingMemoryBound(to: UInt8.self), size: size, room: room)
      {
        ownInflations += 1
        return true
      }
      leftInflations += 1
    }
    if let decompressor {
      // A whole object in one call: libdeflate inflates a whole buffer about a third faster
      // than zlib's streaming loop, checks the Adler-32 as zlib does, and never writes past
      // `room` bytes (a stream that gives more or fewer than `size` is refused). Room past
      // `size` lets it decode an object's last 300 bytes in its fast loop too.
      var used = 0
      var produced = 0
      let status = libdeflate_zlib_decompress_ex(
        decompressor, pack.pack + data, end - data, destination, room, &used, &produced)
      return status == LIBDEFLATE_SUCCESS && produced == size
    }
    guard isReady, inflateReset2(stream, 15) == Z_OK else { return false }
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: (pack.pack + data).assumingMemoryBound(to: UInt8.self))
    stream.pointee.avail_in = UInt32(clamping: end - data)
    stream.pointee.next_out = destination.assumingMemoryBound(to: UInt8.self)
    stream.pointee.avail_out = UInt32(clamping: room)
    var produced = 0
    while true {
      let status = CGit2.inflate(stream, Z_NO_FLUSH)
      let now = room - Int(stream.pointee.avail_out)
      // More than the entry's header said: the stream is damaged.
      if now > size { return false }
      if status == Z_STREAM_END { return now == size }
      // No progress: the input ended early, or the stream goes on past `size`.
      guard status == Z_OK || status == Z_BUF_ERROR, now != produced else { return false }
      produced = now
    }
  }

  /// Rebuilds an object from a delta on `base` (git's delta format: the base's and the result's
  /// sizes, then instructions that copy a range of the base or insert literal bytes). Nil when the
  /// delta does not fit its base or its own sizes.
  static func applyDelta(_ delta: UnsafeRawBufferPointer, to base: UnsafeRawBufferPointer)
    -> [UInt8]?
  {
    var position = 0
    guard let sourceSize = deltaSize(delta, at: &position), sourceSize == base.count,
      let targetSize = deltaSize(delta, at: &position),
      targetSize <= objectLimit
    else { return nil }
    var isValid = true
    let result = [UInt8](unsafeUninitializedCapacity: targetSize) { buffer, count in
      var written = 0
      while position < delta.count {
        let command = delta[position]
        position += 1
        var length: Int
        if command & 0x80 != 0 {
          var from = 0
          length = 0
          for bit in 0..<7 where command & (1 << bit) != 0 {
            guard position < delta.count else {
              isValid = false
              return
            }
            let byte = Int(delta[position])
            position += 1
            if bit < 4 { from |= byte << (8 * bit) } else { length |= byte << (8 * (bit - 4)) }
          }
          if length == 0 { length = 0x10000 }
          guard from + length <= base.count, written + length <= targetSize else {
            isValid = false
            return
          }
          buffer.baseAddress.unsafelyUnwrapped.advanced(by: written).update(
            from: base.baseAddress.unsafelyUnwrapped.advanced(by: from)
              .assumingMemoryBound(to: UInt8.self), count: length)
        } else {
          length = Int(command)
          guard length > 0, position + length <= delta.count, written + length <= targetSize else {
            isValid = false
            return
          }
          buffer.baseAddress.unsafelyUnwrapped.advanced(by: written).update(
            from: delta.baseAddress.unsafelyUnwrapped.advanced(by: position)
              .assumingMemoryBound(to: UInt8.self), count: length)
          position += length
        }
        written += length
      }
      isValid = isValid && written == targetSize
      count = isValid ? written : 0
    }
    return isValid ? result : nil
  }
}
