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
    var lines = [
      (withLines ? "date,count,commits,insertions,deletions" : "date,count")
        + (assisted != nil ? ",assisted" : "")
    ]
    lines.reserveCapacity(activity.counts.count + 1)
    for (index, (day, count)) in zip(activity.days, activity.counts).enumerated() {
      var line = "\(day.iso),\(count)"
      if withLines {
        line +=
          ",\(activity.commitCounts[index]),\(activity.insertions[index]),\(activity.deletions[index])"
      }
      if let assisted { line += ",\(assisted[index])" }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
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
