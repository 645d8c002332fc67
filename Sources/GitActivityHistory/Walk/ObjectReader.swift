import CGit2

/// Reads raw commits: out of the packs directly when a `PackStore` is given (see `PackCursor`),
/// and through the repository's libgit2 object database for everything the packs do not give.
/// It holds its `Repository`, so it cannot outlive it, and frees each object as soon as the
/// caller has looked at its bytes: a worker never holds more than one commit's data. One reader
/// per thread.
struct ObjectReader: ~Copyable {
  private let repository: Repository
  private let odb: OpaquePointer
  private let packs: PackCursor?

  init(
    repository: Repository, packs: PackStore? = nil, shortWalkReads: Int? = nil,
    baseCacheLimit: Int? = nil
  ) throws(GitError) {
    var odb: OpaquePointer?
    try GitError.check(
      git_repository_odb(&odb, repository.pointer), "git_repository_odb", kind: .other)
    guard let odb else {
      throw GitError.noObjectDatabase
    }
    self.repository = repository
    self.odb = odb
    self.packs = packs.map(PackCursor.init(store:))
    if let shortWalkReads { self.packs?.shortWalkReads = shortWalkReads }
    if let baseCacheLimit { self.packs?.baseCacheLimit = baseCacheLimit }
  }

  deinit {
    git_odb_free(odb)
  }

  /// How many commits came out of the packs directly, stored whole and as deltas.
  var commitsFromPacks: (whole: Int, deltified: Int) {
    (packs?.wholeCommits ?? 0, packs?.deltifiedCommits ?? 0)
  }

  /// The first pack holding commit `id` and its place there (see `PackStore.firstPlace`), or
  /// nil when the packs are not read directly or do not hold it.
  func firstPlace(of id: ObjectID, remembers: Bool) -> (pack: Int, position: Int)? {
    packs?.firstPlace(of: id, remembers: remembers)
  }

  /// Calls `body` with the raw bytes of commit `id`, which are valid only during the call.
  /// The corresponding C function is `git_odb_read`.
  func readCommit(_ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void)
    throws(GitError)
  {
    if let packs, try packs.readCommit(id, body) { return }
    try readThroughLibgit2(id, type: GIT_OBJECT_COMMIT, named: "commit", body)
  }

  /// Calls `body` with the bytes of object `id` of `type` as libgit2's object database reads
  /// it; an error names the object as `name` (`commit`, `tree`) and says what is wrong.
  /// The corresponding C function is `git_odb_read`.
  private func readThroughLibgit2(
    _ id: ObjectID, type: git_object_t, named name: String,
    _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) {
    // A loose object is read here: libgit2 1.5 spins for ever on one cut short.
    if let loose = try LooseObject.read(id, in: repository.objectsDirectory) {
      let expected =
        type == GIT_OBJECT_COMMIT
        ? 1 : type == GIT_OBJECT_TREE ? 2 : type == GIT_OBJECT_BLOB ? 3 : 4
      guard loose.type == expected else {
        throw GitError.notA(name, id)
      }
      let bytes = loose.bytes
      let result = bytes.withUnsafeBytes { raw in
        Result { () throws(GitError) in try body(raw) }
      }
      try result.get()
      return
    }
    var oid = id.gitOID
    var object: OpaquePointer?
    let status = git_odb_read(&object, odb, &oid)
    guard status == 0, let object else {
      if GitError.Code(status) == .notFound {
        throw GitError.missing(name, id, code: status)
      }
      let detail = GitError.last(status: status, function: "git_odb_read", kind: .other).message
      throw GitError.unreadable(name, id, detail, code: status)
    }
    defer { git_odb_object_free(object) }
    guard git_odb_object_type(object) == type else {
      throw GitError.notA(name, id)
    }
    let size = git_odb_object_size(object)
    try body(UnsafeRawBufferPointer(start: git_odb_object_data(object), count: size))
  }
}

extension ObjectReader {
  /// The bytes of object `id` of `type` (2 a tree, 3 a blob), out of the packs without a copy
  /// when they hold it, else through libgit2 (`named` in its errors). The corresponding C
  /// function is `git_odb_read`.
  func objectBytes(_ id: ObjectID, type: Int) throws(GitError) -> [UInt8] {
    if let packs, let bytes = packs.objectBytes(id, type: type) { return bytes }
    var bytes: [UInt8] = []
    do {
      try readThroughLibgit2(
        id, type: type == 2 ? GIT_OBJECT_TREE : GIT_OBJECT_BLOB, named: type == 2 ? "tree" : "blob"
      ) { bytes = Array($0) }
    } catch  where error.isNotFound {
      // git's words for an object a diff needs and cannot have.
      throw GitError.unableToRead(id, code: error.code, function: "git_odb_read")
    }
    return bytes
  }

