extension HistoryReader {
  /// `history` with only what `request.limit` leaves: the newest commits of the selection in
  /// git log's order that the author, merge and message filters let in (those filters are
  /// counted first, as git log counts `-n` after them), less `skip` of them. `userEmail` stands
  /// for `--me`.
  func limited(
    _ history: History, mailmap: Mailmap, request: ActivityRequest, userEmail: String?,
    cache: HistoryCache? = nil
  ) throws(GitError) -> History {
    var options = request.options
    if options.filter.includesUser, let userEmail, !options.filter.ownEmails.contains(userEmail) {
      options.filter.ownEmails.append(userEmail)
    }
    options.recordsCommits = true
    // Which commits the filters let in, whatever their day (all of them, with no filter).
    let filters =
      !options.filter.isEmpty || options.excludesMerges || options.minimumParents > 0
      || options.maximumParents != nil
    var accepted: Set<Int>?
    if filters {
      guard let days = DayRange.spanning([history], options: options) else {
        return history.keeping { _ in false }
      }
      let activity = DailyActivity(
        histories: [(history, mailmap)], days: days, options: options)
      if let failure = activity.matchFailure { throw .patternMatchFailed(failure) }
      accepted = Set(activity.counted.map(\.index))
    }
    let skip = max(0, request.limit.skip)
    let wanted = request.limit.newestNeeded
    let order = try repository.walkOrder(
      of: history, selection: request.selection,
      firstParentOnly: request.walk.followsFirstParentOnly, known: cache, enough: wanted,
      counts: { accepted?.contains($0) ?? true })
    let kept = Set(
      order.filter { accepted?.contains($0) ?? true }.dropFirst(skip)
        .prefix(request.limit.effectiveMaxCount ?? Int.max))
    return history.keeping { kept.contains($0) }
  }
}
