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

  @Test(
    "with Bloom filters, no helper for a path they leave under one commit in ten to compare; counts as git's either way"
  )
  func bloomHelper() throws {
    let repo = try TemporaryRepository()
    // 4,200 commits, each changing all/f, and some a path changed every 3rd, 8th, 12th or
    // 50th commit.
    var stream = ""
    let every = ["often": 3, "every8": 8, "every12": 12, "rare": 50]
    for number in 1...4_200 {
      stream += "commit refs/heads/main\nmark :\(number)\n"
      stream += "author A <a@x> \(1_600_000_000 + number * 600) +0000\n"
      stream += "committer A <a@x> \(1_600_000_000 + number * 600) +0000\ndata 2\nm\n"
      if number > 1 { stream += "from :\(number - 1)\n" }
      for (folder, period) in every.sorted(by: { $0.key < $1.key })
      where number % period == 0 || number == 1 {
        stream += "M 100644 inline \(folder)/f\ndata \(String(number).utf8.count)\n\(number)\n"
      }
      stream += "M 100644 inline all/f\ndata \(String(number).utf8.count)\n\(number)\n\n"
    }
    try repo.git(["fast-import", "--quiet"], input: Data(stream.utf8))
    try repo.git(["reset", "-q", "--hard", "main"])
    try repo.git(["commit-graph", "write", "--reachable", "--changed-paths"])
    let graph = try #require(CommitGraph(objectsDirectory: repo.path + "/.git/objects"))
    #expect(graph.hasBloomFilters)
    for (folder, leavesFew) in [
      ("rare", true), ("every12", true), ("every8", false), ("often", false),
    ] {
      let spec = try Pathspec(canonical: [":(prefix:0)" + folder + "/f"])
      #expect(PathspecWalk.bloomLeavesFew(graph, keys: spec.bloomKeys) == leavesFew, "\(folder)")
    }
    // Without filters, never.
    #expect(!PathspecWalk.bloomLeavesFew(graph, keys: []))
    let repository = try Repository.discoverGit(from: repo.path, environment: Tools.gitEnvironment)
    var options = WalkOptions()
    options.recordsCommitIDs = true
    options.workerCount = 2
    let head = try #require(ObjectID(hex: try repo.head()))
    for folder in ["rare", "often"] {
      let expected = try repo.git(["log", "--format=%H", "HEAD", "--", folder + "/f"])
        .split(separator: "\n").map(String.init)
      var stored: PathspecAnswerCache?
      var walk = PathspecWalk(
        repository: repository,
        pathspec: try Pathspec(canonical: [":(prefix:0)" + folder + "/f"]), options: options,
        substitutions: Substitutions(), shallow: [])
      let history = try walk.history(WalkTips(included: [head], excluded: []), stored: &stored)
      #expect(history.ids == expected, "\(folder)")
      #expect(walk.startedHelper == (folder == "often"), "\(folder)")
    }
  }
}
