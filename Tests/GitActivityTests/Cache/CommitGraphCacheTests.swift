import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// A first run with git's commit-graph reads the commits the graph lists in batches, and the
/// others by walking their parents; the cache it writes must be the one a walk without the graph
/// writes.
@Suite("The cache a walk with a commit-graph writes")
struct CommitGraphCacheTests {
  /// Every record of `cache`: its facts and its parents, by id.
  static func records(_ cache: HistoryCache) -> [ObjectID: String] {
    var records: [ObjectID: String] = [:]
    for (index, id) in cache.ids.enumerated() {
      let parents = cache.parentRange(Int32(index)).map { slot in
        let reference = cache.parentRefs[slot]
        return reference >= 0 ? cache.ids[Int(reference)] : cache.parentID(reference)
      }
      // Identities by their bytes: their numbers follow the order the workers met them in.
      let facts = cache.facts[index]
      func identity(_ number: Int32) -> String {
        number >= 0 ? "\(cache.identities[Int(number)])" : "none"
      }
      records[id] =
        "\(String(describing: facts.author)) \(String(describing: facts.committer)) "
        + "\(identity(facts.identity)) \(identity(facts.committerIdentity)) \(facts.parentCount) "
        + "\(parents.map(\.hex))"
    }
    return records
  }

  @Test("with the graph, without it: the same records, facts and parents in order")
  func sameRecords() throws {
    // Merges, an octopus (the graph's extra edges), a graph written by git, then commits after
    // it, so that one walk reads commits both ways.
    let repository = try TemporaryRepository()
    for index in 0..<40 {
      try repository.commit(
        date: "\(1_700_000_000 + index * 86_400) +0\(index % 10)00", author: "A\(index % 3)",
        email: "a\(index % 3)@x")
      if index % 9 == 4 {
        try repository.git(["checkout", "-q", "-b", "side\(index)", "HEAD~2"])
        try repository.commit(date: "\(1_700_000_000 + index * 86_400 + 60) -0500")
        try repository.git(["checkout", "-q", "main"])
        try repository.git(
          ["merge", "-q", "--no-ff", "-m", "merge \(index)", "side\(index)"],
          environment: ["GIT_COMMITTER_DATE": "\(1_700_000_000 + index * 86_400 + 120) +0000"])
      }
    }
    try repository.git(["checkout", "-q", "-b", "o1", "HEAD~3"])
    try repository.commit(date: "1704000000 +0300")
    try repository.git(["checkout", "-q", "-b", "o2", "main~5"])
    try repository.commit(date: "1704003600 -0300")
    try repository.git(["checkout", "-q", "main"])
    try repository.git(["merge", "-q", "--no-ff", "-m", "octopus", "o1", "o2"])
    try repository.git(["repack", "-adq"])
    try repository.git(["commit-graph", "write", "--reachable"])
    for index in 0..<3 { try repository.commit(date: "\(1_705_000_000 + index * 60) +0000") }
    let opened = try Repository.openGit(at: repository.path, environment: Tools.gitEnvironment)
    func firstRun(graph: Bool) throws -> HistoryCache {
      var options = WalkOptions(workerCount: 2)
      options.usesCommitGraph = graph
      let read = try HistoryWalker(opened).history(
        {
          var selection = RevisionSelection(); selection.includesAllRefs = true; return selection
        }(),
        options: options, cache: HistoryCache())
      return try #require(read.updatedCache)
    }
    let withGraph = Self.records(try firstRun(graph: true))
    let without = Self.records(try firstRun(graph: false))
    let count = try repository.git(["rev-list", "--all", "--count"])
    #expect(String(withGraph.count) + "\n" == count)
    #expect(withGraph.keys.sorted() == without.keys.sorted())
    for (id, record) in withGraph where without[id] != record {
      Issue.record("\(id.hex): \(record) against \(without[id] ?? "none")")
    }
  }
}
