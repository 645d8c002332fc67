import CGit2
import Foundation

/// `git log -- <paths>`: the commits that change the paths, walked with git's default history
/// simplification.
///
/// A commit is TREESAME to a parent when the paths hold the same content in both. A commit
/// with one parent counts when it is not TREESAME to it; a root commit counts when the paths
/// exist in it. A merge that is TREESAME to one of its parents does not count, and the walk
/// follows only the first such parent (the side that brought the paths' content); a merge that
/// differs from every parent counts, and the walk follows all of them. Commits on the hidden
/// side of a range (`a..b`, `^x`) are all left out, walked without simplification, as git marks
/// them. The commit-graph and the cache are not used: what counts depends on the paths.
struct PathspecWalk {
  private let repository: Repository
  private let paths: [String]
  private let hasGlob: Bool
  private let options: WalkOptions
  private let substitutions: Substitutions
  private let shallow: Set<ObjectID>
  /// The key of each tree read so far: what the paths hold in it.
  private var keys: [ObjectID: [ObjectID?]] = [:]

  /// A commit read but not yet walked.
  private struct Read {
    var tree: ObjectID?
    var parents: [ObjectID]
    var facts: CommitFacts
    var coAuthors: [Int32]
  }

  init(
    repository: Repository, paths: [String], options: WalkOptions, substitutions: Substitutions,
    shallow: Set<ObjectID>
  ) {
    self.repository = repository
    self.paths = paths
    hasGlob = paths.contains { $0.contains(where: { "*?[".contains($0) }) }
    self.options = options
    self.substitutions = substitutions
    self.shallow = shallow
  }

  /// The commits of `tips` that change the paths, with their identities.
  mutating func history(_ tips: WalkTips) throws(GitError) -> History {
    let reader = try ObjectReader(repository: repository, packs: repository.packStore(for: options))
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    var pending: [ObjectID: Read] = [:]
    func read(_ id: ObjectID) throws(GitError) -> Read {
      if let known = pending[id] { return known }
      let read = try reader.readFacts(
        id, substitutions: substitutions, interner: &interner, parents: &parents,
        readsCoAuthors: options.readsCoAuthors)
      let result = Read(
        tree: read.tree, parents: parents, facts: read.facts, coAuthors: read.coAuthors)
      pending[id] = result
      return result
    }

    // The hidden side: every ancestor, without simplification.
    var hidden = Set<ObjectID>()
    var stack = tips.excluded
    while let id = stack.popLast() {
      guard hidden.insert(id).inserted else { continue }
      let commit = try read(id)
      pending[id] = nil
      if shallow.contains(id) { continue }
      stack += commit.parents
    }

    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    var warnings: [String] = []
    var coAuthors: [Int: [Int32]] = [:]
    var visited = hidden
    let cutoff = options.committedNoEarlierThan ?? Int64.min
    stack = tips.included.reversed()
    while let id = stack.popLast() {
      guard visited.insert(id).inserted else { continue }
      let commit = try read(id)
      pending[id] = nil
      var candidates = commit.parents
      if options.followsFirstParentOnly && candidates.count > 1 { candidates = [candidates[0]] }
      let counts: Bool
      var next: [ObjectID] = candidates
      if candidates.isEmpty {
        counts = try holdsPaths(commit.tree)
      } else {
        var sameAs: ObjectID?
        for parent in candidates {
          let parentTree = try read(parent).tree
          if try isTreeSame(commit.tree, parentTree) {
            sameAs = parent
            break
          }
        }
        counts = sameAs == nil
        if let sameAs, candidates.count > 1 { next = [sameAs] }
      }
      if counts {
        if !commit.coAuthors.isEmpty { coAuthors[commits.count] = commit.coAuthors }
        commits.append(commit.facts)
        if options.recordsCommitIDs { ids.append(id) }
        if commit.facts.author == nil {
          warnings.append("commit \(id.hex) has no valid author date; it is not counted")
        }
      }
      if commit.facts.endsWalk(at: cutoff) || shallow.contains(id) { continue }
      for parent in next.reversed() where !visited.contains(parent) { stack.append(parent) }
      options.progress?.add(1)
    }
    var history = History(
      commits: commits, objectIDs: ids, identities: interner.rawIdentities(), warnings: warnings)
    history.coAuthors = coAuthors
    return history
  }

  /// Whether the paths exist in `tree`: a root commit that has them counts.
  private mutating func holdsPaths(_ tree: ObjectID?) throws(GitError) -> Bool {
    if hasGlob { return try differs(nil, tree) }
    return try key(tree).contains { $0 != nil }
  }

  /// Whether the paths hold the same content in both trees.
  private mutating func isTreeSame(_ tree: ObjectID?, _ other: ObjectID?) throws(GitError) -> Bool {
    if tree == other { return true }
    if hasGlob { return try !differs(other, tree) }
    return try key(tree) == key(other)
  }

  /// What each path names in `tree` (nil where it is missing); paths are prefixes, `""` the root.
  /// The corresponding C function is `git_tree_entry_bypath`.
  private mutating func key(_ tree: ObjectID?) throws(GitError) -> [ObjectID?] {
    guard let tree else { return paths.map { _ in nil } }
    if let known = keys[tree] { return known }
    var oid = tree.gitOID
    var handle: OpaquePointer?
    try GitError.check(git_tree_lookup(&handle, repository.pointer, &oid), "git_tree_lookup")
    defer { git_tree_free(handle) }
    var result: [ObjectID?] = []
    for path in paths {
      if path.isEmpty {
        result.append(tree)
        continue
      }
      var entry: OpaquePointer?
      let status = RawPath.withCString(path) { git_tree_entry_bypath(&entry, handle, $0) }
      if GitError.Code(status) == .notFound {
        result.append(nil)
        continue
      }
      try GitError.check(status, "git_tree_entry_bypath")
      defer { git_tree_entry_free(entry) }
      result.append(git_tree_entry_id(entry).map { ObjectID($0.pointee) })
    }
    keys[tree] = result
    return result
  }

