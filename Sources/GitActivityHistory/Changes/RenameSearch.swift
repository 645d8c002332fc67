/// git's rename and copy detection for one commit (`diffcore_rename`, 2.39): added files are
/// destinations, removed files sources (and, for copies, changed files too). First the exact
/// renames (the same blob, a source not yet used preferred, then one of the same name), then,
/// for renames, the pairs whose names are the only ones of their kind on each side and whose
/// contents are at least 75 % alike, then the whole matrix of what remains (unless it exceeds
/// `diff.renameLimit` squared): each destination's four most similar sources, all pairs sorted
/// by similarity, taken best first while both ends are free. Similarity is git's estimate: the
/// share of the larger file's bytes found in chunks the two share, at least 50 %.
struct RenameSearch {
  let changes: [FileChange]
  let copies: Bool
  /// Indexes into `changes`: the added files, and the sources in queue order.
  private var destinations: [Int] = []
  private var sources: [Int] = []
  /// How often each source has been taken (a changed file starts at one, for copies).
  private var used: [Int: Int] = [:]
  /// The source each matched destination came from.
  private var matched: [Int: Int] = [:]

  /// git's scale of similarity, and its thresholds (50 %, and 75 % for a name match).
  static let maximumScore = 60000
  static let minimumScore = 30000
  static let basenameScore = basenameScore(minimumScore)

  /// The least similarity of a basename match: halfway from the rename score to the whole.
  static func basenameScore(_ minimum: Int) -> Int { minimum + (maximumScore - minimum) / 2 }
  /// How many best sources a destination keeps in the matrix.
  static let candidatesPerDestination = 4

  /// How many of `changes` are the commit's own: those after them are unchanged files that
  /// `--find-copies-harder` adds as sources, never listed themselves.
  private let ownCount: Int
  /// With `diff.renameLimit` reached: the limit the search would have needed (git's advice).
  private(set) var limitNeeded = 0
  /// Whether the limit left only changed files as copy sources (`--find-copies-harder`).
  private(set) var isDegraded = false

  init(changes: [FileChange], copies: Bool, unchanged: [FileChange] = []) {
    self.changes = changes + unchanged
    ownCount = changes.count
    self.copies = copies
    for (index, change) in self.changes.enumerated() {
      if change.old == nil {
        if change.new != nil { destinations.append(index) }
      } else if change.new == nil {
        sources.append(index)
      } else if copies {
        used[index] = 1
        sources.append(index)
      }
    }
  }

  /// The files of the commit after the search: renames and copies as one pair each, the
  /// sources they took no longer removed, everything else as it was.
  mutating func pairs<Source: ObjectSource & ~Copyable>(
    counter: inout ChangeCounter, blobs: inout [ObjectID: ChangeCounter.Blob],
    source: borrowing Source
  ) throws(GitError) -> [ChangeCounter.Pair] {
    if !destinations.isEmpty && !sources.isEmpty {
      try search(counter: &counter, blobs: &blobs, source: source)
    }
    var pairs: [ChangeCounter.Pair] = []
    for (index, change) in changes.enumerated() where index < ownCount {
      if change.old == nil, let from = matched[index] {
        let origin = changes[from]
        pairs.append(
          .init(
            oldPath: origin.path, old: origin.old, newPath: change.path, new: change.new,
            isRenamed: true))
      } else if change.new == nil && used[index, default: 0] > 0 {
        continue
      } else {
        pairs.append(
          .init(
            oldPath: change.path, old: change.old, newPath: change.path, new: change.new,
            isRenamed: false))
      }
    }
    return pairs
  }

  private mutating func search<Source: ObjectSource & ~Copyable>(
    counter: inout ChangeCounter, blobs: inout [ObjectID: ChangeCounter.Blob],
    source: borrowing Source
  ) throws(GitError) {
    var found = exactRenames()
    if !copies {
      sources.removeAll { used[$0, default: 0] > 0 }
      found += try basenameRenames(counter: &counter, blobs: &blobs, source: source)
      sources.removeAll { used[$0, default: 0] > 0 }
    }
    let left = destinations.count - found
    guard left > 0, !sources.isEmpty else { return }
    let limit = counter.options.renameLimit
    if limit > 0 && left * sources.count > limit * limit {
      limitNeeded = max(left, sources.count)
      // git's `too_many_rename_candidates`: under -C -C, copies from changed files only when
      // those fit the limit.
      let changed = sources.filter { $0 < ownCount }
      guard ownCount < changes.count, left * changed.count <= limit * limit else { return }
      sources = changed
      isDegraded = true
    }
    try matrix(counter: &counter, blobs: &blobs, source: source)
  }

  private mutating func record(_ destination: Int, from source: Int) {
    used[source, default: 0] += 1
    matched[destination] = source
  }

