import Foundation

/// What a pathspec walk learned about commits, kept between runs beside the history cache: for
/// each commit, which of its parents the pathspec sees it TREESAME to (the same content at the
/// paths), and for a root whether the paths hold anything. Under git's history simplification
/// these answers decide which commits count and which parents are followed, and they never
/// change for the same pathspec: a commit id names its trees. A repeated pathspec run then
/// compares no trees.
///
/// One file per pathspec (`pathspec-<digest>.answers`), keyed by the normalised pathspec with
/// its magic and by whether Bloom filters were trusted; at most `fileLimit` of them, the least
/// recently used removed first. A file that is missing, cut, corrupt (checksum) or of another
/// key is ignored and rewritten, as the history cache is.
struct PathspecAnswerCache: Sendable {
  /// The comparisons made for one commit: bit `i` of `compared` says parent `i` (of the first
  /// eight) was compared, the same bit of `same` that it was TREESAME; for a root, bit 0 says
  /// it was compared with the empty tree, and `same` that the paths hold nothing in it.
  struct Answer: Hashable, Sendable {
    var compared: UInt8 = 0
    var same: UInt8 = 0

    /// Whether the commit is TREESAME to parent `index`, when that is known.
    func isSame(toParent index: Int) -> Bool? {
      guard index < 8, compared & (1 << index) != 0 else { return nil }
      return same & (1 << index) != 0
    }
  }

  static let magic: [UInt8] = Array("GHMPATHS".utf8)
  static let formatVersion: UInt32 = 1
  /// The most pathspecs a repository keeps answers for.
  static let fileLimit = 16

  /// The pathspec, its magic, and how the answers were made.
  let key: String
  /// The answers read from the file, sorted by id.
  private var ids: [ObjectID] = [] {
    didSet { prefixes = IDPrefixTable() }
  }
  private var answers: [Answer] = []
  /// Where each 16-bit prefix starts in `ids` (`indexPrefixes`).
  private var prefixes = IDPrefixTable()
  /// Answers found in this run.
  private var added: [ObjectID: Answer] = [:]
  /// Whether the file was read (and so is to be marked as used, even when nothing changed).
  private(set) var wasLoaded = false

  /// The key of a selection's paths (as `RevisionSelection.paths` holds them: normalised to
  /// the top of the work tree, with their magic). Answers come only from tree comparisons
  /// (what a Bloom filter rules out is not recorded), so whether filters were trusted needs no
  /// place in it.
  static func key(paths: [String]) -> String {
    "paths\u{0}" + paths.joined(separator: "\u{0}")
  }

  /// No answers yet for `key`.
  init(key: String) {
    self.key = key
  }

  /// Whether this run found answers the file does not hold.
  var hasNewAnswers: Bool { !added.isEmpty }

  /// How many commits have answers.
  var count: Int { ids.count + added.count }

  /// What is known of `id`.
  func answer(for id: ObjectID) -> Answer? {
    if !added.isEmpty, let found = added[id] { return found }
    var (low, high) = (0, ids.count)
    if let range = prefixes.range(of: id) { (low, high) = (range.lowerBound, range.upperBound) }
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < ids.count && ids[low] == id ? answers[low] : nil
  }

  /// The answers read from the file, in rising id order (not those of this run).
  var loaded: (ids: [ObjectID], answers: [Answer]) { (ids, answers) }

  /// Makes the prefix table of the answers read, for a walk that asks of many commits.
  mutating func indexPrefixes() {
    let ids = self.ids
    prefixes = IDPrefixTable(count: ids.count) { UInt16(ids[$0].high >> 48) }
  }

  /// Records that `id` is (or is not) TREESAME to parent `index` (a root: holds nothing).
  mutating func record(_ id: ObjectID, parent index: Int, same: Bool) {
    guard index < 8 else { return }
    var answer = self.answer(for: id) ?? Answer()
    let bit = UInt8(1) << index
    guard answer.compared & bit == 0 else { return }
    answer.compared |= bit
    if same { answer.same |= bit }
    added[id] = answer
  }

  /// The file for `key` beside the history cache at `location`.
  static func location(for key: String, beside location: HistoryCache.Location)
    -> HistoryCache.Location
  {
    let digest = String(HistoryCache.checksum(Array(key.utf8)[...]), radix: 16)
    func sibling(_ path: String) -> String {
      (path as NSString).deletingLastPathComponent + "/pathspec-\(digest).answers"
    }
    var result = location
    result.primary = sibling(location.primary)
    result.fallback = location.fallback.map {
      ($0 as NSString).deletingPathExtension + "-pathspec-\(digest).answers"
    }
    return result
  }

