import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// The walk's tables by commit-graph position: merged from sorted lists once, they must give at
/// every position what a lookup by id gives.
@Suite("Position tables give what lookups by id give")
struct PositionTablesTests {
  /// A line of `base` commits in one commit-graph layer and `top` more in a second layer above.
  static func splitGraph(base: Int, top: Int) throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let commits = (0..<(base + top)).map {
      TemporaryRepository.ImportedCommit(author: "A <a@x>", time: 1_700_000_000 + $0 * 60)
    }
    try repo.importLine(commits.prefix(base))
    try repo.git(["commit-graph", "write", "--reachable", "--split=no-merge"])
    let head = try repo.git(["rev-parse", "main"]).trimmingCharacters(in: .whitespacesAndNewlines)
    try repo.importLine(commits.suffix(top), onto: head)
    try repo.git(["commit-graph", "write", "--reachable", "--split=no-merge"])
    return repo
  }

  @Test("every position of a split commit-graph: its stored answer and its cache record, or none")
  func everyPosition() throws {
    let repo = try Self.splitGraph(base: 500, top: 300)
    let graph = try #require(CommitGraph(objectsDirectory: repo.path + "/.git/objects"))
    #expect(graph.layerPositions.count == 2 && graph.count == 800)
    let ids = (0..<Int32(graph.count)).map { graph.id(at: $0) }

    // A cache of every other commit (in walk order, as a run appends them), answers for every
    // third, both with ids the graph does not have among them.
    var appender = HistoryCache.Appender(HistoryCache())
    let stranger = { (n: Int) in ObjectID(high: UInt64(n) << 40, middle: 7, low: 7) }
    for (n, id) in ids.enumerated().reversed() where n % 2 == 0 {
      appender.append(
        id: id, facts: CommitFacts(author: nil, committer: nil, identity: 0, parentCount: 0),
        parents: [])
      if n % 50 == 0 {
        appender.append(
          id: stranger(n),
          facts: CommitFacts(author: nil, committer: nil, identity: 0, parentCount: 0),
          parents: [])
      }
    }
    let cache = appender.finish(identities: [])
    let directory = repo.root.appendingPathComponent("answers")
    let location = HistoryCache.Location(commonDirectory: directory.path, fallbackDirectory: nil)
    var answers = PathspecAnswerCache(key: "paths\u{0}:(prefix:0)a")
    for (n, id) in ids.enumerated() where n % 3 == 0 {
      answers.record(id, parent: n % 2, same: n % 4 == 0)
      answers.record(stranger(n + 1), parent: 0, same: true)
    }
    answers.save(to: location)
    let stored = PathspecAnswerCache.load(key: answers.key, from: location)
    #expect(stored.count > 0)

    let tables = PositionTables(graph: graph, stored: stored, cache: cache)
    for (position, id) in ids.enumerated() {
      #expect(tables.answer(at: Int32(position)) == stored.answer(for: id), "position \(position)")
      #expect(
        tables.record(at: Int32(position)) == .some(cache.index(of: id)), "position \(position)")
    }
    #expect(ids.indices.filter { tables.answer(at: Int32($0)) != nil }.count == (800 + 2) / 3)
    #expect(ids.indices.filter { tables.record(at: Int32($0)) != .some(nil) }.count == 400)
    // Without answers or a cache, nothing to tell.
    let empty = PositionTables(graph: graph, stored: nil, cache: nil)
    #expect(empty.answer(at: 0) == nil && empty.record(at: 0) == nil)
  }
}
