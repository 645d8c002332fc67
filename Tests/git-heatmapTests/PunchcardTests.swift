import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("The punch card: weekday by hour, as git log's %w %H")
struct PunchcardTests {
  /// Commits at every hour of a week, in offsets from -1000 to +1400.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let offsets = ["+0000", "+0530", "-0800", "+1400", "-1000", "+0100", "+0900"]
    try repo.importLine(
      (0..<(7 * 24 * 2)).map { index in
        TemporaryRepository.ImportedCommit(
          // From 2024-01-01.
          author: "A\(index % 3) <a\(index % 3)@x>",
          time: 1_704_067_200 + index * 3_600 + (index % 5) * 600,
          offset: offsets[index % offsets.count])
      })
    return repo
  }

  static func parseCSV(_ csv: String) -> [String: Int] {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    var cells: [String: Int] = [:]
    for row in csv.split(separator: "\n").dropFirst() {
      let fields = row.split(separator: ",")
      guard let weekday = names.firstIndex(of: String(fields[0])), let count = Int(fields[2]),
        count > 0
      else { continue }
      cells["\(weekday) \(fields[1])"] = count
    }
    return cells
  }

  static func gitCells(_ repo: TemporaryRepository, local: String? = nil) throws -> [String: Int] {
    let format = local == nil ? "format:%w %H" : "format-local:%w %H"
    var cells: [String: Int] = [:]
    let output = try repo.git(
      ["log", "--date=\(format)", "--format=%ad"], environment: local.map { ["TZ": $0] } ?? [:])
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      cells["\(parts[0]) \(Int(parts[1]) ?? -1)", default: 0] += 1
    }
    return cells
  }

  @Test("every weekday and hour equals git log's, on the authors' clocks and in UTC")
  func againstGit() throws {
    let repo = try Self.repository()
    let window = ["--layout", "punchcard", "--format", "csv", "--since", "2023-12-01"]
    let ours = Self.parseCSV(heatmap(window, in: repo.path).stdout)
    #expect(ours == (try Self.gitCells(repo)))
    let utc = Self.parseCSV(heatmap(window + ["--timezone", "utc"], in: repo.path).stdout)
    #expect(utc == (try Self.gitCells(repo, local: "UTC")))
    #expect(ours != utc)
    // Weeks that start on Monday start the rows there.
    let monday = heatmap(window + ["--week-start", "monday"], in: repo.path).stdout
    #expect(monday.split(separator: "\n")[1].hasPrefix("monday,0,"))
    #expect(Self.parseCSV(monday) == ours)
    let json = heatmap(
      ["--layout", "punchcard", "--format", "json", "--since", "2023-12-01"], in: repo.path)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let rows = try #require(object["punchcard"] as? [[Int]])
    #expect(rows.count == 7 && rows.allSatisfy { $0.count == 24 })
    let total: Int = rows.flatMap { $0 }.reduce(0, +)
    #expect(total == 336)
  }

  @Test("terminal and SVG: seven rows of 24, a legend, the busiest hour; valid SVG 1.1")
  func drawings() throws {
    let repo = try Self.repository()
    let window = ["--layout", "punchcard", "--since", "2023-12-01"]
    let terminal = heatmap(
      window + ["--color", "never"], in: repo.path, environment: ["COLUMNS": "80"])
    let lines = terminal.stdout.split(separator: "\n")
    #expect(
      lines[0].hasPrefix("336 commits between 1 December 2023 and 24 December 2024 by weekday"))
    #expect(lines[2].hasPrefix("Sun ") && lines[8].hasPrefix("Sat "))
    #expect(lines[2...8].allSatisfy { $0.split(separator: " ").count == 25 })
    #expect(lines[9].hasSuffix("More"))
    #expect(lines[10].hasPrefix("busiest hour "))
    let svg = heatmap(window + ["--format", "svg", "--theme", "auto"], in: repo.path).stdout
    #expect(try Tools.svglint(svg) == nil)
    #expect(svg.components(separatedBy: "<rect x=").count - 1 == 168)
    #expect(svg.contains("role=\"img\"") && svg.contains("<desc id=\"punchcard-desc\">"))
    #expect(svg.contains("prefers-color-scheme: dark"))
    let combined = heatmap(window + ["--by-author"], in: repo.path)
    #expect(combined.status == 64)
  }

  @Test("the SVG's legend ends on the grid's edge, and a long title is shortened, not widening")
  func svgEdges() throws {
    let repo = try Self.repository()
    let window = ["--layout", "punchcard", "--since", "2023-12-01", "--format", "svg"]
    func width(_ svg: String) -> Double? {
      svg.range(of: #"width="[0-9.]+""#, options: .regularExpression).flatMap {
        Double(svg[$0].dropFirst(7).dropLast())
      }
    }
    let plain = heatmap(window, in: repo.path).stdout
    let long = heatmap(
      window + ["--title", String(repeating: "A long title ", count: 20)], in: repo.path
    ).stdout
    #expect(
      width(plain) != nil && width(plain) == width(long), "\(String(describing: width(long)))")
    #expect(long.contains("…"))
    // The last hour's cells end where "More" ends.
    let cellEnds = plain.ranges(of: #"data-hour="23""#).count
    #expect(cellEnds == 7)
    let xs = plain.matches(
      of: #/<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"[^>]*data-hour="23"/#
    ).map {
      (Double($0.output.1) ?? 0) + (Double($0.output.2) ?? 0)
    }
    let more = try #require(
      plain.firstMatch(of: #/<text class="label" x="([0-9.]+)" y="[0-9.]+">More</text>/#))
    let moreX = try #require(Double(more.output.1))
    let gridRight = try #require(xs.max())
    // "More" is drawn ending at the grid's right edge: its start plus its width is that edge.
    #expect(
      moreX < gridRight && gridRight - moreX < 40, "More at \(moreX), grid ends at \(gridRight)")
    #expect(try #require(width(plain)) <= gridRight + 20)
  }
}