  /// `find_exact_renames`: each destination takes the first source holding its very blob,
  /// preferring one not used yet and then one of the same name; other than regular files must
  /// also agree in mode.
  private mutating func exactRenames() -> Int {
    var byBlob: [ObjectID: [Int]] = [:]
    for index in sources {
      if let old = changes[index].old { byBlob[old.id, default: []].append(index) }
    }
    var found = 0
    for destination in destinations {
      guard let target = changes[destination].new, let candidates = byBlob[target.id] else {
        continue
      }
      var best: Int?
      var bestScore = -1
      var tries = 100
      for candidate in candidates {
        guard let origin = changes[candidate].old else { continue }
        if !(origin.isRegularFile && target.isRegularFile) && origin.mode != target.mode {
          continue
        }
        let isUsed = used[candidate, default: 0] > 0
        if isUsed && !copies { continue }
        let score =
          (isUsed ? 0 : 1)
          + (Self.sameName(changes[candidate].path, changes[destination].path) ? 1 : 0)
        if score > bestScore {
          best = candidate
          bestScore = score
          if score == 2 { break }
        }
        tries -= 1
        if tries == 0 { break }
      }
      if let best {
        record(destination, from: best)
        found += 1
      }
    }
    return found
  }

  /// `find_basename_matches`: a source and a destination whose names are each the only one of
  /// their kind on their side are paired when at least 75 % alike.
  private mutating func basenameRenames<Source: ObjectSource & ~Copyable>(
    counter: inout ChangeCounter, blobs: inout [ObjectID: ChangeCounter.Blob],
    source: borrowing Source
  ) throws(GitError) -> Int {
    var sourceNames: [ArraySlice<UInt8>: Int] = [:]
    for index in sources {
      let name = Self.name(changes[index].path)
      sourceNames[name] = sourceNames[name] == nil ? index : -1
    }
    var destinationNames: [ArraySlice<UInt8>: Int] = [:]
    for index in destinations where matched[index] == nil {
      let name = Self.name(changes[index].path)
      destinationNames[name] = destinationNames[name] == nil ? index : -1
    }
    var found = 0
    for index in sources {
      let name = Self.name(changes[index].path)
      guard let destination = destinationNames[name], destination >= 0,
        sourceNames[name] == index, matched[destination] == nil
      else { continue }
      let minimum = Self.basenameScore(counter.options.renameScore)
      let score = try similarity(
        from: index, to: destination, minimum: minimum, counter: &counter, blobs: &blobs,
        source: source)
      if score < minimum { continue }
      record(destination, from: index)
      found += 1
    }
    return found
  }

  /// One cell of the matrix: a source, a destination, their similarity and whether their names
  /// agree; `destination` -1 for an empty cell.
  private struct Candidate {
    var source = 0
    var destination = -1
    var score = 0
    var sameName = false

    /// git's `score_compare`: below zero when `self` goes first.
    func compare(_ other: Candidate) -> Int {
      if destination < 0 { return other.destination >= 0 ? 1 : 0 }
      if other.destination < 0 { return -1 }
      if score == other.score { return (other.sameName ? 1 : 0) - (sameName ? 1 : 0) }
      return other.score - score
    }
  }

  /// The rest (`diffcore_rename`'s matrix): each destination left keeps its four most similar
  /// sources; all of them sorted (stably) best first are taken while both ends are free (for
  /// copies, a second pass lets a source be taken again).
  private mutating func matrix<Source: ObjectSource & ~Copyable>(
    counter: inout ChangeCounter, blobs: inout [ObjectID: ChangeCounter.Blob],
    source: borrowing Source
  ) throws(GitError) {
    var cells: [Candidate] = []
    // Each side read and classified once, not once a pair: the matrix scores every source
    // against every destination (900 renames: 810,000 pairs).
    var olds = [ComparedSide??](repeating: nil, count: changes.count)
    var news = [ComparedSide??](repeating: nil, count: changes.count)
    let minimum = counter.options.renameScore
    for destination in destinations where matched[destination] == nil {
      var best = [Candidate](repeating: Candidate(), count: Self.candidatesPerDestination)
      if news[destination] == nil {
        news[destination] = try compared(
          destination, isOld: false, counter: &counter, blobs: &blobs, source: source)
      }
      for origin in sources {
        if olds[origin] == nil {
          olds[origin] = try compared(
            origin, isOld: true, counter: &counter, blobs: &blobs, source: source)
        }
        var score = 0
        if let one = olds[origin] ?? nil, let two = news[destination] ?? nil {
          score = try likeness(
            one, two, minimum: minimum, counter: &counter, blobs: &blobs, source: source)
        }
        let candidate = Candidate(
          source: origin, destination: destination, score: score,
          sameName: Self.sameName(changes[origin].path, changes[destination].path))
        var worst = 0
        for slot in 1..<best.count where best[slot].compare(best[worst]) > 0 { worst = slot }
        if best[worst].compare(candidate) > 0 { best[worst] = candidate }
      }
      cells += best
    }
    let order = cells.indices.sorted { a, b in
      let comparison = cells[a].compare(cells[b])
      return comparison != 0 ? comparison < 0 : a < b
    }
    for pass in copies ? [false, true] : [false] {
      for cell in order.map({ cells[$0] }) {
        if cell.destination < 0 || cell.score < counter.options.renameScore { break }
        if matched[cell.destination] != nil { continue }
        if !pass && used[cell.source, default: 0] > 0 { continue }
        record(cell.destination, from: cell.source)
      }
    }
  }

