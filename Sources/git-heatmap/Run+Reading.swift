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

  /// The repositories of the run, read: the one found from the current directory, or those of
  /// `--repo` and `--scan`, read concurrently. A path that is not a repository is a warning,
  /// unless it was the only one.
  func readSources(walk: WalkOptions, quietly: Bool = false, keepsIDs: Bool = false)
    throws(GitError) -> [Source]
  {
    // Each repository with the name outputs give it: as given for --repo, relative to the scan
    // root for --scan; in natural order (proj2 before proj10), which also decides whose copy of
    // a shared commit counts.
    var named: [(path: String, name: String)] = invocation.sources.repositories.map {
      (absolute($0), RawPath.withoutTrailingSlashes($0))
    }
    for (given, directory) in zip(
      invocation.sources.scanDirectories, invocation.sources.scanDirectories.map(absolute))
    {
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
    if !invocation.sources.areSeveral {
      let repository = try phase("open") { () throws(GitError) in
        try Repository.discover(from: startDirectory(), environment: context.environment)
      }
      var request = request(walk: walk)
      request.selection = try selection(in: repository)
      // One repository counts each commit once by the walk itself: no ids needed.
      request.walk.recordsCommitIDs =
        keepsIDs || invocation.days.listedDay != nil || invocation.output.isInteractive
        || invocation.output.format == .html
        || !invocation.commits.messageFilter.isEmpty || invocation.commits.limitsCount
      var progressLine: ProgressLine?
      if ProgressLine.isWanted(context: context, isQuiet: invocation.output.isQuiet) {
        let progress = WalkProgress()
        request.walk.progress = progress
        progressLine = ProgressLine(
          progress: progress, stderr: stderr, delay: context.progressDelay)
        progressLine?.start()
      }
      defer { progressLine?.finish() }
      let source: Source
      do throws(ActivityError) {
        source = Source(read: try repository.read(request))
      } catch {
        throw Self.gitError(error)
      }
      progressLine?.finish()
      if !quietly { warn(source.warnings) }
      return [source]
    }
    guard !paths.isEmpty else {
      throw GitError(message: "no repository found to count", function: "scan")
    }
    // Each repository on its own thread, up to the number of cores; one reader each. With
    // several repositories, paths after `--` are relative to each one's top.
    var request = request(walk: walk)
    request.selection.paths =
      (invocation.commits.pathArguments ?? []) + invocation.commits.standardInputPaths
    let results = Repository.read(
      repositoriesAt: paths, request, environment: context.environment)
    var sources: [Source] = []
    var seenDirectories = Set<String>()
    var failures: [GitError] = []
    for (index, result) in results.enumerated() {
      switch result.mapError(Self.gitError) {
      case .success(var read):
        read.name = RawPath.display(names[index])
        if seenDirectories.insert(read.commonDirectory).inserted {
          sources.append(Source(read: read))
        }
        if !quietly { warn(read.warnings) }
      case .failure(let error):
        failures.append(error)
        if !quietly { warn(["\(error.message); skipped"]) }
      }
    }
    if sources.isEmpty {
      throw failures.first ?? GitError(message: "no repository could be read", function: "open")
    }
    return sources
  }

  /// The library's request for what this run reads: the command line's revisions (`--stdin`'s
  /// after them), `--grep`, the cache and the mailmap, read with `walk`.
  func request(walk: WalkOptions) -> ActivityRequest {
    var request = ActivityRequest()
    request.selection = invocation.commits.selection
    request.selection.revisions += invocation.commits.standardInputRevisions
    request.walk = walk
    request.usesMailmap = invocation.counting.usesMailmap
    request.options.usesCommitterDate = invocation.counting.options.usesCommitterDate
    request.options.measure = invocation.counting.options.measure
    request.countsLines = readsLines
    request.cache = CachePolicy(
      isEnabled: invocation.sources.usesCache, clearsFirst: invocation.sources.clearsCache,
      fallbackDirectory: fallbackCacheDirectory())
    request.messageFilter = invocation.commits.messageFilter
    request.messageFilter.locale = Self.characterLocale(context.environment)
    request.phases = phase
    return request
  }

  /// A library error the command reports as git's: a request problem the command has already
  /// checked in its own words, so only the repository's failures arrive here.
  static func gitError(_ error: ActivityError) -> GitError {
    if case .git(let error) = error { return error }
    return GitError(message: error.description, function: "request")
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
    let positional = selection.revisions.filter { !RevisionSelection.isPseudoOption($0) }
    if invocation.commits.pathArguments == nil && !positional.isEmpty {
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
    selection.revisions += invocation.commits.standardInputRevisions
    paths += invocation.commits.standardInputPaths
    selection.paths = try repository.pathspec(
      paths, currentDirectory: startDirectory(), environment: context.environment)
    return selection
  }
}
