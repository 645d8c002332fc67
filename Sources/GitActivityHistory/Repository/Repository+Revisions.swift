import CGit2
import Foundation

extension Repository {
  /// Resolves a selection to commit ids, peeling tags (also tags of tags) to their commits, as
  /// git's `setup_revisions` reads them: in order, `--not` flipping what follows, `--exclude`
  /// patterns gathered for the next ref option.
  /// `known` is a history cache: a ref whose object it holds is a commit, with no header read.
  func tips(for selection: RevisionSelection, known: HistoryCache? = nil) throws(GitError)
    -> WalkTips
  {
    var tips = WalkTips()
    var words = selection.revisions
    if selection.includesAllRefs { words.insert("--all", at: 0) }
    if selection.includesBranches { words.insert("--branches", at: 0) }
    var isNegated = false
    var exclusions: [String] = []
    for word in words {
      guard RevisionSelection.isPseudoOption(word) else {
        var one = WalkTips()
        do {
          try addRevision(word, to: &one)
        } catch  where selection.ignoresMissing && error.kind == .unknownRevision {
          continue
        }
        tips.included += isNegated ? one.excluded : one.included
        tips.excluded += isNegated ? one.included : one.excluded
        continue
      }
      let name = String(word.dropFirst(2).prefix { $0 != "=" })
      let value = word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : nil
      var found: [ObjectID] = []
      switch name {
      case "not":
        isNegated.toggle()
        continue
      case "exclude":
        exclusions.append(value ?? "")
        continue
      case "all":
        found = try referenceTips(
          under: "refs/", pattern: nil, exclusions: exclusions, trims: false, known: known)
        // HEAD is one of the refs --all names, and --exclude applies to it too.
        let headExcluded = exclusions.contains {
          Wildmatch.matches(Array($0.utf8), Array("HEAD".utf8), pathname: false, caseFolds: false)
        }
        if !headExcluded, let head = try headCommit() { found.append(head) }
      case "branches", "tags", "remotes":
        let prefix = "refs/" + (name == "branches" ? "heads" : name) + "/"
        found = try referenceTips(
          under: prefix, pattern: value.map { prefix + Self.impliedGlob($0) },
          exclusions: exclusions, trims: true, known: known)
      case "reflog":
        found = try reflogTips()
      default:  // glob
        let pattern = value ?? ""
        let full = pattern.hasPrefix("refs/") ? pattern : "refs/" + pattern
        found = try referenceTips(
          under: "refs/", pattern: Self.impliedGlob(full), exclusions: exclusions, trims: false,
          known: known)
      }
      exclusions = []
      if isNegated { tips.excluded += found } else { tips.included += found }
    }
    // With no revision and no ref option at all, HEAD is implied (a ref option that matches
    // nothing shows nothing, as in git).
    if words.isEmpty {
      guard let head = try headCommit() else {
        if selection.readsUnbornHeadAsEmpty { return tips }
        // git log's words for a history that has no commit to start from.
        throw GitError.unbornBranch(currentBranchName() ?? "HEAD")
      }
      tips.included.append(head)
    }
    return tips
  }

  /// `--reflog`: every commit a reflog names, old and new side of each entry, of every ref that
  /// has one and of HEAD, as git's `for_each_reflog` gives them. An entry whose object is gone
  /// (pruned since) is passed over.
  private func reflogTips() throws(GitError) -> [ObjectID] {
    var names = ["HEAD"]
    try forEachReference(matching: "refs/*") { reference in
      if let name = git_reference_name(reference) { names.append(String(cString: name)) }
    }
    var found: [ObjectID] = []
    for name in names {
      try forEachReflogEntry(of: name) { (entry, exists) throws(GitError) in
        for side in [git_reflog_entry_id_old(entry), git_reflog_entry_id_new(entry)] {
          guard let oid = side?.pointee, exists(oid) else { continue }
          if let commit = try peelRaw(ObjectID(oid), name: name, badObject: true) {
            found.append(commit)
          }
        }
      }
    }
    return found
  }

