import Foundation

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
    // Names padded to the widest as a terminal shows them (wide, combining and zero-width
    // characters), so that the subjects line up.
    let names = commits.map { TextEscaping.terminal($0.author.name) }
    let width = names.map(TextWidth.columns(of:)).max() ?? 0
    for (commit, name) in zip(commits, names) {
      let pad = String(repeating: " ", count: width - TextWidth.columns(of: name))
      lines.append(
        "\(commit.id.prefix(10))  \(commit.time)  \(name)\(pad)  \(TextEscaping.terminal(commit.subject))"
          .trimmingTrailingSpaces())
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
