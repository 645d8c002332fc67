import Foundation

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
    // The window before (a year in review's previous year) is counted in the same pass, when
    // its days are outside the counted ones (not under a report of the whole history).
    let earlier = request.earlierWindow?.resolve(today: today)
    let separate = earlier.map { $0.days.last < days.first || $0.days.first > days.last } ?? false
    let activity = DailyActivity(
      histories: histories.map { ($0.history, $0.mailmap) }, days: days, options: options,
      earlier: separate ? earlier : nil)
    if let failure = activity.matchFailure { throw .git(.patternMatchFailed(failure)) }
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
    if let earlier {
      if let total = activity.earlierCommitTotal {
        earlierCommits = total
      } else {
        let counted = DailyActivity.commitTotal(
          histories: histories.map { ($0.history, $0.mailmap) }, days: earlier.days,
          options: options.countingCommits(of: earlier))
        if let failure = counted.matchFailure { throw .git(.patternMatchFailed(failure)) }
        earlierCommits = counted.total
      }
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
  public static func historyDays(
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
