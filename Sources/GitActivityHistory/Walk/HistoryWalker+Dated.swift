extension HistoryWalker {
  /// The commits `git log --since=<since>` lists for `selection` (its paths aside), as git's
  /// walk finds them when nothing hides commits: from the tips, newest first, a commit
  /// committed before `since` is not shown and its parents are not walked from it. A commit
  /// newer than `since` behind an older one (clock skew) is then left out, as git leaves it
  /// out. Nil when the selection hides commits (`^a`, `a..b`, `--not`): git then walks the
  /// history whole and hides every ancestor of an older commit too, which this walk does not
  /// follow.
  package func commitIDs(
    _ selection: RevisionSelection, committedSince since: Int64, options: WalkOptions
  ) throws(GitError) -> Set<String>? {
    var named = selection
    named.paths = []
    named.followsRenames = false
    let tips = try repository.tips(for: named)
    guard tips.excluded.isEmpty else { return nil }
    let substitutions = try repository.substitutions(
      replaceRefBase: options.replaceRefBase, graftFile: options.graftFile)
    let reader = try ObjectReader(repository: repository, packs: options.packStore(in: repository))
    let shallow = repository.shallowBoundary()
    var interner = IdentityInterner()
    var shown = Set<String>()
    var visited = Set<ObjectID>()
    var stack = tips.included
    var parents: [ObjectID] = []
    while let id = stack.popLast() {
      guard visited.insert(id).inserted else { continue }
      parents.removeAll(keepingCapacity: true)
      let read = try reader.readFacts(
        id, substitutions: substitutions, interner: &interner, parents: &parents,
        trailerKeys: nil)
      // A commit without a committer date is git's date 0: older than any window.
      guard let committed = read.facts.committer?.seconds, committed >= since else { continue }
      shown.insert(id.hex)
      if selection.showsOnlyTips || shallow.contains(id) { continue }
      if let grafted = substitutions.grafts[id] { parents = grafted }
      if options.followsFirstParentOnly && parents.count > 1 { parents = [parents[0]] }
      stack += parents
    }
    return shown
  }
}