  /// Each entry of the reflog of `name` (a full ref name, or HEAD), newest first, with a test of
  /// whether an id is one to follow: not zero (a ref created or deleted) and an object present
  /// (not pruned since). Nothing when the ref has no reflog.
  private func forEachReflogEntry(
    of name: String,
    _ body: (_ entry: OpaquePointer, _ exists: (git_oid) -> Bool) throws(GitError) -> Void
  ) throws(GitError) {
    var odb: OpaquePointer?
    try GitError.check(git_repository_odb(&odb, pointer), "git_repository_odb", kind: .other)
    defer { git_odb_free(odb) }
    var log: OpaquePointer?
    guard git_reflog_read(&log, pointer, name) == 0, let log else { return }
    defer { git_reflog_free(log) }
    func exists(_ id: git_oid) -> Bool {
      var id = id
      return git_oid_is_zero(&id) == 0 && git_odb_exists(odb, &id) == 1
    }
    // libgit2 gives the newest entry first (index 0).
    for index in 0..<git_reflog_entrycount(log) {
      guard let entry = git_reflog_entry_byindex(log, index) else { continue }
      try body(entry, exists)
    }
  }

  /// `-g`: the commit each reflog entry of `names` (refs as `git log -g` takes them, HEAD when
  /// none) points to, the newest entry first across them all, as often as entries name it.
  /// Entries that delete a ref, or whose commit is gone, are passed over; a name that is no ref
  /// is git's error.
  func reflogEntries(_ names: [String]) throws(GitError) -> [ObjectID] {
    var entries: [(time: Int64, order: Int, id: ObjectID)] = []
    for name in names.isEmpty ? ["HEAD"] : names {
      var full = name
      if name != "HEAD" {
        var reference: OpaquePointer?
        defer { git_reference_free(reference) }
        guard git_reference_dwim(&reference, pointer, name) == 0, let reference,
          let resolved = git_reference_name(reference)
        else {
          throw GitError.ambiguousArgument(name)
        }
        full = String(cString: resolved)
      }
      try forEachReflogEntry(of: full) { entry, exists in
        guard let oid = git_reflog_entry_id_new(entry)?.pointee, exists(oid) else { return }
        let time = git_reflog_entry_committer(entry)?.pointee.when.time ?? 0
        entries.append((time, entries.count, ObjectID(oid)))
      }
    }
    entries.sort { ($0.time, $1.order) > ($1.time, $0.order) }
    return entries.map(\.id)
  }

  /// The commits of `history` in the order `git log` shows them by default: the newest commit
  /// date first, commits of the same date in the order the walk met them (git's date-sorted
  /// list), tips in the order given, parents in their order (only the first with
  /// `firstParentOnly`). `history` holds the selection's commits with their ids (a pathspec may
  /// have left some out); the result is indices into it.
  func logOrder(
    of history: History, selection: RevisionSelection, firstParentOnly: Bool
  ) throws(GitError) -> [Int] {
    try exclusively { () throws(GitError) in
      try walkOrder(of: history, selection: selection, firstParentOnly: firstParentOnly)
    }
  }

  package func walkOrder(
    of history: History, selection: RevisionSelection, firstParentOnly: Bool,
    known: HistoryCache? = nil, enough: Int = Int.max, counts: (Int) -> Bool = { _ in true }
  ) throws(GitError) -> [Int] {
    // Each commit's place in `history`, found by reading its ids from the start as far as
    // needed: a walk that stops early (-n 100) meets only the newest, near the start.
    let ids = history.objectIDs
    var places: [ObjectID: Int] = [:]
    var scanned = 0
    func position(_ id: ObjectID) -> Int? {
      // A history read from the cache keeps the cache's order: the cache's record number is
      // then the place, found by its sorted table and confirmed by the id there (no table of
      // every id made for a walk that needs the newest hundred).
      if let known, let record = known.index(of: id), Int(record) < ids.count,
        ids[Int(record)] == id
      {
        return Int(record)
      }
      if let found = places[id] { return found }
      while scanned < ids.count {
        let next = ids[scanned]
        places[next] = scanned
        scanned += 1
        if next == id { return scanned - 1 }
      }
      return nil
    }
    var order: [Int] = []
    try walkNewest(
      selection: selection, firstParentOnly: firstParentOnly, known: known, enough: enough
    ) { id in
      guard let index = position(id) else { return nil }
      order.append(index)
      return counts(index)
    }
    return order
  }

