import Foundation

/// Line counting over one repository: what each commit changes, as `git log --numstat` counts
/// it, on several threads.
package struct LineCounter: Sendable {
  /// The repository whose commits are counted.
  let repository: Repository

  package init(_ repository: Repository) { self.repository = repository }
}

extension LineCounter {
  /// What each commit of `ids` changes, as `git log --numstat` counts it with the same
  /// selection: a merge changes nothing (git shows it no diff) unless `diffsMerges` (with
  /// `--first-parent`, git diffs it against its first parent); a root commit, or one at a
  /// shallow clone's boundary, adds its whole tree. Commits are shared among `workers` threads
  /// in contiguous stretches (`ContiguousShares`), each thread with its own repository, reader
  /// and attributes.
  package func lineStats(
    of ids: [ObjectID], pathspec: Pathspec?, options: LineCountingOptions,
    substitutions: Substitutions, workers: Int, progress: WalkProgress? = nil,
    tally makeTally: (@Sendable (DiffAttributes) -> any FileTally)? = nil
  ) throws(GitError) -> (stats: [LineStats], notices: LineNotices) {
    guard !ids.isEmpty else { return ([], LineNotices()) }
    progress?.expectLines(ids.count)
    let packs = PackStore(objectsDirectory: repository.objectsDirectory)
    let shallow = repository.shallowBoundary()
    let attributes = try DiffAttributes(of: repository)
    let path = repository.gitDirectory
    let results = UnsafeMutableBufferPointer<LineStats>.allocate(capacity: ids.count)
    results.initialize(repeating: LineStats())
    defer { results.deallocate() }
    nonisolated(unsafe) let slots = results
    let failure = Locked<GitError?>(nil)
    // What the workers' counters noticed: the rename limit they would have needed, the
    // attributes lines they ignored.
    let noticed = Locked<(limit: Int, degraded: Bool, longLines: Set<Int>)>((0, false, []))
    // Each worker's tally, in its own slot: written by that worker alone, read once all end.
    let tallySlots = UnsafeMutableBufferPointer<(any FileTally)?>.allocate(
      capacity: max(1, workers))
    tallySlots.initialize(repeating: nil)
    defer { tallySlots.deinitialize().deallocate() }
    nonisolated(unsafe) let talliesByWorker = tallySlots
    let batch = 16
    let width = max(1, min(workers, (ids.count + batch - 1) / batch))
    let shares = ContiguousShares(count: ids.count, workers: width, batch: batch)
    // Worker 0 uses this repository while the caller waits for the workers: one thread at a
    // time, inside the caller's turn.
    let first = repository
    Threads.concurrentPerform(iterations: width, width: width) { worker in
      do throws(GitError) {
        let repository = worker == 0 ? first : try Repository.openGit(at: path)
        let source = ChangeReader(
          reader: try ObjectReader(
            repository: repository, packs: packs, baseCacheLimit: ChangeReader.baseCacheLimit),
          substitutions: substitutions)
        let (made, tally) = Self.counter(
          options: options, pathspec: pathspec, attributes: attributes, tally: makeTally)
        var counter = made
        if worker < talliesByWorker.count { talliesByWorker[worker] = tally }
        defer {
          let (limit, lines) = (counter.renameLimitNeeded, counter.attributes.longLines)
          let degraded = counter.degradedCopies
          noticed.withLock {
            $0.limit = max($0.limit, limit)
            $0.degraded = $0.degraded || degraded
            $0.longLines.formUnion(lines)
          }
        }
        var parents: [ObjectID] = []
        var lastParent: CommitTree?
        while failure.withLock({ $0 == nil }) {
          let taken = shares.next(for: worker)
          if taken.isEmpty { return }
          for index in taken {
            if progress?.isCancelled == true { throw GitError.cancelled }
            if worker < talliesByWorker.count { talliesByWorker[worker]?.begin(commit: index) }
            slots[index] = try Self.lineStats(
              of: ids[index], counter: &counter, source: source, parents: &parents,
              shallow: shallow, lastParent: &lastParent)
          }
          progress?.addLines(taken.count)
        }
      } catch {
        failure.withLock { $0 = $0 ?? error }
      }
    }
    if var error = failure.withLock({ $0 }) {
      if error.isNotFound, try isPartialClone() { error.message += GitError.unfetchedBlobs }
      throw error
    }
    let (limit, degraded, longLines) = noticed.withLock { $0 }
    var notices = LineNotices(
      renameLimitNeeded: limit, degradedCopies: degraded, longAttributeLines: longLines.sorted())
    notices.tallies = talliesByWorker.compactMap { $0 }
    return (Array(results), notices)
  }

