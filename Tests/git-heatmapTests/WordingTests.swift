import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// One wording for every output (ReportText): the busiest day, a month's window, streaks and
/// time ranges said the same way by the terminal, the summary, the SVG's description and alt
/// text, the calendar and the punch card.
@Suite("One wording for every output")
struct WordingTests {
  /// July 2026 with a busiest day of three commits on Tuesday the 14th, seen from December.
  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let tuesday = 1_784_030_400  // 2026-07-14 12:00 UTC
    for (index, offset) in [0, 600, 1_200, 86_400 * 3, 86_400 * 10].enumerated() {
      try repo.commit("c\(index)", date: "\(tuesday + offset) +0000")
    }
    return repo
  }

  static let december = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-12-01
  static let july = ["--since", "2026-07-01", "--until", "2026-07-31"]

  func run(_ repo: TemporaryRepository, _ arguments: [String]) -> RunResult {
    let result = heatmap(
      arguments, in: repo.path, environment: ["COLUMNS": "200"], now: Self.december)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result
  }

  @Test("every output names the busiest day, a month and the streaks the same way")
  func busiestDay() throws {
    let repo = try Self.repository()
    let phrase = "busiest day Tuesday, 14 July 2026 (3 commits)"
    let outputs: [(String, String)] = [
      ("terminal", run(repo, Self.july).stdout),
      ("summary", run(repo, Self.july + ["--format", "summary"]).stdout),
      ("svg", run(repo, Self.july + ["--format", "svg"]).stdout),
      ("alt text", run(repo, Self.july + ["-o", repo.path + "/../g.svg"]).stderr),
      ("calendar", run(repo, Self.july + ["--layout", "calendar"]).stdout),
      ("calendar svg", run(repo, Self.july + ["--layout", "calendar", "--format", "svg"]).stdout),
    ]
    for (name, text) in outputs {
      #expect(text.lowercased().contains(phrase.lowercased()), "\(name): \(text.prefix(600))")
      // A whole month is named as one, and a window long past has no current streak.
      #expect(text.contains("in July 2026"), "\(name)")
      #expect(!text.lowercased().contains("current streak"), "\(name)")
      #expect(!text.contains("2026-07-14 ("), "\(name): the busiest day in another style")
    }
    // A window that reaches today says its current streak, in the same words everywhere.
    for arguments in [[], ["--format", "summary"], ["--format", "svg"]] {
      #expect(run(repo, arguments).stdout.lowercased().contains("current streak 0 days"))
    }
    // The punch card's busiest hour: a range with an en dash (a hyphen with --ascii).
    let card = run(repo, Self.july + ["--layout", "punchcard"]).stdout
    #expect(card.contains("busiest hour Tuesdays 12:00\u{2013}13:00 (3 commits)"), "\(card)")
    let ascii = run(repo, Self.july + ["--layout", "punchcard", "--ascii"]).stdout
    #expect(ascii.contains("busiest hour Tuesdays 12:00-13:00 (3 commits)"))
  }

  @Test("on a sparse punch card a lone commit is the lightest level, not the darkest")
  func sparsePunchcard() throws {
    let repo = try TemporaryRepository()
    for day in 0..<6 {
      try repo.commit(date: "\(1_784_030_400 + day * 90_000) +0000")
    }
    let csv = heatmap(
      ["--layout", "punchcard", "--format", "json", "--year", "2026"], in: repo.path,
      now: Self.december)
    let svg = heatmap(
      ["--layout", "punchcard", "--format", "svg", "--year", "2026"], in: repo.path,
      now: Self.december)
    #expect(csv.status == 0 && svg.status == 0)
    let levels = svg.stdout.matches(of: /class="day l([0-9])"[^>]*data-count="([0-9]+)"/).map {
      (Int($0.output.1) ?? -1, Int($0.output.2) ?? -1)
    }
    #expect(levels.count == 168 && levels.filter { $0.1 == 1 }.count == 6)
    #expect(levels.allSatisfy { $0.0 == min($0.1, 1) }, "\(levels.filter { $0.1 > 0 })")
  }
}