  /// The commits the selection reaches in git log's order (see `logOrder`), each handed to
  /// `meet` as it is shown: `meet` says whether it counts toward `enough` (nil: not one of the
  /// commits wanted), and the walk stops once `enough` have counted. Commits are read as they
  /// are met (from `known`, the history cache, when it holds them), so a walk that stops early
  /// reads only the newest.
  package func walkNewest(
    selection: RevisionSelection, firstParentOnly: Bool, known: HistoryCache?, enough: Int,
    meet: (ObjectID) -> Bool?
  ) throws(GitError) {
    let tips = try tips(for: selection, known: known)
    // The commits the selection reaches (ranges and --not taken out), each read once, parents
    // as git sees them: none past a shallow clone's boundary.
    let shallow = shallowBoundary()
    func shape(_ id: ObjectID) -> (time: Int64, parents: [ObjectID])? {
      // A commit the history cache holds is its record there: no object read.
      if let known, let index = known.index(of: id),
        let time = known.facts[Int(index)].committer?.seconds
      {
        if shallow.contains(id) { return (time, []) }
        var parents = known.parentRange(index).map { known.parentID(known.parentRefs[$0]) }
        if firstParentOnly && parents.count > 1 { parents = [parents[0]] }
        return (time, parents)
      }
      var oid = id.gitOID
      var commit: OpaquePointer?
      guard git_commit_lookup(&commit, pointer, &oid) == 0, let commit else { return nil }
      defer { git_commit_free(commit) }
      var parents: [ObjectID] = []
      if !shallow.contains(id) {
        let count = git_commit_parentcount(commit)
        for index in 0..<(firstParentOnly ? min(1, count) : count) {
          if let parent = git_commit_parent_id(commit, index) {
            parents.append(ObjectID(parent.pointee))
          }
        }
      }
      return (git_commit_time(commit), parents)
    }
    var hidden = Set<ObjectID>()
    var stack = tips.excluded
    while let id = stack.popLast() {
      guard hidden.insert(id).inserted, let found = shape(id) else { continue }
      stack += found.parents
    }
    // git's walk: a list kept sorted by date, newest first, each newcomer after those of its
    // date; here a heap ordered by (date, arrival), each commit read when it is met, so that
    // the walk stops as soon as `enough` of `history`'s commits that `counts` are found.
    var heap = OrderHeap()
    var seen = Set<ObjectID>()
    var parentsOf: [ObjectID: [ObjectID]] = [:]
    for id in tips.included where !hidden.contains(id) && seen.insert(id).inserted {
      guard let found = shape(id) else { continue }
      parentsOf[id] = found.parents
      heap.push(id, time: found.time)
    }
    var found = 0
    while let id = heap.pop() {
      if meet(id) == true {
        found += 1
        if found >= enough { break }
      }
      for parent in parentsOf.removeValue(forKey: id) ?? []
      where !hidden.contains(parent) && seen.insert(parent).inserted {
        guard let next = shape(parent) else { continue }
        parentsOf[parent] = next.parents
        heap.push(parent, time: next.time)
      }
    }
  }

  /// Whether `text` names a revision or a range, as `addRevision` takes them.
  package func names(revision text: String) -> Bool {
    let spec = Self.atAsHead(text.hasPrefix("^") ? String(text.dropFirst()) : text)
    guard !spec.isEmpty else { return false }
    // A full id is a revision whether or not its object is there (git: "bad object").
    if spec.utf8.count == 40, ObjectID(hex: spec) != nil { return true }
    if (try? specialRevision(spec)) != nil { return true }
    if (try? directCommit(spec)) != nil { return true }
    if (try? directRange(spec)) != nil { return true }
    var revspec = git_revspec()
    let status = git_revparse(&revspec, pointer, spec)
    // A revision libgit2 failed to read (a damaged pack) is still a revision.
    if Self.failsToRead(status) { return true }
    guard status == 0 else { return false }
    git_object_free(revspec.from)
    git_object_free(revspec.to)
    return true
  }

