import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// `PathspecWalk` on its own: from tips it is given, with and without a history cache and stored
/// answers, the commits it returns are git log's for the paths, and what it compared is
/// recorded so that a second walk compares nothing new.
@Suite("PathspecWalk, directly")
struct PathspecWalkTests {
  @Test("the commits of git log -- PATH, from given tips; answers recorded and reused")
  func direct() throws {
    let repo = try TemporaryRepository()
    var ids: [String: String] = [:]
    for day in 0..<12 {
      try repo.write(day % 3 == 0 ? "docs/\(day).md" : "src/\(day).c", "\(day)")
      try repo.git(["add", "-A"])
      ids["\(day)"] = try repo.commit(date: "\(1_700_000_000 + day * 86_400) +0000")
    }
    let repository = try Repository.discoverGit(from: repo.path, environment: Tools.gitEnvironment)
    var options = WalkOptions()
    options.recordsCommitIDs = true
    options.workerCount = 1
    let head = try #require(ObjectID(hex: ids["11"] ?? ""))
    let hidden = try #require(ObjectID(hex: ids["3"] ?? ""))
    for (paths, tips) in [
      (["src"], WalkTips(included: [head], excluded: [])),
      (["docs/*.md"], WalkTips(included: [head], excluded: [])),
      (["src"], WalkTips(included: [head], excluded: [hidden])),
    ] {
      let spec = try Pathspec(canonical: paths.map { ":(prefix:0)" + $0 })
      let range = tips.excluded.isEmpty ? [] : ["^" + (ids["3"] ?? "")]
      let expected = try repo.git(
        ["log", "--format=%H"] + [ids["11"] ?? ""] + range + ["--"] + paths
      )
      .split(separator: "\n").map(String.init)
      var stored: PathspecAnswerCache? = PathspecAnswerCache(key: "k")
      var walk = PathspecWalk(
        repository: repository, pathspec: spec, options: options, substitutions: Substitutions(),
        shallow: [])
      let first = try walk.history(tips, stored: &stored)
      #expect(first.ids == expected, "\(paths) \(tips.excluded.count)")
      let answered = stored?.count ?? 0
      #expect(answered > 0 && stored?.hasNewRecords == true)
      // Again with the answers: the same commits, nothing new compared.
      let place = PathspecAnswerCache.location(
        for: "k",
        beside: HistoryCache.Location(commonDirectory: repo.root.path, fallbackDirectory: nil))
      stored?.save(to: place)
      var reread: PathspecAnswerCache? = PathspecAnswerCache.load(key: "k", from: place)
      #expect(reread?.wasLoaded == true)
      var second = PathspecWalk(
        repository: repository, pathspec: spec, options: options, substitutions: Substitutions(),
        shallow: [])
      let again = try second.history(tips, stored: &reread)
      #expect(again.ids == expected)
      #expect(reread?.hasNewRecords == false && reread?.count == answered)
    }
  }
}
