import Foundation
import Synchronization

extension Repository {
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
    let reading = try readAsked(request.forReport(of: window, today: today))
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
    let results = read(
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
    let thread = Mutex<Threads.Handle?>(nil)
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

extension ActivityRequest {
  /// The request a report of `window` reads: the walk stops at the window's cutoff unless
  /// the report needs older commits (a limit counts from the newest whatever their day, a
  /// report of the whole history reaches its first commit).
  func forReport(of window: Window, today: Day) -> ActivityRequest {
    var reading = self
    let stopsAtWindow = !readsWholeHistory && span == .window && !limit.isActive
    reading.walk.committedNoEarlierThan = stopsAtWindow ? window.walkCutoff : nil
    if let earlier = earlierWindow?.resolve(today: today) {
      // The walk reaches the earlier window; lines stay where this window can count them
      // (a commit it counts is dated after its cutoff, by author or committer).
      reading.walk.committedNoEarlierThan =
        stopsAtWindow
        ? min(window.walkCutoff, earlier.walkCutoff) : nil
      // With --diff-filter, a commit whose diff keeps nothing is not listed: the earlier
      // window's commits are diffed too, to be left out as git leaves them out.
      if lineCountingChoices.diffFilter.isEmpty { reading.linesNoEarlierThan = window.walkCutoff }
    }
    return reading
  }
}

extension ActivityReport {
  /// The report of histories read for `request`: their commits counted over the window (or
  /// the whole history, as `span` says; each commit once, the first history's copy counting),
  /// `--me` resolved to the emails they name, their warnings kept; their caches written unless
  /// the policy defers it.
  init(
    reading histories: [RepositoryHistory], request: ActivityRequest, window: Window, today: Day
  ) throws(ActivityError) {
    var options = request.options
    if request.span == .window {
      options.countsFrom = window.firstMoment
      options.countsThrough = window.lastMoment
    }
    if options.filter.includesUser {
      options.filter.ownEmails = try Self.userEmails(of: histories, adding: options.filter)
    }
    let days =
      request.span == .wholeHistory
      ? Self.historyDays(histories, options: options, window: window, today: today)
      : window.days
    let activity = DailyActivity(
      histories: histories.map { ($0.history, $0.mailmap) }, days: days, options: options)
    self.init(
      repositories: histories.map(\.name), window: window, zone: options.zone, activity: activity,
      today: today, subject: options.filter.subject)
    if activity.countsByHistory.count == repositories.count {
      repositoryTotals = activity.countsByHistory
    }
    self.options = options
    if request.streakRule != .daily {
      // An initializer runs no observer: the statistics are counted again here.
      streakRule = request.streakRule
      statistics = Statistics(
        days: activity.days, counts: activity.counts, today: today, rule: streakRule,
        weekStart: window.weekStart)
    }
    limit = request.limit.isActive ? request.limit : nil
    warnings = histories.flatMap(\.warnings)
    if let day = activity.outside.firstBeyondCalendar {
      warnings.append(.datedBeyondCalendar(count: activity.outside.beyondCalendar, day: day))
    }
    readings = histories
    if let earlierRequest = request.earlierWindow {
      let earlier = earlierRequest.resolve(today: today)
      earlierCommits = DailyActivity.commitTotal(
        histories: histories.map { ($0.history, $0.mailmap) }, days: earlier.days,
        options: options.countingCommits(of: earlier))
    }
    if request.cache.isEnabled && !request.cache.defersSaving {
      for index in readings.indices {
        readings[index].pendingCache?.save()
        readings[index].pendingCache = nil
      }
    }
  }

  /// `filter`'s own emails and each history's `user.email`, each once; `.userEmailUnset`
  /// when there are none.
  private static func userEmails(of histories: [RepositoryHistory], adding filter: AuthorFilter)
    throws(ActivityError) -> [String]
  {
    var emails = filter.ownEmails
    for email in histories.compactMap(\.userEmail) where !emails.contains(email) {
      emails.append(email)
    }
    guard !emails.isEmpty || !filter.ownPatterns.isEmpty else { throw .userEmailUnset }
    return emails
  }

  /// The days a report of the whole history counts: from the first commit's day (or a year
  /// before today, or the window's first day, whichever is earliest) to the last commit's day,
  /// today or the window's end, whichever is latest, within the years 1 to 9999.
  package static func historyDays(
    _ histories: [RepositoryHistory], options: ActivityOptions, window: Window, today: Day
  ) -> DayRange {
    let span = DayRange.spanning(histories.map(\.history), options: options)
    let earliest = min(
      today.addingMonths(-12).advanced(by: -7), window.days.first, span?.first ?? today)
    let latest = max(today, window.days.last, span?.last ?? today)
    let representable = WindowRequest.representableDays
    return DayRange(
      first: max(earliest, representable.first), last: min(latest, representable.last))
  }

}
