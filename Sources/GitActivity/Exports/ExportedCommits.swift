import Foundation

/// The commits of any number of per-commit exports, read as streams and made one history: a
/// commit in several exports (a fork, a mirror, the same repository exported twice) is held and
/// counted once, as `--scan` counts it once, as the repository that sorts first has it. Exports
/// that disagree about what a commit is (its dates, parents or people as written) are reported.
///
/// What it holds per distinct commit: its id and `CommitFacts` (72 bytes), and while the
/// duplicates are found, the repository and an index (8 more); each distinct person once.
public struct ExportedCommits {
  /// What the exports hold, ready to count.
  public struct Result: Sendable {
    /// Every distinct commit, in the order the exports first listed it.
    public var history: History
    /// The repositories the exports name, in natural order (`proj2` before `proj10`).
    public var repositories: [String]
    /// One line per commit that exports disagree about.
    public var warnings: [String]
    /// How many records were read, copies included.
    public var recordCount: Int
  }

  /// With `usesMailmap` false (`--no-mailmap`), people count as the commits wrote them.
  public var usesMailmap: Bool
  /// The first record without co-authors (an export made without `--co-authors`): where it is.
  public private(set) var firstWithoutCoAuthors: String?

  private var ids: [ObjectID] = []
  private var facts: [CommitFacts] = []
  private var repositoryOf: [UInt32] = []
  private var coAuthors: [Int: [Int32]] = [:]
  private var repositoryNumbers: [String: UInt32] = [:]
  private var repositoryNames: [String] = []
  private var personNumbers: [CommitRecord.Person: Int32] = [:]
  private var people: [CommitRecord.Person] = []
  /// Per commit, whether its record carried co-authors (for comparing copies).
  private var hasCoAuthors: [Bool] = []

  /// An empty collection.
  public init(usesMailmap: Bool = true) {
    self.usesMailmap = usesMailmap
  }

  /// Reads every record of the export open at `descriptor`; `name` names it in errors, which
  /// give the line: `exports/a.ndjson:17: expected ',' or '}' at column 42`.
  public mutating func read(descriptor: Int32, name: String) throws(GitError) {
    var parser = CommitRecordParser()
    do {
      try LineReader(descriptor: descriptor).forEachLine { line, number in
        do throws(CommitRecordParser.Failure) {
          if let record = try parser.parse(line) { add(record, place: "\(name):\(number)") }
        } catch {
          throw LineReader.Failure(message: "\(number): \(error.message)")
        }
      }
    } catch {
      let text = (error as? LineReader.Failure)?.message ?? "\(error)"
      let message = text.first?.isNumber == true ? text : " \(text)"
      throw GitError(message: "\(name):\(message)", function: "read export")
    }
  }

  /// Adds one record.
  public mutating func add(_ record: CommitRecord) {
    add(record, place: record.repository)
  }

  private mutating func add(_ record: CommitRecord, place: @autoclosure () -> String) {
    let repository: UInt32
    if let known = repositoryNumbers[record.repository] {
      repository = known
    } else {
      repository = UInt32(repositoryNames.count)
      repositoryNumbers[record.repository] = repository
      repositoryNames.append(record.repository)
    }
    let index = facts.count
    ids.append(record.id)
    repositoryOf.append(repository)
    facts.append(
      CommitFacts(
        author: record.authorDate, committer: record.committerDate,
        identity: number(of: record.author), parentCount: Int32(record.parentCount),
        committerIdentity: number(of: record.committer)))
    hasCoAuthors.append(record.coAuthors != nil)
    if let people = record.coAuthors {
      if !people.isEmpty { coAuthors[index] = people.map { number(of: $0) } }
    } else if firstWithoutCoAuthors == nil {
      firstWithoutCoAuthors = place()
    }
  }

  private mutating func number(of person: CommitRecord.Person) -> Int32 {
    if let known = personNumbers[person] { return known }
    let next = Int32(people.count)
    personNumbers[person] = next
    people.append(person)
    return next
  }

