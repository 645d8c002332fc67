import Foundation

/// The commits of any number of per-commit exports, read as streams and made one history: a
/// commit in several exports (a fork, a mirror, the same repository exported twice) is held and
/// counted once, as `--scan` counts it once, as the repository that sorts first has it. Exports
/// that disagree about what a commit is (its dates, parents or people as written) are reported.
///
/// No commit is held twice and none is held as text: `survey` each export (each record's id and
/// a fingerprint: 24 bytes while the copies are found; with `countsWhileSurveying`, counting as
/// it goes), then, when `surveyed()` says so, `read` each again in the same order (each distinct
/// commit's `CommitFacts`: 36 bytes, 56 with its id), then `finish`. Each distinct person is
/// held once.
public struct ExportedCommits {
  /// What the exports hold, ready to count.
  public struct Result: Sendable {
    /// Every distinct commit, in the order the exports first listed it.
    public var history: History
    /// The repositories the exports name, in natural order (`proj2` before `proj10`).
    public var repositories: [String]
    /// One for each commit that exports disagree about.
    public var warnings: [ActivityWarning]
    /// How many records were read, copies included.
    var recordCount: Int
    /// How many distinct commits `keeps` left out.
    public var leftOut: Int
    /// When the survey's count stood (`surveyed()`), the pieces gave each commit's repository
    /// by its number in the order met: each number's rank among `repositories`
    /// (`DailyActivity.Tally.rankRepositories`). Nil when the pieces gave ranks.
    public var repositoryRanks: [UInt32]?
  }

  /// The longest record an export may hold (16 MiB): a longer line is an error that names it.
  static let recordLimit = LineReader.lineLimit

  /// With `usesMailmap` false (`--no-mailmap`), people count as the commits wrote them.
  var usesMailmap: Bool
  /// Whether to keep each commit's id (a list of commits needs them; a graph does not).
  var keepsIDs: Bool
  /// Which commits to hold: a draw over a window holds only the commits it can count (nil holds
  /// every one). A commit with no date is always held, so that it can be warned about.
  public var keeps: (@Sendable (CommitFacts) -> Bool)?
  /// How many distinct commits `keeps` left out.
  private(set) var leftOut = 0
  /// With `pieces`, the commits are not held: every `pieceSize` distinct commits (and the last
  /// few at `finish`) are handed over as a history of their own, to be counted and let go, and
  /// the result's history is empty. Pieces share no commit.
  public var pieces: ((History) -> Void)?
  /// How many commits a piece holds.
  var pieceSize = 1 << 16
  /// About how many bytes of lines are parsed as one batch on another thread
  /// (`RecordBatches`); small in tests, to cross many batches.
  var batchBytes = 1 << 20
  /// The first record without co-authors (an export made without `--co-authors`): where it is.
  public private(set) var firstWithoutCoAuthors: String?
  /// The first record without lines (an export made with `--measure commits`): where it is.
  public private(set) var firstWithoutLines: String?
  /// Whether the commits held carry their lines (`keepsLines`, and every record had them).
  public var keepsLines = false
  /// Whether each commit's people are told apart. A count that keeps no one and lets everyone
  /// in (a graph or a list of days without an author filter) has no use for them: every commit
  /// is then by one nameless person, and no one is looked up.
  public var readsPeople = true
  /// Without `readsPeople`: the number of the one nameless person every commit is by.
  private var namelessNumber: Int32?

  // The survey, per record in reading order, grows a chunk at a time (no doubling copy); a
  // repository is held per run of records (an export usually holds one), not per record.
  private var surveyedIDs = ChunkedArray<PackedID>()
  private var repositoryRuns: [(start: Int, repository: UInt32)] = []
  /// Records whose repositories alternate (merged exports) are held a repository each instead:
  /// 4 bytes a record rather than 16 a run.
  private var repositoryOf: ChunkedArray<UInt32>?
  private var fingerprints = ChunkedArray<UInt32>()
  private var recordsPerFile: [Int] = []
  /// Each repository named, as bytes: its number is its place in `repositoryNames`.
  private var repositoryBytes = IdentityInterner()
  private var repositoryNames: [String] = []

