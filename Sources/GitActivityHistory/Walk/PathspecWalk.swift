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

  /// Where the helper learns the history's shape: git's commit-graph or the history cache,
  /// each of which numbers its commits, so that the helper goes by numbers, not ids.
  private enum Shapes: Sendable {
    case graph(CommitGraph)
    case cache(HistoryCache)

    var count: Int {
      switch self {
      case .graph(let graph): graph.count
      case .cache(let cache): cache.count
      }
    }

    /// The commit-graph, when the shapes are its.
    var graph: CommitGraph? {
      switch self {
      case .graph(let graph): graph
      case .cache: nil
      }
    }

    /// The history cache, when the shapes are its.
    var cache: HistoryCache? {
      switch self {
      case .graph: nil
      case .cache(let cache): cache
      }
    }

    func number(of id: ObjectID) -> Int32? {
      switch self {
      case .graph(let graph): graph.position(of: id)
      case .cache(let cache): cache.index(of: id)
      }
    }

    func id(_ number: Int32) -> ObjectID {
      switch self {
      case .graph(let graph): graph.id(at: number)
      case .cache(let cache): cache.ids[Int(number)]
      }
    }

    func committed(_ number: Int32) -> Int64 {
      switch self {
      case .graph(let graph): graph.commitTime(at: number)
      case .cache(let cache): cache.facts[Int(number)].committer?.seconds ?? Int64.min
      }
    }

    /// The parents of `number` into `parents`, first parent first: -1 for one it does not
    /// number (outside the cache). False where the graph is inconsistent.
    func parents(of number: Int32, into parents: inout [Int32]) -> Bool {
      parents.removeAll(keepingCapacity: true)
      switch self {
      case .graph(let graph):
        return graph.forEachParent(of: number, firstOnly: false) { parents.append($0) }
      case .cache(let cache):
        for slot in cache.parentRange(number) { parents.append(max(-1, cache.parentRefs[slot])) }
        return true
      }
    }
  }

  /// The helper's loop (see `PathspecAnswers`): along the first-parent line of each tip, back
  /// from its far end (or `cutoff`), then along the side branches, it answers for each commit
  /// not yet claimed whether it differs from its first parent (a root: whether it holds
  /// anything), until told to stop. It learns the history from `shapes`, and reads trees with a
  /// repository, a reader and a tree cache of its own (a commit's tree from its object when the
  /// cache does not hold it).
  private static func answerAhead(
    _ answers: PathspecAnswers, shapes: Shapes, tips: [ObjectID], cutoff: Int64,
    firstOnly: Bool, bloomKeys: [BloomFilters.Key], pathspec: Pathspec,
    repositoryPath: String, packs: PackStore?
  ) {
    guard let repository = try? Repository.openGit(at: repositoryPath),
      let reader = try? ObjectReader(repository: repository, packs: packs)
    else { return }
    var diff = TreeDiff(pathspec: pathspec, substitutions: Substitutions())
    // The walk goes down the first-parent line of each tip, then back up through the side
    // branches it follows, the oldest merge's first. The helper answers in the opposite
    // direction, each time from the far end: first the first-parent line from its oldest
    // commit up, then the side branches from the newest merge's. Each side reads trees that
    // follow one another, so that each keeps its own tree cache useful, and they meet in the
    // middle. A side commit knows the merge whose branch it is on (`owner`), so that the
    // helper leaves alone the branches the walk will not follow (`PathspecAnswers.passOver`).
    var visited = BitSet(capacity: shapes.count)
    var parents: [Int32] = []
    var line: [Int32] = []
    for tip in tips {
      var next = shapes.number(of: tip)
      while let number = next, visited.insert(Int(number)) {
        line.append(number)
        guard shapes.committed(number) >= cutoff, shapes.parents(of: number, into: &parents),
          let first = parents.first, first >= 0
        else { break }
        next = first
      }
    }
    var sides: [(number: Int32, owner: Int32)] = []
    var stack: [(number: Int32, owner: Int32)] = []
    if !firstOnly {
      for merge in line.reversed() where shapes.parents(of: merge, into: &parents) {
        for parent in parents.dropFirst() where parent >= 0 { stack.append((parent, merge)) }
      }
    }
    while let (number, owner) = stack.popLast() {
      guard visited.insert(Int(number)) else { continue }
      sides.append((number, owner))
      guard shapes.committed(number) >= cutoff, shapes.parents(of: number, into: &parents)
      else { continue }
      for (index, parent) in parents.enumerated().reversed()
      where parent >= 0 && !visited.contains(Int(parent)) {
        stack.append((parent, index == 0 ? owner : number))
      }
    }
    // A commit's tree: from the graph or the cache, else read from its object.
    let (graph, cache) = (shapes.graph, shapes.cache)
    var read: [Int32: ObjectID?] = [:]
    func tree(_ number: Int32) -> ObjectID?? {
      if let graph { return graph.tree(at: number) }
      guard let cache else { return nil }
      if !cache.trees.isEmpty { return cache.trees[Int(number)] }
      if let known = read[number] { return known }
      var interner = IdentityInterner()
      var ignored: [ObjectID] = []
      guard
        let found = try? reader.readFacts(
          cache.ids[Int(number)], substitutions: Substitutions(), interner: &interner,
          parents: &ignored)
      else { return nil }
      if read.count >= 1 << 16 { read.removeAll(keepingCapacity: true) }
      read[number] = found.tree
      return found.tree
    }
    for (number, owner) in line.reversed().lazy.map({ ($0, Int32(-1)) }) + sides {
      if answers.isStopped { return }
      guard shapes.parents(of: number, into: &parents) else { continue }
      let isMerge = parents.count > 1
      let id = shapes.id(number)
      // What a Bloom filter rules out, the walk rules out itself: nothing to answer (a merge's
      // other branches are still not walked).
      if !parents.isEmpty, graph?.bloomRulesOut(bloomKeys, at: number) == true {
        if isMerge { answers.passOver(id) }
        continue
      }
      guard answers.claim(id, owner: owner >= 0 ? shapes.id(owner) : nil, isMerge: isMerge)
      else { continue }
      var differs: Bool?
      var fromSecond: Bool?
      if parents.isEmpty {
        if let own = tree(number) { differs = try? diff.differs(nil, own, reader: reader) }
      } else if parents[0] >= 0, let parentTree = tree(parents[0]), let own = tree(number) {
        differs = try? diff.differs(parentTree, own, reader: reader)
        // A merge that differs from its first parent is compared with its second next.
        if differs == true, !firstOnly, parents.count > 1, parents[1] >= 0,
          let secondTree = tree(parents[1])
        {
          fromSecond = try? diff.differs(secondTree, own, reader: reader)
        }
      }
      answers.record(id, differs, fromSecond: fromSecond)
      // TREESAME to its first parent, a merge's other branches are not walked.
      if isMerge && differs == false { answers.passOver(id) }
    }
  }

  /// What the walk needs of a commit to go on: its tree, parents and commit time.
  private struct Shape {
    var tree: ObjectID?
    /// False when the shape came from a history cache that holds no trees (one loaded from
    /// its file): the tree is read only if a comparison needs it (none does when the answers
    /// are cached).
    var knowsTree = true
    package var parents: [ObjectID]
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
    /// Taken from the history cache: cheaper to take again than to keep.
    var isCached = false
  }

  package init(
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
  /// compares is recorded there. Each commit walked adds to the progress count unless
  /// `countsVisits` is false (a read before the walk counted them).
  mutating func history(
    _ tips: WalkTips, cache: HistoryCache? = nil, stored: inout PathspecAnswerCache?,
    countsVisits: Bool = true
  ) throws(GitError) -> History {
    let reader = try ObjectReader(repository: repository, packs: repository.packStore(for: options))
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    var pending: [ObjectID: Read] = [:]
    // The cache stands for commits only as their ids name them, and with co-authors only when
    // it read them.
    var usable =
      substitutions.isEmpty
        && (!options.readsTrailers || cache?.hasTrailers(options.cachedTrailerKeys) == true)
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
          coAuthors: (cache.coAuthors[index] ?? []).map { interned($0, cache) },
          isCached: true)
        return result
      }
      let read = try reader.readFacts(
        id, substitutions: substitutions, interner: &interner, parents: &parents,
        trailerKeys: options.trailerKeys)
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
    // It learns the history from the graph or the cache: without either (replaced or grafted
    // commits), there is none.
    let known = graph.map(Shapes.graph) ?? cache.map(Shapes.cache)
    if options.workerCount > 1, !tips.included.isEmpty, (stored?.count ?? 0) == 0,
      let known
    {
      let shared = PathspecAnswers()
      let (pathspec, path, packs) = (
        diff.pathspec, repository.gitDirectory, repository.packStore(for: options)
      )
      let (tips, cutoff, firstOnly) = (
        tips.included, options.committedNoEarlierThan, options.followsFirstParentOnly
      )
      answers = shared
      helper = Threads.start {
        Self.answerAhead(
          shared, shapes: known, tips: tips, cutoff: cutoff ?? Int64.min, firstOnly: firstOnly,
          bloomKeys: bloomKeys, pathspec: pathspec, repositoryPath: path, packs: packs)
      }
    }
    if options.waitsForHelper { helper?.wait() }
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
        if commit.isCached { return made }
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
          counts = known.differs
          stored?.record(id, parent: 0, same: !counts)
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
        var fromSecond: Bool?
        for (index, parent) in candidates.enumerated() where sameAs == nil {
          let isSame: Bool
          if let same = known?.isSame(toParent: index) {
            isSame = same
          } else if index == 0, let helped = answers?.take(id) {
            isSame = !helped.differs
            fromSecond = helped.fromSecond
            stored?.record(id, parent: 0, same: isSame)
          } else if index == 1, let differs = fromSecond {
            isSame = !differs
            stored?.record(id, parent: 1, same: isSame)
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
        if countsVisits { progress.add(1) }
        if progress.isCancelled { throw .cancelled }
      }
    }
    var history = History(
      commits: commits, objectIDs: ids, identities: interner.rawIdentities(), undated: undated)
    history.coAuthors = coAuthors
    return history
  }
}
