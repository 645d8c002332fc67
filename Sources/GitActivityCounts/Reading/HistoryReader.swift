import Foundation

/// Reads one repository's history as a request asks: through the history cache, limited,
/// with lines and languages counted when asked. `Repository.read(_:)` is its public door.
struct HistoryReader: Sendable {
  /// The repository read.
  let repository: Repository

  init(_ repository: Repository) { self.repository = repository }
}

extension HistoryReader {
  /// Reads what `request` selects from this repository: its history (through the cache when the
  /// policy keeps one, taking a pathspec's answers from earlier runs too), filtered by the
  /// message filter, with the mailmap, `user.email` and `remote.origin.url`. The paths of the
  /// selection are those `pathspec(_:currentDirectory:environment:)` returns. This is the read
  /// every count of the command line and of `activityReport` goes through.
  func read(_ request: ActivityRequest) throws(ActivityError) -> RepositoryHistory {
    if let problem = request.readingProblem() { throw problem }
    return try readAsked(request)
  }

  /// `read`, for a request whose problems have been asked already (`activityReport` asks them
  /// all first).
  func readAsked(_ request: ActivityRequest) throws(ActivityError) -> RepositoryHistory {
    // A progress counts one read: from zero, and a cancel ends the read under way, not every
    // later one.
    let progress = request.walk.progress
    progress?.startRead()
    defer { progress?.endRead() }
    do throws(GitError) {
      return try repository.exclusively { () throws(GitError) in try readHistory(request) }
    } catch {
      throw .git(error)
    }
  }

  private func readHistory(_ request: ActivityRequest) throws(GitError) -> RepositoryHistory {
    var request = request
    // Lines are counted by commit id, and a limit keeps commits by their place in git log's
    // order.
    if request.readsLines || request.limit.isActive { request.walk.recordsCommitIDs = true }
    let policy = request.cache
    let location = HistoryCache.Location(
      commonDirectory: repository.commonDirectory, fallbackDirectory: policy.fallbackDirectory)
    if policy.clearsFirst { Self.removeCaches(at: location) }
    let phase = request.phases
    let read: History
    var limitApplied = false
    var pending: PendingCache?
    // What the cache knows of the commits (their parents and times), for a limit's order.
    var known: HistoryCache?
    // A limit that no filter comes before, without a cache or of a few hundred commits: the
    // walk stops as git's does, once the newest commits are met, and only those are read
    // (git/git `-n 100`: 19.8 ms, where loading the cache takes it to 26.1; from about 500
    // commits on, the cache is the sooner).
    let newest =
      !policy.isEnabled || request.limit.newestNeeded <= Self.newestFirstLimit
      ? try phase("newest", { () throws(GitError) in try newestOnly(request) }) : nil
    if let newest {
      read = newest
      limitApplied = true
    } else if policy.isEnabled {
      let walked = try cachedWalk(request, location: location)
      (read, pending, known) = (walked.history, walked.pending, walked.known)
    } else {
      read = try phase("walk") { () throws(GitError) in
        try HistoryWalker(repository).history(request.selection, options: try followWalk(request))
      }
    }
    var history = try request.messageFilter.filter(read, in: repository)
    if request.committedSince != nil || request.committedUntil != nil {
      history = try phase("dates") { () throws(GitError) in try dated(history, request) }
    }
    let mailmap =
      request.usesMailmap ? try repository.mailmap() : (mailmap: Mailmap(), unreadable: [])
    let userEmail = try repository.configString("user.email").flatMap { $0.isEmpty ? nil : $0 }
    if request.limit.isActive && !limitApplied {
      history = try phase("limit") { () throws(GitError) in
        try limited(
          history, mailmap: mailmap.mailmap, request: request, userEmail: userEmail, cache: known)
      }
    }
    var lineWarnings: [ActivityWarning] = []
    // --follow counts its file's lines as it walks (its name changes on the way).
    if request.readsLines && !(request.selection.followsRenames && history.hasLineStats) {
      let (table, languages, warnings) = try phase("lines") { () throws(GitError) in
        try countLines(
          of: &history, request, cachedAt: policy.isEnabled ? location : nil)
      }
      lineWarnings = warnings
      if table != nil || languages != nil {
        pending = pending ?? PendingCache(cache: nil, location: location)
        pending?.lines = table
        pending?.languages = languages
      }
    }
    // --diff-filter: git log shows no commit whose diff keeps nothing (a merge it does not
    // diff among them).
    if !request.lineCountingChoices.diffFilter.isEmpty {
      let counted = history
      history = counted.keeping { (counted.lineStats(ofCommit: $0)?.files ?? 0) > 0 }
    }
    var result = RepositoryHistory(
      name: RawPath.display(repository.displayPath), history: history, mailmap: mailmap.mailmap,
      warnings: mailmap.unreadable.map { .unreadableMailmap(path: $0.path, reason: $0.reason) }
        + history.undatedWarnings(byCommitter: request.options.usesCommitterDate) + lineWarnings,
      userEmail: userEmail)
    result.commonDirectory = repository.commonDirectory
    result.gitDirectory = repository.gitDirectory
    result.remoteURL = try repository.configString("remote.origin.url").flatMap {
      $0.isEmpty ? nil : $0
    }
    result.pendingCache = pending
    return result
  }