  /// git's rule for ref patterns: one with no `?`, `*` or `[` means everything below it.
  static func impliedGlob(_ pattern: String) -> String {
    if pattern.contains(where: { "?*[".contains($0) }) { return pattern }
    return pattern.hasSuffix("/") ? pattern + "*" : pattern + "/*"
  }

  /// The branch HEAD names (`main` for `refs/heads/main`), nil when HEAD is detached or
  /// cannot be read. The corresponding C function is `git_reference_lookup`.
  func currentBranchName() -> String? {
    var head: OpaquePointer?
    guard git_reference_lookup(&head, pointer, "HEAD") == 0, let head else { return nil }
    defer { git_reference_free(head) }
    guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC,
      let target = git_reference_symbolic_target(head)
    else { return nil }
    let name = String(cString: target)
    return name.hasPrefix("refs/heads/") ? String(name.dropFirst(11)) : name
  }

  /// The commit HEAD points at, or nil when HEAD is unborn.
  func headCommit() throws(GitError) -> ObjectID? {
    if isHeadUnborn { return nil }
    var oid = git_oid()
    let status = git_reference_name_to_id(&oid, pointer, "HEAD")
    if GitError.Code(status) == .notFound { return nil }
    try GitError.check(status, "git_reference_name_to_id", kind: .other)
    guard let commit = try peelRaw(ObjectID(oid), name: "HEAD", badObject: true) else {
      throw GitError.notACommit("HEAD")
    }
    return commit
  }

  private func addRevision(_ given: String, to tips: inout WalkTips) throws(GitError) {
    if given.hasPrefix("^"), given.count > 1 {
      tips.excluded.append(try resolveSingle(String(given.dropFirst()), shown: given))
      return
    }
    let revision = Self.atAsHead(given)
    if let special = try specialRevision(revision) {
      tips.included += special.included
      tips.excluded += special.excluded
      return
    }
    // A ref or a full id, or a range of two, is read as git reads it: its object's type from
    // the object database and its tags peeled here, so that a tip whose header libgit2 cannot
    // parse (git log counts it) is still a tip.
    if let commit = try directCommit(revision) {
      tips.included.append(commit)
      return
    }
    if let (from, to) = try directRange(revision) {
      tips.included.append(to)
      tips.excluded.append(from)
      return
    }
    var spec = git_revspec()
    let status = git_revparse(&spec, pointer, revision)
    if status < 0 {
      throw revisionFailure(revision, status: status)
    }
    defer {
      git_object_free(spec.from)
      git_object_free(spec.to)
    }
    guard let from = spec.from else { throw unknownRevision(revision, status: -1) }
    let fromCommit = try peel(from, name: revision)
    if spec.flags & GIT_REVSPEC_SINGLE.rawValue != 0 {
      tips.included.append(fromCommit)
      return
    }
    guard let to = spec.to else { throw unknownRevision(revision, status: -1) }
    let toCommit = try peel(to, name: revision)
    tips.included.append(toCommit)
    if spec.flags & GIT_REVSPEC_MERGE_BASE.rawValue != 0 {
      // a...b: both sides, less what they share.
      tips.included.append(fromCommit)
      var ours = fromCommit.gitOID
      var theirs = toCommit.gitOID
      var base = git_oid()
      let status = git_merge_base(&base, pointer, &ours, &theirs)
      if GitError.Code(status) != .notFound {
        try GitError.check(status, "git_merge_base", kind: .other)
        tips.excluded.append(ObjectID(base))
      }
    } else {
      tips.excluded.append(fromCommit)
    }
  }

  private func resolveSingle(_ given: String, shown: String) throws(GitError) -> ObjectID {
    let name = Self.atAsHead(given)
    if let commit = try directCommit(name) { return commit }
    if name.hasPrefix(":/"), let found = try specialRevision(name)?.included.first { return found }
    var object: OpaquePointer?
    let status = git_revparse_single(&object, pointer, name)
    guard status == 0, let object else { throw unknownRevision(shown, status: status) }
    defer { git_object_free(object) }
    return try peel(object, name: shown)
  }

