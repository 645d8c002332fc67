import Foundation

/// Which commits to count and how, as one value: what the command line's options mean, for a
/// Swift app that asks the library directly.
///
/// ```swift
/// let repository = try Repository.discoverGit(from: "/path/to/checkout")
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
  /// `--grep` and its kin: only commits whose messages match count.
  public var messageFilter = MessageFilter()
  /// Whether the history cache is read and updated; by default it is not.
  public var cache = CachePolicy()
  /// How lines are counted when they are (`countsLines`); nil counts them as the repository's
  /// configuration says (`LineCountingOptions.configured(in:)`).
  public var lineCounting: LineCountingOptions?
  /// The command line's diff options (`-M`, `--text`, `--relative` …), over `lineCounting`.
  public var lineCountingChoices = LineCountingChoices()
  /// The folder the run is in, from the top of the work tree (`""` at the top), for
  /// `--relative` and `diff.relative`; nil when there is none (several repositories, bare).
  public var workingPrefix: String?
  /// Whether each commit's lines are counted, whatever the measure (for a table sorted by
  /// lines, or an export that carries them); a measure of lines counts them anyway.
  public var countsLines = false
  /// Whether, when lines are counted, each commit's lines by language are counted in the same
  /// pass (and cached beside them), for the year in review's languages.
  public var countsLanguages = false
  /// `-n` and `--skip`: only the newest commits of each repository, in `git log`'s order.
  public var limit = CommitLimit()
  /// `git log --since`/`--until` (`--after`/`--before`): only the commits git lists with them,
  /// by commit date, moments in seconds since the epoch. `--since` walks as git's walk does
  /// (see `HistoryWalker.commitIDs(_:committedSince:options:)`): not with paths or hidden
  /// commits (`invalidRequest`). Nil reads the selection whole.
  public var committedSince: Int64?
  /// `git log --until`: only the commits committed at or before this moment (git's date for a
  /// commit without one is 0).
  public var committedUntil: Int64?
  /// How the report's streaks are counted (`--streak`, `--streak-allow`).
  public var streakRule = StreakRule.daily
  /// Which days a report counts: the window's, or (`.wholeHistory`) the window widened to
  /// every commit the selection holds, as the page and `-i` show them.
  public var span = Span.window
  /// Whether the walk reads the whole selection even where the window cannot count it (to
  /// learn how many commits fall outside it); a report of the window alone stops early.
  public var readsWholeHistory = false
  /// A window before `window` whose commits (not lines) are counted from the same read, as
  /// the year in review compares its year with the one before (`ActivityReport
  /// .earlierCommits`): the walk reaches back to it, lines are still counted only where
  /// `window` can count them.
  public var earlierWindow: WindowRequest?
  /// The moment before which no commit's lines are counted (nil: every commit read): a commit
  /// whose author and committer dates are both earlier is left at no lines and not cached.
  var linesNoEarlierThan: Int64?

  /// Which days a report counts.
  public enum Span: Hashable, Sendable {
    /// The window's days.
    case window
    /// From the selection's first commit (or a year before today, or the window's start,
    /// whichever is earliest) to its last (or today, or the window's end, whichever is latest).
    case wholeHistory
  }

  /// Whether this request reads each commit's lines.
  var readsLines: Bool {
    countsLines || options.measure.needsLines || !lineCountingChoices.diffFilter.isEmpty
  }
  /// Where the read's phases are timed.
  public var phases = PhaseLog()

  /// A request for the last year of HEAD, every author, each commit on its author's day.
  public init() {}
}

extension ActivityRequest {
  /// What is wrong with the request in itself, before any repository is read; nil when
  /// nothing is.
  func problem(today: Day) -> ActivityError? {
    let filter = options.filter
    for pattern in filter.patterns + filter.exclusions + filter.committerPatterns {
      if let reason = filter.problem(with: pattern) {
        return .invalidPattern(pattern, reason: reason)
      }
    }
    if let problem = window.problem(today: today) { return .invalidWindow(problem) }

    switch options.zone {
    case .named(let name) where TimeZone(identifier: name) == nil:
      return .unknownTimeZone(name)
    case .fixed(let offset) where offset.magnitude > DayZone.maximumOffsetSeconds:
      return .unknownTimeZone(options.zone.description)
    default:
      break
    }
    return readingProblem()
  }

  /// What is wrong with the part of the request a read itself uses (the message filter's
  /// patterns), nil when nothing is: `Repository.read` asks this, `problem(today:)` asks it last.
  func readingProblem() -> ActivityError? {
    messageFilter.problem().map {
      .invalidPattern(messageFilter.patterns.joined(separator: " "), reason: $0)
    }
  }
}