  // Settled: which records are copies, and which are to be compared field by field.
  private var dropped = BitSet(capacity: 0)
  private var isSettled = false
  /// Record numbers of the copies whose fingerprint differs from the kept one's, with the
  /// record each is a copy of; read whole on the second pass to say what differs.
  private var suspects: [Int: Int] = [:]
  private var suspectedOriginals = Set<Int>()
  private var suspectRecords: [Int: CommitRecord] = [:]

  // The second pass: the kept commits.
  private var facts: [CommitFacts] = []
  private var ids: [ObjectID] = []
  private var lines: [PackedLineStats] = []
  private var coAuthors: [Int: [Int32]] = [:]
  /// With several repositories, each held commit's repository (its rank among their names),
  /// for the breakdown by repository; `rankOfRepository` maps a repository's number to it.
  private var repositoryRanks: [UInt32] = []
  private var rankOfRepository: [UInt32] = []
  /// The token every history handed over shares: their identities are numbered alike.
  private let lineage = IdentityLineage()
  /// Each person met, as the bytes of their four texts (counted and written name and email).
  private var people = IdentityInterner()
  /// Each person as written and as counted, kept as they are met (every piece shares them).
  private var rawIdentities: [RawIdentity] = []
  private var mappedIdentities: [Identity] = []
  private var undated: [UndatedCommit] = []
  private var readCount = 0
  private var fileIndex = 0

  /// An empty collection.
  public init(usesMailmap: Bool = true, keepsIDs: Bool = true) {
    self.usesMailmap = usesMailmap
    self.keepsIDs = keepsIDs
  }

  /// The first pass over one export: its records' ids and repositories. `name` names it in
  /// errors, which give the line: `exports/a.ndjson:17: expected ',' or '}' at column 42`.
  public mutating func survey(descriptor: Int32, name: String) throws(GitError) {
    precondition(!isSettled, "survey every export before reading any")
    if !hasSurveyed {
      hasSurveyed = true
      isCounting = countsWhileSurveying && pieces != nil && keptRecords == nil
    }
    let before = surveyedIDs.count
    // How large the export is, to foresee a count past `countingLimit` from its first records
    // (a gzip file's size says less: its count stops at the limit instead).
    var status = stat()
    let fileSize =
      fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      ? Int(status.st_size) : 0
    var bytesSurveyed = 0
    try Self.records(descriptor: descriptor, name: name, batchBytes: batchBytes) { record, number in
      let repository = repositoryNumber(record.repository)
      if repositoryOf != nil {
        repositoryOf?.append(repository)
      } else if repositoryRuns.last?.repository != repository {
        repositoryRuns.append((surveyedIDs.count, repository))
        if repositoryRuns.count > 4096 && repositoryRuns.count * 4 > surveyedIDs.count {
          var each = ChunkedArray<UInt32>()
          for (index, run) in repositoryRuns.enumerated() {
            let end =
              index + 1 < repositoryRuns.count
              ? repositoryRuns[index + 1].start : surveyedIDs.count + 1
            for _ in run.start..<end { each.append(run.repository) }
          }
          repositoryOf = each
          repositoryRuns = []
        }
      }
      surveyedIDs.append(PackedID(record.id))
      fingerprints.append(record.fingerprint)
      if record.coAuthors == nil && firstWithoutCoAuthors == nil {
        firstWithoutCoAuthors = "\(name):\(number)"
      }
      if record.lines == nil && firstWithoutLines == nil {
        firstWithoutLines = "\(name):\(number)"
      }
      if isCounting && surveyedIDs.count - before <= 4096 {
        bytesSurveyed += record.line.count + 1
        if surveyedIDs.count - before == 4096,
          before + fileSize / max(1, bytesSurveyed / 4096) > countingLimit
        {
          stopCounting()
        }
      }
      if isCounting {
        if surveyedIDs.count > countingLimit {
          stopCounting()
        } else {
          hold(record, repository: repository)
        }
      }
    }
    recordsPerFile.append(surveyedIDs.count - before)
    fileNames.append(name)
  }

