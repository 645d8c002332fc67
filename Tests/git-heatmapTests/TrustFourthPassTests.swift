import Foundation
import GitActivity
import TestSupport
import Testing

/// The fourth pass of trust: what git's own test suites and the export's readers found, each
/// case against git 2.39 as the oracle.
@Suite("Trust, fourth pass")
struct TrustFourthPassTests {
  /// Four commits on main, one on a side branch.
  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    for day in 0..<4 {
      try repo.commit("main \(day)", date: "\(1_704_196_800 + day * 86_400) +0000")
    }
    try repo.git(["checkout", "-q", "-b", "side", "HEAD~2"])
    try repo.commit("side", date: "1704600000 +0000", author: "Bo", email: "bo@x")
    try repo.git(["checkout", "-q", "main"])
    return repo
  }

  /// The commit ids of an NDJSON export.
  static func ids(_ export: String) -> [String] {
    export.split(separator: "\n").compactMap { line in
      line.range(of: #""id":""#).map { String(line[$0.upperBound...].prefix(40)) }
    }
  }

  @Test("-n and --skip limit the per-commit export as git log limits; --from refuses them")
  func limitedExport() throws {
    let repo = try Self.repository()
    for arguments in [["-n", "2"], ["--skip", "1", "-n", "2"], ["-3"], ["--max-count=-1"]] {
      let export = heatmap(["--format", "commits"] + arguments, in: repo.path)
      #expect(export.status == 0, "\(export.stderr)")
      let expected = try repo.git(["log", "--format=%H"] + arguments).split(separator: "\n")
      #expect(Set(Self.ids(export.stdout)) == Set(expected.map(String.init)), "\(arguments)")
    }
    let file = repo.root.appendingPathComponent("all.ndjson")
    try Data(heatmap(["--format", "commits"], in: repo.path).stdout.utf8).write(to: file)
    for option in [["-n", "2"], ["--skip", "1"]] {
      let drawn = heatmap(["--from", file.path] + option, in: repo.root.path)
      #expect(drawn.status == 64)
      #expect(drawn.stderr.contains("selects what an export holds"), "\(drawn.stderr)")
    }
  }
}
