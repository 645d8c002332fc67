import Foundation
import GitActivity

/// Reading: the repositories of a run, their histories (through the cache), mailmaps and emails.
extension Run {
  /// One repository's contribution to a run: what the library read of it (its fields are the
  /// source's), or for a draw from exports, the history they hold and the repositories they name.
  @dynamicMemberLookup
  struct Source: Sendable {
    var read: RepositoryHistory
    /// The repositories this source stands for: itself, or those of the exports it was read from.
    var names: [String] { exportedNames ?? [read.name] }
    var exportedNames: [String]?

    subscript<Value>(dynamicMember key: WritableKeyPath<RepositoryHistory, Value>) -> Value {
      get { read[keyPath: key] }
      set { read[keyPath: key] = newValue }
    }
  }

  /// The report of the run's repositories, read through the library's one public read: the
  /// repository found from the current folder, or those of `--repo` and `--scan`, read
  /// concurrently (a repository found by `--scan` that cannot be read is a warning; one named
  /// by `--repo` is an error). `readsWholeHistory` reads past the window, to say where commits
  /// outside it are.
  func readReport(zone: DayZone, today: Day, readsWholeHistory: Bool = false)
    throws(CommandError) -> ActivityReport
  {
    var request = request(walk: walkOptions())
    request.window = windowRequest(todayIn: todayZone(zone))
    request.options = try activityOptions(zone: zone)
    request.streakRule = invocation.appearance.streakRule
    if invocation.output.showsReview && !readsWholeHistory {
      // The year before, counted in the same read.
      request.earlierWindow = Self.windowBefore(request.window.resolve(today: today))
    }
    request.limit = CommitLimit(
      maxCount: invocation.commits.maxCount, skip: invocation.commits.skipCount)
    // A page spans every year, except the page of a year in review, which is that year's.
    request.span =
      (invocation.output.format == .html && !invocation.output.showsReview)
        || invocation.output.isInteractive
      ? ActivityRequest.Span.wholeHistory : .window
    request.readsWholeHistory = readsWholeHistory
    // The command writes the caches while it draws; a second read writes them itself.
    request.cache.defersSaving = !readsWholeHistory
    if readsWholeHistory { request.walk.progress = nil }
    do throws(ActivityError) {
      guard invocation.sources.areSeveral else {
        let repository = try phase("open") { () throws(ActivityError) in
          try Repository.discover(from: startDirectory(), environment: context.environment)
        }
        do throws(GitError) {
          request.selection = try selection(in: repository)
        } catch {
          throw .git(error)
        }
        request.workingPrefix = repository.workingPrefix(of: startDirectory())
        request.walk.recordsCommitIDs =
          invocation.days.listedDay != nil || invocation.output.isInteractive
          || invocation.output.format == .html || !invocation.commits.messageFilter.isEmpty
          || invocation.output.showsLanguages || invocation.output.showsReview
        let progressLine = readsWholeHistory ? nil : startProgressLine(&request)
        defer { progressLine?.finish() }
        return try repository.activityReport(request, today: today)
      }
      let (paths, names, required) = try repositoriesToRead(quietly: readsWholeHistory)
      request.selection.paths =
        (invocation.commits.pathArguments ?? []) + invocation.commits.standardInputPaths
      let report = try Repository.activityReport(
        repositoriesAt: paths, named: names, request, today: today,
        environment: context.environment)
      for case .skippedRepository(let name, let error) in report.warnings
      where required.contains(name) {
        throw error
      }
      return report
    } catch {
      throw commandError(error)
    }
  }

  /// A progress line on stderr for a long read, counting through the request's walk.
  private func startProgressLine(_ request: inout ActivityRequest) -> ProgressLine? {
    guard ProgressLine.isWanted(context: context, isQuiet: invocation.output.isQuiet) else {
      return nil
    }
    let progress = WalkProgress()
    request.walk.progress = progress
    let line = ProgressLine(progress: progress, stderr: stderr, delay: context.progressDelay)
    line.start()
    return line
  }