  /// The repository a record names, as its number (a new one numbered).
  private mutating func repositoryNumber(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    let none = UnsafeRawBufferPointer(start: nil, count: 0)
    let (number, isNew) = repositoryBytes.intern(bytes, none, none, none)
    if isNew {
      repositoryNames.append(
        RepositoryName.withoutCredentials(String(decoding: bytes, as: UTF8.self)))
    }
    return UInt32(number)
  }

  /// Each surveyed export's name, in order, to say where a record came from.
  private var fileNames: [String] = []

  /// The name of the export that holds record `number` (in reading order).
  private func fileName(ofRecord number: Int) -> String {
    var end = 0
    for (index, count) in recordsPerFile.enumerated() {
      end += count
      if number < end { return fileNames[index] }
    }
    return fileNames.last ?? ""
  }

  /// With it (and `pieces`), the survey counts as well: each record is held as `read` would
  /// hold it, and when the survey finds no copy of any commit (`surveyed()` says so) the
  /// second pass is not made; the pieces then give each commit's repository by its number in
  /// the order the survey met them (`Result.repositoryRanks` turns numbers into ranks). Up to
  /// `countingLimit` records: past it, what was counted is let go, as the survey's ids and the
  /// people held at once would take more memory than two passes.
  public var countsWhileSurveying = false
  /// How many records the survey counts, at most.
  var countingLimit = 2_000_000
  private var isCounting = false
  private var hasSurveyed = false
  /// Whether pieces were handed over while surveying (they must be counted again from nothing
  /// when the second pass is made after all).
  private var handedOverWhileSurveying = false
  /// The survey's count stands: no second pass.
  private var isComplete = false

  /// After every survey: settles which records are copies, and says whether `read` must be
  /// called for each export (the survey's count, if any, does not stand), and whether what was
  /// handed to `pieces` during the survey must be counted again from nothing (`recount`).
  public mutating func surveyed() -> (needsReading: Bool, recount: Bool) {
    if !isSettled { settle() }
    if isCounting && dropped.count == 0 {
      isComplete = true
      return (false, false)
    }
    if isCounting { stopCounting() }
    return (true, handedOverWhileSurveying)
  }

  /// Lets go of what the survey counted: the second pass counts again.
  private mutating func stopCounting() {
    isCounting = false
    facts.removeAll()
    ids.removeAll()
    lines.removeAll()
    coAuthors = [:]
    undated = []
    repositoryRanks.removeAll()
    leftOut = 0
  }

  /// With it, `read` hands each distinct commit's record to it (the first copy, as counting
  /// keeps) instead of holding the commit: a merge of exports into one.
  public var keptRecords: ((CommitRecord) -> Void)?

  /// The second pass over one export, in the order of the survey: the commits it holds first.
  public mutating func read(descriptor: Int32, name: String) throws(GitError) {
    if !isSettled { settle() }
    // The survey's count stands (`surveyed()`): nothing to read again.
    guard !isComplete else { return }
    guard fileIndex < recordsPerFile.count else {
      preconditionFailure("read each surveyed export once, in the same order")
    }
    let expected = recordsPerFile[fileIndex]
    let start = readCount
    try Self.records(descriptor: descriptor, name: name, batchBytes: batchBytes) { record, _ in
      let number = readCount
      readCount += 1
      guard number - start < expected else { return }
      if suspects[number] != nil || suspectedOriginals.contains(number) {
        suspectRecords[number] = record.record()
      }
      guard !dropped.contains(number) else { return }
      if let keptRecords {
        keptRecords(record.record())
        return
      }
      var repository: UInt32?
      if rankOfRepository.count > 1 {
        // A repository the survey did not see (the file changed) is caught after the pass.
        let number = Int(repositoryNumber(record.repository))
        repository = number < rankOfRepository.count ? rankOfRepository[number] : 0
      }
      hold(record, repository: repository)
    }
    guard readCount - start == expected else {
      throw GitError.exportChanged(name, records: expected, then: readCount - start)
    }
    fileIndex += 1
  }

