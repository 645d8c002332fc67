import Foundation

/// The public way in: every failure an app meets is an `ActivityError`, whether opening,
/// reading or asking. Each call hands the work to the type that does it (`HistoryReader`,
/// `GitArguments`, `ActivityReport`); this is the only extension of `Repository` outside its
/// own folder.
extension Repository {
  /// Finds the repository the way git does: `GIT_DIR` when set, else `start` and its parents up
  /// to `GIT_CEILING_DIRECTORIES`. A bare repository, a linked worktree or a subdirectory all
  /// work. Configuration given to git with `-c` (in `environment`) is read above the files'.
  /// Throws `.git` with `kind` `.notARepository`, `.dubiousOwnership` or
  /// `.unsupportedRepository` when none can be opened. The corresponding C function is
  /// `git_repository_open_ext`.
  public static func discover(from start: String, environment: [String: String] = [:])
    throws(ActivityError) -> Repository
  {
    do throws(GitError) {
      return try discoverGit(from: start, environment: environment)
    } catch {
      throw .git(error)
    }
  }

  /// Opens the repository at exactly `path` (a work tree, or a git directory), without
  /// searching parent folders; otherwise as `discover`.
  public static func open(at path: String, environment: [String: String] = [:])
    throws(ActivityError) -> Repository
  {
    do throws(GitError) {
      return try openGit(at: path, environment: environment)
    } catch {
      throw .git(error)
    }
  }

  /// The subject of commit `id` (full hexadecimal) as git's `%s` shows it: the first paragraph
  /// of the message, its lines joined by spaces, decoded through the commit's encoding.
  public func subject(ofCommit id: String) throws(ActivityError) -> String {
    do throws(GitError) {
      return try commitSubject(id)
    } catch {
      throw .git(error)
    }
  }

  /// How `git log --numstat` counts lines here: `diff.renames`, `diff.renameLimit`,
  /// `diff.algorithm` and `core.bigFileThreshold`, each as git reads it; a value git refuses
  /// throws `.git` in git's words.
  public func lineCountingOptions() throws(ActivityError) -> LineCountingOptions {
    do throws(GitError) {
      return try LineCountingOptions.configured(in: self)
    } catch {
      throw .git(error)
    }
  }

  /// Reads what `request` selects from this repository: its history (through the cache when the
  /// policy keeps one, taking a pathspec's answers from earlier runs too), filtered by the
  /// message filter, with the mailmap, `user.email` and `remote.origin.url`. The paths of the
  /// selection are those `pathspec(_:currentDirectory:environment:)` returns. This is the read
  /// every count of the command line and of `activityReport` goes through.
  public func read(_ request: ActivityRequest) throws(ActivityError) -> RepositoryHistory {
    try HistoryReader(self).read(request)
  }

  /// Reads `request` from each repository at `paths`, concurrently (one thread each, up to the
  /// number of cores, each walk on one thread), in the order given. The selection's paths are
  /// pathspecs as given from each repository's top (`git -C <top> log -- <paths>`);
  /// `environment` holds the `GIT_*` variables that choose how repositories open and
  /// pathspecs read.
  public static func read(
    repositoriesAt paths: [String], _ request: ActivityRequest,
    environment: [String: String] = [:]
  ) -> [Result<RepositoryHistory, ActivityError>] {
    HistoryReader.read(repositoriesAt: paths, request, environment: environment)
  }

  /// Lines added and removed in each language by the commits `ids` (hexadecimal), counted as
  /// `--measure lines` counts them with `request`'s selection and line options, each file's
  /// lines given to its language as GitHub's linguist tells it (`LanguageClassifier`), most
  /// lines first. Also the `linguist-language` values that named no language. Not cached: each
  /// run diffs the commits again.
  public func languageLines(_ request: ActivityRequest, commits ids: [String]) throws(GitError)
    -> (languages: [LanguageLines], unknownNames: [String])
  {
    try HistoryReader(self).languageLines(request, commits: ids)
  }

  /// `paths` (as given on a command line in `currentDirectory`) as the pathspec
  /// `RevisionSelection.paths` takes: each element from the top of the work tree, its magic
  /// spelled out. An element outside the work tree, or with magic git does not know, is an
  /// error in git's words.
  public func pathspec(
    _ paths: [String], currentDirectory: String, environment: [String: String] = [:]
  ) throws(ActivityError) -> [String] {
    do throws(GitError) {
      return try GitArguments(self).canonicalPathspec(
        paths, currentDirectory: currentDirectory, environment: environment)
    } catch {
      throw .git(error)
    }
  }

  /// The folder `currentDirectory` is, from the top of the work tree (`""` at the top, or
  /// inside the git directory); nil for a bare repository or a folder outside the work tree.
  public func workingPrefix(of currentDirectory: String) -> String? {
    GitArguments(self).workingPrefix(of: currentDirectory)
  }

