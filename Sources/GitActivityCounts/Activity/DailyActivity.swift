/// Commits per day over a window, and per author: what every renderer draws.
public struct DailyActivity: Hashable, Sendable {
  /// The days of the window, oldest first.
  public package(set) var days: DayRange
  /// The measure per day (commits unless `measure` says otherwise), oldest first, one entry per
  /// day of `days`.
  public package(set) var counts: [Int]
  /// What `counts` counts.
  package var measure = Measure.commits
  /// Commits per day, whatever the measure.
  package var commitCounts: [Int] { dayCommits.isEmpty ? counts : dayCommits }
  /// Lines added per day, when the histories carried their lines; empty otherwise.
  package var insertions: [Int] = []
  /// Lines removed per day, likewise.
  package var deletions: [Int] = []
  /// Commits per day when the measure is not commits.
  var dayCommits: [Int] = []
  /// The AI-assisted commits of each day (`ActivityOptions.assisted`); empty when commits were
  /// not told apart.
  package var assistedCommits: [Int] = []
  /// The lines the AI-assisted commits of each day added, when lines were counted.
  var assistedInsertions: [Int] = []
  /// The lines the AI-assisted commits of each day removed, when lines were counted.
  var assistedDeletions: [Int] = []
  /// The commits by bots counted each day (none when bots are left out).
  var botCommits: [Int] = []
  /// The commits in the window left out because every person they count for is a bot
  /// (`--no-bots`).
  package var botsLeftOut = 0
  /// With `--me`: every identity, as the commits wrote it, that counted as the user, sorted.
  public package(set) var ownIdentities: [Author] = []
  /// Whether commits were told apart as AI-assisted.
  package var tellsAssisted: Bool { !assistedCommits.isEmpty }
  /// The AI-assisted part of each day's count, in the measure; empty when not told apart.
  package var assistedCounts: [Int] {
    switch measure {
    case .commits: return assistedCommits
    case .lines where !assistedInsertions.isEmpty:
      return zip(assistedInsertions, assistedDeletions).map { $0 &+ $1 }
    case .insertions where !assistedInsertions.isEmpty: return assistedInsertions
    case .deletions where !assistedDeletions.isEmpty: return assistedDeletions
    default: return assistedCommits.map { _ in 0 }
    }
  }
  /// The AI-assisted part of the window's total, in the measure; nil when not told apart.
  package var assistedTotal: Int? { tellsAssisted ? assistedCounts.saturatingSum : nil }
  /// The AI-assisted commits of the window; nil when not told apart.
  package var assistedCommitTotal: Int? { tellsAssisted ? assistedCommits.saturatingSum : nil }
  /// Everyone with a commit in the window, most commits first, then by name and email.
  public package(set) var authors: [AuthorActivity]
  /// The commits that the same selection and filters count on days outside the window (of
  /// those the walk read).
  public var outside = OutsideCommits()
  /// With `ActivityOptions.recordsCommits`: each counted commit, where it is in the histories
  /// and who wrote it.
  public var counted: [CountedCommit] = []
  /// With `ActivityOptions.recordsPositions` or `recordsCommits`: where each counted commit is
  /// in the histories, in the order they were counted.
  public var countedPositions: [CommitPosition] = []
  /// The commits counted in the window from each history, in the order they were counted (a
  /// commit in two histories is the first one's).
  public var countsByHistory: [Int] = []
  /// For a history drawn from exports of several repositories: the commits counted in the
  /// window from each repository, in the order the read names them; empty otherwise.
  public var countsByRepository: [Int] = []
  /// The commits counted in the window before this one, when the count was asked for
  /// (`Tally.countEarlierCommits(in:)`).
  package var earlierCommitTotal: Int?
  /// The first `-P` author or committer pattern match PCRE2 could not finish while counting,
  /// in git's words (`pcre2_jit_match failed with error code -47: match limit exceeded`): git
  /// dies there, so a count that met one must not be shown. Nil for every other count.
  public var matchFailure: String?

  /// The most days an activity holds: years 1 to 9999.
  public static let maximumDays = 3_652_059

  /// Activity from counts made elsewhere (a test, another source), made to agree at the door:
  /// at most `maximumDays` days from `days.first`, one count a day (missing ones 0, extra ones
  /// dropped, negative ones 0), each author's days within them.
  public init(days: DayRange, counts: [Int], authors: [AuthorActivity]) {
    let days = DayRange(
      first: days.first,
      last: Swift.min(days.last, days.first.advanced(by: DailyActivity.maximumDays - 1)))
    self.days = days
    self.counts =
      counts.prefix(days.count).map { Swift.max($0, 0) }
      + Array(repeating: 0, count: Swift.max(0, days.count - counts.count))
    self.authors = authors.map { $0.fitted(to: days.count) }
  }

  /// Counts the commits of `histories` that fall in `days`. A commit present in several
  /// histories (clones, forks) counts once. The mailmap applies to each history's identities.
  public init(
    histories: [(history: History, mailmap: Mailmap)], days: DayRange, options: ActivityOptions
  ) {
    self.init(histories: histories, days: days, options: options, earlier: nil)
  }

  /// The same count, and with `earlier` (a window before `days`) the commits that fall in it
  /// (`earlierCommitTotal`), in the same pass.
  package init(
    histories: [(history: History, mailmap: Mailmap)], days: DayRange, options: ActivityOptions,
    earlier: Window?
  ) {
    var tally = Tally(
      days: days, options: options,
      deduplicates: histories.count > 1 && !histories.allSatisfy(\.history.isDisjoint))
    if let earlier { tally.countEarlierCommits(in: earlier) }
    // As many people as identities, at most: no rehashing as they are met.
    tally.authorNumbers.reserveCapacity(
      histories.reduce(0) { $0 + $1.history.rawIdentities.count })
    for (history, mailmap) in histories { tally.add(history, mailmap: mailmap) }
    self = tally.activity()
  }

  /// How many commits of `histories` fall in `days`, counted as `init(histories:days:options:)`
  /// counts them but keeping no one (the year before a year in review, with
  /// `ActivityOptions.countingCommits(of:)`).
  static func commitTotal(
    histories: [(history: History, mailmap: Mailmap)], days: DayRange, options: ActivityOptions
  ) -> (total: Int, matchFailure: String?) {
    var options = options
    options.recordsCommits = false  // the tally keeps no one
    options.recordsPositions = false
    var tally = Tally(
      days: days, options: options,
      deduplicates: histories.count > 1 && !histories.allSatisfy(\.history.isDisjoint))
    tally.keepsPeople = .none
    for (history, mailmap) in histories { tally.add(history, mailmap: mailmap) }
    let activity = tally.activity()
    return (activity.commitTotal, activity.matchFailure)
  }

  /// The measure over the window (all commits, or all lines), stopping at `Int.max`.
  public var total: Int { counts.saturatingSum }
  /// All commits in the window, whatever the measure.
  public var commitTotal: Int { commitCounts.saturatingSum }
  /// Lines added and removed in the window; nil when lines were not counted.
  package var lineTotals: (insertions: Int, deletions: Int)? {
    insertions.isEmpty ? nil : (insertions.saturatingSum, deletions.saturatingSum)
  }
}
