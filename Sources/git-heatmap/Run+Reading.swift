import Foundation
import GitActivity
import Synchronization

/// Reading: the repositories of a run, their histories (through the cache), mailmaps and emails.
extension Run {
  /// One repository's contribution to a run.
  struct Source: Sendable {
    /// The repository's name in outputs: its path (relative to the scan root for `--scan`, as
    /// given for `--repo`), or for a draw from exports, the repositories they name.
    var path: String
    /// The repositories this source stands for: itself, or those of the exports it was read from.
    var names: [String] { exportedNames ?? [path] }
    var exportedNames: [String]?
    var commonDirectory: String
    /// The git directory, to open the repository again (for `--day`'s subjects).
    var gitDirectory: String
    var history: History
    var mailmap: Mailmap
    /// What to tell the user about reading it: commits not counted, a mailmap not read.
    var warnings: [String]
    var userEmail: String?
    /// `remote.origin.url`, which names the repository in an export made of it alone.
    var remoteURL: String?
    /// The cache with what this run read added, still to be written.
    var cacheToSave: (cache: HistoryCache, location: HistoryCache.Location)?
  }

  /// The repositories of the run, read: the one found from the current directory, or those of
  /// `--repo` and `--scan`, read concurrently. A path that is not a repository is a warning,
  /// unless it was the only one.
  func readSources(walk: WalkOptions, quietly: Bool = false, keepsIDs: Bool = false)
    throws(GitError) -> [Source]
  {
    // Each repository with the name outputs give it: as given for --repo, relative to the scan
    // root for --scan; in natural order (proj2 before proj10), which also decides whose copy of
    // a shared commit counts.
    var named: [(path: String, name: String)] = invocation.repositories.map {
      (absolute($0), RawPath.withoutTrailingSlashes($0))
    }
    for (given, directory) in zip(
      invocation.scanDirectories, invocation.scanDirectories.map(absolute))
    {
      let found = RepositoryScanner.scan(directory, depth: invocation.scanDepth)
      if found.isEmpty && !quietly {
        warn(["no repository found in '\(RawPath.display(directory))'"])
      }
      let root = RawPath.withoutTrailingSlashes(directory)
      for path in found {
        let relative =
          path == root
          ? RawPath.withoutTrailingSlashes(given)
          : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        named.append((path, relative))
      }
    }
    // --repo and --scan count the repository the run is in too ("count this repository too"),
    // named by its path from here: `.` at its top.
    if !named.isEmpty,
      let current = try? Repository.discover(
        from: startDirectory(), environment: context.environment)
    {
      let top = current.displayPath
      named.insert((top, Self.relative(top, from: startDirectory())), at: 0)
    }
    named.sort { NaturalOrder.precedes($0.name, $1.name) }
    let paths = named.map(\.path)
    let names = named.map(\.name)
    if invocation.repositories.isEmpty && invocation.scanDirectories.isEmpty {
      let repository = try phase("open") { () throws(GitError) in
        try Repository.discover(from: startDirectory(), environment: context.environment)
      }
      var settings = settings(walk: walk)
      settings.selection = try selection(in: repository)
      var walk = walk
      // One repository counts each commit once by the walk itself: no ids needed.
      walk.recordsCommitIDs =
        keepsIDs || invocation.listedDay != nil || invocation.isInteractive
        || invocation.format == .html
        || !invocation.messageFilter.isEmpty || invocation.maxCount != nil
        || invocation.skipCount > 0
      var progressLine: ProgressLine?
      if ProgressLine.isWanted(context: context, isQuiet: invocation.isQuiet) {
        let progress = WalkProgress()
        walk.progress = progress
        progressLine = ProgressLine(
          progress: progress, stderr: stderr, delay: context.progressDelay)
        progressLine?.start()
      }
      defer { progressLine?.finish() }
      settings.walk = walk
      let source = try Run.read(repository, settings: settings, phase: phase)
      progressLine?.finish()
      if !quietly { warn(source.warnings) }
      return [source]
    }
    guard !paths.isEmpty else {
      throw GitError(message: "no repository found to count", function: "scan")
    }
    // Each repository on its own thread, up to the number of cores; one reader each.
    var walk = walk
    walk.recordsCommitIDs = true
    if paths.count > 1 { walk.workerCount = 1 }
    let settings = settings(walk: walk)
    let results = Mutex<[Int: Result<Source, GitError>]>([:])
    let uniquePaths = paths
    let environment = context.environment
    // With several repositories, paths after `--` are relative to each one's top.
    let pathArguments = (invocation.pathArguments ?? []) + invocation.standardInputPaths
    Threads.concurrentPerform(
      iterations: uniquePaths.count, width: ProcessInfo.processInfo.activeProcessorCount
    ) { index in
      let result: Result<Source, GitError>
      do throws(GitError) {
        let repository = try Repository.open(at: uniquePaths[index], environment: environment)
        var settings = settings
        settings.selection.paths = try repository.pathspec(
          pathArguments, currentDirectory: repository.workingDirectory ?? repository.gitDirectory,
          environment: environment)
        var source = try Run.read(repository, settings: settings, phase: PhaseTimer(sink: nil))
        source.path = RawPath.display(names[index])
        result = .success(source)
      } catch {
        result = .failure(error)
      }
      results.withLock { $0[index] = result }
    }
    var sources: [Source] = []
    var seenDirectories = Set<String>()
    var failures: [GitError] = []
    for index in uniquePaths.indices {
      switch results.withLock({ $0[index] }) {
      case .success(let source)?:
        if seenDirectories.insert(source.commonDirectory).inserted { sources.append(source) }
        if !quietly { warn(source.warnings) }
      case .failure(let error)?:
        failures.append(error)
        if !quietly { warn(["\(error.message); skipped"]) }
      case nil:
        break
      }
    }
    if sources.isEmpty {
      throw failures.first ?? GitError(message: "no repository could be read", function: "open")
    }
    return sources
  }

