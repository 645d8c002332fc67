import Foundation

/// Counts per day that carry work from one machine to another without saying what it was: the
/// file `--format days` writes and `--from` reads, and the contribution calendars forges give
/// (GitLab's, Gitea's and Forgejo's, GitHub's), which `--from` reads too.
///
/// A day file holds dates and counts, the window it covers, a source id (a keyed hash of the
/// repositories it was made from: the same on one machine for the same repositories, and
/// nothing anyone can turn back into a name) and a content id (SHA-256 of what it says), so that
/// the same file given twice, or two files of one source whose windows overlap, can be told.
/// The schema: docs/day-files.md.
public struct DayFile: Sendable, Equatable {
  /// The format's name, in the file.
  static let formatName = "git-heatmap-days"
  /// The schema version this build writes and reads.
  static let version = 1

  /// Where a file's counts come from.
  public enum Origin: String, Sendable, Equatable {
    /// `--format days`.
    case gitHeatmap = "a git-heatmap day file"
    /// GitLab's `users/:user/calendar.json`.
    case gitLab = "a GitLab calendar"
    /// Gitea's and Forgejo's `users/:user/heatmap`.
    case gitea = "a Gitea or Forgejo heatmap"
    /// GitHub's GraphQL `contributionsCollection.contributionCalendar`.
    case gitHub = "a GitHub contribution calendar"
  }

  /// One day's counts.
  public struct Entry: Sendable, Equatable {
    /// The day.
    public var day: Day
    /// Its commits.
    var commits: Int
    /// How many of them are AI-assisted.
    var assisted = 0
    /// How many of them are by bots (counted).
    var bots = 0
    /// The lines they added, when lines were counted.
    var insertions = 0
    /// The lines they removed, when lines were counted.
    var deletions = 0

    /// A day's counts.
    init(
      day: Day, commits: Int, assisted: Int = 0, bots: Int = 0, insertions: Int = 0,
      deletions: Int = 0
    ) {
      self.day = day
      self.commits = commits
      self.assisted = assisted
      self.bots = bots
      self.insertions = insertions
      self.deletions = deletions
    }
  }

  /// What the file is.
  public var origin: Origin
  /// The source id (`--format days`), nil for a forge's calendar.
  public var source: String?
  /// The days the file covers (a forge's: from its first day to its last).
  public var window: DayRange?
  /// Whether the file counts lines (`insertions`, `deletions`).
  public var hasLines: Bool
  /// Whether the file tells AI-assisted commits apart (`assisted`).
  var tellsAssisted: Bool
  /// The days with something counted, oldest first, each once.
  public var days: [Entry]

  /// The most a count of a day may be: more is no file this tool wrote.
  static let largestCount = 1_000_000_000_000
  /// The most bytes a day file may have.
  public static let largestFile = 64 << 20

  /// A day file of `activity`'s days, from the source `source`.
  public init(activity: DailyActivity, source: String) {
    origin = .gitHeatmap
    self.source = source
    window = activity.days
    hasLines = activity.lineTotals != nil
    tellsAssisted = activity.tellsAssisted
    let commits = activity.commitCounts
    var entries: [Entry] = []
    for (index, day) in activity.days.enumerated() {
      let lines = hasLines ? (activity.insertions[index], activity.deletions[index]) : (0, 0)
      guard commits[index] > 0 || lines.0 > 0 || lines.1 > 0 else { continue }
      entries.append(
        Entry(
          day: day, commits: commits[index],
          assisted: tellsAssisted ? activity.assistedCommits[index] : 0,
          bots: index < activity.botCommits.count ? activity.botCommits[index] : 0,
          insertions: lines.0, deletions: lines.1))
    }
    days = entries
  }

  /// A day file of its parts.
  init(
    origin: Origin, source: String?, window: DayRange?, hasLines: Bool, tellsAssisted: Bool,
    days: [Entry]
  ) {
    self.origin = origin
    self.source = source
    self.window = window
    self.hasLines = hasLines
    self.tellsAssisted = tellsAssisted
    self.days = days
  }

  /// What the file's days hold, in the order the file writes them.
  var fields: [String] {
    ["commits"] + (tellsAssisted ? ["assisted"] : []) + ["bots"]
      + (hasLines ? ["insertions", "deletions"] : [])
  }

  /// The content id: SHA-256 of the file's JSON form without its `id` line, so that the same
  /// counts of the same source over the same window have the same id however they are spelled.
  public var id: String {
    HMAC.hex(SHA256.digest(Array(json(includingID: false).utf8)))
  }

  /// The JSON form, one day a line, keys in a fixed order.
  public func json() -> String { json(includingID: true) }

  private func json(includingID: Bool) -> String {
    var lines = ["{", "  \"format\": \"\(Self.formatName)\",", "  \"version\": \(Self.version),"]
    if includingID { lines.append("  \"id\": \"\(id)\",") }
    var sourceText: [UInt8] = []
    ExportEncoding.appendJSON(source ?? "", to: &sourceText)
    lines.append("  \"source\": \(String(decoding: sourceText, as: UTF8.self)),")
    if let window {
      lines.append("  \"since\": \"\(window.first.iso)\",")
      lines.append("  \"until\": \"\(window.last.iso)\",")
    }
    lines.append(
      "  \"fields\": [\(fields.map { "\"\($0)\"" }.joined(separator: ", "))],")
    lines.append("  \"days\": [")
    let rows = days.map { entry in
      "    {\"date\": \"\(entry.day.iso)\", "
        + values(entry).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
    lines.append(rows.joined(separator: ",\n"))
    if rows.isEmpty { lines.removeLast() }
    lines.append(rows.isEmpty ? "  \"days\": []" : "  ]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The values of `entry` in `fields` order.
  private func values(_ entry: Entry) -> [(String, Int)] {
    fields.map { field in
      switch field {
      case "assisted": (field, entry.assisted)
      case "bots": (field, entry.bots)
      case "insertions": (field, entry.insertions)
      case "deletions": (field, entry.deletions)
      default: (field, entry.commits)
      }
    }
  }

  /// The CSV form: a row for every day of the window (zeros included, so that the rows say the
  /// window), each with the version, source and content id; a count not counted is empty.
  public func csv() -> String {
    let all = ["commits", "assisted", "bots", "insertions", "deletions"]
    var out = "v,source,id,date," + all.joined(separator: ",") + "\n"
    var sourceText: [UInt8] = []
    ExportEncoding.appendCSV(source ?? "", to: &sourceText)
    let prefix = "\(Self.version),\(String(decoding: sourceText, as: UTF8.self)),\(id),"
    let byDay = Dictionary(days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
    let span = window ?? days.first.map { DayRange(first: $0.day, last: days[days.count - 1].day) }
    guard let span else { return out }
    for day in span {
      let entry = byDay[day] ?? Entry(day: day, commits: 0)
      let given = Dictionary(uniqueKeysWithValues: values(entry))
      out +=
        prefix + day.iso + ","
        + all.map { given[$0].map(String.init) ?? "" }.joined(separator: ",") + "\n"
    }
    return out
  }
}