  /// How many batches of lines are parsed at once (`RecordBatches`): as many as the cores. (One
  /// more, with the reading thread, shares the cores among three batches that then end together,
  /// and the cores wait while the reading thread hands them over: 0.50 s against 0.43 s for
  /// 1,000,000 records on two cores.)
  private static var parsingWidth: Int {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return cores <= 1 ? 1 : min(cores, 4)
  }

  /// Holds one distinct commit (or leaves it out, outside `keeps`), handing a piece over when
  /// one is full; `repository` is what the history records as its repository, if anything.
  private mutating func hold(_ record: RecordView, repository: UInt32?) {
    let isUndated = record.authorDate == nil || record.committerDate == nil
    var commit = CommitFacts(
      author: record.authorDate, committer: record.committerDate, identity: -1,
      parentCount: Int32(record.parentCount))
    if !isUndated, let keeps, !keeps(commit) {
      leftOut += 1
      return
    }
    if isUndated {
      undated.append(
        UndatedCommit(
          id: record.id.hex, lacksAuthorDate: record.authorDate == nil,
          lacksCommitterDate: record.committerDate == nil))
    }
    if readsPeople {
      let author = record.person(0)
      let committer = record.person(4)
      commit.identity = self.number(of: author)
      // Most commits are committed by their author: one search of the people, not two.
      commit.committerIdentity =
        author.isSame(as: committer) ? commit.identity : self.number(of: committer)
    } else {
      // One nameless person for every commit, numbered by the interner as any other is.
      let nameless: Int32
      if let known = namelessNumber {
        nameless = known
      } else {
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        nameless = self.number(
          of: PersonParts(name: empty, email: empty, writtenName: empty, writtenEmail: empty))
        namelessNumber = nameless
      }
      commit.identity = nameless
      commit.committerIdentity = nameless
    }
    facts.append(commit)
    if keepsIDs { ids.append(record.id) }
    if keepsLines { lines.append(PackedLineStats(record.lines ?? LineStats())) }
    // Co-authors, and the agents an AI-assisted commit names, as a walk holds them (each
    // agent an assisted trailer's value).
    var trailers: [Int32] = []
    if readsPeople, let people = record.coAuthors { trailers = people.map { self.number(of: $0) } }
    if let agents = record.agents { trailers += agents.map { self.trailerNumber(of: $0) } }
    if !trailers.isEmpty { coAuthors[facts.count - 1] = trailers }
    if let repository { repositoryRanks.append(repository) }
    if pieces != nil && facts.count >= pieceSize { handOver() }
  }

  /// Every record of one export, parsed, with its line number, in the file's order; lines after
  /// the first are parsed in batches on other threads (`RecordBatches`).
  private static func records(
    descriptor: Int32, name: String, batchBytes: Int, _ body: (RecordView, Int) -> Void
  ) throws(GitError) {
    var parser = CommitRecordParser()
    var batches = RecordBatches(width: parsingWidth, batchBytes: batchBytes)
    do {
      do {
        try LineReader(descriptor: descriptor).forEachLine { line, number in
          guard parser.hasReadFirstLine else {
            // The first line says what the export is (NDJSON, or CSV and its columns).
            do throws(CommitRecordParser.Failure) {
              try parser.parse(line) { body($0, number) }
            } catch {
              throw LineReader.Failure(message: "\(number): \(error.message)")
            }
            return
          }
          try batches.add(line, number: number, parser: parser, body)
        }
      } catch {
        // The records before what failed are handed over first, and their own failure, if
        // one comes first in the file, is the one reported.
        if !batches.hasFailed { try batches.finish(body) }
        batches.abandon()
        throw error
      }
      try batches.finish(body)
    } catch {
      let text = (error as? LineReader.Failure)?.message ?? "\(error)"
      let message = text.first?.isNumber == true ? text : " \(text)"
      throw GitError(message: "\(name):\(message)", function: "read export", kind: .other)
    }
  }