  /// What a repository read needs, as values that may cross threads.
  struct ReadSettings: Sendable {
    var selection: RevisionSelection
    var walk: WalkOptions
    var usesCache: Bool
    var clearsCache: Bool
    var usesMailmap: Bool
    /// `--date committer`: which date a commit is counted by, for the warnings.
    var usesCommitterDate: Bool
    var fallbackCacheDirectory: String?
    /// `--grep`: applied to the history read, messages read only for its commits.
    var messageFilter = MessageFilter()
  }

  func settings(walk: WalkOptions) -> ReadSettings {
    var selection = invocation.selection
    selection.revisions += invocation.standardInputRevisions
    return ReadSettings(
      selection: selection, walk: walk, usesCache: invocation.usesCache,
      clearsCache: invocation.clearsCache, usesMailmap: invocation.usesMailmap,
      usesCommitterDate: invocation.usesCommitterDate,
      fallbackCacheDirectory: fallbackCacheDirectory(),
      messageFilter: {
        var filter = invocation.messageFilter
        filter.locale = Self.characterLocale(context.environment)
        return filter
      }())
  }

  /// Reads one repository: its history (through its cache unless `--no-cache`), mailmap and
  /// `user.email`.
  static func read(
    _ repository: Repository, settings: ReadSettings,
    phase: PhaseTimer
  ) throws(GitError) -> Source {
    let location = HistoryCache.Location(
      commonDirectory: repository.commonDirectory,
      fallbackDirectory: settings.fallbackCacheDirectory)
    if settings.clearsCache {
      HistoryCache.remove(at: location)
      PathspecAnswerCache.removeAll(beside: location)
    }
    let read: History
    var cacheToSave: (cache: HistoryCache, location: HistoryCache.Location)?
    if settings.usesCache {
      let cache = phase("load cache") { HistoryCache.load(from: location) ?? HistoryCache() }
      // A pathspec's answers from earlier runs, beside the cache.
      let paths = settings.selection.paths
      let key = PathspecAnswerCache.key(paths: paths)
      let answersLocation = PathspecAnswerCache.location(for: key, beside: location)
      let answers =
        paths.isEmpty
        ? nil : phase("load answers") { PathspecAnswerCache.load(key: key, from: answersLocation) }
      let walked = try phase("walk") { () throws(GitError) in
        try repository.history(
          settings.selection, options: settings.walk, cache: cache, answers: answers)
      }
      cacheToSave = walked.updatedCache.map { ($0, location) }
      if let found = walked.pathspecAnswers {
        phase("save answers") { found.save(to: answersLocation) }
      }
      read = walked.history
    } else {
      read = try repository.history(settings.selection, options: settings.walk)
    }
    let history = try settings.messageFilter.filter(read, in: repository)
    let mailmap =
      settings.usesMailmap ? try repository.mailmap() : (mailmap: Mailmap(), warnings: [])
    return Source(
      path: RawPath.display(repository.displayPath), commonDirectory: repository.commonDirectory,
      gitDirectory: repository.gitDirectory, history: history,
      mailmap: mailmap.mailmap,
      warnings: mailmap.warnings + undatedWarnings(history, settings.usesCommitterDate),
      userEmail: try repository.configString("user.email").flatMap { $0.isEmpty ? nil : $0 },
      remoteURL: try repository.configString("remote.origin.url").flatMap { $0.isEmpty ? nil : $0 },
      cacheToSave: cacheToSave)
  }

  /// One line for each counted commit that cannot be placed on a day by the date in force.
  static func undatedWarnings(_ history: History, _ usesCommitterDate: Bool) -> [String] {
    let date = usesCommitterDate ? "committer" : "author"
    return history.undated.filter { $0.isUncounted(usesCommitterDate: usesCommitterDate) }.map {
      "commit \($0.id) has no valid \(date) date; it is not counted"
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
    guard let directory = invocation.directory else { return context.currentDirectory }
    return directory.hasPrefix("/") ? directory : context.currentDirectory + "/" + directory
  }

  /// The revisions and paths of the command line in `repository`: after `--`, paths; without
  /// it, each positional argument a revision or a path by git's rules. Paths are made relative
  /// to the top of the work tree from the folder the run started in.
  func selection(in repository: Repository) throws(GitError) -> RevisionSelection {
    var selection = invocation.selection
    var paths = invocation.pathArguments ?? []
    let positional = selection.revisions.filter { !RevisionSelection.isPseudoOption($0) }
    if invocation.pathArguments == nil && !positional.isEmpty {
      // git's rule, on the positional words alone: the revisions come first, and from the first
      // word that is not one, all are paths. The ref options stay where they were given.
      let split = try repository.splitRevisionsAndPaths(
        positional, currentDirectory: startDirectory())
      var kept = split.revisions.count
      selection.revisions = selection.revisions.filter { word in
        if RevisionSelection.isPseudoOption(word) { return true }
        kept -= 1
        return kept >= 0
      }
      paths = split.paths
    }
    // `--stdin`'s revisions come after the command line's, and are never paths.
    selection.revisions += invocation.standardInputRevisions
    paths += invocation.standardInputPaths
    selection.paths = try repository.pathspec(
      paths, currentDirectory: startDirectory(), environment: context.environment)
    return selection
  }
}