  /// git's `estimate_similarity`: 0 unless both are regular files of sizes close enough for
  /// `minimum`; else the bytes of the source found in the destination's chunks, over the
  /// larger size, on a scale of 60,000.
  private func similarity<Source: ObjectSource & ~Copyable>(
    from origin: Int, to destination: Int, minimum: Int, counter: inout ChangeCounter,
    blobs: inout [ObjectID: ChangeCounter.Blob], source: borrowing Source
  ) throws(GitError) -> Int {
    guard changes[origin].old?.isRegularFile == true,
      changes[destination].new?.isRegularFile == true,
      let one = try compared(origin, isOld: true, counter: &counter, blobs: &blobs, source: source),
      let two = try compared(
        destination, isOld: false, counter: &counter, blobs: &blobs, source: source)
    else { return 0 }
    return try likeness(
      one, two, minimum: minimum, counter: &counter, blobs: &blobs, source: source)
  }

  /// One side of a change as the matrix compares it: its blob, and whether it is text once
  /// a comparison has asked.
  private final class ComparedSide {
    let path: [UInt8]
    let side: FileChange.Side
    let blob: ChangeCounter.Blob
    var isText: Bool?

    init(path: [UInt8], side: FileChange.Side, blob: ChangeCounter.Blob) {
      self.path = path
      self.side = side
      self.blob = blob
    }
  }

  /// The old or new side of change `index` read for the matrix; nil when it is like nothing
  /// (not a regular file, or past core.bigFileThreshold, which is never read for a likeness).
  private func compared<Source: ObjectSource & ~Copyable>(
    _ index: Int, isOld: Bool, counter: inout ChangeCounter,
    blobs: inout [ObjectID: ChangeCounter.Blob], source: borrowing Source
  ) throws(GitError) -> ComparedSide? {
    guard let side = isOld ? changes[index].old : changes[index].new, side.isRegularFile
    else { return nil }
    if blobs[side.id] == nil, try source.blobSize(side.id) > counter.options.bigFileThreshold {
      return nil
    }
    let blob = try counter.blob(side.id, blobs: &blobs, source: source)
    return ComparedSide(path: changes[index].path, side: side, blob: blob)
  }

  /// `similarity` of two sides read (`compared`): the sizes first, then the chunks.
  private func likeness<Source: ObjectSource & ~Copyable>(
    _ one: ComparedSide, _ two: ComparedSide, minimum: Int, counter: inout ChangeCounter,
    blobs: inout [ObjectID: ChangeCounter.Blob], source: borrowing Source
  ) throws(GitError) -> Int {
    let (a, b) = (one.blob, two.blob)
    let largest = max(a.bytes.count, b.bytes.count)
    let delta = largest - min(a.bytes.count, b.bytes.count)
    if largest * (Self.maximumScore - minimum) < delta * Self.maximumScore { return 0 }
    if one.isText == nil {
      one.isText = try !counter.isBinary(one.path, one.side, blobs: &blobs, source: source)
    }
    if two.isText == nil {
      two.isText = try !counter.isBinary(two.path, two.side, blobs: &blobs, source: source)
    }
    let copied = a.spans(isText: one.isText ?? true).copied(
      into: b.spans(isText: two.isText ?? true))
    guard b.bytes.count > 0 else { return 0 }
    return copied * Self.maximumScore / largest
  }

  /// The last part of a path.
  static func name(_ path: [UInt8]) -> ArraySlice<UInt8> {
    path.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
  }

  /// git's `basename_same`: whether two paths end in the same name.
  static func sameName(_ source: [UInt8], _ destination: [UInt8]) -> Bool {
    var i = source.count
    var j = destination.count
    while i > 0 && j > 0 {
      i -= 1
      j -= 1
      if source[i] != destination[j] { return false }
      if source[i] == UInt8(ascii: "/") { return true }
    }
    return (i == 0 || source[i - 1] == UInt8(ascii: "/"))
      && (j == 0 || destination[j - 1] == UInt8(ascii: "/"))
  }
}