  /// Finds the copies: records sorted by id, then by their repository's natural rank, then by
  /// reading order; the first of each id is kept.
  private mutating func settle() {
    isSettled = true
    let count = surveyedIDs.count
    let order = repositoryNames.indices.sorted {
      NaturalOrder.precedes(repositoryNames[$0], repositoryNames[$1])
    }
    var rank = [UInt32](repeating: 0, count: repositoryNames.count)
    for (position, repository) in order.enumerated() { rank[repository] = UInt32(position) }
    // In a scope of its own, so that the sorted order is freed before the second pass.
    do {
      let runs = repositoryRuns
      let each = repositoryOf
      // One contiguous array: the sort reads each id many times, and a read through
      // ChunkedArray from this module is a generic call. Moved, a chunk at a time, not copied:
      // 5,000,000 ids are 100 MB, which the survey's chunks and the copy held twice over.
      var surveyed: [PackedID] = []
      surveyedIDs.moveAll(into: &surveyed)
      /// The rank of a record's repository, from the run it is in (asked only of copies).
      func rankOf(_ record: Int) -> UInt32 {
        if let each { return rank[Int(each[record])] }
        var (low, high) = (0, runs.count - 1)
        while low < high {
          let middle = (low + high + 1) / 2
          if runs[middle].start <= record { low = middle } else { high = middle - 1 }
        }
        return rank[Int(runs[low].repository)]
      }
      var sorted = [Int32](0..<Int32(count))
      sorted.sort { a, b in
        let (x, y) = (surveyed[Int(a)], surveyed[Int(b)])
        if x != y { return x < y }
        let (rx, ry) = (rankOf(Int(a)), rankOf(Int(b)))
        return rx != ry ? rx < ry : a < b
      }
      dropped = BitSet(capacity: count)
      var start = 0
      while start < count {
        let kept = Int(sorted[start])
        var end = start + 1
        while end < count && surveyed[Int(sorted[end])] == surveyed[kept] {
          let copy = Int(sorted[end])
          _ = dropped.insert(copy)
          if fingerprints[copy] != fingerprints[kept] { suspects[copy] = kept }
          end += 1
        }
        start = end
      }
    }
    suspectedOriginals = Set(suspects.values)
    rankOfRepository = rank
    // What the survey held is not needed again.
    surveyedIDs = ChunkedArray()
    fingerprints = ChunkedArray()
    repositoryRuns = []
    repositoryOf = nil
    let capacity = pieces == nil ? count - dropped.count : min(count, pieceSize)
    facts.reserveCapacity(capacity)
    if keepsIDs { ids.reserveCapacity(capacity) }
  }

