import Foundation

/// `--day DATE`: that day's commits, in the terminal, as CSV and as JSON.
public struct DayListWriter: Sendable {
  /// The day listed.
  var day: Day

  /// A writer for `day`.
  public init(day: Day) {
    self.day = day
  }

  /// A headline, then a line per commit: short hash, time, author, subject; everything from a
  /// commit stripped of control and bidi characters.
  public func terminal(_ commits: [DayCommit]) -> String {
    var headline = "\(ReportText.date(day)): \(Wording.count(commits.count, "commit"))"
    if !commits.isEmpty && commits.allSatisfy({ $0.lines != nil }) {
      let added = commits.reduce(0) { $0 + ($1.lines?.insertions ?? 0) }
      let removed = commits.reduce(0) { $0 + ($1.lines?.deletions ?? 0) }
      headline += ", " + ReportText.plusMinus(added, removed)
    }
    let assisted = commits.count { !$0.agents.isEmpty }
    if assisted > 0 { headline += ", \(assisted) AI-assisted" }
    var lines = [headline]
    // Names padded to the widest as a terminal shows them (wide, combining and zero-width
    // characters), so that the subjects line up.
    let names = commits.map { TextEscaping.terminal($0.author.name) }
    let width = names.map(TextWidth.columns(of:)).max() ?? 0
    // With lines counted, `+12 −3` after the time, right-aligned as the widest.
    let changes = commits.map { commit in
      commit.lines.map { ReportText.plusMinus($0.insertions, $0.deletions) } ?? ""
    }
    let changeWidth = changes.map(TextWidth.columns(of:)).max() ?? 0
    for (index, (commit, name)) in zip(commits, names).enumerated() {
      let pad = String(repeating: " ", count: width - TextWidth.columns(of: name))
      var change = ""
      if changeWidth > 0 {
        change =
          String(repeating: " ", count: changeWidth - TextWidth.columns(of: changes[index]))
          + changes[index] + "  "
      }
      let agents =
        commit.agents.isEmpty
        ? "" : "  [AI: \(TextEscaping.terminal(commit.agents.joined(separator: ", ")))]"
      lines.append(
        "\(commit.id.prefix(10))  \(commit.time)  \(change)\(name)\(pad)  \(TextEscaping.terminal(commit.subject))\(agents)"
          .trimmingTrailingSpaces())
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `hash,date,time,author,email,subject`, then `insertions,deletions,files` with lines and
  /// `agents` (the agents that assisted it, `; ` between them; empty for a commit that was
  /// not AI-assisted), RFC 4180.
  public func csv(_ commits: [DayCommit]) -> String {
    let withLines = !commits.isEmpty && commits.allSatisfy { $0.lines != nil }
    var lines = [
      "hash,date,time,author,email,subject" + (withLines ? ",insertions,deletions,files" : "")
        + ",agents"
    ]
    for commit in commits {
      var fields = [
        commit.id, day.iso, commit.time, TextEscaping.csv(commit.author.name),
        TextEscaping.csv(commit.author.email), TextEscaping.csv(commit.subject),
      ]
      if withLines, let counted = commit.lines {
        fields += [counted.insertions, counted.deletions, counted.files].map(String.init)
      }
      fields.append(TextEscaping.csv(commit.agents.joined(separator: "; ")))
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"date": …, "total": …, "commits": [{"hash", "time", "author", "email", "subject"}]}`,
  /// text exact and escaped.
  public func json(_ commits: [DayCommit]) -> String {
    var out = "{\n  \"date\": \"\(day.iso)\",\n  \"total\": \(commits.count),\n  \"commits\": ["
    out += commits.map { commit in
      "\n    {\"hash\": \"\(commit.id)\", \"time\": \"\(commit.time)\", \"author\": \(TextEscaping.json(commit.author.name)), \"email\": \(TextEscaping.json(commit.author.email)), \"subject\": \(TextEscaping.json(commit.subject))"
        + (commit.lines.map {
          ", \"insertions\": \($0.insertions), \"deletions\": \($0.deletions), \"files\": \($0.files)"
        } ?? "")
        + ", \"agents\": [\(commit.agents.map(TextEscaping.json).joined(separator: ", "))]}"
    }.joined(separator: ",")
    out += commits.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return out
  }
}