  /// Why libgit2 could not read `revision`: an unknown revision, or (when libgit2 failed
  /// reading objects) what is wrong in the object store, in git's words where git has them.
  private func revisionFailure(_ revision: String, status: Int32) -> GitError {
    guard Self.failsToRead(status) else { return unknownRevision(revision, status: status) }
    let detail = GitError.last(status: status, function: "git_revparse", kind: .other).message
    if PackStore(objectsDirectory: objectsDirectory).listsAnyBeyondEnd {
      return GitError.truncatedPack(code: status)
    }
    return GitError.unreadableRevision(revision, detail, code: status)
  }

  /// Whether libgit2's status for a revision says it failed to read objects, rather than that
  /// there is no such revision (or an ambiguous, malformed or unborn one).
  /// Call it right after the failing call: it reads libgit2's last error.
  static func failsToRead(_ status: Int32) -> Bool {
    guard status < 0,
      ![GIT_ENOTFOUND, GIT_EAMBIGUOUS, GIT_EINVALIDSPEC, GIT_EUNBORNBRANCH].contains(where: {
        $0.rawValue == status
      }),
      let last = git_error_last()
    else { return false }
    let readingClasses = [GIT_ERROR_OS, GIT_ERROR_ODB, GIT_ERROR_ZLIB, GIT_ERROR_OBJECT]
    return readingClasses.contains { Int32($0.rawValue) == last.pointee.klass }
  }

  private func unknownRevision(_ revision: String, status: Int32) -> GitError {
    GitError.unknownRevision(revision, code: status)
  }

  /// Peels an object (a commit, or a tag of a tag of … a commit) to its commit.
  private func peel(_ object: OpaquePointer, name: String) throws(GitError) -> ObjectID {
    var peeled: OpaquePointer?
    let status = git_object_peel(&peeled, object, GIT_OBJECT_COMMIT)
    guard status == 0, let peeled else {
      throw GitError.notACommit(name, code: status)
    }
    defer { git_object_free(peeled) }
    guard let oid = git_object_id(peeled) else {
      throw GitError.withoutID(name)
    }
    return ObjectID(oid.pointee)
  }

  /// Every ref under `prefix` that leads to a commit, that matches `pattern` (git's wildmatch,
  /// `*` across `/`) and no exclusion. Exclusions match the name less `prefix` when `trims`
  /// (`--branches`, `--tags`, `--remotes`), else the whole name (`--all`, `--glob`). Refs that
  /// lead to other objects, and broken symbolic refs, are passed over, as `git log --all` passes
  /// them over. A ref whose object is missing is git's "bad object", not a ref passed over.
  private func referenceTips(
    under prefix: String, pattern: String?, exclusions: [String], trims: Bool,
    known: HistoryCache? = nil
  ) throws(GitError) -> [ObjectID] {
    var targets: [(name: ArraySlice<UInt8>, id: ObjectID)] = []
    func wanted(_ name: [UInt8]) -> Bool {
      if let pattern,
        !Wildmatch.matches(Array(pattern.utf8), name, pathname: false, caseFolds: false)
      {
        return false
      }
      let compared = trims ? Array(name.dropFirst(prefix.utf8.count)) : name
      return !exclusions.contains(where: {
        Wildmatch.matches(Array($0.utf8), compared, pathname: false, caseFolds: false)
      })
    }
    // The refs' own files where they are plain (one pass over packed-refs); else libgit2.
    if let files = try ReferenceFiles.read(
      gitDirectory: gitDirectory, commonDirectory: commonDirectory)
    {
      let wantedPrefix = Array(prefix.utf8)
      let filters = pattern != nil || !exclusions.isEmpty
      var found: [(name: ArraySlice<UInt8>, id: ObjectID)] = []
      for ref in files
      where ref.name.starts(with: wantedPrefix) && (!filters || wanted(Array(ref.name))) {
        // A symbolic ref followed (five levels, as git's limit), a broken one passed over.
        var target = ref.target
        var depth = 0
        while case .symbolic(let next) = target, depth < 5 {
          guard let next = ReferenceFiles.find(Array(next.utf8), in: files) else { break }
          target = next
          depth += 1
        }
        if case .object(let id) = target { found.append((ref.name, id)) }
      }
      return try peeledTips(found.map { ($0.name, $0.id) }, known: known)
    }
    try forEachReference(matching: prefix + "*") { reference in
      guard let raw = git_reference_name(reference) else { return }
      let name = Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
      guard wanted(name) else { return }
      // A direct ref names its object; only a symbolic one is resolved (a lookup that stats
      // the loose ref files, which for 50,000 packed refs is most of the time).
      if git_reference_type(reference) == GIT_REFERENCE_DIRECT,
        let oid = git_reference_target(reference)
      {
        targets.append((name[...], ObjectID(oid.pointee)))
        return
      }
      var resolved: OpaquePointer?
      guard git_reference_resolve(&resolved, reference) == 0, let resolved else { return }
      defer { git_reference_free(resolved) }
      guard let oid = git_reference_target(resolved) else { return }
      targets.append((name[...], ObjectID(oid.pointee)))
    }
    return try peeledTips(targets, known: known)
  }

