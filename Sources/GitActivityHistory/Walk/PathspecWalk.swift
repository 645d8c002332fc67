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
  let repository: Repository
  private var diff: TreeDiff
  let options: WalkOptions
  let substitutions: Substitutions
  let shallow: Set<ObjectID>
  /// Whether the last `history` had a helper compare commits ahead (for tests).
  private(set) var startedHelper = false

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
    let (line, sides) = helperOrder(shapes, tips: tips, cutoff: cutoff, firstOnly: firstOnly)
    var parents: [Int32] = []
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

  /// Whether the path's Bloom filters leave the walk so few commits to compare that a helper
  /// would cost more than it saves: fewer than one in ten of a sample of the graph's
  /// commits (every 1/2,048th, in id order, so spread over the history) not ruled out. One
  /// file of git/git: 0.14 s of CPU with a helper, 0.11 s without, in the same wall time; a
  /// folder changed by a third of the commits still has its helper.
  static func bloomLeavesFew(_ graph: CommitGraph, keys: [BloomFilters.Key]) -> Bool {
    guard !keys.isEmpty, graph.count >= 2_048 else { return false }
    let step = graph.count / 2_048
    var left = 0
    for position in stride(from: 0, to: graph.count, by: step)
    where !graph.bloomRulesOut(keys, at: Int32(position)) {
      left += 1
    }
    return left * 10 < graph.count / step
  }

  /// The helper's order (see `answerAhead`): the first-parent line of each tip, newest first,
  /// and the side branches it follows, each commit with the merge whose branch it is on.
  private static func helperOrder(
    _ shapes: Shapes, tips: [ObjectID], cutoff: Int64, firstOnly: Bool
  ) -> (line: [Int32], sides: [(number: Int32, owner: Int32)]) {
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
    return (line, sides)
  }

  /// What the walk needs of a commit to go on: its tree, parents and commit time.
  struct Shape {
    var tree: ObjectID?
    /// False when the shape came from a history cache that holds no trees (one loaded from
    /// its file): the tree is read only if a comparison needs it (none does when the answers
    /// are cached).
    var knowsTree = true
    var parents: [ObjectID]
    var committed: Int64?
    /// Where the commit is in git's commit-graph, for its Bloom filter.
    var graphPosition: Int32?
  }

  /// A commit read but not yet walked.
  struct Read {
    var tree: ObjectID?
    var knowsTree = true
    var parents: [ObjectID]
    var facts: CommitFacts
    var coAuthors: [Int32]
    /// Taken from the history cache: cheaper to take again than to keep.
    var isCached = false
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
  /// compares is recorded there. Each commit walked adds to the progress count unless
  /// `countsVisits` is false (a read before the walk counted them).
  mutating func history(
    _ tips: WalkTips, cache: HistoryCache? = nil, stored: inout PathspecAnswerCache?,
    countsVisits: Bool = true
  ) throws(GitError) -> History {
    var pass = try Pass(self, diff: diff, cache: cache, stored: stored)
    defer {
      stored = pass.stored
      diff = pass.diff
    }
    // On the other core, a helper compares commits with their first parents ahead of the walk.
    // With answers from earlier runs, the walk asks for few comparisons: no helper. It learns
    // the history from the graph or the cache: without either (replaced or grafted commits),
    // there is none.
    var helper: Threads.Handle?
    startedHelper = false
    let known = pass.graph.map(Shapes.graph) ?? pass.cache.map(Shapes.cache)
    if options.workerCount > 1, !tips.included.isEmpty, (pass.stored?.count ?? 0) == 0,
      let known, !(pass.graph.map { Self.bloomLeavesFew($0, keys: pass.bloomKeys) } ?? false)
    {
      let shared = PathspecAnswers()
      let (pathspec, path, packs) = (
        diff.pathspec, repository.gitDirectory, options.packStore(in: repository)
      )
      let (tips, cutoff, firstOnly) = (
        tips.included, options.committedNoEarlierThan, options.followsFirstParentOnly
      )
      let bloomKeys = pass.bloomKeys
      pass.answers = shared
      startedHelper = true
      helper = Threads.start {
        Self.answerAhead(
          shared, shapes: known, tips: tips, cutoff: cutoff ?? Int64.min, firstOnly: firstOnly,
          bloomKeys: bloomKeys, pathspec: pathspec, repositoryPath: path, packs: packs)
      }
    }
    if options.waitsForHelper { helper?.wait() }
    let answers = pass.answers
    defer {
      answers?.stop()
      helper?.wait()
    }
    let hidden = try pass.hidden(tips.excluded)
    try pass.walk(tips.included, hidden: hidden, countsVisits: countsVisits)
    var history = History(
      commits: pass.commits, objectIDs: pass.ids, identities: pass.interner.rawIdentities(),
      undated: pass.undated)
    history.coAuthors = pass.coAuthors
    return history
  }
}
