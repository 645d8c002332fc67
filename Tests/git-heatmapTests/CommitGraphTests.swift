import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("git's commit-graph file lists the commits to read")
struct CommitGraphTests {
  static let everything = [
    "--format", "csv", "--since", "2020-01-01", "--until", "2025-12-31", "--no-cache",
  ]

  /// Merges, an octopus (which needs the graph's extra-edge list), a branch, and a graph
  /// written by git, with commits made after it.
  static func repository() throws -> TemporaryRepository {
    let repo = try CacheAndWalkTests.repository()
    try repo.git(["checkout", "-q", "-b", "o1", "HEAD~3"])
    try repo.commit(date: "1700000000 +0300", author: "O1", email: "o1@x")
    try repo.git(["checkout", "-q", "-b", "o2", "main~5"])
    try repo.commit(date: "1700003600 -0300", author: "O2", email: "o2@x")
    try repo.git(["checkout", "-q", "main"])
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "octopus", "o1", "o2"],
      environment: [
        "GIT_AUTHOR_DATE": "1700010000 +0000", "GIT_COMMITTER_DATE": "1700010000 +0000",
      ])
    try repo.git(["commit-graph", "write", "--reachable"])
    try repo.commit(date: "1700100000 +0000")  // not in the graph
    return repo
  }

  @Test("counts with the graph equal git log's and a walk without it: full, windowed, first parent")
  func sameCounts() throws {
    let repo = try Self.repository()
    #expect(FileManager.default.fileExists(atPath: repo.path + "/.git/objects/info/commit-graph"))
    let octopus = try repo.git(["rev-list", "--min-parents=3", "--count", "HEAD"])
    #expect(octopus == "1\n")
    for extra in [[], ["--all"], ["--first-parent"], ["--no-merges"], ["o1..main"]] {
      let withGraph = heatmap(Self.everything + extra, in: repo.path)
      let without = heatmap(
        Self.everything + extra, in: repo.path, environment: ["GIT_HEATMAP_NO_COMMIT_GRAPH": "1"])
      #expect(withGraph.status == 0, "\(withGraph.stderr)")
      #expect(withGraph.stdout == without.stdout, "\(extra)")
      #expect(nonZeroDays(withGraph.stdout) == (try repo.gitDays(extra)), "\(extra)")
    }
    let window = [
      "--format", "csv", "--since", "2023-06-01", "--until", "2025-12-31", "--no-cache",
    ]
    #expect(
      heatmap(window, in: repo.path).stdout
        == heatmap(window, in: repo.path, environment: ["GIT_HEATMAP_NO_COMMIT_GRAPH": "1"]).stdout)
    // Through the cache too: a windowed run, then a full one that goes on from it.
    let cached = ["--format", "csv", "--since", "2020-01-01", "--until", "2025-12-31"]
    _ = heatmap(window.dropLast(), in: repo.path)
    #expect(heatmap(cached, in: repo.path).stdout == heatmap(Self.everything, in: repo.path).stdout)
  }

  @Test("a graph that lies about a parent or a date never changes a count")
  func lyingGraph() throws {
    let repo = try Self.repository()
    let path = repo.path + "/.git/objects/info/commit-graph"
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // Find the CDAT chunk in the chunk table and damage the first commit's first parent, then
    // (separately) its commit time.
    let chunks = Int(original[6])
    var cdat = 0
    for index in 0..<chunks {
      let entry = 8 + index * 12
      if Array(original[entry..<(entry + 4)]) == Array("CDAT".utf8) {
        cdat = original[(entry + 4)..<(entry + 12)].reduce(0) { $0 << 8 | Int($1) }
      }
    }
    #expect(cdat > 0)
    let expected = heatmap(
      Self.everything, in: repo.path, environment: ["GIT_HEATMAP_NO_COMMIT_GRAPH": "1"]
    ).stdout
    let expectedAll = heatmap(
      Self.everything + ["--all"], in: repo.path, environment: ["GIT_HEATMAP_NO_COMMIT_GRAPH": "1"]
    ).stdout
    #expect(nonZeroDays(expectedAll) == (try repo.gitDays(["--all"])))
    for (offset, value) in [
      (cdat + 20 + 3, UInt8(1)), (cdat + 20 + 3, UInt8(7)), (cdat + 35, UInt8(0x55)),
    ] {
      var damaged = original
      damaged[offset] ^= value
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      let result = heatmap(Self.everything + ["--all"], in: repo.path)
      #expect(result.status == 0)
      // git log itself trusts the graph (and would count wrongly here): compare with the truth.
      #expect(result.stdout == expectedAll)
      #expect(heatmap(Self.everything, in: repo.path).stdout == expected)
    }
    // A graph that is not a graph at all is ignored.
    try Data("CGPH garbage".utf8).write(to: URL(fileURLWithPath: path))
    #expect(heatmap(Self.everything, in: repo.path).stdout == expected)
  }
}