  /// A worker's counter, and the tally it adds each file's lines to when one is asked for.
  private static func counter(
    options: LineCountingOptions, pathspec: Pathspec?, attributes: DiffAttributes,
    tally makeTally: (@Sendable (DiffAttributes) -> any FileTally)?
  ) -> (ChangeCounter, (any FileTally)?) {
    var counter = ChangeCounter(options: options, pathspec: pathspec, attributes: attributes)
    guard let makeTally else { return (counter, nil) }
    let tally = makeTally(attributes)
    counter.onFile = { path, insertions, deletions in
      tally.add(path, insertions: insertions, deletions: deletions)
    }
    return (counter, tally)
  }

  /// Whether the repository is a partial clone: a promisor remote, whose objects may be
  /// missing until git fetches them (`extensions.partialClone`, `remote.<name>.promisor`).
  func isPartialClone() throws(GitError) -> Bool {
    if let extensionValue = try repository.configString("extensions.partialClone"),
      !extensionValue.isEmpty
    {
      return true
    }
    return try repository.configEntries(prefix: "remote.").contains {
      $0.name.hasSuffix(".promisor") && ConfigBoolean.parse($0.value) == true
    }
  }

  /// A commit's tree and parents, as read from its header.
  struct CommitTree {
    var id: ObjectID
    var tree: ObjectID
    var parents: [ObjectID]
  }

  /// One commit's lines: its tree against its first parent's; a merge's as `--diff-merges`
  /// says (nothing, against its first parent, or against each parent, added up); a root
  /// commit's against the empty tree unless `log.showRoot` is false. `lastParent`: the last
  /// parent read, most often the commit a walk counts next, whose header is then not read
  /// again.
  private static func lineStats(
    of id: ObjectID, counter: inout ChangeCounter, source: borrowing ChangeReader,
    parents: inout [ObjectID], shallow: Set<ObjectID>, lastParent: inout CommitTree?
  ) throws(GitError) -> LineStats {
    let commit = try source.substitutions.object(for: id)
    let tree: ObjectID
    if let known = lastParent, known.id == commit {
      tree = known.tree
      parents = known.parents
    } else {
      tree = try Self.tree(of: commit, reader: source.reader, parents: &parents)
    }
    if let grafted = source.substitutions.grafts[id] { parents = grafted }
    if shallow.contains(id) { parents = [] }
    if parents.isEmpty && !counter.options.showsRoot { return LineStats() }
    var compared = parents.isEmpty ? [] : [parents[0]]
    if parents.count > 1 {
      switch counter.options.mergeDiffs {
      case .off: return LineStats()
      case .firstParent: break
      case .separate: compared = parents
      }
    }
    if compared.isEmpty { return try counter.count(from: nil, to: tree, source: source) }
    var total = LineStats()
    for parent in compared {
      let read = try source.substitutions.object(for: parent)
      var theirs: [ObjectID] = []
      let parentTree = try Self.tree(of: read, reader: source.reader, parents: &theirs)
      lastParent = CommitTree(id: read, tree: parentTree, parents: theirs)
      total += try counter.count(from: parentTree, to: tree, source: source)
    }
    return total
  }

  /// The tree of commit `id`, its parents in `parents`.
  private static func tree(
    of id: ObjectID, reader: borrowing ObjectReader, parents: inout [ObjectID]
  ) throws(GitError) -> ObjectID {
    var tree: ObjectID?
    try reader.readCommit(id) { (buffer) throws(GitError) in
      do {
        tree = try CommitHeader.parse(buffer, parents: &parents).tree
      } catch {
        throw GitError.malformedParent(id)
      }
    }
    guard let tree else {
      throw GitError.commitWithoutTree(id)
    }
    return tree
  }
}
