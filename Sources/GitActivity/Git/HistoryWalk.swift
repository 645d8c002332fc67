import CGit2
import Foundation

/// How a walk chooses and stops.
public struct WalkOptions: Sendable, Equatable {
  /// `--first-parent`: follow only the first parent of merges.
  public var followsFirstParentOnly = false
  /// Leave out commits committed before this time (seconds since the epoch), and their
  /// ancestors: a commit older than the window does not lead back into it, except through clock
  /// skew, which the caller's margin absorbs. Nil reads all history.
  public var committedNoEarlierThan: Int64?
  /// How many threads read commits; each opens its own `git_repository`.
  public var workerCount = ProcessInfo.processInfo.activeProcessorCount

  public init(
    followsFirstParentOnly: Bool = false, committedNoEarlierThan: Int64? = nil,
    workerCount: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.followsFirstParentOnly = followsFirstParentOnly
    self.committedNoEarlierThan = committedNoEarlierThan
    self.workerCount = workerCount
  }
}

extension Repository {
  /// Reads the commits that `selection` names, each once.
  ///
  /// It walks parents itself and reads each commit's raw bytes once through `git_odb_read` (no
  /// `git_commit` objects, no re-hashing, no object cache), parsing only the header lines it
  /// needs, on `options.workerCount` threads.
  public func history(
    _ selection: RevisionSelection, options: WalkOptions = WalkOptions()
  ) throws(GitError) -> History {
    let tips = try self.tips(for: selection)
    let shallow = shallowBoundary()
    var hidden = Set<ObjectID>()
    if !tips.excluded.isEmpty {
      let hiding = ParallelWalk(
        repositoryPath: gitDirectory, shallow: shallow, hidden: [],
        cutoff: options.committedNoEarlierThan, firstParentOnly: false)
      hidden = try hiding.run(from: tips.excluded, workers: options.workerCount, first: self)
        .visited
    }
    let walk = ParallelWalk(
      repositoryPath: gitDirectory, shallow: shallow, hidden: hidden,
      cutoff: options.committedNoEarlierThan, firstParentOnly: options.followsFirstParentOnly)
    return try walk.run(from: tips.included, workers: options.workerCount, first: self).history
  }
}

/// A walk of the commit graph shared by several threads.
///
/// Thread safety: every mutable field (`stack`, `visited`, `busy`, `waiting`, `failure`,
/// `results`) is read and written only while `condition` is locked. Workers take ids from the stack under the
/// lock, read and parse them with their own `Repository` outside it, and put parents back under
/// it. Only value types (`ObjectID`, `CommitFacts`, arrays of bytes) cross threads; each
/// `git_repository` stays on the thread that opened it.
final class ParallelWalk: @unchecked Sendable {
  private let repositoryPath: String
  private let shallow: Set<ObjectID>
  private let hidden: Set<ObjectID>
  private let cutoff: Int64?
  private let firstParentOnly: Bool

  private let condition = NSCondition()
  private var stack: [ObjectID] = []
  private var visited = Set<ObjectID>()
  private var busy = 0
  private var waiting = 0
  private var failure: GitError?
  private var results: [WorkerResult] = []

  /// What one worker found.
  struct WorkerResult: Sendable {
    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    var identities: [RawIdentity] = []
    var warnings: [String] = []
  }

  init(
    repositoryPath: String, shallow: Set<ObjectID>, hidden: Set<ObjectID>, cutoff: Int64?,
    firstParentOnly: Bool
  ) {
    self.repositoryPath = repositoryPath
    self.shallow = shallow
    self.hidden = hidden
    self.cutoff = cutoff
    self.firstParentOnly = firstParentOnly
  }

  /// Walks from `tips`. The calling thread works too, with `first`; the others open their own.
  func run(
    from tips: [ObjectID], workers: Int, first: Repository
  ) throws(GitError) -> (history: History, visited: Set<ObjectID>) {
    for tip in tips where !hidden.contains(tip) && visited.insert(tip).inserted {
      stack.append(tip)
    }
    let extra = max(0, min(workers, 16) - 1)
    let group = DispatchGroup()
    for _ in 0..<extra {
      DispatchQueue.global().async(group: group) {
        do throws(GitError) {
          let repository = try Repository.open(at: self.repositoryPath)
          self.work(repository)
        } catch {
          self.fail(error)
        }
      }
    }
    work(first)
    group.wait()
    if let failure { throw failure }
    return (merge(), visited)
  }

  private func fail(_ error: GitError) {
    condition.lock()
    if failure == nil { failure = error }
    condition.broadcast()
    condition.unlock()
  }