  /// The number of a person as a record holds them, met before or new.
  private mutating func number(of person: PersonParts) -> Int32 {
    let (number, isNew) = people.intern(
      person.name, person.email, person.writtenName, person.writtenEmail)
    if isNew {
      func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
      }
      let written = Identity(name: text(person.writtenName), email: text(person.writtenEmail))
      rawIdentities.append(
        RawIdentity(
          name: Array(person.writtenName), email: Array(person.writtenEmail), encoding: []))
      mappedIdentities.append(
        usesMailmap ? Identity(name: text(person.name), email: text(person.email)) : written)
    }
    return number
  }

  /// The number of an agent an export names, held as an assisted trailer's value
  /// (`RawIdentity.trailerMarker`), never the same as a person's.
  private mutating func trailerNumber(of agent: String) -> Int32 {
    let name = Array(agent.utf8)
    let marker = RawIdentity.trailerMarker
    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
    let (number, isNew) = name.withUnsafeBytes { name in
      marker.withUnsafeBytes { marker in people.intern(name, empty, marker, empty) }
    }
    if isNew {
      rawIdentities.append(RawIdentity(name: name, email: [], encoding: marker))
      mappedIdentities.append(Identity(name: agent, email: ""))
    }
    return number
  }

  /// The number of a co-author (read whole, as they are few).
  private mutating func number(of person: CommitRecord.Person) -> Int32 {
    let parts = [
      person.mapped.name, person.mapped.email, person.written.name, person.written.email,
    ].map { Array($0.utf8) }
    return parts[0].withUnsafeBytes { name in
      parts[1].withUnsafeBytes { email in
        parts[2].withUnsafeBytes { writtenName in
          parts[3].withUnsafeBytes { writtenEmail in
            number(
              of: PersonParts(
                name: name, email: email, writtenName: writtenName, writtenEmail: writtenEmail))
          }
        }
      }
    }
  }

  /// The commits held so far, as a history.
  private func held() -> History {
    var history = History(
      commits: facts, objectIDs: ids, identities: rawIdentities, undated: undated.sorted())
    if keepsLines { history.packedLines = lines }
    history.coAuthors = coAuthors
    history.mappedIdentities = mappedIdentities
    history.isDisjoint = true
    history.repositories = repositoryRanks
    history.repositoryCount = max(1, repositoryNames.count)
    history.identityLineage = lineage
    return history
  }

  /// Hands the commits held to `pieces`, and holds none.
  private mutating func handOver() {
    guard let pieces, !facts.isEmpty else { return }
    if isCounting && !isSettled { handedOverWhileSurveying = true }
    var piece = held()
    piece.undated = []
    facts.removeAll(keepingCapacity: true)
    ids.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
    repositoryRanks.removeAll(keepingCapacity: true)
    coAuthors = [:]
    pieces(piece)
  }

  /// The history of every distinct commit.
  public consuming func finish() -> Result {
    if !isSettled { settle() }
    var warnings: [ActivityWarning] = []
    for (copy, kept) in suspects.sorted(by: { $0.key < $1.key }) {
      guard let first = suspectRecords[kept], let second = suspectRecords[copy],
        let what = first.disagreement(with: second)
      else { continue }
      warnings.append(
        .exportsDisagree(
          commit: first.id.hex, what: what, first: fileName(ofRecord: kept),
          second: fileName(ofRecord: copy)))
    }
    handOver()
    var history = held()
    history.isDisjoint = false
    let names = repositoryNames.sorted(by: NaturalOrder.precedes)
    return Result(
      history: history, repositories: names, warnings: warnings,
      recordCount: isComplete ? recordsPerFile.reduce(0, +) : readCount, leftOut: leftOut,
      repositoryRanks: isComplete ? rankOfRepository : nil)
  }
}

/// A commit id in five 4-byte words: 20 bytes where `ObjectID` takes 24.
private struct PackedID: Comparable, BitwiseCopyable, Sendable {
  var words: (UInt32, UInt32, UInt32, UInt32, UInt32)

  init(_ id: ObjectID) {
    words = (
      UInt32(truncatingIfNeeded: id.high >> 32), UInt32(truncatingIfNeeded: id.high),
      UInt32(truncatingIfNeeded: id.middle >> 32), UInt32(truncatingIfNeeded: id.middle), id.low
    )
  }

  static func == (a: PackedID, b: PackedID) -> Bool {
    a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2
      && a.words.3 == b.words.3 && a.words.4 == b.words.4
  }

  static func < (a: PackedID, b: PackedID) -> Bool {
    if a.words.0 != b.words.0 { return a.words.0 < b.words.0 }
    if a.words.1 != b.words.1 { return a.words.1 < b.words.1 }
    if a.words.2 != b.words.2 { return a.words.2 < b.words.2 }
    if a.words.3 != b.words.3 { return a.words.3 < b.words.3 }
    return a.words.4 < b.words.4
  }
}
