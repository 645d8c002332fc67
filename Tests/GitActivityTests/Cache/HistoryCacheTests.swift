import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@Suite("The history cache file")
struct HistoryCacheTests {
  static func id(_ n: Int) -> ObjectID {
    ObjectID(high: UInt64(n &* 2_654_435_761) % 1_000_003, middle: UInt64(n), low: UInt32(n % 7))
  }

  struct NewCommit {
    var id: ObjectID
    var facts: CommitFacts
    var parents: [ObjectID]
  }

  static func adding(_ commits: [NewCommit], to cache: HistoryCache) -> HistoryCache {
    var appender = HistoryCache.Appender(cache)
    for commit in commits {
      appender.append(id: commit.id, facts: commit.facts, parents: commit.parents)
    }
    return appender.finish(identities: identities)
  }

  static func commit(_ n: Int, parents: [Int], identity: Int32 = 0) -> NewCommit {
    NewCommit(
      id: id(n),
      facts: CommitFacts(
        author: Timestamp(seconds: Int64(1_700_000_000 + n), offsetMinutes: Int32(n % 60)),
        committer: n % 5 == 0
          ? nil : Timestamp(seconds: Int64(1_700_000_100 + n), offsetMinutes: -60),
        identity: identity, parentCount: Int32(parents.count)),
      parents: parents.map(id))
  }

  static let identities = [
    RawIdentity(name: Array("Ada".utf8), email: Array("a@x".utf8), encoding: []),
    RawIdentity(name: [0xFC], email: Array("j@x".utf8), encoding: Array("latin1".utf8)),
  ]

  @Test("adding commits in two steps equals adding them at once; parents outside become inside")
  func adding() throws {
    // 10 → 9 → … → 0, read newest first in two runs: the first stops at 5 (5's parent is outside).
    let all = (0...10).reversed().map {
      Self.commit($0, parents: $0 == 0 ? [] : [$0 - 1], identity: Int32($0 % 2))
    }
    let first = Self.adding(Array(all[0...5]), to: HistoryCache())
    #expect(first.count == 6)
    #expect(first.externalParents == [Self.id(4)])
    let second = Self.adding(Array(all[6...]), to: first)
    #expect(second.count == 11)
    #expect(second.externalParents.isEmpty)
    for n in 0...10 {
      let index = try #require(second.index(of: Self.id(n)))
      #expect(second.facts[Int(index)] == all[10 - n].facts)
      #expect(
        second.parentRange(index).map { second.parentID(second.parentRefs[$0]) }
          == (n == 0 ? [] : [Self.id(n - 1)]))
    }
    #expect(second.index(of: Self.id(99)) == nil)
  }

  @Test("encoding and decoding give back the same cache; any damage is refused")
  func roundTrip() throws {
    let commits = (0..<50).map {
      Self.commit($0, parents: $0 < 2 ? [] : [$0 - 1, $0 / 2], identity: Int32($0 % 2))
    }
    let cache = Self.adding(commits, to: HistoryCache())
    let bytes = cache.encoded()
    let decoded = try #require(HistoryCache(decoding: bytes))
    #expect(decoded.encoded() == bytes)
    #expect(decoded.identities == Self.identities)
    // Every truncation, and a flip of any single byte, is refused rather than trusted.
    for length in stride(from: 0, to: bytes.count, by: 7) {
      #expect(HistoryCache(decoding: Array(bytes.prefix(length))) == nil)
    }
    for position in stride(from: 0, to: bytes.count, by: 5) {
      var damaged = bytes
      damaged[position] ^= 0x01
      #expect(HistoryCache(decoding: damaged) == nil, "flip at \(position)")
    }
  }
}