  /// The repositories `--repo` and `--scan` name, with the names outputs give them (as given
  /// for `--repo`, relative to the scan root for `--scan`), and the repository the run is in
  /// ("count this repository too"), in natural order (proj2 before proj10), which also decides
  /// whose copy of a shared commit counts.
  func repositoriesToRead(quietly: Bool = false) throws(ActivityError)
    -> (paths: [String], names: [String], required: Set<String>)
  {
    var named: [(path: String, name: String)] = invocation.sources.repositories.map {
      (absolute($0), RawPath.display(RawPath.withoutTrailingSlashes($0)))
    }
    // A repository named on the command line must be read; one a scan found may be skipped.
    let givenPaths = Set(named.map(\.path))
    for given in invocation.sources.scanDirectories {
      let directory = absolute(given)
      let found = RepositoryScanner.scan(directory, depth: invocation.sources.scanDepth)
      if found.isEmpty && !quietly {
        warn(["no repository found in '\(RawPath.display(directory))'"])
      }
      let root = RawPath.withoutTrailingSlashes(directory)
      for path in found {
        let relative =
          path == root
          ? RawPath.withoutTrailingSlashes(given)
          : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        named.append((path, RawPath.display(relative)))
      }
    }
    if !named.isEmpty,
      let current = try? Repository.discover(
        from: startDirectory(), environment: context.environment)
    {
      let top = current.displayPath
      named.insert((top, RawPath.display(Self.relative(top, from: startDirectory()))), at: 0)
    }
    named.sort { NaturalOrder.precedes($0.name, $1.name) }
    guard !named.isEmpty else {
      throw .git(GitError(message: "no repository found to count", function: "scan", kind: .other))
    }
    let names = Self.personNames(named)
    let required = Set(
      named.indices.filter { givenPaths.contains(named[$0].path) }.map { names[$0] })
    return (named.map(\.path), names, required)
  }

