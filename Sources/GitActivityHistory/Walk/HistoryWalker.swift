import CGit2
import Foundation

/// The walks of one repository's history: the commits a selection names, each read once
/// (`history`), the ids `--since` shows (`commitIDs`), a file followed across renames, and a
/// sample of a cache checked against the objects (`vouches`). Line counting is `LineCounter`'s.
package struct HistoryWalker: Sendable {
  /// The repository walked.
  let repository: Repository

  package init(_ repository: Repository) { self.repository = repository }
}

extension HistoryWalker {
  /// Reads the commits that `selection` names, each once.
  package func history(
    _ selection: RevisionSelection, options: WalkOptions = WalkOptions()
  ) throws(GitError) -> History {
    try repository.exclusively { () throws(GitError) in
      try history(selection, options: options, cache: nil).history
    }
  }

  /// Reads the commits that `selection` names, each once, taking what it can from `cache`.
  ///
  /// It walks parents itself and reads each uncached commit's raw bytes once through
  /// `git_odb_read` (no `git_commit` objects, no re-hashing, no object cache), parsing only the
  /// header lines it needs, on `options.workerCount` threads. Cached commits are walked by
  /// index, without hashing.
  ///
  /// With paths, `answers` (`PathspecAnswerCache.key(paths:)` of the selection's paths) holds
  /// what earlier walks of the same pathspec compared; the read returns them with this walk's.
  package func history(
    _ selection: RevisionSelection, options: WalkOptions, cache: HistoryCache?,
    answers: PathspecAnswerCache? = nil
  ) throws(GitError) -> HistoryRead {
    if selection.walksReflogs {
      return try reflogHistory(selection, options: options, cache: cache, answers: answers)
    }
    if selection.followsRenames { return try followRead(selection, options: options) }
    // Refs by the thousand (`--all`, `--branches`, globs) are each looked up in the cache, and
    // their commits again by the walk: each lookup then starts among the few ids that share
    // its first two bytes (54,294 refs of git/git: 100,000 searches of 160,000 records).
    var cache = cache
    let namesRefs =
      selection.includesAllRefs || selection.includesBranches
      || selection.revisions.contains(where: RevisionSelection.isPseudoOption)
    if namesRefs, (cache?.count ?? 0) > 0 { cache?.indexPrefixes() }
    // A raw object the cache holds is a commit, replaced or not (tips are peeled raw).
    let tips = try repository.tips(for: selection, known: cache)
    if selection.showsOnlyTips && tips.excluded.isEmpty {
      // --no-walk: the commits named, read as a walk reads them, and none of their ancestors.
      var options = options
      options.recordsCommitIDs = true
      var named = RevisionSelection(revisions: tips.included.map(\.hex))
      named.paths = selection.paths
      var walked = try history(named, options: options, cache: cache)
      let wanted = Set(tips.included)
      walked.history = walked.history.keeping { wanted.contains(walked.history.objectIDs[$0]) }
      return walked
    }
    let substitutions = try repository.substitutions(
      replaceRefBase: options.replaceRefBase, graftFile: options.graftFile)
    if !selection.paths.isEmpty {
      return try pathspecHistory(
        selection, tips: tips, options: options, cache: cache, answers: answers,
        substitutions: substitutions)
    }
    // Replaced or grafted commits are not what their ids name: neither git's commit-graph nor
    // our cache, both keyed by id, may stand for them (git, too, leaves its graph aside then).
    cache = substitutions.isEmpty ? cache : nil
    // --co-authors needs every cached commit's trailers: a cache read without them is set aside
    // (this walk reads every message and writes a cache that has them). A cache that has them
    // keeps them: later walks read the trailers of new commits too.
    var options = options
    if options.readsTrailers, let known = cache, !known.hasTrailers(options.cachedTrailerKeys) {
      cache = HistoryCache()
    }
    // A cache whose trailers were read with these keys keeps them: new commits are read so too.
    // One read with other keys loses them (this walk reads none).
    var reading = options
    reading.readsTrailers = true
    let keepsTrailers = cache?.hasTrailers(reading.cachedTrailerKeys) ?? false
    options.readsTrailers = options.readsTrailers || keepsTrailers
    let commitGraph =
      options.usesCommitGraph && substitutions.isEmpty
      ? CommitGraph(objectsDirectory: repository.objectsDirectory) : nil
    let graph = GraphWalk(
      repository: repository, cache: cache ?? HistoryCache(), shallow: repository.shallowBoundary(),
      options: options, recordsParents: cache != nil, commitGraph: commitGraph,
      substitutions: substitutions)
    do {
      if !tips.excluded.isEmpty {
        try graph.walk(from: tips.excluded, counting: false, firstParentOnly: false)
      }
      try graph.walk(
        from: tips.included, counting: true, firstParentOnly: options.followsFirstParentOnly)
    } catch .commitGraphDisagrees(_, let id) where commitGraph != nil {
      // The commit-graph file disagrees with a commit it lists: read without it, unless what
      // was read for that commit is not the commit its id names (a pack index that places it
      // at another object's offset): then the object store is damaged, and git fsck says so.
      if let id, let damage = objectIsNotItsID(id) { throw damage }
      var options = options
      options.usesCommitGraph = false
      return try history(selection, options: options, cache: cache)
    } catch {
      throw error.gitError
    }
    return graph.finish(wantsCache: cache != nil)
  }

