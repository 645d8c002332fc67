import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Long walks out of the packs without a commit-graph: what two workers read must be what
/// libgit2 reads, in packs written newest first (git) and oldest first (fast-import), and a
/// damaged entry must stay an error.
@Suite("Long walks out of the packs")
struct PackWalkTests {
  /// A single line of `count` commits by a few authors, one a day, in one pack as fast-import
  /// writes it (oldest first).
  static func singleLine(count: Int) throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    let authors = ["Ada Lovelace <ada@x>", "Grace Hopper <grace@x>", "Édouard Lucas <el@x>"]
    try repository.importLine(
      (0..<count).map { index in
        TemporaryRepository.ImportedCommit(
          author: authors[index % 3], time: 1_600_000_000 + index * 86_400 + index % 7 * 600,
          offset: "+0\(index % 10)00", message: "change \(index % 10)")
      })
    return repository
  }

  /// The whole history of HEAD through a two-worker walk without a commit-graph, as (author
  /// time, offset, author bytes) per commit in id order.
  static func walk(_ path: String, directly: Bool = true) throws -> [String] {
    let repository = try Repository.openGit(at: path, environment: Tools.gitEnvironment)
    var options = WalkOptions(workerCount: 2)
    options.usesCommitGraph = false
    options.readsPacksDirectly = directly
    let head = try #require(
      ObjectID(
        hex: try TemporaryRepository.run(
          "/usr/bin/git", ["rev-parse", "HEAD"], in: path,
          environment: ProcessInfo.processInfo.environment
        ).trimmingCharacters(in: .newlines)))
    let walk = GraphWalk(
      repository: repository, cache: HistoryCache(), shallow: [], options: options,
      recordsParents: false, commitGraph: nil, substitutions: Substitutions())
    do throws(WalkError) {
      try walk.walk(from: [head], counting: true, firstParentOnly: false)
    } catch {
      throw error.gitError
    }
    let history = walk.finish(wantsCache: false).history
    let commits = zip(history.objectIDs, history.commits).map { id, facts in
      let identity = facts.identity >= 0 ? history.rawIdentities[Int(facts.identity)] : nil
      return "\(id.hex) \(String(describing: facts.author)) \(String(describing: identity))"
    }
    return commits.sorted()
  }

  /// Expects the two-worker walk out of the packs to give libgit2's walk: `count` commits.
  static func expectWalkAsLibgit2(_ path: String, count: Int) throws {
    let expected = try walk(path, directly: false)
    #expect(expected.count == count)
    #expect(try walk(path) == expected)
  }

  @Test(
    "6,000 commits read as libgit2 reads them: packs newest first and oldest first",
    arguments: ["fast-import", "repack", "repack with .rev"])
  func sameCommits(packing: String) throws {
    let repository = try Self.singleLine(count: 6_000)
    if packing != "fast-import" {
      try repository.git([
        "-c", "pack.writeReverseIndex=\(packing.hasSuffix(".rev"))", "repack", "-adfq",
      ])
    }
    try Self.expectWalkAsLibgit2(repository.path, count: 6_000)
  }

  @Test("across two packs, one written newest first and one oldest first, the walk is the same")
  func twoPacks() throws {
    // 3,000 commits repacked by git (newest first), then 3,000 more on top by fast-import
    // (oldest first, a pack of its own): the walk goes down the one, then up the other.
    let repository = try Self.singleLine(count: 3_000)
    try repository.git(["repack", "-adfq"])
    try repository.importLine(
      (0..<3_000).map { index in
        TemporaryRepository.ImportedCommit(
          author: "B\(index % 5) <b@x>", time: 1_900_000_000 + index * 3_600, offset: "+0100",
          message: "more")
      }, onto: "refs/heads/main^0")
    let packs = try FileManager.default.contentsOfDirectory(
      atPath: repository.path + "/.git/objects/pack"
    ).filter { $0.hasSuffix(".pack") }
    #expect(packs.count == 2)
    try Self.expectWalkAsLibgit2(repository.path, count: 6_000)
  }

  @Test(
    "read as a long walk from the first read: whole, windowed, first-parent, cached and updated walks equal libgit2's",
    arguments: ["repack", "fast-import"])
  func everyWalk(packing: String) throws {
    // Merges, deltas and several authors (PackReaderTests' history), or a fast-import pack.
    let repository: TemporaryRepository
    if packing == "repack" {
      repository = try TemporaryRepository()
      try PackReaderTests.makeHistory(repository, commits: 60, start: 0)
      try repository.git(["repack", "-adfq", "--depth=50", "--window=50"])
    } else {
      repository = try Self.singleLine(count: 300)
    }
    let opened = try Repository.openGit(at: repository.path, environment: Tools.gitEnvironment)
    func history(
      _ revisions: [String], direct: Bool, cutoff: Int64? = nil, firstParent: Bool = false,
      cache: HistoryCache? = nil
    ) throws -> (commits: [String], cache: HistoryCache?) {
      var options = WalkOptions(
        followsFirstParentOnly: firstParent, committedNoEarlierThan: cutoff, workerCount: 2)
      options.usesCommitGraph = false
      options.readsPacksDirectly = direct
      options.shortWalkReads = 0
      let read = try HistoryWalker(opened).history(
        RevisionSelection(revisions: revisions), options: options, cache: cache)
      let history = read.history
      let commits = zip(history.objectIDs, history.commits).map { id, facts in
        let identity = facts.identity >= 0 ? history.rawIdentities[Int(facts.identity)] : nil
        return "\(id.hex) \(String(describing: facts.author)) \(String(describing: identity))"
      }
      return (commits.sorted(), read.updatedCache)
    }
    let middle = try #require(
      Int64(
        try repository.git(["log", "-1", "--skip=20", "--format=%ct"]).trimmingCharacters(
          in: .newlines)))
    for (cutoff, firstParent) in [(nil, false), (middle, false), (nil, true)] as [(Int64?, Bool)] {
      let expected = try history(["HEAD"], direct: false, cutoff: cutoff, firstParent: firstParent)
      let got = try history(["HEAD"], direct: true, cutoff: cutoff, firstParent: firstParent)
      #expect(
        got.commits == expected.commits, "cutoff \(String(describing: cutoff)) \(firstParent)")
      #expect(!got.commits.isEmpty)
    }
    // A cache of HEAD~10, then HEAD read on top of it: the same commits as a cold walk.
    let primed = try history(["HEAD~10"], direct: true, cache: HistoryCache())
    guard let cache = primed.cache else {
      Issue.record("the walk of HEAD~10 gave no cache")
      return
    }
    #expect(cache.count == primed.commits.count)
    let updated = try history(["HEAD"], direct: true, cache: cache)
    #expect(updated.commits == (try history(["HEAD"], direct: false).commits))
  }

  @Test("a pack of more than 65,536 objects: lookups by 16-bit prefix once the walk is long")
  func largePack() throws {
    // 3,000 commits and 70,000 blobs in one pack: past the reads of a short walk, the cursors
    // look ids up by the pack's finer fanout.
    let repository = try Self.singleLine(count: 3_000)
    var stream = ""
    for index in 0..<70_000 {
      stream += "blob\nmark :\(index + 1)\ndata \(String(index).utf8.count)\n\(index)\n"
    }
    try repository.git(["fast-import", "--quiet"], input: Data(stream.utf8))
    try repository.git(["repack", "-adq", "--keep-unreachable"])
    let (packPath, offsets) = try PackReaderTests.onlyPack(of: repository)
    #expect(offsets.count > 65_536, "\(packPath)")
    // Every commit found through the finer fanout (from the first read on) and read out of the
    // pack, none through libgit2, with libgit2's fields.
    let ids = PackReaderTests.ids(try repository.git(["rev-list", "HEAD"]))
    let direct = try PackReaderTests.read(
      ids, in: repository.path, directly: true, coAuthors: false, shortWalkReads: 0)
    #expect(direct.whole + direct.deltified == 3_000)
    let viaLibgit2 = try PackReaderTests.read(
      ids, in: repository.path, directly: false, coAuthors: false)
    #expect(direct.reads == viaLibgit2.reads)
    try Self.expectWalkAsLibgit2(repository.path, count: 3_000)
  }

  @Test("a damaged commit far down a single line, read as a long walk reads it, is an error")
  func damagedEntry() throws {
    let repository = try Self.singleLine(count: 4_000)
    try repository.git(["repack", "-adfq"])
    // The 3,000th commit from HEAD: read after the walk has taken itself for a long one.
    let target = try repository.git(["rev-parse", "HEAD~3000"]).trimmingCharacters(
      in: .newlines)
    let (packPath, offsets) = try PackReaderTests.onlyPack(of: repository)
    let offset = try #require(offsets[target])
    var damaged = try Data(contentsOf: URL(fileURLWithPath: packPath))
    // A byte inside the compressed header (the author's name, about), not the entry's header.
    damaged[offset + 40] ^= 0x5A
    try FileManager.default.removeItem(atPath: packPath)
    try damaged.write(to: URL(fileURLWithPath: packPath))
    #expect(throws: GitError.self) { _ = try Self.walk(repository.path) }
  }
}

