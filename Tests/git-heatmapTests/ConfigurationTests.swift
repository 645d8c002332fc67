import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("heatmap.* values are defaults, not flags")
struct ConfigurationTests {
  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.git(["config", "user.email", "ada@example.com"])
    try repo.commit(date: "1704196800 +0000", author: "Ada", email: "ada@example.com")
    try repo.commit(date: "1704283200 +0000", author: "Grace", email: "grace@example.com")
    return repo
  }

  static let year = ["--format", "csv", "--year", "2024"]

  @Test("a key of another mode is used when that mode runs and ignored otherwise")
  func modeKeys() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.top", "1"])
    try repo.git(["config", "heatmap.sort", "name"])
    let plain = heatmap(Self.year, in: repo.path)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(nonZeroDays(plain.stdout) == ["2024-01-02": 1, "2024-01-03": 1])
    let byAuthor = heatmap(Self.year + ["--by-author", "--format", "json"], in: repo.path)
    #expect(byAuthor.status == 0, "\(byAuthor.stderr)")
    #expect(byAuthor.stdout.contains("\"days\""))
    let table = heatmap(["--year", "2024", "--authors", "--format", "csv"], in: repo.path)
    #expect(table.stdout.split(separator: "\n").dropFirst().map { $0.prefix(3) } == ["Ada", "Gra"])
    // On the command line the same option alone is still a usage error.
    #expect(heatmap(Self.year + ["--top", "1"], in: repo.path).status == 64)
  }

  @Test("a configured window gives way to any window option on the command line")
  func windowKeys() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.weeks", "4"])
    for window in [
      ["--year", "2024"], ["--since", "2024-01-01"], ["--until", "2024-01-31"],
      ["--end", "2024-01-31"],
    ] {
      let result = heatmap(["--format", "csv"] + window, in: repo.path)
      #expect(result.status == 0, "\(window): \(result.stderr)")
    }
    // Alone, it sets the window: four weeks ending today.
    let alone = heatmap(["--format", "csv"], in: repo.path)
    #expect(alone.stdout.split(separator: "\n").count - 1 == 3 * 7 + 3)  // today is a Tuesday
    let bad = heatmap(["--format", "csv", "--no-config"], in: repo.path)
    #expect(bad.status == 0)
  }

  @Test("--author and --me replace heatmap.author; --no-config ignores every key")
  func authorKey() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.author", "grace"])
    #expect(nonZeroDays(heatmap(Self.year, in: repo.path).stdout) == ["2024-01-03": 1])
    #expect(
      nonZeroDays(heatmap(Self.year + ["--author", "ada"], in: repo.path).stdout)
        == ["2024-01-02": 1])
    #expect(nonZeroDays(heatmap(Self.year + ["--me"], in: repo.path).stdout) == ["2024-01-02": 1])
    #expect(nonZeroDays(heatmap(Self.year + ["--no-config"], in: repo.path).stdout).count == 2)
  }

  @Test(
    "a bad configured value names the key, not the flag",
    arguments: [
      ("heatmap.weeks", "abc", "expected a whole number from 1 to 530"),
      ("heatmap.cellSize", "99", "expected a number from 4 to 40"),
      ("heatmap.top", "0", "expected a whole number from 1 to 1000"),
    ])
  func badValues(key: String, value: String, expected: String) throws {
    let repo = try Self.repository()
    try repo.git(["config", key, value])
    let arguments = key == "heatmap.top" ? ["--by-author"] : ["--format", "svg"]
    let result = heatmap(arguments, in: repo.path)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "git-heatmap: invalid value '\(value)' for '\(key)' in git config: \(expected)\nsee 'git-heatmap --help'\n"
    )
  }
}
