/// `--authors`: a table of people instead of a graph, for the terminal, CSV or JSON.
public struct AuthorTableWriter: Sendable {
  /// Whether the sparkline uses ASCII only.
  public var isASCII: Bool
  /// The terminal's width; the sparkline keeps its newest weeks and names are cut to fit.
  public var width: Int

  /// A writer for a terminal `width` columns wide.
  public init(isASCII: Bool = false, width: Int = 80) {
    self.isASCII = isASCII
    self.width = width
  }

  static let headers = ["Author", "Email", "Commits", "Active", "First", "Last", "Streak"]

  /// The table for the terminal, control characters stripped from names.
  public func terminal(_ rows: [AuthorSummary], report: ActivityReport) -> String {
    var table: [[String]] = [Self.headers]
    for row in rows {
      table.append([
        TextEscaping.terminal(row.author.name), TextEscaping.terminal(row.author.email),
        Wording.grouped(row.commits), Wording.grouped(row.activeDays), row.firstDay?.iso ?? "-",
        row.lastDay?.iso ?? "-", Wording.count(row.longestStreak?.days ?? 0, "day"),
      ])
    }
    // Names and emails give way first, down to 12 columns each; then the sparkline shrinks.
    var widths = Self.headers.indices.map { column in
      table.map { TextWidth.columns(of: $0[column]) }.max() ?? 0
    }
    let fixed = widths[2...].reduce(0, +) + 2 * (Self.headers.count - 1)
    var room = width - fixed
    for column in [1, 0] where widths[0] + widths[1] + 2 > room {
      let others = widths[1 - column]
      widths[column] = max(12, min(widths[column], room - 2 - others))
    }
    room = width - (widths.reduce(0, +) + 2 * Self.headers.count)
    let weeks = max(0, min(rows.map(\.weekly.count).max() ?? 0, room))
    // The heading tells the truth about a table cut to --top: how many people there are, and
    // how many commits the rows shown hold.
    let everyone = max(report.activity.authors.count, rows.count)
    var heading =
      "\(Wording.count(report.statistics.total, "commit")) \(ReportText.phrase(report.window)) by \(Wording.count(everyone, "author"))"
    if rows.count < everyone {
      heading +=
        "; the top \(Wording.grouped(rows.count)), with \(Wording.count(rows.reduce(0) { $0 + $1.commits }, "commit"))"
    }
    var lines = [heading]
    for (index, cells) in table.enumerated() {
      var line = ""
      for (column, cell) in cells.enumerated() {
        let text = TextWidth.truncate(cell, to: widths[column], ellipsis: isASCII ? "." : "…")
        let pad = String(
          repeating: " ", count: max(0, widths[column] - TextWidth.columns(of: text)))
        line += (column >= 2 && column <= 3 ? pad + text : text + pad) + "  "
      }
      if weeks > 0 {
        line +=
          index == 0 ? "Weekly" : String(rows[index - 1].sparkline(ascii: isASCII).suffix(weeks))
      }
      lines.append(line.trimmingTrailingSpaces())
    }
    // What a narrow terminal left out is said, not hidden.
    let allWeeks = rows.map(\.weekly.count).max() ?? 0
    if weeks < allWeeks {
      lines.append(
        weeks == 0
          ? "(no room for the weekly column in \(width) columns)"
          : "(weekly: the newest \(weeks) of \(allWeeks) weeks)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table as CSV (RFC 4180), control and bidi characters stripped.
  public func csv(_ rows: [AuthorSummary]) -> String {
    var lines = ["name,email,commits,active_days,first,last,longest_streak,weekly"]
    for row in rows {
      lines.append(
        [
          TextEscaping.csv(row.author.name), TextEscaping.csv(row.author.email),
          String(row.commits),
          String(row.activeDays), row.firstDay?.iso ?? "", row.lastDay?.iso ?? "",
          String(row.longestStreak?.days ?? 0), row.weekly.map(String.init).joined(separator: " "),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table as JSON, names exact and escaped.
  public func json(_ rows: [AuthorSummary], report: ActivityReport) -> String {
    var out = "{\n"
    out += JSONWriter.repositoriesAndWindow(report)
    out += "  \"authors\": [\n"
    out += rows.map { row in
      let first = row.firstDay.map { "\"\($0.iso)\"" } ?? "null"
      let last = row.lastDay.map { "\"\($0.iso)\"" } ?? "null"
      return
        "    {\"name\": \(TextEscaping.json(row.author.name)), \"email\": \(TextEscaping.json(row.author.email)), \"commits\": \(row.commits), \"activeDays\": \(row.activeDays), \"first\": \(first), \"last\": \(last), \"longestStreak\": \(JSONWriter().streak(row.longestStreak)), \"weekly\": [\(row.weekly.map(String.init).joined(separator: ", "))]}"
    }.joined(separator: ",\n")
    out += rows.isEmpty ? "" : "\n"
    out += "  ]\n}\n"
    return out
  }
}
