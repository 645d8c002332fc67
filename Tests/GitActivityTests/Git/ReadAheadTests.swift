import Foundation
import TestSupport
import Testing

@testable import GitActivity

/// Reading ahead in pack order (`PackReadAhead`): on a single line of history without a
/// commit-graph, an idle worker reads the next commits' headers for the other. What it gives
/// must be what the reader would have read, in packs written newest first (git) and oldest
/// first (fast-import), and a damaged entry must stay an error.
@Suite("Reading ahead in pack order")
struct ReadAheadTests {
  /// A single line of `count` commits by a few authors, one a day, in one pack as fast-import
  /// writes it (oldest first).
  static func singleLine(count: Int) throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    var stream = ""
    for index in 0..<count {
      let author = ["Ada Lovelace <ada@x>", "Grace Hopper <grace@x>", "Édouard Lucas <el@x>"][
        index % 3]
      let time = 1_600_000_000 + index * 86_400 + index % 7 * 600
      stream += "commit refs/heads/main\nmark :\(index + 1)\n"
      stream += "author \(author) \(time) +0\(index % 10)00\ncommitter C <c@x> \(time) +0000\n"
      stream += "data 9\nchange \(index % 10)\n"
      stream += index > 0 ? "from :\(index)\n\n" : "\n"
    }
    try repository.git(["fast-import", "--quiet"], input: Data(stream.utf8))
    return repository
  }

  /// The whole history of HEAD through a two-worker walk without a commit-graph, as (author
  /// time, offset, author bytes) per commit in id order, and how many commits were read ahead.
  static func walk(_ path: String, readsAhead: Bool, directly: Bool = true) throws -> (
    commits: [String], served: Int
  ) {
    let repository = try Repository.open(at: path)
    var options = WalkOptions(workerCount: 2)
    options.usesCommitGraph = false
    options.readsAhead = readsAhead
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
    let served = walk.readAheadServed
    let history = walk.finish(wantsCache: false).history
    let commits = zip(history.objectIDs, history.commits).map { id, facts in
      let identity = facts.identity >= 0 ? history.rawIdentities[Int(facts.identity)] : nil
      return "\(id.hex) \(String(describing: facts.author)) \(String(describing: identity))"
    }
    return (commits.sorted(), served)
  }

  @Test(
    "what is read ahead is what the reader would read: packs newest first and oldest first",
    arguments: ["fast-import", "repack", "repack with .rev"])
  func sameCommits(packing: String) throws {
    let repository = try Self.singleLine(count: 6_000)
    if packing != "fast-import" {
      try repository.git([
        "-c", "pack.writeReverseIndex=\(packing.hasSuffix(".rev"))", "repack", "-adfq",
      ])
    }
    let expected = try Self.walk(repository.path, readsAhead: false, directly: false)
    #expect(expected.commits.count == 6_000)
    let plain = try Self.walk(repository.path, readsAhead: false)
    #expect(plain.served == 0)
    #expect(plain.commits == expected.commits)
    let ahead = try Self.walk(repository.path, readsAhead: true)
    #expect(ahead.commits == expected.commits)
    // The first 2,048 reads go without it (a short walk does not pay for the pack order); of
    // the rest, some come out of the slots however busy the machine is.
    #expect(ahead.served > 0, "\(packing)")
  }

  @Test("a damaged commit far down a single line is an error with reading ahead, never facts")
  func damagedEntry() throws {
    let repository = try Self.singleLine(count: 4_000)
    try repository.git(["repack", "-adfq"])
    // The 3,000th commit from HEAD: read after the read-ahead has started.
    let target = try repository.git(["rev-parse", "HEAD~3000"]).trimmingCharacters(
      in: .newlines)
    let packDirectory = repository.path + "/.git/objects/pack"
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: packDirectory).first {
        $0.hasSuffix(".idx")
      })
    let index = try repository.git(
      ["show-index"], input: try Data(contentsOf: URL(fileURLWithPath: packDirectory + "/" + name)))
    let offset = try #require(
      index.split(separator: "\n").first { $0.split(separator: " ")[1] == target }
        .flatMap { Int($0.split(separator: " ")[0]) })
    let packPath = packDirectory + "/" + name.dropLast(4) + ".pack"
    var damaged = try Data(contentsOf: URL(fileURLWithPath: packPath))
    // A byte inside the compressed header (the author's name, about), not the entry's header.
    damaged[offset + 40] ^= 0x5A
    try FileManager.default.removeItem(atPath: packPath)
    try damaged.write(to: URL(fileURLWithPath: packPath))
    for readsAhead in [true, false] {
      #expect(throws: GitError.self, "reads ahead: \(readsAhead)") {
        _ = try Self.walk(repository.path, readsAhead: readsAhead)
      }
    }
  }
}
