extension HistoryWalker {
  /// `git log --follow -- <path>`, as git 2.39 walks it: every commit of the selection in git
  /// log's order (no history simplification: the path changes on the way), each one that is
  /// not a merge (with `--first-parent`, merges against their first parent) counted when it
  /// changes the path; where a commit adds the path, git's rename and copy detection (copies
  /// from every file of the parent the commit changed) looks for where it came from, and the
  /// walk follows that name from then on, for every later commit it meets, as git's one
  /// pathspec does. git looks among the files the commit did not change too
  /// (`--find-copies-harder`), and so does this walk.
  ///
  /// With `options.followLines`, each commit's lines are those `git log --follow --numstat`
  /// shows: the followed file's change only, and where the file came from another, that pair
  /// (`0 0 a => b` for a rename without edits).
  func followedHistory(
    _ selection: RevisionSelection, path start: [UInt8], options: WalkOptions
  ) throws(GitError) -> History {
    var named = selection
    named.paths = []
    named.followsRenames = false
    let tips = try repository.tips(for: named)
    let substitutions = try repository.substitutions(
      replaceRefBase: options.replaceRefBase, graftFile: options.graftFile)
    let reader = try ObjectReader(repository: repository, packs: options.packStore(in: repository))
    let source = ChangeReader(reader: reader, substitutions: substitutions)
    let shallow = repository.shallowBoundary()
    var interner = IdentityInterner()
    func read(_ id: ObjectID) throws(GitError) -> FollowedCommit {
      var parents: [ObjectID] = []
      let found = try source.reader.readFacts(
        id, substitutions: substitutions, interner: &interner, parents: &parents,
        trailerKeys: options.trailerKeys)
      if let grafted = substitutions.grafts[id] { parents = grafted }
      if shallow.contains(id) { parents = [] }
      if options.followsFirstParentOnly && parents.count > 1 { parents = [parents[0]] }
      return FollowedCommit(
        facts: found.facts, tree: found.tree, parents: parents, coAuthors: found.coAuthors)
    }
    let reached = try Self.reachable(from: tips, reading: read)
    // git's order: newest commit date first, arrival order among equals.
    var heap = OrderHeap()
    var seen = Set<ObjectID>()
    func committed(_ id: ObjectID) -> Int64 { reached[id]?.facts.committer?.seconds ?? 0 }
    for id in tips.included where reached[id] != nil && seen.insert(id).inserted {
      heap.push(id, time: committed(id))
    }
    var counter = ChangeCounter(
      options: try followLineCounting(options), pathspec: nil,
      attributes: try DiffAttributes(of: repository))
    let counting = options.followLines != nil
    var lines: [PackedLineStats] = []
    var path = start
    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    var undated: [UndatedCommit] = []
    var coAuthors: [Int: [Int32]] = [:]
    while let id = heap.pop() {
      guard let commit = reached[id] else { continue }
      for parent in commit.parents where reached[parent] != nil && seen.insert(parent).inserted {
        heap.push(parent, time: committed(parent))
      }
      guard commit.parents.count <= 1 else { continue }
      var parentTree: ObjectID?
      if let parent = commit.parents.first {
        if let known = reached[parent] {
          parentTree = known.tree
        } else {
          parentTree = try read(parent).tree
        }
      }
      let changes = try TreeChanges.between(
        parentTree, commit.tree, pathspec: .exactly(path), source: source)
      guard !changes.isEmpty else { continue }
      if !commit.coAuthors.isEmpty { coAuthors[commits.count] = commit.coAuthors }
      commits.append(commit.facts)
      if counting { lines.append(try Self.lines(of: changes, counter: &counter, source: source)) }
      ids.append(id)
      if let found = UndatedCommit(id, commit.facts) { undated.append(found) }
      // The path appears here: where did it come from?
      guard changes.count == 1, changes[0].old == nil, changes[0].new != nil else { continue }
      if let origin = try Self.origin(
        of: path, parentTree: parentTree, tree: commit.tree, counter: &counter, source: source,
        counting: counting)
      {
        if let stats = origin.lines { lines[lines.count - 1] = PackedLineStats(stats) }
        path = origin.path
      }
    }
    var history = History(
      commits: commits, objectIDs: ids, identities: interner.rawIdentities(), undated: undated)
    history.coAuthors = coAuthors
    if counting { history.packedLines = lines }
    return history
  }