  /// The answers for `key` at `location`, or none when there is no file that can be trusted.
  static func load(key: String, from location: HistoryCache.Location)
    -> PathspecAnswerCache
  {
    var cache = PathspecAnswerCache(key: key)
    for path in location.paths {
      if let decoded = AtomicFile.withContents(of: path, { decode($0, key: key) }) {
        (cache.ids, cache.answers) = decoded
        cache.wasLoaded = true
        break
      }
    }
    return cache
  }

  /// The file's ids and answers, or nil when it is cut, corrupt, of another version or key.
  private static func decode(_ bytes: UnsafeRawBufferPointer, key: String) -> (
    [ObjectID], [Answer]
  )? {
    let keyBytes = Array(key.utf8)
    let headerSize = magic.count + 12 + keyBytes.count
    guard bytes.count >= headerSize + 8, Array(bytes[0..<magic.count]) == magic else { return nil }
    func u32(_ at: Int) -> Int {
      Int(
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
          | UInt32(bytes[at + 3]) << 24)
    }
    guard u32(magic.count) == formatVersion, u32(magic.count + 4) == keyBytes.count,
      Array(bytes[(magic.count + 8)..<(magic.count + 8 + keyBytes.count)]) == keyBytes
    else { return nil }
    let count = u32(magic.count + 8 + keyBytes.count)
    let records = headerSize
    guard bytes.count == records + count * 22 + 8 else { return nil }
    let body = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])
    var stored: UInt64 = 0
    for index in 0..<8 { stored |= UInt64(bytes[bytes.count - 8 + index]) << (8 * index) }
    guard HistoryCache.checksum(body) == stored else { return nil }
    var ids: [ObjectID] = []
    var answers: [Answer] = []
    ids.reserveCapacity(count)
    answers.reserveCapacity(count)
    for index in 0..<count {
      let at = records + index * 22
      ids.append(ObjectID(rawBytes: bytes.baseAddress.unsafelyUnwrapped + at))
      answers.append(Answer(compared: bytes[at + 20], same: bytes[at + 21]))
    }
    // Sorted and unique, or not ours.
    for index in ids.indices.dropFirst() where !(ids[index - 1] < ids[index]) { return nil }
    return (ids, answers)
  }

  /// The file's bytes: the header with the key, the answers sorted by id, a checksum.
  func encoded() -> [UInt8] {
    var merged: [(ObjectID, Answer)] = []
    merged.reserveCapacity(count)
    for (index, id) in ids.enumerated() where added[id] == nil {
      merged.append((id, answers[index]))
    }
    merged += added.map { ($0.key, $0.value) }
    merged.sort { $0.0 < $1.0 }
    var out = ByteWriter()
    out.bytes.reserveCapacity(64 + key.utf8.count + merged.count * 22)
    out.bytes += Self.magic
    out.u32(Self.formatVersion)
    out.u32(UInt32(key.utf8.count))
    out.bytes += key.utf8
    out.u32(UInt32(merged.count))
    for (id, answer) in merged {
      out.id(id)
      out.bytes += [answer.compared, answer.same]
    }
    out.u64(HistoryCache.checksum(out.bytes[...]))
    return out.bytes
  }

  /// Writes the answers (the file's and this run's) atomically to the first place that takes
  /// them, or, with nothing new, marks the file as just used; then removes the least recently
  /// used files beyond `fileLimit`.
  func save(to location: HistoryCache.Location) {
    for path in location.paths {
      let directory = (path as NSString).deletingLastPathComponent
      RawDirectory.create(directory)
      AtomicFile.sweep(path)
      if !hasNewAnswers {
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
        Self.evict(like: path, keeping: Self.fileLimit)
        return
      } catch {
        continue
      }
    }
  }

  /// Removes every pathspec's answers beside the history cache at `location`
  /// (`--clear-cache`).
  static func removeAll(beside location: HistoryCache.Location) {
    let any = Self.location(for: "", beside: location)
    for path in any.paths { evict(like: path, keeping: 0) }
  }

  /// Removes the least recently used answer files beside `path` (those of its repository:
  /// named as it is but for the digest) beyond `limit`.
  static func evict(like path: String, keeping limit: Int) {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard let marker = name.range(of: "pathspec-"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return }
    let prefix = String(name[..<marker.upperBound])
    var files: [(path: String, used: Date)] = []
    for candidate in names where candidate.hasPrefix(prefix) && candidate.hasSuffix(".answers") {
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
