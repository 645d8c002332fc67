/// `--format csv`: `date,count`, one row per day of the window, oldest first, zeros included;
/// `count` is the measure, and under a measure of lines `commits,insertions,deletions` follow;
/// `assisted` (the AI-assisted part of `count`) last, when commits were told apart.
public struct CSVWriter: Sendable {
  /// A CSV writer.
  public init() {}

  /// The report as text in this writer's format.
  public func render(_ report: ActivityReport) -> String {
    let activity = report.activity
    let withLines = activity.measure != .commits && !activity.insertions.isEmpty
    let assisted = activity.tellsAssisted ? activity.assistedCounts : nil
    // Bytes, not a string a row: a whole history is twenty thousand rows on every run.
    var out: [UInt8] = []
    out.reserveCapacity((activity.counts.count + 1) * (withLines ? 40 : 16))
    out += (withLines ? "date,count,commits,insertions,deletions" : "date,count").utf8
    if assisted != nil { out += ",assisted".utf8 }
    out.append(UInt8(ascii: "\n"))
    for (index, (day, count)) in zip(activity.days, activity.counts).enumerated() {
      var iso = day.iso
      iso.withUTF8 { out.append(contentsOf: $0) }
      Self.append(count, to: &out)
      if withLines {
        Self.append(activity.commitCounts[index], to: &out)
        Self.append(activity.insertions[index], to: &out)
        Self.append(activity.deletions[index], to: &out)
      }
      if let assisted { Self.append(assisted[index], to: &out) }
      out.append(UInt8(ascii: "\n"))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `,` and `value` in decimal.
  private static func append(_ value: Int, to out: inout [UInt8]) {
    out.append(UInt8(ascii: ","))
    guard value >= 0 else {
      out += String(value).utf8
      return
    }
    var divisor = 1
    while divisor <= value / 10 { divisor &*= 10 }
    while divisor > 0 {
      out.append(UInt8(truncatingIfNeeded: 48 + value / divisor % 10))
      divisor /= 10
    }
  }

  /// `--by-author --format csv`: `date,author,email,count` in long form, a row for each day an
  /// author among the first `top` has commits, by day and then in the authors' order. Names
  /// are stripped of control and bidi characters, as every CSV field is.
  public func renderByAuthor(_ report: ActivityReport, top: Int) -> String {
    let authors = report.activity.authors.prefix(top)
    var rows: [(offset: Int, rank: Int, count: Int)] = []
    for (rank, author) in authors.enumerated() {
      for day in author.activeDays { rows.append((day.offset, rank, day.count)) }
    }
    rows.sort { ($0.offset, $0.rank) < ($1.offset, $1.rank) }
    var lines = ["date,author,email,count"]
    lines.reserveCapacity(rows.count + 1)
    let first = report.activity.days.first
    for row in rows {
      let author = authors[authors.startIndex + row.rank].author
      lines.append(
        "\(first.advanced(by: row.offset).iso),\(TextEscaping.csv(author.name)),\(TextEscaping.csv(author.email)),\(row.count)"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
