/// `--format summary`: the graph as text a screen reader reads well.
public struct SummaryWriter: Sendable {
  public init() {}

  public func render(_ report: ActivityReport) -> String {
    let stats = report.statistics
    var lines = ["\(Wording.count(stats.total, "commit")) \(report.window.phrase)"]
    _ = stats
    return lines.joined(separator: "\n") + "\n"
  }
}