  /// Each distinct object peeled once, each commit a tip once: a repository with 50,000 tags
  /// on 2,000 commits reads 2,000 object headers, not 50,000.
  private func peeledTips(
    _ targets: [(name: ArraySlice<UInt8>, id: ObjectID)], known: HistoryCache?
  ) throws(GitError) -> [ObjectID] {
    var peeled: [ObjectID: ObjectID?] = [:]
    var seen = Set<ObjectID>()
    var result: [ObjectID] = []
    // A commit git's commit-graph lists is a commit that is there: no header to read (the
    // many refs of a release history point at commits, most of them in the graph).
    let graph = targets.count > 64 ? CommitGraph(objectsDirectory: objectsDirectory) : nil
    for target in targets {
      let commit: ObjectID?
      if let known = peeled[target.id] {
        commit = known
      } else if graph?.position(of: target.id) != nil || known?.index(of: target.id) != nil {
        // Likewise a commit the history cache holds (read before, so there).
        commit = target.id
        peeled[target.id] = commit
      } else {
        commit = try peelRaw(
          target.id, name: String(decoding: target.name, as: UTF8.self), badObject: true)
        peeled[target.id] = commit
      }
      if let commit, seen.insert(commit).inserted { result.append(commit) }
    }
    return result
  }

  /// The commit that `text` names when it is a ref (as git's `dwim` finds refs) or a full id,
  /// its tags peeled; nil when it is neither, so that libgit2's revision parser reads it.
  func directCommit(_ text: String) throws(GitError) -> ObjectID? {
    var id: ObjectID?
    if text.utf8.count == 40, let full = ObjectID(hex: text) {
      id = full
    } else if !text.isEmpty, !text.contains(where: { "~^:@{}".contains($0) }) {
      var reference: OpaquePointer?
      guard git_reference_dwim(&reference, pointer, text) == 0, let reference else { return nil }
      defer { git_reference_free(reference) }
      var resolved: OpaquePointer?
      guard git_reference_resolve(&resolved, reference) == 0, let resolved else { return nil }
      defer { git_reference_free(resolved) }
      id = git_reference_target(resolved).map { ObjectID($0.pointee) }
    }
    guard let id else { return nil }
    guard let commit = try peelRaw(id, name: text, badObject: true) else {
      throw GitError.notACommit(text)
    }
    return commit
  }

