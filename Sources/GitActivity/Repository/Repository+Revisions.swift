import CGit2

extension Repository {
  /// Resolves a selection to commit ids, peeling tags (also tags of tags) to their commits.
  func tips(for selection: RevisionSelection) throws(GitError) -> WalkTips {
    var tips = WalkTips()
    if selection.includesAllRefs {
      tips.included += try referenceTips(prefix: "refs/")
      if let head = try headCommit() { tips.included.append(head) }
    } else if selection.includesBranches {
      tips.included += try referenceTips(prefix: "refs/heads/")
    }
    for revision in selection.revisions {
      try addRevision(revision, to: &tips)
    }
    if selection.revisions.allSatisfy({ $0.hasPrefix("^") }) && !selection.includesAllRefs
      && !selection.includesBranches
    {
      // git log ^x alone shows nothing; with no positive revision at all, HEAD is implied.
      if selection.revisions.isEmpty, let head = try headCommit() { tips.included.append(head) }
    }
    return tips
  }

  /// The commit HEAD points at, or nil when HEAD is unborn.
  func headCommit() throws(GitError) -> ObjectID? {
    if isHeadUnborn { return nil }
    var oid = git_oid()
    let status = git_reference_name_to_id(&oid, pointer, "HEAD")
    if GitError.Code(status) == .notFound { return nil }
    try GitError.check(status, "git_reference_name_to_id")
    return try peelToCommit(ObjectID(oid), name: "HEAD")
  }

  private func addRevision(_ revision: String, to tips: inout WalkTips) throws(GitError) {
    if revision.hasPrefix("^"), revision.count > 1 {
      tips.excluded.append(try resolveSingle(String(revision.dropFirst()), shown: revision))
      return
    }
    var spec = git_revspec()
    let status = git_revparse(&spec, pointer, revision)
    if status < 0 {
      throw unknownRevision(revision, status: status)
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
        try GitError.check(status, "git_merge_base")
        tips.excluded.append(ObjectID(base))
      }
    } else {
      tips.excluded.append(fromCommit)
    }
  }

  private func resolveSingle(_ name: String, shown: String) throws(GitError) -> ObjectID {
    var object: OpaquePointer?
    let status = git_revparse_single(&object, pointer, name)
    guard status == 0, let object else { throw unknownRevision(shown, status: status) }
    defer { git_object_free(object) }
    return try peel(object, name: shown)
  }

  private func unknownRevision(_ revision: String, status: Int32) -> GitError {
    GitError(
      code: status < 0 ? status : -1, message: "unknown revision '\(revision)'",
      function: "git_revparse")
  }

  /// Peels an object (a commit, or a tag of a tag of … a commit) to its commit.
  private func peel(_ object: OpaquePointer, name: String) throws(GitError) -> ObjectID {
    var peeled: OpaquePointer?
    let status = git_object_peel(&peeled, object, GIT_OBJECT_COMMIT)
    guard status == 0, let peeled else {
      throw GitError(
        code: status, message: "'\(name)' does not name a commit", function: "git_object_peel")
    }
    defer { git_object_free(peeled) }
    guard let oid = git_object_id(peeled) else {
      throw GitError(message: "'\(name)' has no id", function: "git_object_id")
    }
    return ObjectID(oid.pointee)
  }

  private func peelToCommit(_ id: ObjectID, name: String) throws(GitError) -> ObjectID {
    var oid = id.gitOID
    var object: OpaquePointer?
    let status = git_object_lookup(&object, pointer, &oid, GIT_OBJECT_ANY)
    guard status == 0, let object else {
      if GitError.Code(status) == .notFound {
        throw GitError(
          code: status, message: "\(name) points at a missing object \(id.hex)",
          function: "git_object_lookup")
      }
      let detail = GitError.last(status: status, function: "git_object_lookup").message
      throw GitError(
        code: status, message: "cannot read commit \(id.hex) (\(name)): \(detail)",
        function: "git_object_lookup")
    }
    defer { git_object_free(object) }
    return try peel(object, name: name)
  }

  /// Every ref under `prefix` that leads to a commit. Refs that lead to other objects, and broken
  /// symbolic refs, are passed over, as `git log --all` passes them over.
  private func referenceTips(prefix: String) throws(GitError) -> [ObjectID] {
    var result: [ObjectID] = []
    try forEachReference(matching: prefix + "*") { reference in
      var peeled: OpaquePointer?
      if git_reference_peel(&peeled, reference, GIT_OBJECT_COMMIT) == 0, let peeled {
        if let oid = git_object_id(peeled) { result.append(ObjectID(oid.pointee)) }
        git_object_free(peeled)
      }
    }
    return result
  }

  /// Calls `body` with each ref whose name matches `glob`; the ref lives only during the call.
  /// The corresponding C function is `git_reference_iterator_glob_new`.
  func forEachReference(matching glob: String, _ body: (OpaquePointer) -> Void) throws(GitError) {
    var iterator: OpaquePointer?
    try GitError.check(
      git_reference_iterator_glob_new(&iterator, pointer, glob), "git_reference_iterator_glob_new")
    guard let iterator else { return }
    defer { git_reference_iterator_free(iterator) }
    while true {
      var reference: OpaquePointer?
      let status = git_reference_next(&reference, iterator)
      if GitError.Code(status) == .iterationOver { break }
      try GitError.check(status, "git_reference_next")
      guard let reference else { continue }
      defer { git_reference_free(reference) }
      body(reference)
    }
  }

}