  /// `--clear-cache`: the history cache and every cache beside it.
  private static func removeCaches(at location: HistoryCache.Location) {
    HistoryCache.remove(at: location)
    PathspecAnswerCache.removeAll(beside: location)
    LineStatsCache.removeAll(beside: location)
    LanguageRowsCache.removeAll(beside: location)
  }

  /// The walk through the history cache, with a pathspec's answers from earlier runs: the
  /// history, the cache to write after the count, and what the cache knows of the commits.
  private func cachedWalk(_ request: ActivityRequest, location: HistoryCache.Location)
    throws(GitError) -> (history: History, pending: PendingCache?, known: HistoryCache)
  {
    let phase = request.phases
    // A cache is believed when its owner is this user and a sample of its commits says what
    // the objects say; otherwise history is read from the objects and the cache rewritten.
    let cache = phase("load cache") {
      HistoryCache.load(from: location).flatMap {
        HistoryWalker(repository).vouches(for: $0) ? $0 : nil
      } ?? HistoryCache()
    }
    // A pathspec's answers from earlier runs, beside the cache.
    let paths = request.selection.paths
    let key = PathspecAnswerCache.key(paths: paths)
    let answersLocation = PathspecAnswerCache.location(for: key, beside: location)
    let answers =
      paths.isEmpty
      ? nil : phase("load answers") { PathspecAnswerCache.load(key: key, from: answersLocation) }
    let walked = try phase("walk") { () throws(GitError) in
      try HistoryWalker(repository).history(
        request.selection, options: try followWalk(request), cache: cache, answers: answers)
    }
    var pending = walked.updatedCache.map { PendingCache(cache: $0, location: location) }
    if !paths.isEmpty && cache.count == 0 && !request.selection.followsRenames
      && walked.updatedCache == nil
    {
      // A pathspec walk that did not read the history first keeps no cache of it; read the
      // whole of it once, after the graph is out, so that the next run of this pathspec (its
      // answers kept) or any other starts from the cache, as a run without paths does.
      pending = PendingCache(cache: nil, location: location)
      pending?.reading = wholeHistoryRead(request)
    }
    if let found = walked.pathspecAnswers {
      phase("save answers") { found.save(to: answersLocation) }
    }
    return (walked.history, pending, walked.updatedCache ?? cache)
  }

  /// `history` with only the commits `git log --since`/`--until` lists.
  private func dated(_ history: History, _ request: ActivityRequest) throws(GitError) -> History {
    var shown: Set<String>?
    if let since = request.committedSince {
      guard request.selection.paths.isEmpty,
        let found = try HistoryWalker(repository).commitIDs(
          request.selection, committedSince: since, options: request.walk)
      else {
        throw GitError.sinceWithPaths
      }
      shown = found
    }
    let until = request.committedUntil ?? .max
    return history.keeping { index in
      guard let committed = history.commits[index].committer?.seconds, committed <= until else {
        // git's date for a commit without one is 0, inside any --until.
        return history.commits[index].committer == nil && until >= 0 && shown == nil
      }
      return shown.map { $0.contains(history.objectIDs[index].hex) } ?? true
    }
  }

  /// The request's walk options, with `--follow`'s line counting when lines are read.
  private func followWalk(_ request: ActivityRequest) throws(GitError) -> WalkOptions {
    var walk = request.walk
    if request.selection.followsRenames && request.readsLines {
      walk.followLines = try lineCounting(for: request)
    }
    return walk
  }

  /// The read of the whole history `request` selects (its paths aside), as a run without paths
  /// reads it into the cache; nil when it fails (the cache is then not written).
  private func wholeHistoryRead(_ request: ActivityRequest) -> @Sendable () -> HistoryCache? {
    var selection = request.selection
    selection.paths = []
    var options = request.walk
    options.progress = nil
    options.committedNoEarlierThan = nil
    let walkOptions = options
    let wholeSelection = selection
    return { [self] in
      try? repository.exclusively { () throws(GitError) in
        try HistoryWalker(repository).history(
          wholeSelection, options: walkOptions, cache: HistoryCache()
        ).updatedCache
      }
    }
  }

