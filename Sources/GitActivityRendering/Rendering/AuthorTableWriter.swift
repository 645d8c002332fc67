/// `--authors`: a table of people instead of a graph, for the terminal, CSV or JSON.
public struct AuthorTableWriter: Sendable {
  /// Whether the sparkline uses ASCII only.
  var isASCII: Bool
  /// The terminal's width; the sparkline keeps its newest weeks and names are cut to fit.
  var width: Int
  /// Whether the heading is bold, as the graph's is on a terminal with colour.
  public var isBold = false

  /// A writer for a terminal `width` columns wide.
  public init(isASCII: Bool = false, width: Int = 80) {
    self.isASCII = isASCII
    self.width = width
  }

  /// The column names, as the contribution page names them.
  static let headers = [
    "Author", "Email", "Commits", "Active days", "First day", "Last day", "Streak",
  ]
  /// With lines counted, their columns after the commits'.
  static let lineHeaders = ["Added", "Removed", "Net"]

  /// Whether the rows tell AI-assisted commits apart, and the terminal shows them: some are.
  private static func showsAssisted(_ rows: [AuthorSummary]) -> Bool {
    rows.contains { ($0.assisted ?? 0) > 0 }
  }

  /// The name as the table shows it: a bot or an agent marked, unless its name says so.
  static func shownName(_ row: AuthorSummary) -> String {
    let name = TextEscaping.terminal(row.author.name)
    switch row.kind {
    case .person: return name
    case .bot: return name.lowercased().hasSuffix("[bot]") ? name : name + " (bot)"
    case .agent: return name + " (agent)"
    }
  }

  /// What a person is, in CSV and JSON: `person`, `bot`, `agent`.
  static func kindName(_ kind: Automation.Kind) -> String {
    switch kind {
    case .person: "person"
    case .bot: "bot"
    case .agent: "agent"
    }
  }

  /// Whether the rows carry lines (a measure other than commits).
  private static func hasLines(_ rows: [AuthorSummary]) -> Bool {
    !rows.isEmpty && rows.allSatisfy { $0.lines != nil }
  }

  /// `+12`, `−3`, `0`: a net change of lines.
  private func signed(_ value: Int) -> String {
    value > 0
      ? "+" + Wording.grouped(value)
      : value < 0 ? (isASCII ? "-" : "\u{2212}") + Wording.grouped(-value) : "0"
  }

  /// The table for the terminal, control characters stripped from names.
  public func terminal(_ rows: [AuthorSummary], report: ActivityReport) -> String {
    let withLines = Self.hasLines(rows)
    let withAssisted = Self.showsAssisted(rows)
    let headers =
      Array(Self.headers[..<3]) + (withAssisted ? ["AI-assisted"] : [])
      + (withLines ? Self.lineHeaders : []) + Self.headers[3...]
    // Right-aligned: the numbers.
    let numbers = 2...(3 + (withAssisted ? 1 : 0) + (withLines ? 3 : 0))
    var table: [[String]] = [headers]
    for row in rows {
      var cells = [
        Self.shownName(row), TextEscaping.terminal(row.author.email),
        Wording.grouped(row.commits),
      ]
      if withAssisted { cells.append(Wording.grouped(row.assisted ?? 0)) }
      if withLines, let lines = row.lines {
        cells += [
          Wording.grouped(lines.insertions), Wording.grouped(lines.deletions),
          signed(lines.insertions - lines.deletions),
        ]
      }
      cells += [
        Wording.grouped(row.activeDays), row.firstDay?.iso ?? "-", row.lastDay?.iso ?? "-",
        Wording.count(row.longestStreak?.days ?? 0, "day"),
      ]
      table.append(cells)
    }
    // Names and emails give way first, down to 12 columns each; then the sparkline shrinks.
    var widths = headers.indices.map { column in
      table.map { TextWidth.columns(of: $0[column]) }.max() ?? 0
    }
    let fixed = widths[2...].reduce(0, +) + 2 * (headers.count - 1)
    var room = width - fixed
    for column in [1, 0] where widths[0] + widths[1] + 2 > room {
      let others = widths[1 - column]
      widths[column] = max(12, min(widths[column], room - 2 - others))
    }
    room = width - (widths.reduce(0, +) + 2 * headers.count)
    let weeks = max(0, min(rows.map(\.weekCount).max() ?? 0, room))
    // The heading tells the truth about a table cut to --top: how many people there are, and
    // how many commits the rows shown hold.
    let everyone = max(report.activity.authors.count, rows.count)
    var heading =
      "\(ReportText.totals(report.activity)) \(ReportText.phrase(report.window)) by \(Wording.count(everyone, "author"))"
    if rows.count < everyone {
      heading +=
        "; the top \(Wording.grouped(rows.count)), with \(Wording.count(rows.reduce(0) { $0 + $1.commits }, "commit"))"
    }
    var lines = [isBold ? "\u{1B}[1m\(heading)\u{1B}[0m" : heading]
    for (index, cells) in table.enumerated() {
      var line = ""
      for (column, cell) in cells.enumerated() {
        let text = TextWidth.truncate(cell, to: widths[column], ellipsis: isASCII ? "." : "…")
        let pad = String(
          repeating: " ", count: max(0, widths[column] - TextWidth.columns(of: text)))
        line += (numbers.contains(column) ? pad + text : text + pad) + "  "
      }
      if weeks > 0 {
        line +=
          index == 0 ? "Weekly" : String(rows[index - 1].sparkline(ascii: isASCII).suffix(weeks))
      }
      lines.append(line.trimmingTrailingSpaces())
    }
    // What a narrow terminal left out is said, not hidden.
    let allWeeks = rows.map(\.weekCount).max() ?? 0
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
    var whole: [UInt8] = []
    csv(rows) { whole += $0 }
    return String(decoding: whole, as: UTF8.self)
  }

