import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("SVG export, end to end")
struct SVGEndToEndTests {
  @Test("every cell's date and count (its tooltip) equal the CSV of the same run; deterministic")
  func cellsEqualCSV() throws {
    let repo = try HistoryAgainstGitTests.makeRepository()
    let window = ["--since", "2024-02-15", "--until", "2024-04-15", "--all"]
    let csv = heatmap(["--format", "csv"] + window, in: repo.path).stdout
    let svg = heatmap(["--format", "svg"] + window, in: repo.path)
    #expect(svg.status == 0)
    let rows = csv.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").prefix(2).map(String.init)
    }
    let cells = try #require(SVGCells.parse(svg.stdout)).cells.map { [$0.date, String($0.count)] }
    #expect(cells == rows)
    #expect(cells.count == 61)
    #expect(heatmap(["--format", "svg"] + window, in: repo.path).stdout == svg.stdout)
  }

  @Test("-o FILE.svg writes atomically, says the alt text, and a failure leaves the old file")
  func writesFile() throws {
    let repo = try HistoryAgainstGitTests.makeRepository()
    let path = repo.path + "/graph.svg"
    let result = heatmap(
      ["-o", "graph.svg", "--year", "2024", "--title", "Ada's year"], in: repo.path)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "git-heatmap: suggested alt text: Contribution graph of Ada's year: 15 commits in 2024 on 6 active days."
      ))
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.hasPrefix("<?xml"))
    #expect(written.hasSuffix("</svg>\n"))
    #expect(try Tools.svglint(written) == nil)

    // A run that fails (an unknown revision) leaves the old file as it was, and no temporary.
    let failed = heatmap(["-o", "graph.svg", "nope"], in: repo.path)
    #expect(failed.status == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == written)
    // A target that cannot be replaced: a directory.
    try FileManager.default.createDirectory(
      atPath: repo.path + "/dir.svg", withIntermediateDirectories: false)
    let blocked = heatmap(["-o", "dir.svg"], in: repo.path)
    #expect(blocked.status == 1)
    #expect(blocked.stderr == "git-heatmap: cannot write 'dir.svg': it is a directory\n")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: repo.path).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty)
    #expect(
      heatmap(["-o", "-", "--format", "svg", "--quiet"], in: repo.path).stdout.hasPrefix("<?xml"))
  }

  @Test("a year with commits on every day: ≤ 48 KB with tooltips, ≤ 25 KB with --compact")
  func fileSize() throws {
    // The largest one-year graph: all 366 days of 2024 busy, most with two-digit counts.
    let repo = try TemporaryRepository()
    try repo.importLine(
      (0..<366).flatMap { day in
        (0..<(day % 23 + 10)).map { commit in
          TemporaryRepository.ImportedCommit(
            // From 2024-01-01 12:00 UTC.
            author: "A <a@x>", time: 1_704_110_400 + day * 86_400 + commit * 60,
            committer: "A <a@x>")
        }
      })
    let full = heatmap(["--format", "svg", "--year", "2024"], in: repo.path)
    let compact = heatmap(["--format", "svg", "--year", "2024", "--compact"], in: repo.path)
    #expect(full.status == 0 && compact.status == 0)
    // Every day keeps its tooltip and date by default; --compact drops them.
    let parsed = try #require(SVGCells.parse(full.stdout))
    #expect(parsed.cells.count == 366)
    #expect(parsed.cells.allSatisfy { $0.count >= 10 })
    #expect(full.stdout.components(separatedBy: "data-date=").count - 1 == 366)
    #expect(!compact.stdout.contains("data-") && !compact.stdout.contains("commits</title>"))
    #expect(full.stdout.utf8.count <= 48_000, "\(full.stdout.utf8.count) bytes")
    #expect(compact.stdout.utf8.count <= 25_000, "\(compact.stdout.utf8.count) bytes")
    #expect(try Tools.svglint(full.stdout) == nil)
    #expect(try Tools.svglint(compact.stdout) == nil)
  }

  @Test("every theme and option combination the command line offers is valid SVG 1.1")
  func optionCombinations() throws {
    let repo = try HistoryAgainstGitTests.makeRepository()
    let combinations: [[String]] = [
      [], ["--theme", "github-dark"], ["--theme", "auto", "--animate"], ["--tint", "#f60"],
      ["--palette", "#fff,#ddd,#999,#555,#000", "--transparent"],
      ["--cell-size", "4", "--spacing", "0"],
      ["--cell-size", "40", "--radius", "20"], ["--since", "2022-01-01", "--until", "2024-12-31"],
      ["--author", "ada", "--week-start", "monday"],
    ]
    for extra in combinations {
      let result = heatmap(
        ["--format", "svg", "--year", "2024"] + extra.filter { $0 != "--year" }, in: repo.path)
      let svg =
        extra.contains("--since")
        ? heatmap(["--format", "svg"] + extra, in: repo.path).stdout : result.stdout
      #expect(try Tools.svglint(svg) == nil, "\(extra)")
    }
  }
}
