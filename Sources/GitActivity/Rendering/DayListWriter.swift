import Foundation

/// One commit of a day, as `--day` lists it.
public struct DayCommit: Hashable, Sendable {
  /// The full commit id.
  public var id: String
  /// When, and the offset it is shown in (the author's own, or `--timezone`'s).
  public var seconds: Int64
  /// Seconds east of UTC.
  public var offsetSeconds: Int64
  /// Who wrote it, mailmapped.
  public var author: Author
  /// The subject line.
  public var subject: String

  /// A commit to list.
  public init(id: String, seconds: Int64, offsetSeconds: Int64, author: Author, subject: String) {
    self.id = id
    self.seconds = seconds
    self.offsetSeconds = offsetSeconds
    self.author = author
    self.subject = subject
  }

  /// `14:03 +0200`: the time of day with its offset, as git prints `%ad` with `--date=format:%H:%M %z`.
  public var time: String {
    let local = seconds + offsetSeconds
    let secondOfDay = ((local % 86_400) + 86_400) % 86_400
    let (hours, minutes) = (secondOfDay / 3_600, secondOfDay % 3_600 / 60)
    let offsetMinutes = abs(offsetSeconds) / 60
    func two(_ value: Int64) -> String { (value < 10 ? "0" : "") + String(value) }
    return "\(two(hours)):\(two(minutes)) \(offsetSeconds < 0 ? "-" : "+")"
      + "\(two(offsetMinutes / 60))\(two(offsetMinutes % 60))"
  }
}

/// `--day DATE`: that day's commits, in the terminal, as CSV and as JSON.
public struct DayListWriter: Sendable {
  /// The day listed.
  public var day: Day

  /// A writer for `day`.
  public init(day: Day) {
    self.day = day
  }

  /// A headline, then a line per commit: short hash, time, author, subject; everything from a
  /// commit stripped of control and bidi characters.
  public func terminal(_ commits: [DayCommit]) -> String {
    var lines = ["\(ReportText.date(day)): \(Wording.count(commits.count, "commit"))"]
    for commit in commits {
      lines.append(
        "\(commit.id.prefix(10))  \(commit.time)  \(TextEscaping.terminal(commit.author.name))  \(TextEscaping.terminal(commit.subject))"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `hash,date,time,author,email,subject`, RFC 4180.
  public func csv(_ commits: [DayCommit]) -> String {
    var lines = ["hash,date,time,author,email,subject"]
    for commit in commits {
      lines.append(
        [
          commit.id, day.iso, commit.time, TextEscaping.csv(commit.author.name),
          TextEscaping.csv(commit.author.email), TextEscaping.csv(commit.subject),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"date": …, "total": …, "commits": [{"hash", "time", "author", "email", "subject"}]}`,
  /// text exact and escaped.
  public func json(_ commits: [DayCommit]) -> String {
    var out = "{\n  \"date\": \"\(day.iso)\",\n  \"total\": \(commits.count),\n  \"commits\": ["
    out += commits.map { commit in
      "\n    {\"hash\": \"\(commit.id)\", \"time\": \"\(commit.time)\", \"author\": \(TextEscaping.json(commit.author.name)), \"email\": \(TextEscaping.json(commit.author.email)), \"subject\": \(TextEscaping.json(commit.subject))}"
    }.joined(separator: ",")
    out += commits.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return out
  }
}
