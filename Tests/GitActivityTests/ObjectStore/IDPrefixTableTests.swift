import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// The 16-bit prefix tables that narrow a lookup among sorted ids: the history cache's, the
/// stored pathspec answers', the commit-graph's. A lookup with the table finds exactly what one
/// without it finds, for ids spread evenly, bunched under one prefix, and at both ends.
@Suite("Prefix tables find what a whole search finds")
struct IDPrefixTableTests {
  /// Pseudorandom 64-bit values (SplitMix64), the same for the same seed.
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Ids with chosen first two bytes: most bunched under 0x1234, some at 0x0000 and 0xFFFF.
  static func ids(_ count: Int) -> [ObjectID] {
    (0..<count).map { n in
      let prefix: UInt64 = n % 3 == 0 ? 0x1234 : n % 7 == 0 ? 0 : n % 11 == 0 ? 0xFFFF : UInt64(n)
      return ObjectID(
        high: prefix << 48 | UInt64(n &* 2_654_435_761) & 0xFFFF_FFFF_FFFF, middle: UInt64(n),
        low: UInt32(n))
    }
  }

  /// An id that is not among `ids(_:)`: same prefix and high word as one of them, another tail.
  static func absent(_ n: Int) -> ObjectID {
    var id = ids(n + 1)[n]
    id.low &+= 1_000_000
    return id
  }

  @Test(
    "the history cache: every record found at its number, no other id found, before and after it grows"
  )
  func historyCache() {
    let all = Self.ids(3_000)
    var appender = HistoryCache.Appender(HistoryCache())
    for id in all.prefix(2_000) {
      appender.append(
        id: id, facts: CommitFacts(author: nil, committer: nil, identity: 0, parentCount: 0),
        parents: [])
    }
    var cache = appender.finish(identities: [])
    let plain = cache
    cache.indexPrefixes()
    for (number, id) in all.prefix(2_000).enumerated() {
      #expect(cache.index(of: id) == Int32(number))
      #expect(cache.index(of: Self.absent(number)) == nil)
    }
    #expect(
      all.suffix(1_000).allSatisfy { cache.index(of: $0) == nil && plain.index(of: $0) == nil })
    // Grown, the cache drops its table and still finds every record.
    var more = HistoryCache.Appender(cache)
    for id in all.suffix(1_000) {
      more.append(
        id: id, facts: CommitFacts(author: nil, committer: nil, identity: 0, parentCount: 0),
        parents: [])
    }
    let grown = more.finish(identities: [])
    #expect(all.enumerated().allSatisfy { grown.index(of: $1) == Int32($0) })
  }

  @Test(
    "a table's prefix has as many bits as its count, at most 16: each id within its range",
    arguments: [
      (1, 2), (2, 4), (3, 4), (255, 256), (256, 512), (6_300, 8_192), (65_536, 65_536),
      (70_000, 65_536),
    ])
  func prefixBits(count: Int, prefixes: Int) {
    var generator = SplitMix(seed: UInt64(count))
    let ids = (0..<count).map { _ in
      ObjectID(
        high: generator.next(), middle: generator.next(),
        low: UInt32(truncatingIfNeeded: generator.next()))
    }.sorted()
    let table = IDPrefixTable(count: ids.count) { ids[$0].high }
    #expect(table.prefixCount == prefixes)
    var widest = 0
    for (position, id) in ids.enumerated() {
      guard let range = table.range(of: id), range.contains(position) else {
        Issue.record("id \(position) of \(count) is outside its range")
        return
      }
      widest = max(widest, range.count)
      var other = id
      other.low &+= 1
      #expect(table.range(of: other).map { !ids[$0].contains(other) } ?? false)
    }
    // Evenly spread ids share a prefix with few others: about one a prefix below 65,536 ids.
    #expect(widest <= (count > 65_536 ? 12 : 10), "\(widest) ids under one prefix")
  }

  @Test("stored pathspec answers: every commit's answer found where its id lies, no other")
  func storedAnswers() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "answers-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let location = HistoryCache.Location(commonDirectory: directory.path, fallbackDirectory: nil)
    var answers = PathspecAnswerCache(key: "paths\u{0}:(prefix:0)docs/")
    let all = Self.ids(2_000)
    for (n, id) in all.enumerated() { answers.record(id, parent: n % 2, same: n % 3 == 0) }
    answers.save(to: location)
    let loaded = PathspecAnswerCache.load(key: answers.key, from: location)
    #expect(loaded.count == all.count)
    for (n, id) in all.enumerated() {
      #expect(loaded.answer(for: id)?.isSame(toParent: n % 2) == (n % 3 == 0))
      #expect(loaded.answer(for: Self.absent(n)) == nil)
    }
  }

  @Test("the commit-graph: every commit at the position a whole search gives, with split layers")
  func commitGraph() throws {
    let repo = try PositionTablesTests.splitGraph(base: 600, top: 300)
    let graph = try #require(CommitGraph(objectsDirectory: repo.path + "/.git/objects"))
    let prefixes = graph.prefixCounts()
    #expect(prefixes.count == 2)
    let ids = try repo.git(["rev-list", "--all"]).split(separator: "\n").compactMap {
      ObjectID(hex: String($0))
    }
    #expect(ids.count == 900)
    for id in ids {
      let position = try #require(graph.position(of: id))
      #expect(graph.position(of: id, prefixes: prefixes) == position)
      #expect(graph.id(at: position) == id)
      var other = id
      other.low &+= 1
      #expect(graph.position(of: other, prefixes: prefixes) == nil)
    }
  }
}