  /// Whether the paths (with globs) differ between two trees. The corresponding C function is
  /// `git_diff_tree_to_tree`.
  private func differs(_ old: ObjectID?, _ new: ObjectID?) throws(GitError) -> Bool {
    func lookup(_ id: ObjectID?) throws(GitError) -> OpaquePointer? {
      guard let id else { return nil }
      var oid = id.gitOID
      var handle: OpaquePointer?
      try GitError.check(git_tree_lookup(&handle, repository.pointer, &oid), "git_tree_lookup")
      return handle
    }
    let oldTree = try lookup(old)
    defer { git_tree_free(oldTree) }
    let newTree = try lookup(new)
    defer { git_tree_free(newTree) }
    var diffOptions = git_diff_options()
    try GitError.check(
      git_diff_options_init(&diffOptions, 1),
      "git_diff_options_init")
    var pointers: [UnsafeMutablePointer<CChar>?] = paths.map { path in
      RawPath.withCString(path) { strdup($0) }
    }
    defer { pointers.forEach { free($0) } }
    var diff: OpaquePointer?
    let status = pointers.withUnsafeMutableBufferPointer { buffer in
      diffOptions.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
      return git_diff_tree_to_tree(&diff, repository.pointer, oldTree, newTree, &diffOptions)
    }
    try GitError.check(status, "git_diff_tree_to_tree")
    defer { git_diff_free(diff) }
    return git_diff_num_deltas(diff) > 0
  }
}

extension Repository {
  /// The positional arguments of a command line split as git splits them when there is no `--`:
  /// a revision, else an existing path (or a glob), and once a path is seen, the rest are paths.
  /// An argument that is both is ambiguous, one that is neither is an error, in git's words.
  public func splitRevisionsAndPaths(_ arguments: [String], currentDirectory: String)
    throws(GitError) -> (revisions: [String], paths: [String])
  {
    var revisions: [String] = []
    var paths: [String] = []
    for argument in arguments {
      let isPath =
        argument.contains(where: { "*?[".contains($0) })
        || (workingDirectory != nil
          && RawDirectory.kind(absolute(argument, currentDirectory)).exists)
      if !paths.isEmpty {
        guard isPath else {
          throw GitError(
            message:
              "'\(argument)': no such path in the working tree; use 'git heatmap <revision> -- <path>...' to give paths that are not there",
            function: "verify_filename")
        }
        paths.append(argument)
        continue
      }
      let isRevision = names(revision: argument)
      switch (isRevision, isPath) {
      case (true, true):
        throw GitError(
          message:
            "ambiguous argument '\(argument)': both revision and filename; use '--' to separate paths from revisions",
          function: "verify_non_filename")
      case (true, false):
        revisions.append(argument)
      case (false, true):
        paths.append(argument)
      case (false, false):
        throw GitError(
          message:
            "ambiguous argument '\(argument)': unknown revision or path not in the working tree; use '--' to separate paths from revisions",
          function: "verify_filename")
      }
    }
    return (revisions, paths)
  }

  /// Whether `text` names a revision or a range, as `addRevision` takes them.
  private func names(revision text: String) -> Bool {
    let spec = text.hasPrefix("^") ? String(text.dropFirst()) : text
    guard !spec.isEmpty else { return false }
    var revspec = git_revspec()
    guard git_revparse(&revspec, pointer, spec) == 0 else { return false }
    git_object_free(revspec.from)
    git_object_free(revspec.to)
    return true
  }

  /// Paths as given on the command line (relative to `currentDirectory`), made relative to the
  /// top of the work tree, as git reads a pathspec: `.` and `..` resolved, trailing slashes
  /// dropped, `""` for the whole tree. A path outside the work tree is an error.
  public func pathspec(_ paths: [String], currentDirectory: String) throws(GitError) -> [String] {
    guard let top = workingDirectory else {
      return paths.map { Self.normalized(components: $0.split(separator: "/").map(String.init)) }
    }
    let topComponents = top.split(separator: "/").map(String.init)
    var result: [String] = []
    for path in paths {
      let full = Self.normalized(
        components: absolute(path, currentDirectory).split(separator: "/").map(String.init)
      )
      .split(separator: "/", omittingEmptySubsequences: true).map(String.init)
      guard full.starts(with: topComponents) else {
        throw GitError(
          message: "'\(RawPath.display(path))' is outside repository at '\(RawPath.display(top))'",
          function: "prefix_path")
      }
      result.append(full.dropFirst(topComponents.count).joined(separator: "/"))
    }
    return result
  }

  private func absolute(_ path: String, _ currentDirectory: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// `a/./b/../c` as `a/c`.
  private static func normalized(components: [String]) -> String {
    var result: [String] = []
    for component in components {
      switch component {
      case "", ".": continue
      case "..": if !result.isEmpty { result.removeLast() }
      default: result.append(component)
      }
    }
    return result.joined(separator: "/")
  }
}