  /// One worker's loop. It follows one line of history itself (the first new parent of each
  /// commit it reads) and shares the other parents through the stack, so that the lock is taken
  /// once per commit and a sleeping worker is woken only when there is work for it.
  private func work(_ repository: Repository) {
    var result = WorkerResult()
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    let reader: ObjectReader
    do {
      reader = try ObjectReader(repository: repository)
    } catch {
      fail(error)
      return
    }
    var next: ObjectID?
    condition.lock()
    while true {
      if failure != nil { break }
      if next == nil, let id = stack.popLast() { next = id }
      guard let id = next else {
        if busy == 0 {
          condition.broadcast()
          break
        }
        waiting += 1
        condition.wait()
        waiting -= 1
        continue
      }
      next = nil
      busy += 1
      condition.unlock()
      do {
        try read(id, reader: reader, interner: &interner, parents: &parents, into: &result)
      } catch {
        condition.lock()
        busy -= 1
        if failure == nil { failure = error }
        condition.broadcast()
        break
      }
      condition.lock()
      busy -= 1
      for parent in parents where !hidden.contains(parent) && visited.insert(parent).inserted {
        if next == nil {
          next = parent
        } else {
          stack.append(parent)
        }
      }
      if waiting > 0 && !stack.isEmpty { condition.signal() }
    }
    result.identities = interner.rawIdentities()
    results.append(result)
    condition.unlock()
  }

  /// Reads one commit: records its facts unless it is older than the cutoff, and leaves in
  /// `parents` the parents to visit next.
  private func read(
    _ id: ObjectID, reader: borrowing ObjectReader, interner: inout IdentityInterner,
    parents: inout [ObjectID], into result: inout WorkerResult
  ) throws(GitError) {
    var facts = CommitFacts(author: nil, committer: nil, identity: -1, parentCount: 0)
    try reader.readCommit(id) { (buffer) throws(GitError) in
      let header: CommitHeader
      do {
        header = try CommitHeader.parse(buffer, parents: &parents)
      } catch {
        throw GitError(
          message: "commit \(id.hex) is corrupt: a parent line is malformed",
          function: "parse_commit")
      }
      if let author = header.author {
        facts.identity = interner.intern(
          buffer, name: author.name, email: author.email, encoding: header.encoding)
        if let time = author.time {
          facts.author = Timestamp(seconds: time, offsetMinutes: author.offsetMinutes)
        }
      }
      if let committer = header.committer, let time = committer.time {
        facts.committer = Timestamp(seconds: time, offsetMinutes: committer.offsetMinutes)
      }
    }
    if shallow.contains(id) { parents.removeAll() }
    facts.parentCount = Int32(parents.count)
    if let cutoff, let committed = facts.committer?.seconds, committed < cutoff {
      parents.removeAll()
      return
    }
    if firstParentOnly && parents.count > 1 { parents.removeLast(parents.count - 1) }
    if facts.author == nil {
      result.warnings.append("commit \(id.hex) has no valid author date; it is not counted")
    }
    result.commits.append(facts)
    result.ids.append(id)
  }

  /// Joins the workers' results, renumbering identities into one table.
  private func merge() -> History {
    var interner = IdentityInterner()
    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    var warnings: [String] = []
    commits.reserveCapacity(results.reduce(0) { $0 + $1.commits.count })
    ids.reserveCapacity(commits.capacity)
    for result in results {
      let numbers = result.identities.map { interner.intern($0) }
      for var facts in result.commits {
        if facts.identity >= 0 { facts.identity = numbers[Int(facts.identity)] }
        commits.append(facts)
      }
      ids += result.ids
      warnings += result.warnings
    }
    return History(
      commits: commits, objectIDs: ids, identities: interner.identities(),
      warnings: warnings.sorted())
  }
}

/// Reads raw objects from a repository's object database. It holds its `Repository`, so it cannot
/// outlive it, and frees each object as soon as the caller has looked at its bytes: a worker
/// never holds more than one commit's data.
struct ObjectReader: ~Copyable {
  private let repository: Repository
  private let odb: OpaquePointer

  init(repository: Repository) throws(GitError) {
    var odb: OpaquePointer?
    try GitError.check(git_repository_odb(&odb, repository.pointer), "git_repository_odb")
    guard let odb else {
      throw GitError(
        message: "the repository has no object database", function: "git_repository_odb")
    }
    self.repository = repository
    self.odb = odb
  }

  deinit {
    git_odb_free(odb)
  }

  /// Calls `body` with the raw bytes of commit `id`, which are valid only during the call.
  /// The corresponding C function is `git_odb_read`.
  func readCommit(
    _ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) {
    var oid = id.gitOID
    var object: OpaquePointer?
    let status = git_odb_read(&object, odb, &oid)
    guard status == 0, let object else {
      if status == GIT_ENOTFOUND.rawValue {
        throw GitError(
          code: status, message: "commit \(id.hex) is missing from the repository",
          function: "git_odb_read")
      }
      let detail = GitError.last(status: status, function: "git_odb_read").message
      throw GitError(
        code: status, message: "cannot read commit \(id.hex): \(detail)", function: "git_odb_read")
    }
    defer { git_odb_object_free(object) }
    guard git_odb_object_type(object) == GIT_OBJECT_COMMIT else {
      throw GitError(message: "object \(id.hex) is not a commit", function: "git_odb_object_type")
    }
    let size = git_odb_object_size(object)
    let buffer = UnsafeRawBufferPointer(start: git_odb_object_data(object), count: size)
    try body(buffer)
  }
}
