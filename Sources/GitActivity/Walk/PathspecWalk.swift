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
/// them. The history cache gives the walk the commits it holds (what counts depends on the
/// paths, so the walk is still its own), and the pathspec's answers from earlier runs
/// (`PathspecAnswerCache`) spare it every comparison made before; git's commit-graph, where
/// there is one, gives the walk its trees and parents, its Bloom filters rule out unchanged
/// commits for one plain path, and a helper on another core compares commits ahead.
struct PathspecWalk {
  private let repository: Repository
  private var diff: TreeDiff
  private let options: WalkOptions
  private let substitutions: Substitutions
  private let shallow: Set<ObjectID>

  /// The helper's loop (see `PathspecAnswers`): along the first-parent line of each tip, back
  /// from its far end (or `cutoff`), it answers for each commit not yet claimed whether it
  /// differs from its first parent (a root: whether it holds anything), until told to stop. It
  /// reads trees with a repository, a reader and a tree cache of its own, and learns the
  /// history from the commit-graph, or without one by reading the commits ahead itself.
  private static func answerAhead(
    _ answers: PathspecAnswers, graph: CommitGraph?, cache: HistoryCache?, tips: [ObjectID],
    cutoff: Int64,
    firstOnly: Bool, bloomKeys: [BloomFilters.Key], pathspec: Pathspec,
    substitutions: Substitutions,
    repositoryPath: String, packs: PackStore?
  ) {
    guard let repository = try? Repository.openGit(at: repositoryPath),
      let reader = try? ObjectReader(repository: repository, packs: packs)
    else { return }
    var diff = TreeDiff(pathspec: pathspec, substitutions: substitutions)
    // The walk goes down the first-parent line of each tip, then back up through the side
    // branches it follows. The helper answers in the opposite direction, each time from the
    // far end (cheap to find, from the graph or from commit headers alone): first the
    // first-parent line from its oldest commit up, then the side branches from the last the
    // walk would reach. Each side reads trees that follow one another, so that each keeps its
    // own tree cache useful, and they meet in the middle. (A merge that takes one side's
    // content leaves that side's branch unwalked: such answers go unused.)
    struct Step {
      var id: ObjectID
      var tree: ObjectID?
      var parents: [ObjectID]
      var committed: Int64
      var position: Int32?
      /// On a side branch: the merge whose other parent leads to it.
      var owner: ObjectID?
    }
    var interner = IdentityInterner()
    var parentsRead: [ObjectID] = []
    func step(_ id: ObjectID) -> Step? {
      if let graph {
        guard let position = graph.position(of: id), let parents = graph.parentIDs(of: position)
        else { return nil }
        return Step(
          id: id, tree: graph.tree(at: position), parents: parents,
          committed: graph.commitTime(at: position), position: position)
      }
      if let cache, let index = cache.index(of: id) {
        return Step(
          id: id, tree: cache.trees[Int(index)],
          parents: cache.parentRange(index).map { cache.parentID(cache.parentRefs[$0]) },
          committed: cache.facts[Int(index)].committer?.seconds ?? Int64.min, position: nil)
      }
      if answers.isStopped { return nil }
      guard
        let read = try? reader.readFacts(
          id, substitutions: substitutions, interner: &interner, parents: &parentsRead)
      else { return nil }
      return Step(
        id: id, tree: read.tree, parents: parentsRead,
        committed: read.facts.committer?.seconds ?? Int64.min, position: nil)
    }
    var line: [Step] = []
    var onLine = Set<ObjectID>()
    for tip in tips {
      var next: ObjectID? = tip
      while let id = next, onLine.insert(id).inserted, let found = step(id) {
        line.append(found)
        next = found.committed < cutoff ? nil : found.parents.first
      }
    }
    var sides: [Step] = []
    var visited = onLine
    // With --first-parent the walk never leaves the line; without a graph or a cache that
    // knows trees, reading the side branches ahead costs what the walk itself would pay. Each
    // side commit knows the merge that leads to its branch, so that the helper can leave alone
    // the branches the walk will not follow.
    let knowsShapes = graph != nil || cache != nil
    var stack: [(id: ObjectID, owner: ObjectID)] =
      firstOnly || !knowsShapes
      ? [] : line.reversed().flatMap { merge in merge.parents.dropFirst().map { ($0, merge.id) } }
    while let (id, owner) = stack.popLast() {
      guard visited.insert(id).inserted, var found = step(id) else { continue }
      found.owner = owner
      sides.append(found)
      if found.committed < cutoff { continue }
      for (index, parent) in found.parents.enumerated().reversed() where !visited.contains(parent)
      {
        stack.append((parent, index == 0 ? owner : id))
      }
    }
    // A parent's tree, from the graph or from the steps read.
    var trees: [ObjectID: ObjectID?] = [:]
    for found in line + sides { trees[found.id] = found.tree }
    func tree(of id: ObjectID) -> ObjectID?? {
      if let graph, let position = graph.position(of: id) { return graph.tree(at: position) }
      if let known = trees[id] { return known }
      return step(id).map(\.tree)
    }
    let order = sides.reversed() + line
    for found in order.reversed() {
      if answers.isStopped { return }
      let isMerge = found.parents.count > 1
      guard answers.claim(found.id, owner: found.owner, isMerge: isMerge) else { continue }
      var differs: Bool?
      if found.parents.isEmpty {
        differs = try? diff.differs(nil, found.tree, reader: reader)
      } else if let position = found.position,
        graph?.bloomRulesOut(bloomKeys, at: position) == true
      {
        differs = false
      } else if let parentTree = tree(of: found.parents[0]) {
        differs = try? diff.differs(parentTree, found.tree, reader: reader)
      }
      answers.record(found.id, differs)
      // TREESAME to its first parent, a merge's other branches are not walked.
      if isMerge && differs == false { answers.passOver(found.id) }
    }
  }

