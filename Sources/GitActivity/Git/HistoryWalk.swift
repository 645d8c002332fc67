import CGit2

/// How a walk chooses and stops.
public struct WalkOptions: Sendable, Equatable {
  /// `--first-parent`: follow only the first parent of merges.
  public var followsFirstParentOnly = false
  /// Stop once every commit still queued was committed before this time (seconds since the
  /// epoch). Commits are read newest first by committer time, so everything at or after it is
  /// read; nil reads all history.
  public var committedNoEarlierThan: Int64?

  public init(followsFirstParentOnly: Bool = false, committedNoEarlierThan: Int64? = nil) {
    self.followsFirstParentOnly = followsFirstParentOnly
    self.committedNoEarlierThan = committedNoEarlierThan
  }
}

extension Repository {
  /// Reads the commits that `selection` names, each once, newest first by committer time.
  ///
  /// It walks parents itself and reads each commit's raw bytes once through `git_odb_read`
  /// (no `git_commit` objects, no re-hashing, no cache), parsing only the header lines it needs.
  public func history(
    _ selection: RevisionSelection, options: WalkOptions = WalkOptions()
  ) throws(GitError) -> History {
    let tips = try self.tips(for: selection)
    var reader = try ObjectReader(repository: self)
    let shallow = shallowBoundary()
    var hidden = Set<ObjectID>()
    if !tips.excluded.isEmpty {
      var hiding = WalkState(shallow: shallow, hidden: [], cutoff: options.committedNoEarlierThan)
      try hiding.walk(from: tips.excluded, reader: &reader, firstParentOnly: false)
      hidden = hiding.visited
    }
    var state = WalkState(shallow: shallow, hidden: hidden, cutoff: options.committedNoEarlierThan)
    try state.walk(
      from: tips.included, reader: &reader, firstParentOnly: options.followsFirstParentOnly)
    return History(
      commits: state.counted, objectIDs: state.countedIDs,
      identities: state.interner.identities(), warnings: state.warnings)
  }
}

/// The working state of one walk: what was seen, what is queued, what was counted.
struct WalkState {
  let shallow: Set<ObjectID>
  let hidden: Set<ObjectID>
  let cutoff: Int64?
  var visited = Set<ObjectID>()
  var interner = IdentityInterner()
  var counted: [CommitFacts] = []
  var countedIDs: [ObjectID] = []
  var warnings: [String] = []

  /// Commits read but not yet taken, as a max-heap on committer time.
  private var queue = CommitQueue()
  private var pendingFacts: [CommitFacts] = []
  private var pendingIDs: [ObjectID] = []
  private var pendingParents: [[ObjectID]] = []
  private var freeSlots: [Int] = []
  private var parentsScratch: [ObjectID] = []

  init(shallow: Set<ObjectID>, hidden: Set<ObjectID>, cutoff: Int64?) {
    self.shallow = shallow
    self.hidden = hidden
    self.cutoff = cutoff
  }

  mutating func walk(
    from tips: [ObjectID], reader: inout ObjectReader, firstParentOnly: Bool
  ) throws(GitError) {
    for tip in tips where !hidden.contains(tip) && visited.insert(tip).inserted {
      try enqueue(tip, childOf: nil, reader: &reader)
    }
    while let (time, slot) = queue.popMax() {
      if let cutoff, time < cutoff { break }
      let id = pendingIDs[slot]
      counted.append(pendingFacts[slot])
      countedIDs.append(id)
      let parents = pendingParents[slot]
      pendingParents[slot] = []
      freeSlots.append(slot)
      for (index, parent) in parents.enumerated() {
        if firstParentOnly && index > 0 { break }
        if hidden.contains(parent) || !visited.insert(parent).inserted { continue }
        try enqueue(parent, childOf: id, reader: &reader)
      }
    }
  }

  /// Reads one commit and queues it by its committer time.
  private mutating func enqueue(
    _ id: ObjectID, childOf child: ObjectID?, reader: inout ObjectReader
  ) throws(GitError) {
    var facts = CommitFacts(author: nil, committer: nil, identity: -1, parentCount: 0)
    try reader.readCommit(id, childOf: child) { (buffer) throws(GitError) in
      let header: CommitHeader
      do {
        header = try CommitHeader.parse(buffer, parents: &parentsScratch)
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
    if shallow.contains(id) { parentsScratch.removeAll() }
    facts.parentCount = Int32(parentsScratch.count)
    if facts.author == nil {
      warnings.append("commit \(id.hex) has no valid author date; it is not counted")
    }
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      pendingFacts[slot] = facts
      pendingIDs[slot] = id
      pendingParents[slot] = parentsScratch
    } else {
      slot = pendingFacts.count
      pendingFacts.append(facts)
      pendingIDs.append(id)
      pendingParents.append(parentsScratch)
    }
    queue.push(time: facts.committer?.seconds ?? 0, slot: slot)
  }
}

/// A binary max-heap of (committer time, slot), ties broken by slot for determinism.
struct CommitQueue {
  private var items: [(time: Int64, slot: Int)] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func push(time: Int64, slot: Int) {
    items.append((time, slot))
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.before(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popMax() -> (Int64, Int)? {
    guard let top = items.first else { return nil }
    let last = items.removeLast()
    if !items.isEmpty {
      items[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var best = parent
        if left < items.count, Self.before(items[left], items[best]) { best = left }
        if right < items.count, Self.before(items[right], items[best]) { best = right }
        if best == parent { break }
        items.swapAt(parent, best)
        parent = best
      }
    }
    return (top.time, top.slot)
  }

  @inline(__always)
  private static func before(_ a: (time: Int64, slot: Int), _ b: (time: Int64, slot: Int)) -> Bool {
    a.time > b.time || (a.time == b.time && a.slot < b.slot)
  }
}

/// Reads raw objects from a repository's object database. It holds its `Repository`, so it cannot
/// outlive it, and frees each object as soon as the caller has looked at its bytes.
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
    _ id: ObjectID, childOf child: ObjectID?,
    _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) {
    var oid = id.gitOID
    var object: OpaquePointer?
    let status = git_odb_read(&object, odb, &oid)
    guard status == 0, let object else {
      let reason = child.map { " (a parent of \($0.hex))" } ?? ""
      if status == GIT_ENOTFOUND.rawValue {
        throw GitError(
          code: status, message: "commit \(id.hex)\(reason) is missing from the repository",
          function: "git_odb_read")
      }
      let detail = GitError.last(status: status, function: "git_odb_read").message
      throw GitError(
        code: status, message: "cannot read commit \(id.hex)\(reason): \(detail)",
        function: "git_odb_read")
    }
    defer { git_odb_object_free(object) }
    guard git_odb_object_type(object) == GIT_OBJECT_COMMIT else {
      throw GitError(
        message: "object \(id.hex) is not a commit", function: "git_odb_object_type")
    }
    let size = git_odb_object_size(object)
    let buffer = UnsafeRawBufferPointer(start: git_odb_object_data(object), count: size)
    try body(buffer)
  }
}
