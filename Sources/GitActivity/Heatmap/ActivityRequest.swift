import Foundation
import Synchronization

/// Which commits to count and how, as one value: what the command line's options mean, for a
/// Swift app that asks the library directly.
///
/// ```swift
/// let repository = try Repository.discover(from: "/path/to/checkout")
/// var request = ActivityRequest()
/// request.window = WindowRequest(weeks: 30)
/// request.options.filter = AuthorFilter(patterns: ["ada@example.com"])
/// let report = try repository.activityReport(request, today: Day(.now, in: .current))
/// let counts = report.activity.countsByDate(in: .current)  // [Date: Int]
/// ```
public struct ActivityRequest: Sendable, Equatable {
  /// The revisions, as `git log` takes them; empty means HEAD.
  public var selection = RevisionSelection()
  /// The days: `--weeks`/`--end`, `--since`/`--until` or `--year`, and the week start.
  public var window = WindowRequest()
  /// How commits become days: time zone, author or committer date, merges, author filters.
  public var options = ActivityOptions()
  /// How the history is read: first parent only, replace refs, threads.
  public var walk = WalkOptions()
  /// Whether `.mailmap` and `mailmap.*` map identities, as `git shortlog` does.
  public var usesMailmap = true

  /// A request for the last year of HEAD, every author, each commit on its author's day.
  public init() {}
}

extension ActivityRequest {
  /// What is wrong with the request in itself, before any repository is read; nil when
  /// nothing is.
  public func problem(today: Day) -> ActivityError? {
    let filter = options.filter
    for pattern in filter.patterns + filter.exclusions + filter.committerPatterns {
      if let reason = AuthorFilter.problem(with: pattern, locale: filter.locale) {
        return .invalidPattern(pattern, reason: reason)
      }
    }
    if let problem = window.problem(today: today) { return .invalidWindow(problem) }
    if case .named(let name) = options.zone, TimeZone(identifier: name) == nil {
      return .unknownTimeZone(name)
    }
    return nil
  }
}

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
    do throws(GitError) {
      let window = request.window.resolve(today: today)
      var walk = request.walk
      walk.committedNoEarlierThan = window.walkCutoff
      walk.recordsCommitIDs = false
      let history = try history(request.selection, options: walk)
      let mailmap = request.usesMailmap ? try self.mailmap() : (mailmap: Mailmap(), warnings: [])
      let activity = DailyActivity(
        histories: [(history, mailmap.mailmap)], days: window.days, options: request.options)
      var report = ActivityReport(
        repositories: [RawPath.display(displayPath)], window: window, zone: request.options.zone,
        activity: activity, today: today)
      let date = request.options.usesCommitterDate ? "committer" : "author"
      report.warnings =
        mailmap.warnings
        + history.undated.filter {
          $0.isUncounted(usesCommitterDate: request.options.usesCommitterDate)
        }.map { "commit \($0.id) has no valid \(date) date; it is not counted" }
      return report
    } catch {
      throw .git(error)
    }
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

extension DailyActivity {
  /// The counts keyed by the start of each day in `timeZone`, only days with commits: the
  /// `[Date: Int]` that SwiftUI heatmaps such as `ContributionHeatmap(activity:)` take.
  public func countsByDate(in timeZone: TimeZone) -> [Date: Int] {
    Self.byDate(days: days, counts: counts, in: timeZone)
  }

  /// One author's counts keyed by the start of each day in `timeZone`.
  public static func countsByDate(of author: AuthorActivity, days: DayRange, in timeZone: TimeZone)
    -> [Date: Int]
  {
    byDate(days: days, counts: author.counts, in: timeZone)
  }

  private static func byDate(days: DayRange, counts: [Int], in timeZone: TimeZone) -> [Date: Int] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    var result: [Date: Int] = [:]
    for (offset, count) in counts.enumerated() where count > 0 {
      let (year, month, day) = days.first.advanced(by: offset).components
      if let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) {
        result[date] = count
      }
    }
    return result
  }
}