  /// The two commits of `a..b` when each side is a ref or a full id (an empty side is HEAD),
  /// read as `directCommit` reads them; nil for any other text.
  func directRange(_ text: String) throws(GitError) -> (from: ObjectID, to: ObjectID)? {
    guard let range = text.range(of: ".."), !text.contains("...") else { return nil }
    let (left, right) = (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    guard let from = try directCommit(left.isEmpty ? "HEAD" : left),
      let to = try directCommit(right.isEmpty ? "HEAD" : right)
    else { return nil }
    return (from, to)
  }

  /// Follows tags from `id` to a commit, reading only each object's type and a tag's `object`
  /// line: nil when the chain ends at a tree or a blob. A missing object is an error: git's
  /// "bad object NAME" with `badObject`. The corresponding C functions are
  /// `git_odb_read_header` and `git_odb_read`.
  private func peelRaw(_ id: ObjectID, name: String, badObject: Bool = false) throws(GitError)
    -> ObjectID?
  {
    var odb: OpaquePointer?
    try GitError.check(git_repository_odb(&odb, pointer), "git_repository_odb", kind: .other)
    defer { git_odb_free(odb) }
    var current = id
    for _ in 0..<64 {
      var oid = current.gitOID
      var size = 0
      var type = GIT_OBJECT_INVALID
      let status = git_odb_read_header(&size, &type, odb, &oid)
      guard status == 0 else {
        if PackStore(objectsDirectory: objectsDirectory).listsBeyondEnd(current) {
          throw GitError.truncatedPack(code: status)
        }
        if GitError.Code(status) != .notFound {
          let detail = GitError.last(status: status, function: "git_odb_read_header", kind: .other)
            .message
          throw GitError.unreadableRef(name, commit: current, detail, code: status)
        }
        if badObject {
          throw GitError.badObject(name)
        }
        throw GitError.pointsAtMissing(name, current, code: status)
      }
      switch type {
      case GIT_OBJECT_COMMIT:
        return current
      case GIT_OBJECT_TAG:
        var object: OpaquePointer?
        let read = git_odb_read(&object, odb, &oid)
        try GitError.check(read, "git_odb_read", kind: .objectRead(read))
        defer { git_odb_object_free(object) }
        let bytes = UnsafeRawBufferPointer(
          start: git_odb_object_data(object), count: git_odb_object_size(object))
        let prefix = Array("object ".utf8)
        guard bytes.count >= prefix.count + 40, bytes.starts(with: prefix),
          let target = ObjectID(hex: UnsafeRawBufferPointer(rebasing: bytes[prefix.count...]))
        else {
          throw GitError.corruptTag(current)
        }
        current = target
      default:
        return nil
      }
    }
    throw GitError.tagsTooDeep(name)
  }

  /// Calls `body` with each ref whose name matches `glob`; the ref lives only during the call.
  /// The corresponding C function is `git_reference_iterator_glob_new`.
  func forEachReference(matching glob: String, _ body: (OpaquePointer) -> Void) throws(GitError) {
    var iterator: OpaquePointer?
    try GitError.check(
      git_reference_iterator_glob_new(&iterator, pointer, glob), "git_reference_iterator_glob_new",
      kind: .other)
    guard let iterator else { return }
    defer { git_reference_iterator_free(iterator) }
    while true {
      var reference: OpaquePointer?
      let status = git_reference_next(&reference, iterator)
      if GitError.Code(status) == .iterationOver { break }
      try GitError.check(status, "git_reference_next", kind: .other)
      guard let reference else { continue }
      defer { git_reference_free(reference) }
      body(reference)
    }
  }

}

/// A max-heap by commit date, first come first out among equal dates.
struct OrderHeap {
  private var items: [(time: Int64, arrival: Int, id: ObjectID)] = []
  private var arrivals = 0

  private static func before(
    _ a: (time: Int64, arrival: Int, id: ObjectID), _ b: (time: Int64, arrival: Int, id: ObjectID)
  ) -> Bool {
    a.time != b.time ? a.time > b.time : a.arrival < b.arrival
  }

  mutating func push(_ id: ObjectID, time: Int64) {
    items.append((time, arrivals, id))
    arrivals += 1
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.before(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> ObjectID? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let top = items.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var best = parent
      if left < items.count && Self.before(items[left], items[best]) { best = left }
      if right < items.count && Self.before(items[right], items[best]) { best = right }
      guard best != parent else { break }
      items.swapAt(parent, best)
      parent = best
    }
    return top.id
  }
}