  /// How `--follow` counts lines: as asked, else as the configuration says.
  private func followLineCounting(_ options: WalkOptions) throws(GitError) -> LineCountingOptions {
    if let given = options.followLines { return given }
    return try LineCountingOptions.configured(in: repository)
  }

  /// The lines a commit's changes to the followed path add and remove.
  private static func lines(
    of changes: [FileChange], counter: inout ChangeCounter, source: borrowing ChangeReader
  ) throws(GitError) -> PackedLineStats {
    var blobs: [ObjectID: ChangeCounter.Blob] = [:]
    let pairs = changes.map {
      ChangeCounter.Pair(
        oldPath: $0.path, old: $0.old, newPath: $0.path, new: $0.new, isRenamed: false)
    }
    let deleted = Set(changes.filter { $0.new == nil }.map(\.path))
    return PackedLineStats(
      try counter.lines(of: pairs, deleted: deleted, blobs: &blobs, source: source))
  }

  /// Every commit the tips reach that the hidden side does not, read once.
  private static func reachable(
    from tips: WalkTips, reading read: (ObjectID) throws(GitError) -> FollowedCommit
  ) throws(GitError) -> [ObjectID: FollowedCommit] {
    var hidden = Set<ObjectID>()
    var stack = tips.excluded
    while let id = stack.popLast() {
      guard hidden.insert(id).inserted else { continue }
      stack += try read(id).parents
    }
    var reached: [ObjectID: FollowedCommit] = [:]
    stack = tips.included
    while let id = stack.popLast() {
      guard !hidden.contains(id), reached[id] == nil else { continue }
      let commit = try read(id)
      reached[id] = commit
      stack += commit.parents
    }
    return reached
  }

  /// Where the file a commit added at `path` came from, as git's rename and copy detection
  /// finds it (copies from every file of the parent, changed or not): its old path, and with
  /// `counting` the lines of that pair; nil when it is new.
  private static func origin(
    of path: [UInt8], parentTree: ObjectID?, tree: ObjectID?, counter: inout ChangeCounter,
    source: borrowing ChangeReader, counting: Bool
  ) throws(GitError) -> (path: [UInt8], lines: LineStats?)? {
    let all = try TreeChanges.between(parentTree, tree, pathspec: nil, source: source)
    var unchanged: [FileChange] = []
    if let parentTree {
      let changed = Set(all.map(\.path))
      for file in try TreeChanges.between(nil, parentTree, pathspec: nil, source: source)
      where !changed.contains(file.path) {
        unchanged.append(FileChange(path: file.path, old: file.new, new: file.new))
      }
    }
    var search = RenameSearch(changes: all, copies: true, unchanged: unchanged)
    var blobs: [ObjectID: ChangeCounter.Blob] = [:]
    let pairs = try search.pairs(counter: &counter, blobs: &blobs, source: source)
    guard let origin = pairs.first(where: { $0.isRenamed && $0.newPath == path }) else {
      return nil
    }
    let lines =
      counting
      ? try counter.lines(
        of: [origin], deleted: Set(all.filter { $0.new == nil }.map(\.path)), blobs: &blobs,
        source: source) : nil
    return (origin.oldPath, lines)
  }
}

/// A commit as `--follow` reads it: its facts, tree and parents (grafted, shallow and
/// first-parent as the walk sees them) and co-authors.
private struct FollowedCommit {
  var facts: CommitFacts
  var tree: ObjectID?
  var parents: [ObjectID]
  var coAuthors: [Int32]
}
