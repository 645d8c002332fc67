import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("Terminals, pipes and repositories as git users have them")
struct HabitsTests {
  @Test("output that is not a terminal is not cut: all 53 weeks, whole emails; COLUMNS still wins")
  func pipesAreNotCut() throws {
    let repo = try TemporaryRepository()
    let email = "a.very.long.address.of.someone@a-very-long-domain-name.example.com"
    try repo.commit(date: "1734900000 +0000", author: "Someone With A Long Name", email: email)
    var environment = ["COLUMNS": ""]
    environment["NO_COLOR"] = "1"
    let graph = heatmap(["--no-cache"], in: repo.path, environment: environment)
    let weekdayRow = try #require(graph.stdout.split(separator: "\n").first { $0.hasPrefix("Mon") })
    #expect(weekdayRow.split(separator: " ").count - 1 == 53)
    #expect(!graph.stdout.contains("newest"))
    let table = heatmap(["--authors"], in: repo.path, environment: environment)
    #expect(table.stdout.contains(email))
    let narrow = heatmap(["--authors"], in: repo.path, environment: ["COLUMNS": "40"])
    #expect(!narrow.stdout.contains(email))
  }

  @Test("a bare repository without a config file is named by its own folder, as git calls it bare")
  func bareWithoutConfig() throws {
    let repo = try TemporaryRepository(bare: true)
    let tree = try repo.emptyTree()
    let commit = try repo.git(
      ["commit-tree", tree, "-m", "x"],
      environment: [
        "GIT_AUTHOR_DATE": "1704196800 +0000", "GIT_COMMITTER_DATE": "1704196800 +0000",
      ]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    try repo.git(["update-ref", "refs/heads/main", commit])
    try FileManager.default.removeItem(atPath: repo.path + "/config")
    let result = heatmap(["--format", "json", "--year", "2024"], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""repository": "\#(repo.path)","#))
    #expect(result.stdout.contains(#""total": 1,"#))
  }
}
