import Foundation

/// A file of one record per commit, kept between runs beside the history cache and keyed by
/// what made its records: read whole, looked up by id, written whole with this run's records
/// merged in. Records are of one size (`Record.size`), or each of its own, the file then
/// keeping where each ends. One file per key (`<stem>-<digest>.<extension>`), at most
/// `Record.fileLimit` of a kind, the least recently used removed first. A file that is missing,
/// cut, corrupt (checksum) or of another key is ignored and rewritten, as the history cache is.
package struct CommitTable<Record: CommitTableRecord>: Sendable {
  /// What made the records.
  let key: String
  /// How many records the file holds; their ids are in rising order from `firstRecord` on,
  /// `stride` bytes apart, and are searched where they lie (`storedIndex`).
  private var storedCount = 0
  /// The file's bytes, each record read from them when asked for (`storedRecord`): a run
  /// looks up a few of many.
  private var file: [UInt8] = []
  /// Where the first record's id starts in `file`.
  private var firstRecord = 0
  /// Where the records of their own sizes start in `file`, after the ids and where each ends.
  private var variableRecords = 0
  /// Where the ids under each prefix start, made in one pass over the ids where they lie.
  private var prefixes = IDPrefixTable()
  /// Records found in this run.
  private var added: [ObjectID: Record] = [:]
  /// Whether the file was read (and so is to be marked as used, even when nothing changed).
  package private(set) var wasLoaded = false

  /// No records yet for `key`.
  init(key: String) {
    self.key = key
  }

  /// Whether this run found records the file does not hold.
  package var hasNewRecords: Bool { !added.isEmpty }

  /// How many commits have records.
  package var count: Int { storedCount + added.count }

  /// What is known of `id`.
  package func record(for id: ObjectID) -> Record? {
    if !added.isEmpty, let found = added[id] { return found }
    return storedIndex(of: id).flatMap(storedRecord)
  }

  /// How far apart the file's ids are: an id and its record, or an id and where its record ends.
  private static var stride: Int { Record.size.map { 20 + $0 } ?? variableWidth }

  /// The `index`th id of the file.
  private func storedID(_ index: Int) -> ObjectID {
    file.withUnsafeBytes {
      ObjectID(rawBytes: $0.baseAddress.unsafelyUnwrapped + firstRecord + index * Self.stride)
    }
  }

  /// Where the file's ids hold `id`: among the few ids that share its first bits
  /// (`prefixes`), where they lie in the file. Ids out of order (a file written by something
  /// else with a right checksum) can make a lookup miss, which only counts the commit again; a
  /// found record is always `id`'s.
  private func storedIndex(of id: ObjectID) -> Int? {
    guard storedCount > 0 else { return nil }
    let range = prefixes.range(of: id) ?? 0..<storedCount
    return file.withUnsafeBytes { file -> Int? in
      let ids = file.baseAddress.unsafelyUnwrapped + firstRecord
      let stride = Self.stride
      var low = range.lowerBound
      // Evenly spread ids put one or two under a prefix; halve a range that holds more (the
      // first id not before `id` stays within `low...high`).
      var high = range.upperBound
      while high &- low > 8 {
        let middle = (low &+ high) &>> 1
        if ObjectID(rawBytes: ids + middle &* stride) < id {
          low = middle &+ 1
        } else {
          high = middle
        }
      }
      while low < range.upperBound {
        let candidate = ObjectID(rawBytes: ids + low &* stride)
        if candidate == id { return low }
        if id < candidate { return nil }
        low &+= 1
      }
      return nil
    }
  }

  /// The bytes the records were read from: a record is a range of them (`storedRange(for:)`).
  package var fileBytes: [UInt8] { file }

  /// Where the file holds `id`'s record, not decoded (those of this run are not looked at).
  package func storedRange(for id: ObjectID) -> Range<Int>? {
    storedIndex(of: id).map(storedRange)
  }

  /// Where the `index`th record of the file is in its bytes.
  private func storedRange(_ index: Int) -> Range<Int> {
    file.withUnsafeBytes { file in
      guard let size = Record.size else {
        // Each id is followed by where its record ends among the records.
        func end(_ index: Int) -> Int {
          Int(Self.u32(file, at: firstRecord + index * Self.variableWidth + 20))
        }
        let start = variableRecords + (index == 0 ? 0 : end(index - 1))
        return start..<(variableRecords + end(index))
      }
      let at = firstRecord + index * (20 + size) + 20
      return at..<(at + size)
    }
  }

  /// The `index`th record of the file, or nil when its bytes are no record.
  private func storedRecord(_ index: Int) -> Record? {
    let range = storedRange(index)
    return file.withUnsafeBytes { Record(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// An id and where its record ends, in a file of records of their own sizes.
  private static var variableWidth: Int { 24 }

  private static func u32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
    UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  /// Records what is known of `id` in this run.
  package mutating func set(_ record: Record, for id: ObjectID) {
    added[id] = record
  }

  /// The records read from the file, in rising id order (not those of this run; not those whose
  /// bytes are no record).
  package var loaded: (ids: [ObjectID], records: [Record]) {
    var kept: (ids: [ObjectID], records: [Record]) = ([], [])
    for index in 0..<storedCount {
      if let record = storedRecord(index) {
        kept.ids.append(storedID(index))
        kept.records.append(record)
      }
    }
    return kept
  }

  /// The file for `key` beside the history cache at `location`.
  package static func location(for key: String, beside location: HistoryCache.Location)
    -> HistoryCache.Location
  {
    let digest = String(HistoryCache.checksum(Array(key.utf8)[...]), radix: 16)
    let name = "\(Record.fileStem)-\(digest).\(Record.fileExtension)"
    var result = location
    result.primary = (location.primary as NSString).deletingLastPathComponent + "/" + name
    result.fallback = location.fallback.map {
      ($0 as NSString).deletingPathExtension + "-" + name
    }
    return result
  }

  /// The records for `key` at `location`, or none when there is no file that can be trusted.
  package static func load(key: String, from location: HistoryCache.Location) -> CommitTable {
    for path in location.paths {
      if let bytes = AtomicFile.ownedContents(of: path), let table = decoding(bytes, key: key) {
        return table
      }
    }
    return CommitTable(key: key)
  }

  /// The records of a file's `bytes` for `key`, or nil when they cannot be trusted (cut,
  /// corrupt, of another version or key).
  static func decoding(_ bytes: [UInt8], key: String) -> CommitTable? {
    guard let decoded = bytes.withUnsafeBytes({ decode($0, key: key) }) else { return nil }
    var table = CommitTable(key: key)
    (table.storedCount, table.firstRecord, table.variableRecords) = decoded
    table.prefixes = bytes.withUnsafeBytes { bytes in
      let ids = bytes.baseAddress.unsafelyUnwrapped + decoded.firstRecord
      return IDPrefixTable(count: decoded.count) {
        UInt64(bigEndian: (ids + $0 &* stride).loadUnaligned(as: UInt64.self))
      }
    }
    table.file = bytes
    table.wasLoaded = true
    return table
  }

  /// How many records the file holds, where its ids start and where the records of their own
  /// sizes start, or nil when it is cut, corrupt, of another version or key. The records are
  /// read only when asked for: a run looks up a few of many.
  private static func decode(_ bytes: UnsafeRawBufferPointer, key: String) -> (
    count: Int, firstRecord: Int, variableRecords: Int
  )? {
    let magic = Record.magic
    let keyBytes = Array(key.utf8)
    let headerSize = magic.count + 12 + keyBytes.count
    guard bytes.count >= headerSize + 8, Array(bytes[0..<magic.count]) == magic else { return nil }
    func u32(_ at: Int) -> Int {
      Int(
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
          | UInt32(bytes[at + 3]) << 24)
    }
    guard u32(magic.count) == Record.formatVersion, u32(magic.count + 4) == keyBytes.count,
      Array(bytes[(magic.count + 8)..<(magic.count + 8 + keyBytes.count)]) == keyBytes
    else { return nil }
    let count = u32(magic.count + 8 + keyBytes.count)
    let width = stride
    let records = headerSize + count * width
    guard count <= bytes.count / width, bytes.count >= records + 8 else { return nil }
    if Record.size != nil {
      guard bytes.count == records + 8 else { return nil }
    } else {
      // Where each record ends: rising, the last at the end of the records.
      var previous: UInt32 = 0
      var isRising = true
      for index in 0..<count {
        let end = Self.u32(bytes, at: headerSize + index * width + 20)
        isRising = isRising && end >= previous
        previous = end
      }
      guard isRising, records + Int(previous) + 8 == bytes.count else { return nil }
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])
    var stored: UInt64 = 0
    for index in 0..<8 { stored |= UInt64(bytes[bytes.count - 8 + index]) << (8 * index) }
    guard HistoryCache.checksum(body) == stored else { return nil }
    return (count, headerSize, records)
  }

  /// The file's bytes: the header with the key, the records sorted by id, a checksum.
  func encoded() -> [UInt8] {
    var merged: [(ObjectID, Record)] = []
    merged.reserveCapacity(count)
    for index in 0..<storedCount {
      let id = storedID(index)
      if added[id] == nil, let record = storedRecord(index) { merged.append((id, record)) }
    }
    merged += added.map { ($0.key, $0.value) }
    merged.sort { $0.0 < $1.0 }
    var out = ByteWriter()
    out.bytes.reserveCapacity(
      64 + key.utf8.count + merged.count * (Record.size.map { 20 + $0 } ?? Self.variableWidth))
    out.bytes += Record.magic
    out.u32(Record.formatVersion)
    out.u32(UInt32(key.utf8.count))
    out.bytes += key.utf8
    out.u32(UInt32(merged.count))
    if Record.size != nil {
      for (id, record) in merged {
        out.id(id)
        record.encode(into: &out)
      }
    } else {
      var records = ByteWriter()
      for (id, record) in merged {
        record.encode(into: &records)
        out.id(id)
        out.u32(UInt32(records.bytes.count))
      }
      out.bytes += records.bytes
    }
    out.u64(HistoryCache.checksum(out.bytes[...]))
    return out.bytes
  }

  /// Writes the records (the file's and this run's) atomically to the first place that takes
  /// them, or, with nothing new, marks the file as just used; then removes the least recently
  /// used files of its kind beyond `Record.fileLimit`.
  package func save(to location: HistoryCache.Location) {
    for path in location.paths {
      let directory = (path as NSString).deletingLastPathComponent
      HistoryCache.prepare(directory)
      AtomicFile.sweep(path)
      if !hasNewRecords {
        if wasLoaded && RawPath.withCString(path, { utimensat(AT_FDCWD, $0, nil, 0) }) == 0 {
          break
        }
        continue
      }
      do {
        let bytes = encoded()
        try AtomicFile.replace(path, permissions: 0o644) { writer in
          bytes.withUnsafeBytes { writer.write($0) }
        }
        Self.evict(like: path, keeping: Record.fileLimit)
        return
      } catch {
        continue
      }
    }
  }

  /// Removes every file of this kind beside the history cache at `location`
  /// (`--clear-cache`).
  package static func removeAll(beside location: HistoryCache.Location) {
    let any = Self.location(for: "", beside: location)
    for path in any.paths { evict(like: path, keeping: 0) }
  }

  /// Removes the least recently used files of this kind beside `path` (those of its
  /// repository: named as it is but for the digest) beyond `limit`.
  static func evict(like path: String, keeping limit: Int) {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard let marker = name.range(of: Record.fileStem + "-"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return }
    let prefix = String(name[..<marker.upperBound])
    var files: [(path: String, used: Date)] = []
    for candidate in names
    where candidate.hasPrefix(prefix) && candidate.hasSuffix("." + Record.fileExtension) {
      let full = directory + "/" + candidate
      let used =
        (try? FileManager.default.attributesOfItem(atPath: full))?[.modificationDate] as? Date
      files.append((full, used ?? .distantPast))
    }
    guard files.count > limit else { return }
    for file in files.sorted(by: { $0.used > $1.used }).dropFirst(limit) {
      try? FileManager.default.removeItem(atPath: file.path)
    }
  }
}

/// A record of a `CommitTable`: its size in the file, its file's name and header.
package protocol CommitTableRecord: Hashable, Sendable {
  /// The size of every record; nil when each has its own (the file keeps where each ends).
  static var size: Int? { get }
  static var magic: [UInt8] { get }
  static var formatVersion: UInt32 { get }
  /// The file's name is `<stem>-<digest of the key>.<extension>`.
  static var fileStem: String { get }
  static var fileExtension: String { get }
  /// How many files of this kind a repository keeps.
  static var fileLimit: Int { get }
  /// The record in its bytes, or nil when they are no record (it is then counted again).
  init?(_ bytes: UnsafeRawBufferPointer)
  func encode(into writer: inout ByteWriter)
}

/// What a pathspec walk learned about commits, kept between runs beside the history cache: for
/// each commit, which of its parents the pathspec sees it TREESAME to (the same content at the
/// paths), and for a root whether the paths hold anything. Under git's history simplification
/// these answers decide which commits count and which parents are followed, and they never
/// change for the same pathspec: a commit id names its trees. A repeated pathspec run then
/// compares no trees. Keyed by the normalised pathspec with its magic.
package typealias PathspecAnswerCache = CommitTable<PathspecAnswer>

/// The comparisons made for one commit: bit `i` of `compared` says parent `i` (of the first
/// eight) was compared, the same bit of `same` that it was TREESAME; for a root, bit 0 says it
/// was compared with the empty tree, and `same` that the paths hold nothing in it.
package struct PathspecAnswer: CommitTableRecord {
  package var compared: UInt8 = 0
  var same: UInt8 = 0

  package init() {}

  package static let size: Int? = 2
  package static let magic: [UInt8] = Array("GHMPATHS".utf8)
  package static let formatVersion: UInt32 = 1
  package static let fileStem = "pathspec"
  package static let fileExtension = "answers"
  package static let fileLimit = 16

  package init?(_ bytes: UnsafeRawBufferPointer) {
    compared = bytes[0]
    same = bytes[1]
  }

  package func encode(into writer: inout ByteWriter) { writer.bytes += [compared, same] }

  /// Whether the commit is TREESAME to parent `index`, when that is known.
  package func isSame(toParent index: Int) -> Bool? {
    guard index < 8, compared & (1 << index) != 0 else { return nil }
    return same & (1 << index) != 0
  }
}

extension CommitTable where Record == PathspecAnswer {
  /// The key of a selection's paths (as `RevisionSelection.paths` holds them: normalised to
  /// the top of the work tree, with their magic). Answers come only from tree comparisons
  /// (what a Bloom filter rules out is not recorded), so whether filters were trusted needs no
  /// place in it.
  package static func key(paths: [String]) -> String {
    "paths\u{0}" + paths.joined(separator: "\u{0}")
  }

  /// What is known of `id`.
  package func answer(for id: ObjectID) -> PathspecAnswer? { record(for: id) }

  /// Records that `id` is (or is not) TREESAME to parent `index` (a root: holds nothing).
  package mutating func record(_ id: ObjectID, parent index: Int, same: Bool) {
    guard index < 8 else { return }
    var answer = self.answer(for: id) ?? PathspecAnswer()
    let bit = UInt8(1) << index
    guard answer.compared & bit == 0 else { return }
    answer.compared |= bit
    if same { answer.same |= bit }
    set(answer, for: id)
  }
}