  /// `-g`: the commits the reflog entries name, read as --no-walk reads them, once for each
  /// entry.
  private func reflogHistory(
    _ selection: RevisionSelection, options: WalkOptions, cache: HistoryCache?,
    answers: PathspecAnswerCache?
  ) throws(GitError) -> HistoryRead {
    let entries = try repository.reflogEntries(selection.revisions)
    var unique: [ObjectID] = []
    var seen = Set<ObjectID>()
    for id in entries where seen.insert(id).inserted { unique.append(id) }
    var named = RevisionSelection(revisions: unique.isEmpty ? ["HEAD"] : unique.map(\.hex))
    named.showsOnlyTips = true
    named.paths = selection.paths
    var options = options
    options.recordsCommitIDs = true
    var read = try history(named, options: options, cache: cache, answers: answers)
    var position: [ObjectID: Int] = [:]
    for (index, id) in read.history.objectIDs.enumerated() { position[id] = index }
    read.history = read.history.selecting(
      unique.isEmpty ? [] : entries.compactMap { position[$0] })
    return read
  }

  /// `--follow`: the history of one file, its renames followed; one pathspec, no wildcard.
  private func followRead(_ selection: RevisionSelection, options: WalkOptions)
    throws(GitError) -> HistoryRead
  {
    let pathspec = try Pathspec(canonical: selection.paths)
    guard pathspec.items.count == 1, let item = pathspec.items.first,
      item.magic.isSubset(of: [.top, .literal]),
      !item.hasWildcard || item.magic.contains(.literal)
    else {
      throw GitError.followNeedsOnePath
    }
    return HistoryRead(
      history: try followedHistory(selection, path: item.match, options: options),
      updatedCache: nil, pathspecAnswers: nil)
  }

  /// The walk of a selection with paths: git's history simplification through `PathspecWalk`,
  /// the commits first read on every core when nothing else is known of the history.
  private func pathspecHistory(
    _ selection: RevisionSelection, tips: WalkTips,
    options: WalkOptions, cache: HistoryCache?, answers: PathspecAnswerCache?,
    substitutions: Substitutions
  ) throws(GitError) -> HistoryRead {
    let pathspec = try Pathspec(canonical: selection.paths)
    let shallow = repository.shallowBoundary()
    // Replaced or grafted commits are not what their ids name: no answers are kept for them.
    var stored = substitutions.isEmpty ? answers : nil
    // With nothing known of the history (no cache, no commit-graph, no answers), the walk
    // would read every commit on one thread, and its helper could not see past the
    // first-parent line: the commits are read first on every core, trees kept, as a run
    // without paths reads them, and the walk and its helper take their shapes from that.
    var read: HistoryCache?
    if (cache?.count ?? 0) == 0, (stored?.count ?? 0) == 0, options.workerCount > 1,
      substitutions.isEmpty, !options.readsTrailers,
      !(options.usesCommitGraph
        && CommitGraph(objectsDirectory: repository.objectsDirectory) != nil)
    {
      var whole = options
      whole.recordsTrees = true
      let graph = GraphWalk(
        repository: repository, cache: HistoryCache(), shallow: shallow, options: whole,
        recordsParents: true, commitGraph: nil, substitutions: substitutions)
      do {
        if !tips.excluded.isEmpty {
          try graph.walk(from: tips.excluded, counting: false, firstParentOnly: false)
        }
        try graph.walk(
          from: tips.included, counting: true, firstParentOnly: options.followsFirstParentOnly)
      } catch {
        throw error.gitError
      }
      read = graph.finish(wantsCache: true).updatedCache
    }
    var walk = PathspecWalk(
      repository: repository, pathspec: pathspec, options: options, substitutions: substitutions,
      shallow: shallow)
    // The commits were counted as read by the first read: the walk adds none.
    let history = try walk.history(
      tips, cache: read ?? cache, stored: &stored, countsVisits: read == nil)
    return HistoryRead(history: history, updatedCache: read, pathspecAnswers: stored)
  }

  /// Why the object read for `id` is not the object `id` names (its content hashes to another
  /// id), nil when it is. The corresponding C functions are `git_odb_read` and `git_odb_hash`.
  func objectIsNotItsID(_ id: ObjectID) -> GitError? {
    var odb: OpaquePointer?
    guard git_repository_odb(&odb, repository.pointer) == 0, let odb else { return nil }
    defer { git_odb_free(odb) }
    var oid = id.gitOID
    var object: OpaquePointer?
    guard git_odb_read(&object, odb, &oid) == 0, let object else { return nil }
    defer { git_odb_object_free(object) }
    var hashed = git_oid()
    guard
      git_odb_hash(
        &hashed, git_odb_object_data(object), git_odb_object_size(object),
        git_odb_object_type(object)) == 0
    else { return nil }
    guard ObjectID(hashed) != id else { return nil }
    return GitError.hashMismatch(id, stored: ObjectID(hashed))
  }
}