  /// The CSV's bytes handed to `write` a piece at a time (about a mebibyte each): a table of
  /// many people over many years (a weekly column of 2,900 weeks for each of 200,000 people is
  /// over a gigabyte) is never held whole. Bytes, not text: the weekly columns are copied runs
  /// of zeros, and a `String` checked and counted each run it was given.
  public func csv(_ rows: [AuthorSummary], write: ([UInt8]) -> Void) {
    let withLines = Self.hasLines(rows)
    let withAssisted = !rows.isEmpty && rows.allSatisfy { $0.assisted != nil }
    // Columns added since the first release come last, so that readers by position go on.
    var out = Array(
      ("name,email,commits"
        + (withLines ? ",insertions,deletions,net" : "")
        + ",active_days,first,last,longest_streak,weekly,kind"
        + (withAssisted ? ",assisted" : "") + "\n").utf8)
    var zeros: [UInt8] = []
    for row in rows {
      if zeros.count != row.weekCount * 2 { zeros = row.zeroWeeks(separator: [0x20]) }
      var fields = [
        TextEscaping.csv(row.author.name), TextEscaping.csv(row.author.email),
        String(row.commits),
      ]
      if withLines, let counted = row.lines {
        fields += [
          String(counted.insertions), String(counted.deletions),
          String(counted.insertions - counted.deletions),
        ]
      }
      fields += [
        String(row.activeDays), row.firstDay?.iso ?? "", row.lastDay?.iso ?? "",
        String(row.longestStreak?.days ?? 0),
      ]
      for field in fields {
        out += field.utf8
        out.append(UInt8(ascii: ","))
      }
      row.appendWeekly(separator: [0x20], zeros: zeros, to: &out)
      out += ("," + Self.kindName(row.kind)).utf8
      if withAssisted { out += ("," + String(row.assisted ?? 0)).utf8 }
      out.append(0x0A)
      if out.count >= 1 << 20 {
        write(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    write(out)
  }

  /// The table as JSON, names exact and escaped.
  public func json(_ rows: [AuthorSummary], report: ActivityReport) -> String {
    var whole = ""
    json(rows, report: report) { whole += $0 }
    return whole
  }

  /// The JSON handed to `write` a piece at a time, as `csv(_:write:)` does.
  public func json(_ rows: [AuthorSummary], report: ActivityReport, write: (String) -> Void) {
    var out = "{\n"
    out += JSONWriter.repositoriesAndWindow(report)
    out += "  \"authors\": [\n"
    let separator = Array(", ".utf8)
    var zeros: [UInt8] = []
    var weekly: [UInt8] = []
    for (index, row) in rows.enumerated() {
      if zeros.count != row.weekCount * 3 { zeros = row.zeroWeeks(separator: separator) }
      let first = row.firstDay.map { "\"\($0.iso)\"" } ?? "null"
      let last = row.lastDay.map { "\"\($0.iso)\"" } ?? "null"
      let lines =
        row.lines.map {
          ", \"insertions\": \($0.insertions), \"deletions\": \($0.deletions), \"net\": \($0.insertions - $0.deletions)"
        } ?? ""
      let assisted = row.assisted.map { ", \"assisted\": \($0)" } ?? ""
      if index > 0 { out += ",\n" }
      out +=
        "    {\"name\": \(TextEscaping.json(row.author.name)), \"email\": \(TextEscaping.json(row.author.email)), \"commits\": \(row.commits)\(lines), \"activeDays\": \(row.activeDays), \"first\": \(first), \"last\": \(last), \"longestStreak\": \(JSONWriter().streak(row.longestStreak)), \"weekly\": ["
      weekly.removeAll(keepingCapacity: true)
      row.appendWeekly(separator: separator, zeros: zeros, to: &weekly)
      out += String(decoding: weekly, as: UTF8.self)
      out += "], \"kind\": \"\(Self.kindName(row.kind))\"\(assisted)}"
      if out.utf8.count >= 1 << 20 {
        write(out)
        out = ""
      }
    }
    out += rows.isEmpty ? "" : "\n"
    out += "  ]\n}\n"
    write(out)
  }
}