  /// What the walk needs of a commit to go on: its tree, parents and commit time.
  private struct Shape {
    var tree: ObjectID?
    /// False when the shape came from the history cache, which holds no trees: the tree is
    /// read only if a comparison needs it (none does when the answers are cached).
    var knowsTree = true
    var parents: [ObjectID]
    var committed: Int64?
    /// Where the commit is in git's commit-graph, for its Bloom filter.
    var graphPosition: Int32?
  }

  /// A commit read but not yet walked.
  private struct Read {
    var tree: ObjectID?
    var knowsTree = true
    var parents: [ObjectID]
    var facts: CommitFacts
    var coAuthors: [Int32]
  }

  init(
    repository: Repository, pathspec: Pathspec, options: WalkOptions,
    substitutions: Substitutions, shallow: Set<ObjectID>
  ) {
    self.repository = repository
    diff = TreeDiff(pathspec: pathspec, substitutions: substitutions)
    self.options = options
    self.substitutions = substitutions
    self.shallow = shallow
  }

  /// The commits of `tips` that change the paths, with their identities. Commits the history
  /// `cache` holds are taken from it (their facts, parents and times) rather than read, and
  /// whatever `stored` knows of a commit's comparisons is not compared again; what this walk
  /// compares is recorded there.
  mutating func history(
    _ tips: WalkTips, cache: HistoryCache? = nil, stored: inout PathspecAnswerCache?
  ) throws(GitError) -> History {
    let reader = try ObjectReader(repository: repository, packs: repository.packStore(for: options))
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    var pending: [ObjectID: Read] = [:]
    // The cache stands for commits only as their ids name them, and with co-authors only when
    // it read them.
    var usable =
      substitutions.isEmpty && (!options.readsCoAuthors || cache?.hasCoAuthors == true)
      ? cache : nil
    // What the walk itself needs of a commit (its tree, parents and commit time) comes from
    // git's commit-graph where there is one: a commit's header is read only when it counts,
    // or when its time says it may end the walk.
    let graph =
      options.usesCommitGraph && substitutions.isEmpty && shallow.isEmpty
      ? CommitGraph(objectsDirectory: repository.objectsDirectory) : nil
    // Without one (with one, position tables serve the walk below), every counted commit is
    // looked up in the cache by id and every commit in the stored answers: each among the few
    // that share its first two bytes.
    if graph == nil {
      usable?.indexPrefixes()
      stored?.indexPrefixes()
    }
    let cache = usable
    var identityNumbers: [Int32: Int32] = [:]
    func interned(_ number: Int32, _ cache: HistoryCache) -> Int32 {
      guard number >= 0 else { return number }
      if let known = identityNumbers[number] { return known }
      let made = interner.intern(cache.identities[Int(number)])
      identityNumbers[number] = made
      return made
    }
    // `record`: the cache's record number when the caller knows it (`.some(nil)`: not cached).
    func read(_ id: ObjectID, record: Int32?? = nil) throws(GitError) -> Read {
      if !pending.isEmpty, let known = pending[id] { return known }
      if let cache, let index = record ?? cache.index(of: id) {
        var facts = cache.facts[Int(index)]
        facts.identity = interned(facts.identity, cache)
        facts.committerIdentity = interned(facts.committerIdentity, cache)
        let knowsTree = !cache.trees.isEmpty
        let result = Read(
          tree: knowsTree ? cache.trees[Int(index)] : nil, knowsTree: knowsTree,
          parents: cache.parentRange(index).map { cache.parentID(cache.parentRefs[$0]) },
          facts: facts,
          coAuthors: (cache.coAuthors[index] ?? []).map { interned($0, cache) })
        pending[id] = result
        return result
      }
      let read = try reader.readFacts(
        id, substitutions: substitutions, interner: &interner, parents: &parents,
        readsCoAuthors: options.readsCoAuthors)
      let result = Read(
        tree: read.tree, parents: parents, facts: read.facts, coAuthors: read.coAuthors)
      pending[id] = result
      return result
    }
    // The tree of a commit whose shape came from the cache, read from its object.
    var trees: [ObjectID: ObjectID?] = [:]
    func objectTree(_ id: ObjectID) throws(GitError) -> ObjectID? {
      if let known = trees[id] { return known }
      var scratch = IdentityInterner()
      var ignored: [ObjectID] = []
      let tree = try reader.readFacts(
        id, substitutions: substitutions, interner: &scratch, parents: &ignored
      ).tree
      trees[id] = tree
      return tree
    }

    let graphPrefixes = graph?.prefixCounts()
    // The stored answers and cache records by graph position, for the loop below.
    let tables = graph.map { PositionTables(graph: $0, stored: stored, cache: cache) }
    var shapes: [ObjectID: Shape] = [:]
    let bloomKeys = graph?.hasBloomFilters == true ? diff.pathspec.bloomKeys : []
    // On the other core, a helper compares commits with their first parents ahead of the walk.
    var answers: PathspecAnswers?
    var helper: Threads.Handle?
    // With answers from earlier runs, the walk asks for few comparisons: no helper.
    if options.workerCount > 1, !tips.included.isEmpty, (stored?.count ?? 0) == 0 {
      let shared = PathspecAnswers()
      let (pathspec, substitutions, path) = (diff.pathspec, substitutions, repository.gitDirectory)
      let shapes = cache.flatMap { $0.trees.isEmpty ? nil : $0 }
      let (packs, tips, cutoff, firstOnly) = (
        repository.packStore(for: options), tips.included, options.committedNoEarlierThan,
        options.followsFirstParentOnly
      )
      answers = shared
      helper = Threads.start {
        Self.answerAhead(
          shared, graph: graph, cache: shapes, tips: tips, cutoff: cutoff ?? Int64.min,
          firstOnly: firstOnly,
          bloomKeys: bloomKeys,
          pathspec: pathspec, substitutions: substitutions, repositoryPath: path, packs: packs)
      }
    }
    defer {
      answers?.stop()
      helper?.wait()
    }
    // A commit's shape from the graph, at its position; nil where the graph is inconsistent.
    func graphShape(_ graph: CommitGraph, _ position: Int32) -> Shape? {
      graph.parentIDs(of: position).map {
        Shape(
          tree: graph.tree(at: position), parents: $0, committed: graph.commitTime(at: position),
          graphPosition: position)
      }
    }
    func shape(_ id: ObjectID) throws(GitError) -> Shape {
      if let known = shapes[id] { return known }
      let made: Shape
      if let graph, let position = graph.position(of: id, prefixes: graphPrefixes),
        let fromGraph = graphShape(graph, position)
      {
        made = fromGraph
      } else {
        let commit = try read(id)
        made = Shape(
          tree: commit.tree, knowsTree: commit.knowsTree, parents: commit.parents,
          committed: commit.facts.committer?.seconds, graphPosition: nil)
      }
      shapes[id] = made
      return made
    }
    func tree(_ id: ObjectID, _ shape: Shape) throws(GitError) -> ObjectID? {
      shape.knowsTree ? shape.tree : try objectTree(id)
    }

    // The hidden side: every ancestor, without simplification.
    var hidden = Set<ObjectID>()
    var stack = tips.excluded
    while let id = stack.popLast() {
      guard hidden.insert(id).inserted else { continue }
      let commit = try shape(id)
      shapes[id] = nil
      pending[id] = nil
      if shallow.contains(id) { continue }
      stack += commit.parents
    }

    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    var undated: [UndatedCommit] = []
    var coAuthors: [Int: [Int32]] = [:]
    // Commits the graph has are marked visited by position, the others by id.
    var visited = hidden
    var visitedPositions = BitSet(capacity: graph?.count ?? 0)
    if let graph {
      for id in hidden {
        if let position = graph.position(of: id, prefixes: graphPrefixes) {
          _ = visitedPositions.insert(Int(position))
        }
      }
    }
    let cutoff = options.committedNoEarlierThan ?? Int64.min
    stack = tips.included.reversed()
    while let id = stack.popLast() {
      let position = graph?.position(of: id, prefixes: graphPrefixes)
      if let position {
        guard visitedPositions.insert(Int(position)) else { continue }
      } else {
        guard visited.insert(id).inserted else { continue }
      }
      // Its shape straight from the graph at the position found, else as `shape` finds it.
      let commit: Shape
      if let graph, let position, let fromGraph = graphShape(graph, position) {
        commit = fromGraph
      } else {
        commit = try shape(id)
      }
      if !shapes.isEmpty { shapes[id] = nil }
      // What earlier runs stored for this commit (none for it can have been recorded in this
      // run: each commit is walked once) and the cache's record of it, by position when known.
      let known: PathspecAnswer?
      let record: Int32??
      if let position, let tables {
        known = tables.answer(at: position)
        record = tables.record(at: position)
      } else {
        known = stored?.answer(for: id)
        record = nil
      }
      var candidates = commit.parents
      if options.followsFirstParentOnly && candidates.count > 1 { candidates = [candidates[0]] }
      let counts: Bool
      var next: [ObjectID] = candidates
      if candidates.isEmpty {
        if let same = known?.isSame(toParent: 0) {
          counts = !same
        } else if let known = answers?.take(id) {
          counts = known
          stored?.record(id, parent: 0, same: !known)
        } else {
          counts = try diff.differs(nil, tree(id, commit), reader: reader)
          stored?.record(id, parent: 0, same: !counts)
        }
      } else {
        var sameAs: ObjectID?
        // git's changed-path Bloom filter, against the first parent: a path it certainly does
        // not hold is the same there (git trusts it so; a "maybe" is diffed). A stored answer
        // is cheaper still.
        if known?.isSame(toParent: 0) == nil, let position = commit.graphPosition,
          graph?.bloomRulesOut(bloomKeys, at: position) == true
        {
          sameAs = candidates[0]
        }
        for (index, parent) in candidates.enumerated() where sameAs == nil {
          let isSame: Bool
          if let same = known?.isSame(toParent: index) {
            isSame = same
          } else if index == 0, let helped = answers?.take(id) {
            isSame = !helped
            stored?.record(id, parent: 0, same: isSame)
          } else {
            isSame = try !diff.differs(
              try tree(parent, try shape(parent)), try tree(id, commit), reader: reader)
            stored?.record(id, parent: index, same: isSame)
          }
          if isSame {
            sameAs = parent
            break
          }
        }
        counts = sameAs == nil
        if let sameAs, candidates.count > 1 {
          next = [sameAs]
          answers?.passOver(id)
        }
      }
      if counts {
        let full = try read(id, record: record)
        if !full.coAuthors.isEmpty { coAuthors[commits.count] = full.coAuthors }
        commits.append(full.facts)
        if options.recordsCommitIDs { ids.append(id) }
        if full.facts.author == nil || full.facts.committer == nil {
          undated.append(
            UndatedCommit(
              id: id.hex, lacksAuthorDate: full.facts.author == nil,
              lacksCommitterDate: full.facts.committer == nil))
        }
      }
      // A commit committed before the window may end the walk, as its author date decides.
      let mayEnd = commit.committed.map { $0 < cutoff } ?? true
      let ends =
        mayEnd && cutoff != Int64.min
        ? try read(id, record: record).facts.endsWalk(at: cutoff) : false
      if !pending.isEmpty { pending[id] = nil }
      if ends || (!shallow.isEmpty && shallow.contains(id)) { continue }
      // A parent walked already is passed over when it comes off the stack.
      stack.append(contentsOf: next.reversed())
      if let progress = options.progress {
        progress.add(1)
        if progress.isCancelled { throw .cancelled }
      }
    }
    var history = History(
      commits: commits, objectIDs: ids, identities: interner.rawIdentities(), undated: undated)
    history.coAuthors = coAuthors
    return history
  }
}
