/// How commits become day counts.
public struct ActivityOptions: Hashable, Sendable {
  /// Which calendar a day is read in.
  public var zone: DayZone = .author
  /// `--date committer`: place commits by their committer date.
  public var usesCommitterDate = false
  /// `--no-merges`: the same as `maximumParents = 1`.
  var excludesMerges = false
  /// `--min-parents` (`--merges`: 2): commits with fewer parents are left out.
  public var minimumParents = 0
  /// `--max-parents`: commits with more parents are left out; nil for no limit.
  public var maximumParents: Int?
  /// `--author`, `--me`, `--exclude-author`.
  public var filter = AuthorFilter()
  /// Whether to keep which commits were counted (`DailyActivity.counted`), to list them.
  public var recordsCommits = false
  /// Whether to keep where each counted commit is (`DailyActivity.countedPositions`), for a
  /// punch card or lines by language: only its two numbers, not its people. Also kept with
  /// `recordsCommits`.
  public var recordsPositions = false
  /// `--co-authors`: a commit counts for each of its `Co-authored-by` people too (they must
  /// have been read: `WalkOptions.readsTrailers`), each person once per commit, and a filter
  /// lets the commit in when it lets any of them in.
  public var countsCoAuthors = false
  /// The first second counted, when the window starts at a moment rather than a day's start
  /// (`Window.firstMoment`, `--since 2.weeks.ago`); earlier commits are outside it.
  public var countsFrom: Int64?
  /// The last second counted, when the window ends at a moment (`Window.lastMoment`).
  public var countsThrough: Int64?
  /// What a day's number is (`--measure`): commits, or the lines they change (the histories
  /// must carry their lines: `History.hasLineStats`; a commit without them weighs nothing).
  public var measure = Measure.commits
  /// Which identities are bots and which coding agents (`Automation`).
  public var automation = Automation()
  /// `--no-bots`, `--bots`, `heatmap.bots`: whether bots' commits count.
  public var bots = BotChoice.include
  /// `--assisted`, `heatmap.assisted`: whether AI-assisted commits count, and whether they are
  /// told apart at all (the histories must carry their trailers: `WalkOptions.readsTrailers`).
  public var assisted = AssistedChoice.all

  /// Whether bots' commits count.
  public enum BotChoice: String, CaseIterable, Hashable, Sendable {
    /// Bots count as people do (their share is told).
    case include
    /// Commits whose every person is a bot are left out (and how many is told).
    case exclude
    /// Only bots' commits count.
    case only
  }

  /// Whether AI-assisted commits count.
  public enum AssistedChoice: String, CaseIterable, Hashable, Sendable {
    /// Every commit counts, and the AI-assisted share is told.
    case all
    /// Only AI-assisted commits count.
    case only
    /// AI-assisted commits are left out.
    case exclude
    /// No commit is told apart: agents named in `Co-authored-by:` count as people.
    case off
  }

  /// Whether commits are told apart as AI-assisted.
  public var detectsAssisted: Bool { assisted != .off }

  /// Options for a count: the zone days are read in, which date, merges, and the filter.
  public init(
    zone: DayZone = .author, usesCommitterDate: Bool = false, excludesMerges: Bool = false,
    filter: AuthorFilter = AuthorFilter()
  ) {
    self.zone = zone
    self.usesCommitterDate = usesCommitterDate
    self.excludesMerges = excludesMerges
    self.filter = filter
  }

  /// These options counting only the commits of `window` (from its first moment to its last),
  /// by number, keeping none: the year before a year in review.
  public func countingCommits(of window: Window) -> ActivityOptions {
    var counting = self
    counting.countsFrom = window.firstMoment
    counting.countsThrough = window.lastMoment
    counting.measure = .commits
    counting.recordsCommits = false
    counting.recordsPositions = false
    return counting
  }
}