  /// The history of every distinct commit. With `keepsIDs` false the ids are dropped once the
  /// copies are found (a graph needs them no longer; a list of commits does).
  public consuming func finish(keepsIDs: Bool = true) -> Result {
    let count = facts.count
    // Repositories in natural order; a commit's copy in the first of them is the one kept.
    let order = repositoryNames.indices.sorted {
      NaturalOrder.precedes(repositoryNames[$0], repositoryNames[$1])
    }
    var rank = [UInt32](repeating: 0, count: repositoryNames.count)
    for (position, repository) in order.enumerated() { rank[repository] = UInt32(position) }
    var sorted = [Int32](0..<Int32(count))
    sorted.sort { a, b in
      let (x, y) = (Int(a), Int(b))
      if ids[x] != ids[y] { return ids[x] < ids[y] }
      let (rx, ry) = (rank[Int(repositoryOf[x])], rank[Int(repositoryOf[y])])
      return rx != ry ? rx < ry : a < b
    }
    var dropped = BitSet(capacity: count)
    var warnings: [String] = []
    var start = 0
    while start < count {
      let kept = Int(sorted[start])
      var end = start + 1
      while end < count && ids[Int(sorted[end])] == ids[kept] {
        let copy = Int(sorted[end])
        _ = dropped.insert(copy)
        if let what = disagreement(kept, copy) {
          warnings.append(
            "the exports disagree about commit \(ids[kept].hex) (\(what)): '\(repositoryNames[Int(repositoryOf[kept])])' and '\(repositoryNames[Int(repositoryOf[copy])])'; counted as the first has it"
          )
        }
        end += 1
      }
      start = end
    }
    sorted = []
    repositoryOf = []
    hasCoAuthors = []
    // The kept commits moved down in place, in the order they were read.
    var kept = 0
    var keptCoAuthors: [Int: [Int32]] = [:]
    for index in 0..<count where !dropped.contains(index) {
      if kept != index {
        facts[kept] = facts[index]
        ids[kept] = ids[index]
      }
      if let people = coAuthors[index] { keptCoAuthors[kept] = people }
      kept += 1
    }
    facts.removeLast(count - kept)
    ids.removeLast(count - kept)
    var undated: [UndatedCommit] = []
    for index in facts.indices where facts[index].author == nil || facts[index].committer == nil {
      undated.append(
        UndatedCommit(
          id: ids[index].hex, lacksAuthorDate: facts[index].author == nil,
          lacksCommitterDate: facts[index].committer == nil))
    }
    let identities = people.map {
      RawIdentity(
        name: Array($0.written.name.utf8), email: Array($0.written.email.utf8), encoding: [])
    }
    var history = History(
      commits: facts, objectIDs: keepsIDs ? ids : [], identities: identities,
      undated: undated.sorted())
    history.coAuthors = keptCoAuthors
    history.mappedIdentities = people.map { usesMailmap ? $0.mapped : $0.written }
    return Result(
      history: history, repositories: order.map { repositoryNames[$0] }, warnings: warnings,
      recordCount: count)
  }

  /// What two records of one commit disagree about, or nil.
  private func disagreement(_ first: Int, _ second: Int) -> String? {
    let (a, b) = (facts[first], facts[second])
    if a.author != b.author { return "author date" }
    if a.committer != b.committer { return "committer date" }
    if a.parentCount != b.parentCount { return "parents" }
    if people[Int(a.identity)].written != people[Int(b.identity)].written { return "author" }
    if people[Int(a.committerIdentity)].written != people[Int(b.committerIdentity)].written {
      return "committer"
    }
    if hasCoAuthors[first] && hasCoAuthors[second] {
      let left = (coAuthors[first] ?? []).map { people[Int($0)].written }
      let right = (coAuthors[second] ?? []).map { people[Int($0)].written }
      if left != right { return "co-authors" }
    }
    return nil
  }
}