/// The walk's visited set without a commit-graph: a bit per pack entry, the entry of the first
/// pack that holds the commit, so that a commit held by two packs is still read once.
@Suite("Visited commits by pack position")
struct PackVisitedTests {
  @Test("a commit in two packs, reached by two paths, is read and counted once")
  func duplicatedAcrossPacks() throws {
    let repository = try PackWalkTests.singleLine(count: 300)
    // Merges that reach the same older commits twice.
    for index in 0..<5 {
      try repository.git(["checkout", "-q", "-b", "side\(index)", "HEAD~\(3 + index)"])
      try repository.commit("side \(index)", date: "\(1_640_000_000 + index * 60) +0000")
      try repository.git(["checkout", "-q", "main"])
      try repository.git(
        ["merge", "-q", "--no-ff", "-m", "merge \(index)", "side\(index)"],
        environment: ["GIT_COMMITTER_DATE": "1640000000 +0000"])
    }
    try repository.git(["repack", "-adq"])
    // A second pack with the newest 150 commits again: both packs hold them.
    let newest = try repository.git(["rev-list", "--objects", "-n", "150", "HEAD"])
    _ = try repository.git(
      ["pack-objects", "-q", ".git/objects/pack/pack"], input: Data(newest.utf8))
    let packs = try FileManager.default.contentsOfDirectory(
      atPath: repository.path + "/.git/objects/pack"
    ).filter { $0.hasSuffix(".pack") }
    #expect(packs.count == 2)
    let expected = try repository.git(["rev-list", "--count", "HEAD"])
      .trimmingCharacters(in: .newlines)
    let walk = try PackWalkTests.walk(repository.path)
    #expect(String(walk.count) == expected)
    #expect(Set(walk).count == walk.count)
  }

  @Test("chunked results: every element back, in order, across chunk boundaries")
  func chunkedArray() {
    var array = ChunkedArray<Int32>()
    #expect(array.isEmpty)
    let count = 3 * 32_768 + 17
    for value in 0..<count { array.append(Int32(value * 3)) }
    #expect(array.count == count)
    #expect(array.buffers.count == 4)
    #expect(array.indices.allSatisfy { array[$0] == Int32($0 * 3) })
    let flattened: [Int32] = array.buffers.flatMap { Array($0) }
    let expected: [Int32] = (0..<count).map { Int32($0 * 3) }
    #expect(flattened == expected)
    array.append(contentsOf: [7, 8])
    #expect(array[count] == 7 && array[count + 1] == 8)
  }
}