  /// Reads `request` from each repository at `paths`, concurrently (one thread each, up to the
  /// number of cores, each walk on one thread), in the order given. The selection's paths are
  /// pathspecs as given from each repository's top (`git -C <top> log -- <paths>`); `environment`
  /// holds the `GIT_*` variables that choose how repositories open and pathspecs read.
  static func read(
    repositoriesAt paths: [String], _ request: ActivityRequest,
    environment: [String: String] = [:]
  ) -> [Result<RepositoryHistory, ActivityError>] {
    var request = request
    request.walk.recordsCommitIDs = true
    // One of many, a repository with no commit yet counts none, as a folder of new ones would.
    request.selection.readsUnbornHeadAsEmpty = true
    if paths.count > 1 { request.walk.workerCount = 1 }
    request.walk.progress?.expectRepositories(paths.count)
    defer { request.walk.progress?.expectRepositories(0) }
    // Each phase line names no repository: several at once print none.
    request.phases = PhaseLog()
    // One slot a repository, each written by the one thread that reads it and read here once
    // all have ended (the threads are joined): no lock.
    let slots = UnsafeMutableBufferPointer<Result<RepositoryHistory, ActivityError>?>.allocate(
      capacity: paths.count)
    slots.initialize(repeating: nil)
    defer { slots.deinitialize().deallocate() }
    nonisolated(unsafe) let results = slots
    let shared = request
    Threads.concurrentPerform(
      iterations: paths.count, width: ProcessInfo.processInfo.activeProcessorCount
    ) { index in
      let result: Result<RepositoryHistory, ActivityError>
      do throws(ActivityError) {
        let repository: Repository
        var request = shared
        do throws(GitError) {
          repository = try Repository.openGit(at: paths[index], environment: environment)
          request.selection.paths = try GitArguments(repository).canonicalPathspec(
            shared.selection.paths,
            currentDirectory: repository.workingDirectory ?? repository.gitDirectory,
            environment: environment)
        } catch {
          throw .git(error)
        }
        result = .success(try HistoryReader(repository).read(request))
      } catch {
        result = .failure(error)
      }
      results[index] = result
      shared.walk.progress?.repositoryRead()
    }
    return slots.map {
      $0 ?? .failure(.git(GitError.notRead))
    }
  }

  /// Up to how many commits a limit reads the newest from the objects even when there is a
  /// history cache.
  static let newestFirstLimit = 256

  /// For `-n`/`--skip` with nothing counted before the limit (no author, merge or message
  /// filter, no paths, `--no-walk` or `--follow`): the commits the limit keeps, found by a walk
  /// in git log's order that stops once it has them and read alone; nil when the request is
  /// not such a one (or keeps nothing), for the whole read.
  func newestOnly(_ request: ActivityRequest) throws(GitError) -> History? {
    let selection = request.selection
    let options = request.options
    guard request.limit.isActive, selection.paths.isEmpty, !selection.showsOnlyTips,
      !selection.followsRenames, options.filter.isEmpty, !options.excludesMerges,
      options.minimumParents == 0, options.maximumParents == nil, request.messageFilter.isEmpty,
      try repository.substitutions(
        replaceRefBase: request.walk.replaceRefBase, graftFile: request.walk.graftFile
      ).isEmpty
    else { return nil }
    let skip = max(0, request.limit.skip)
    let wanted = request.limit.newestNeeded
    // `-n 0` keeps nothing: the walk below meets one commit before it asks whether it has
    // enough (it counted one commit without a cache).
    guard wanted < Int.max, wanted > 0 else { return nil }
    var met: [ObjectID] = []
    try repository.walkNewest(
      selection: selection, firstParentOnly: request.walk.followsFirstParentOnly, known: nil,
      enough: wanted
    ) { id in
      met.append(id)
      return true
    }
    let kept = met.dropFirst(skip)
    guard !kept.isEmpty else { return nil }
    // Read as a walk from each of them that walks no parent (every commit is older than the
    // end of time), and kept to them (a commit without a date would walk on).
    var walk = request.walk
    walk.committedNoEarlierThan = .max
    walk.recordsCommitIDs = true
    let read = try HistoryWalker(repository).history(
      RevisionSelection(revisions: kept.map(\.hex)), options: walk)
    let named = Set(kept)
    return read.keeping { named.contains(read.objectIDs[$0]) }
  }
}
