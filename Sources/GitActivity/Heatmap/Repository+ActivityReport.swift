import Foundation
import Synchronization

extension Repository {
  /// Counts the commits `request` selects and returns what every renderer draws: the window,
  /// the daily and per-author counts and their statistics, and the warnings of the reading.
  /// `today` is the day the window ends on by default and the one streaks are measured to.
  /// The walk stops early at commits far older than the window, as the command line's does.
  /// A request that is wrong in itself throws before anything is read (`problem(today:)`).
  public func activityReport(_ request: ActivityRequest, today: Day) throws(ActivityError)
    -> ActivityReport
  {
    if let problem = request.problem(today: today) { throw problem }
    let window = request.window.resolve(today: today)
    var reading = request
    reading.walk.committedNoEarlierThan = window.walkCutoff
    reading.walk.recordsCommitIDs = false
    let read = try readAsked(reading)
    return ActivityReport(reading: [read], window: window, options: request.options, today: today)
  }

  /// `activityReport` off the caller's actor, on a thread of its own: the main actor stays free
  /// while history is read. Cancelling the task stops the walk within a few dozen commits
  /// (it throws `.git` with `GitError.kind == .cancelled`); `progress` counts the commits read
  /// meanwhile, for a progress bar.
  ///
  /// ```swift
  /// .task {
  ///   do {
  ///     report = try await repository.activityReport(request, today: Day(.now, in: .current))
  ///   } catch {
  ///     message = error.description
  ///   }
  /// }
  /// ```
  public func activityReport(
    _ request: ActivityRequest, today: Day, progress: WalkProgress? = nil
  ) async throws(ActivityError) -> ActivityReport {
    let progress = progress ?? request.walk.progress ?? WalkProgress()
    var request = request
    request.walk.progress = progress
    // The repository is used by the one thread while this task waits for it.
    nonisolated(unsafe) let repository = self
    let request2 = request
    // The thread is joined once it has answered (it ends right after), not left behind.
    let thread = Mutex<Threads.Handle?>(nil)
    defer { thread.withLock { $0 }?.wait() }
    let result: Result<ActivityReport, ActivityError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let handle = Threads.start {
          do throws(ActivityError) {
            continuation.resume(
              returning: .success(try repository.activityReport(request2, today: today)))
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

extension ActivityReport {
  /// The report of histories read for one request (`Repository.read`): their commits counted
  /// over `window` (each commit once, the first history's copy counting), their warnings kept.
  public init(
    reading histories: [RepositoryHistory], window: Window, options: ActivityOptions, today: Day
  ) {
    let activity = DailyActivity(
      histories: histories.map { ($0.history, $0.mailmap) }, days: window.days, options: options)
    self.init(
      repositories: histories.map(\.name), window: window, zone: options.zone, activity: activity,
      today: today)
    if activity.countsByHistory.count == repositories.count {
      repositoryTotals = activity.countsByHistory
    }
    warnings = histories.flatMap(\.warnings)
  }
}