@Suite("The cache's checksum")
struct CacheChecksumTests {
  @Test("fed in pieces of any multiple of 8 bytes, as the writer feeds it, or whole: one value")
  func pieces() {
    let bytes = pseudorandomBytes(100_003, seed: 0x243F_6A88_85A3_08D3)
    let whole = HistoryCache.checksum(bytes[...])
    for pieceWords in [1, 2, 3, 5, 7, 131, 4_099] {
      var checksum = HistoryCache.Checksum()
      var start = 0
      bytes.withUnsafeBytes { raw in
        while start < raw.count {
          let end = min(raw.count, start + pieceWords * 8)
          checksum.add(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
          start = end
        }
      }
      #expect(checksum.value == whole, "pieces of \(pieceWords) words")
    }
    // Any one bit changed, in any lane or the tail, changes it; so does one byte more or less.
    for position in [0, 8, 16, 24, 50_000, 100_002] {
      var changed = bytes
      changed[position] ^= 0x10
      #expect(HistoryCache.checksum(changed[...]) != whole, "byte \(position)")
    }
    #expect(HistoryCache.checksum(bytes.dropLast()) != whole)
    #expect(HistoryCache.checksum((bytes + [0])[...]) != whole)
  }
}

/// Inputs the fuzzers found, kept as tests: each must be refused, or decode to a cache that
/// encodes back to the same bytes.
@Suite("Fuzzing regressions")
struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Regressions")

  @Test("cache files", arguments: ["cache-ba4951349deb", "cache-afbe71b11d3a"])
  func cacheFile(name: String) throws {
    var bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    // Found in an older format: its version made current, so that the record is still reached.
    withUnsafeBytes(of: HistoryCache.formatVersion.littleEndian) { raw in
      for index in 0..<4 { bytes[8 + index] = raw[index] }
    }
    // The fuzzer repairs the checksum of half its inputs; do the same so the record is reached.
    var repaired = bytes
    let checksum = HistoryCache.checksum(bytes[0..<(bytes.count - 8)])
    withUnsafeBytes(of: checksum.littleEndian) { raw in
      for index in 0..<8 { repaired[repaired.count - 8 + index] = raw[index] }
    }
    for candidate in [bytes, repaired] {
      if let cache = HistoryCache(decoding: candidate) {
        #expect(cache.encoded() == candidate)
      }
    }
    #expect(HistoryCache(decoding: repaired) == nil)
  }
}

@Suite("A cache is believed only when it can be")
struct CacheTrustTests {
  @Test(
    "a cache rewritten and resealed to move every commit is caught by its sample; one another user could write is not read"
  )
  func forged() throws {
    let repo = try TemporaryRepository()
    for index in 0..<15 {
      try repo.commit(date: "\(1_732_000_000 + index * 3_600) +0000")
    }
    let repository = try Repository.open(at: repo.path, environment: Tools.gitEnvironment)
    var request = ActivityRequest()
    request.cache = CachePolicy(isEnabled: true)
    request.window.since = DateExpression(parsing: "2024-01-01")
    let today = Day(year: 2024, month: 12, day: 24)
    let honest = try repository.activityReport(request, today: today)
    #expect(honest.activity.total == 15)
    let location = HistoryCache.Location(
      commonDirectory: repository.commonDirectory, fallbackDirectory: nil)
    var cache = try #require(HistoryCache.load(from: location))
    // Every commit moved 100 days back, and the file sealed again (its checksum is no key).
    cache.facts = cache.facts.map { facts in
      var moved = facts
      moved.author = facts.author.map {
        Timestamp(seconds: $0.seconds - 100 * 86_400, offsetMinutes: $0.offsetMinutes)
      }
      moved.committer = moved.author
      return moved
    }
    #expect(cache.save(to: location))
    #expect(!HistoryWalker(repository).vouches(for: cache))
    let again = try repository.activityReport(request, today: today)
    #expect(again.activity.counts == honest.activity.counts)
    // Read from the objects, the cache was written again, and is believed again.
    let rewritten = try #require(HistoryCache.load(from: location))
    #expect(HistoryWalker(repository).vouches(for: rewritten))
    // A cache file others can write, or in a folder others can write, is not read.
    chmod(location.primary, 0o666)
    #expect(HistoryCache.load(from: location) == nil)
    chmod(location.primary, 0o644)
    let folder = (location.primary as NSString).deletingLastPathComponent
    chmod(folder, 0o777)
    #expect(HistoryCache.load(from: location) == nil)
    chmod(folder, 0o755)
    #expect(HistoryCache.load(from: location) != nil)
  }
}