  /// Counts the commits `request` selects and returns what every renderer draws: the window,
  /// the daily and per-author counts and their statistics, the warnings of the reading, and
  /// the history read (`readings`). `today` is the day the window ends on by default and the
  /// one streaks are measured to. This is the read the command line makes too.
  ///
  /// A request wrong in itself throws before anything is read (`problem(today:)`). The walk
  /// stops at commits far older than the window unless the request needs them (`limit`,
  /// `span`, `readsWholeHistory`). With `request.cache` enabled, the cache is read and then
  /// written before this returns (unless `CachePolicy.defersSaving`).
  public func activityReport(_ request: ActivityRequest, today: Day) throws(ActivityError)
    -> ActivityReport
  {
    if let problem = request.problem(today: today) { throw problem }
    let window = request.window.resolve(today: today)
    let reading = try HistoryReader(self).readAsked(request.forReport(of: window, today: today))
    return try ActivityReport(reading: [reading], request: request, window: window, today: today)
  }

  /// `activityReport` off the caller's actor, on a thread of its own: the main actor stays free
  /// while history is read. Cancelling the task stops the walk within a few dozen commits
  /// (it throws `.git` with `GitError.kind == .cancelled`); `progress` counts the commits read
  /// meanwhile, for a progress bar. A repository kept in an actor or a `@MainActor` model is
  /// read this way from any of them; reads of one repository take turns.
  ///
  /// ```swift
  /// .task {
  ///   do {
  ///     report = try await repository.activityReport(request, today: Day(.now, in: .current))
  ///   } catch {
  ///     message = error.localizedDescription
  ///   }
  /// }
  /// ```
  public func activityReport(
    _ request: ActivityRequest, today: Day, progress: WalkProgress? = nil
  ) async throws(ActivityError) -> ActivityReport {
    let progress = progress ?? request.walk.progress ?? WalkProgress()
    var request = request
    request.walk.progress = progress
    let asked = request
    return try await Self.onThread(cancelling: progress) { () throws(ActivityError) in
      try self.activityReport(asked, today: today)
    }
  }

  /// Counts what `request` selects in each repository at `paths` (read concurrently, each
  /// commit counted once: the first repository's copy, in the order given), the repositories
  /// named as `names` says (else by their paths). A repository that cannot be read is left out
  /// with a warning (`.skippedRepository`); when none can be, the first failure is thrown.
  /// Worktrees of one repository count once. The selection's paths are pathspecs from each
  /// repository's top; `environment` holds the `GIT_*` variables that choose how repositories
  /// open and pathspecs read.
  public static func activityReport(
    repositoriesAt paths: [String], named names: [String]? = nil, _ request: ActivityRequest,
    today: Day, environment: [String: String] = [:]
  ) throws(ActivityError) -> ActivityReport {
    if let problem = request.problem(today: today) { throw problem }
    let window = request.window.resolve(today: today)
    let results = HistoryReader.read(
      repositoriesAt: paths, request.forReport(of: window, today: today), environment: environment)
    var readings: [RepositoryHistory] = []
    var skipped: [ActivityWarning] = []
    var failures: [ActivityError] = []
    var directories = Set<String>()
    for (index, result) in results.enumerated() {
      let name = names.flatMap { index < $0.count ? $0[index] : nil }
      switch result {
      case .success(var reading):
        if let name { reading.name = name }
        if directories.insert(reading.commonDirectory).inserted { readings.append(reading) }
      case .failure(let error):
        if error.kind == .cancelled { throw error }
        failures.append(error)
        skipped.append(.skippedRepository(name: name ?? paths[index], error: error))
      }
    }
    guard !readings.isEmpty else {
      throw failures.first
        ?? .git(GitError.noRepository)
    }
    var report = try ActivityReport(
      reading: readings, request: request, window: window, today: today)
    report.warnings += skipped
    return report
  }

  /// `body` on a thread of its own while the calling task waits without holding a thread;
  /// cancelling the task cancels `progress`.
  private static func onThread<Value: Sendable>(
    cancelling progress: WalkProgress,
    _ body: @escaping @Sendable () throws(ActivityError) -> Value
  ) async throws(ActivityError) -> Value {
    // The thread is joined once it has answered (it ends right after), not left behind.
    let thread = Locked<Threads.Handle?>(nil)
    defer { thread.withLock { $0 }?.wait() }
    let result: Result<Value, ActivityError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let handle = Threads.start {
          do throws(ActivityError) {
            continuation.resume(returning: .success(try body()))
          } catch {
            continuation.resume(returning: .failure(error))
          }
        }
        thread.withLock { $0 = handle }
      }
    } onCancel: {
      progress.cancel()
    }
    return try result.get()
  }
}
