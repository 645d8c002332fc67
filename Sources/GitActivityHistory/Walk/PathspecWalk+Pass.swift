extension PathspecWalk {
  /// One walk of `history(_:cache:stored:countsVisits:)`: what it reads, knows and finds.
  struct Pass: ~Copyable {
    let options: WalkOptions
    let substitutions: Substitutions
    let shallow: Set<ObjectID>
    let reader: ObjectReader
    var diff: TreeDiff
    /// The pathspec's answers from earlier runs, and this walk's added.
    var stored: PathspecAnswerCache?
    /// The history cache, where it stands for the commits (see `init`).
    let cache: HistoryCache?
    /// git's commit-graph, where the walk may use it.
    let graph: CommitGraph?
    let graphPrefixes: [[UInt32]]?
    /// The stored answers and cache records by graph position.
    let tables: PositionTables?
    let bloomKeys: [BloomFilters.Key]
    /// The helper's answers, when one compares commits ahead.
    var answers: PathspecAnswers?
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    /// Commits read and not yet walked.
    var pending: [ObjectID: Read] = [:]
    /// The walk's numbers of the cache's identities.
    var identityNumbers: [Int32: Int32] = [:]
    /// The trees of commits whose shape came from the cache, read from their objects.
    var trees: [ObjectID: ObjectID?] = [:]
    var shapes: [ObjectID: Shape] = [:]
    // What the walk finds.
    var commits: [CommitFacts] = []
    var ids: [ObjectID] = []
    var undated: [UndatedCommit] = []
    var coAuthors: [Int: [Int32]] = [:]

    init(
      _ walk: borrowing PathspecWalk, diff: TreeDiff, cache: HistoryCache?,
      stored: PathspecAnswerCache?
    ) throws(GitError) {
      let repository = walk.repository
      let options = walk.options
      let substitutions = walk.substitutions
      let shallow = walk.shallow
      let reader = try ObjectReader(
        repository: repository, packs: options.packStore(in: repository))
      // The cache stands for commits only as their ids name them, and with co-authors only
      // when it read them.
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
      // Without one (with one, position tables serve the walk), every counted commit is looked
      // up in the cache by id and every commit in the stored answers: each among the few that
      // share its first two bytes (the stored answers index theirs as they load).
      if graph == nil {
        usable?.indexPrefixes()
      }
      let tables = graph.map { PositionTables(graph: $0, stored: stored, cache: usable) }
      self.options = options
      self.substitutions = substitutions
      self.shallow = shallow
      self.reader = reader
      self.diff = diff
      self.stored = stored
      self.cache = usable
      self.graph = graph
      self.graphPrefixes = graph?.prefixCounts()
      self.tables = tables
      self.bloomKeys = graph?.hasBloomFilters == true ? diff.pathspec.bloomKeys : []
    }

    /// The walk's number of the cache's identity `number`.
    private mutating func interned(_ number: Int32, _ cache: HistoryCache) -> Int32 {
      guard number >= 0 else { return number }
      if let known = identityNumbers[number] { return known }
      let made = interner.intern(cache.identities[Int(number)])
      identityNumbers[number] = made
      return made
    }

    /// A commit's facts, parents and tree: from the cache (`record`: its record number when
    /// the caller knows it, `.some(nil)`: not cached), else read and kept until walked.
    mutating func read(_ id: ObjectID, record: Int32?? = nil) throws(GitError) -> Read {
      if !pending.isEmpty, let known = pending[id] { return known }
      if let cache, let index = record ?? cache.index(of: id) {
        var facts = cache.facts[Int(index)]
        facts.identity = interned(facts.identity, cache)
        facts.committerIdentity = interned(facts.committerIdentity, cache)
        let knowsTree = !cache.trees.isEmpty
        let coAuthors = (cache.coAuthors[index] ?? []).map { interned($0, cache) }
        return Read(
          tree: knowsTree ? cache.trees[Int(index)] : nil, knowsTree: knowsTree,
          parents: cache.parentRange(index).map { cache.parentID(cache.parentRefs[$0]) },
          facts: facts, coAuthors: coAuthors, isCached: true)
      }
      let read = try reader.readFacts(
        id, substitutions: substitutions, interner: &interner, parents: &parents,
        trailerKeys: options.trailerKeys)
      let result = Read(
        tree: read.tree, parents: parents, facts: read.facts, coAuthors: read.coAuthors)
      pending[id] = result
      return result
    }

    /// The tree of a commit whose shape came from the cache, read from its object.
    private mutating func objectTree(_ id: ObjectID) throws(GitError) -> ObjectID? {
      if let known = trees[id] { return known }
      var scratch = IdentityInterner()
      var ignored: [ObjectID] = []
      let tree = try reader.readFacts(
        id, substitutions: substitutions, interner: &scratch, parents: &ignored
      ).tree
      trees[id] = tree
      return tree
    }

    /// A commit's shape from the graph, at its position; nil where the graph is inconsistent.
    func graphShape(_ graph: CommitGraph, _ position: Int32) -> Shape? {
      graph.parentIDs(of: position).map {
        Shape(
          tree: graph.tree(at: position), parents: $0, committed: graph.commitTime(at: position),
          graphPosition: position)
      }
    }

    /// A commit's shape: from the graph, else from its read (kept unless the cache gave it).
    mutating func shape(_ id: ObjectID) throws(GitError) -> Shape {
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

    mutating func tree(_ id: ObjectID, _ shape: Shape) throws(GitError) -> ObjectID? {
      shape.knowsTree ? shape.tree : try objectTree(id)
    }

    /// The hidden side of a range: every ancestor of `excluded`, without simplification.
    mutating func hidden(_ excluded: [ObjectID]) throws(GitError) -> Set<ObjectID> {
      var hidden = Set<ObjectID>()
      var stack = excluded
      while let id = stack.popLast() {
        guard hidden.insert(id).inserted else { continue }
        let commit = try shape(id)
        shapes[id] = nil
        pending[id] = nil
        if shallow.contains(id) { continue }
        stack += commit.parents
      }
      return hidden
    }

    /// Walks back from `included`, counting the commits that change the paths.
    mutating func walk(
      _ included: [ObjectID], hidden: Set<ObjectID>, countsVisits: Bool
    ) throws(GitError) {
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
      var stack: [ObjectID] = included.reversed()
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
        // run: each commit is walked once) and the cache's record of it, by position when
        // known.
        let known: PathspecAnswer?
        let record: Int32??
        if let position, let tables {
          known = tables.answer(at: position)
          record = tables.record(at: position)
        } else {
          known = stored?.answer(for: id)
          record = nil
        }
        let (counts, next) = try decide(id, commit, known: known)
        if counts { try take(id, record: record) }
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
    }

    /// Whether a commit counts (not TREESAME to any parent followed; a root: the paths exist
    /// in it), and the parents the walk follows from it.
    private mutating func decide(_ id: ObjectID, _ commit: Shape, known: PathspecAnswer?)
      throws(GitError) -> (counts: Bool, next: [ObjectID])
    {
      var candidates = commit.parents
      if options.followsFirstParentOnly && candidates.count > 1 { candidates = [candidates[0]] }
      if candidates.isEmpty {
        let counts: Bool
        if let same = known?.isSame(toParent: 0) {
          counts = !same
        } else if let known = answers?.take(id) {
          counts = known.differs
          stored?.record(id, parent: 0, same: !counts)
        } else {
          counts = try diff.differs(nil, tree(id, commit), reader: reader)
          stored?.record(id, parent: 0, same: !counts)
        }
        return (counts, candidates)
      }
      var sameAs: ObjectID?
      // git's changed-path Bloom filter, against the first parent: a path it certainly does
      // not hold is the same there (git trusts it so; a "maybe" is diffed). A stored answer is
      // cheaper still.
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
          let old = try tree(parent, try shape(parent))
          isSame = try !diff.differs(old, try tree(id, commit), reader: reader)
          stored?.record(id, parent: index, same: isSame)
        }
        if isSame {
          sameAs = parent
          break
        }
      }
      if let sameAs, candidates.count > 1 {
        answers?.passOver(id)
        return (false, [sameAs])
      }
      return (sameAs == nil, candidates)
    }

    /// Adds a commit that counts to what the walk finds.
    private mutating func take(_ id: ObjectID, record: Int32??) throws(GitError) {
      let full = try read(id, record: record)
      if !full.coAuthors.isEmpty { coAuthors[commits.count] = full.coAuthors }
      commits.append(full.facts)
      if options.recordsCommitIDs { ids.append(id) }
      if let undated = UndatedCommit(id, full.facts) { self.undated.append(undated) }
    }
  }
}