  /// The repositories named as a person names them: by their folder (`.` is the folder the
  /// command runs in, `../api` is `api`, a bare `git.git` is `git`), or, where two would share
  /// a folder name, by the path as given (`team-a/api`, `team-b/api`), from which `./` and
  /// `../` steps are dropped.
  static func personNames(_ named: [(path: String, name: String)]) -> [String] {
    func steps(_ name: String) -> [Substring] {
      name.split(separator: "/").filter { $0 != "." && $0 != ".." }
    }
    let short = named.map { repository -> String in
      var folder =
        steps(repository.name).last.map(String.init)
        ?? URL(fileURLWithPath: repository.path).standardizedFileURL.lastPathComponent
      if folder.hasSuffix(".git") && folder.count > 4 { folder.removeLast(4) }
      return RawPath.display(folder)
    }
    let paths = named.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path }
    return named.indices.map { index in
      let name = short[index]
      let sharing = Set(named.indices.filter { short[$0] == name }.map { paths[$0] })
      guard sharing.count > 1 else { return name }
      let path = steps(named[index].name).joined(separator: "/")
      return path.isEmpty ? named[index].name : path
    }
  }

  /// The repositories of the run, read whole (no window, no report) for the per-commit export:
  /// the one found from the current folder, or those of `--repo` and `--scan`.
  func readSources(walk: WalkOptions, keepsIDs: Bool = false) throws(CommandError) -> [Source] {
    var request = request(walk: walk)
    request.limit = CommitLimit(
      maxCount: invocation.commits.maxCount, skip: invocation.commits.skipCount)
    request.walk.recordsCommitIDs = keepsIDs
    do throws(ActivityError) {
      guard invocation.sources.areSeveral else {
        let repository = try phase("open") { () throws(ActivityError) in
          try Repository.discover(from: startDirectory(), environment: context.environment)
        }
        do throws(GitError) {
          request.selection = try selection(in: repository)
        } catch {
          throw .git(error)
        }
        request.workingPrefix = repository.workingPrefix(of: startDirectory())
        let progressLine = startProgressLine(&request)
        defer { progressLine?.finish() }
        let source = Source(read: try repository.read(request))
        progressLine?.finish()
        warn(source.warnings)
        return [source]
      }
      let (paths, names, required) = try repositoriesToRead()
      request.selection.paths =
        (invocation.commits.pathArguments ?? []) + invocation.commits.standardInputPaths
      let results = Repository.read(
        repositoriesAt: paths, request, environment: context.environment)
      var sources: [Source] = []
      var directories = Set<String>()
      for (index, result) in results.enumerated() {
        switch result {
        case .success(var read):
          read.name = names[index]
          if directories.insert(read.commonDirectory).inserted {
            sources.append(Source(read: read))
          }
          warn(read.warnings)
        case .failure(let error):
          if required.contains(names[index]) { throw error }
          warn([ActivityWarning.skippedRepository(name: names[index], error: error)])
        }
      }
      guard !sources.isEmpty else {
        throw .git(GitError(message: "no repository could be read", function: "open", kind: .other))
      }
      return sources
    } catch {
      throw commandError(error)
    }
  }

  /// The library's request for what this run reads: the command line's revisions (`--stdin`'s
  /// after them), `--grep`, the cache and the mailmap, read with `walk`.
  func request(walk: WalkOptions) -> ActivityRequest {
    var request = ActivityRequest()
    request.selection = invocation.commits.selection
    request.selection.revisions = invocation.commits.revisionsWithStandardInput(
      request.selection.revisions)
    request.walk = walk
    request.usesMailmap = invocation.counting.usesMailmap
    request.options.usesCommitterDate = invocation.counting.options.usesCommitterDate
    request.options.measure = invocation.counting.options.measure
    request.countsLines = readsLines
    // The languages of a review or --languages in the lines' own pass, cached beside them.
    request.countsLanguages = invocation.output.showsReview || invocation.output.showsLanguages
    request.lineCountingChoices = invocation.counting.lineChoices
    request.cache = CachePolicy(
      isEnabled: invocation.sources.usesCache, clearsFirst: invocation.sources.clearsCache,
      fallbackDirectory: fallbackCacheDirectory())
    request.messageFilter = invocation.commits.messageFilter
    request.messageFilter.locale = Self.characterLocale(context.environment)
    request.phases = phase
    if invocation.output.format == .commits {
      let window = invocation.days.window
      request.committedSince = window.since?.gitMoment(now: context.now, in: context.localTimeZone)
      request.committedUntil = window.until?.gitMoment(now: context.now, in: context.localTimeZone)
    }
    return request
  }

  /// A library error in the command's words: a window or pattern problem is a usage error
  /// (the command checks its own first, naming its options), a repository's failure git's.
  func commandError(_ error: ActivityError) -> CommandError {
    switch error {
    case .git(let error): return CommandError(error)
    case .invalidWindow(let problem): return .usage(Self.words(problem))
    case .invalidPattern, .unknownTimeZone: return .usage(TextEscaping.terminal(error.description))
    case .userEmailUnset: return .failure(error.description)
    }
  }

  /// `target` as a path from `base` (both absolute): `.`, `sub/dir`, `../other`.
  static func relative(_ target: String, from base: String) -> String {
    let to = RawPath.withoutTrailingSlashes(target).split(separator: "/")
    let from = RawPath.withoutTrailingSlashes(base).split(separator: "/")
    var shared = 0
    while shared < min(to.count, from.count) && to[shared] == from[shared] { shared += 1 }
    let parts =
      Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
  }

  /// `$XDG_CACHE_HOME/git-heatmap`, else `~/.cache/git-heatmap`: for repositories whose git
  /// directory is not writable.
  func fallbackCacheDirectory() -> String? {
    if let xdg = context.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return xdg + "/git-heatmap"
    }
    return context.environment["HOME"].map { $0 + "/.cache/git-heatmap" }
  }

  func startDirectory() -> String {
    guard let directory = invocation.sources.directory else { return context.currentDirectory }
    return directory.hasPrefix("/") ? directory : context.currentDirectory + "/" + directory
  }

  /// The revisions and paths of the command line in `repository`: after `--`, paths; without
  /// it, each positional argument a revision or a path by git's rules. Paths are made relative
  /// to the top of the work tree from the folder the run started in.
  func selection(in repository: Repository) throws(GitError) -> RevisionSelection {
    var selection = invocation.commits.selection
    var paths = invocation.commits.pathArguments ?? []
    func isOption(_ word: String) -> Bool {
      word == "--stdin" || RevisionSelection.isPseudoOption(word)
    }
    let positional = selection.revisions.filter { !isOption($0) }
    if invocation.commits.pathArguments == nil && !positional.isEmpty {
      // git's rule, on the positional words alone: the revisions come first, and from the first
      // word that is not one, all are paths. The ref options stay where they were given.
      let split = try GitArguments(repository).splitRevisionsAndPaths(
        positional, currentDirectory: startDirectory())
      var kept = split.revisions.count
      selection.revisions = selection.revisions.filter { word in
        if isOption(word) { return true }
        kept -= 1
        return kept >= 0
      }
      paths = split.paths
    }
    // `--stdin`'s revisions are read where it stood, and are never paths.
    selection.revisions = invocation.commits.revisionsWithStandardInput(selection.revisions)
    paths += invocation.commits.standardInputPaths
    selection.paths = try GitArguments(repository).canonicalPathspec(
      paths, currentDirectory: startDirectory(), environment: context.environment)
    switch invocation.commits.follows {
    case .always: selection.followsRenames = true
    case .never: break
    case .withOnePath:
      // As git: log.follow applies to exactly one path without wildcards.
      selection.followsRenames =
        paths.count == 1 && !GitArguments.looksLikePathspec(paths[0])
    }
    return selection
  }
}