  /// Lets go of object `id` if the packs' cache keeps it (see `ObjectSource.forget`).
  func forget(_ id: ObjectID) { packs?.forget(id) }

  /// The size of object `id` once inflated, from its header (the object itself is not
  /// inflated: a file over `core.bigFileThreshold` is decided without reading it). The
  /// corresponding C function is `git_odb_read_header`.
  func objectSize(_ id: ObjectID) throws(GitError) -> Int {
    if let packs, let size = packs.objectSize(id) { return size }
    if let header = try LooseObject.header(of: id, in: repository.objectsDirectory) {
      return header.size
    }
    var oid = id.gitOID
    var size = 0
    var type = GIT_OBJECT_INVALID
    let status = git_odb_read_header(&size, &type, odb, &oid)
    guard status == 0 else {
      if GitError.Code(status) == .notFound {
        throw GitError.unableToRead(id, code: status, function: "git_odb_read_header")
      }
      let detail = GitError.last(status: status, function: "git_odb_read_header", kind: .other)
        .message
      throw GitError.unreadableHeader(id, detail, code: status)
    }
    return size
  }

  /// Calls `body` with the entries of tree `id` as git stores them, valid only during the call:
  /// out of the packs when they hold it, else through libgit2. The corresponding C function is
  /// `git_odb_read`.
  func readTree(_ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void)
    throws(GitError)
  {
    if let packs, try packs.readObject(id, type: 2, body) { return }
    try readThroughLibgit2(id, type: GIT_OBJECT_TREE, named: "tree", body)
  }
}

extension ObjectReader {
  /// Reads commit `id` (or what replace refs put in its place) and returns its facts, with its
  /// identities interned and its parents (grafted, when a graft names it) in `parents`, its tree
  /// and, with `trailerKeys` (`WalkOptions.trailerKeys`), its `Co-authored-by` people and the
  /// values of its assisted trailers (interned too, see `RawIdentity.trailerMarker`). Shared by
  /// every walk, so that all read a commit the same way.
  func readFacts(
    _ id: ObjectID, substitutions: Substitutions, interner: inout IdentityInterner,
    parents: inout [ObjectID], trailerKeys: [[UInt8]]? = nil
  ) throws(GitError) -> (facts: CommitFacts, tree: ObjectID?, coAuthors: [Int32]) {
    var facts = CommitFacts(author: nil, committer: nil, identity: -1, parentCount: 0)
    var tree: ObjectID?
    var coAuthors: [Int32] = []
    // Every read out of a pack is checked by zlib's checksum: what is parsed here is the
    // commit's own bytes, as libgit2 would give them.
    try readCommit(try substitutions.object(for: id)) {
      (buffer) throws(GitError) in
      let header: CommitHeader
      do {
        header = try CommitHeader.parse(buffer, parents: &parents)
      } catch {
        throw GitError.malformedParent(id)
      }
      tree = header.tree
      if let author = header.author {
        facts.identity = interner.intern(
          buffer, name: author.name, email: author.email, encoding: header.encoding)
        if let time = author.time {
          facts.author = Timestamp(seconds: time, offsetMinutes: author.offsetMinutes)
        }
      }
      if let committer = header.committer {
        facts.committerIdentity = interner.intern(
          buffer, name: committer.name, email: committer.email, encoding: header.encoding)
        if let time = committer.time {
          facts.committer = Timestamp(seconds: time, offsetMinutes: committer.offsetMinutes)
        }
      }
      if let trailerKeys {
        coAuthors = CommitTrailers.parse(
          buffer, messageStart: header.messageStart, assistedKeys: trailerKeys
        ).map { found in
          switch found {
          case .coAuthor(let name, let email):
            return interner.intern(buffer, name: name, email: email, encoding: header.encoding)
          case .assisted(let value):
            return interner.internTrailerValue(buffer, value: value, encoding: header.encoding)
          }
        }
      }
    }
    if !substitutions.grafts.isEmpty, let grafted = substitutions.grafts[id] {
      parents = grafted
    }
    facts.parentCount = Int32(parents.count)
    return (facts, tree, coAuthors)
  }
}
