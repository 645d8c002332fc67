import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// The pathspec walk on two cores: without a commit-graph it reads the history first (trees
/// kept), and its helper answers ahead from that, from git's commit-graph, or from a cache
/// without trees. The walk here waits until the helper has answered all it can, so that every
/// answer it gives is used: the commits must still be git log's, on a tangled history of
/// merges that take one side, the other, both or neither, octopus merges and back-merges.
@Suite("The pathspec walk's helper and its first read")
struct PathspecHelperTests {
  /// Paths around `a`: `a-b` and `a.c` sort between a file `a` and the folder `a/`.
  static let files = ["a/1", "a/2", "a/d/3", "b/1", "c", "a-b", "a.c"]
  static let pathspecs: [[String]] = [
    ["a"], ["a/"], ["a/2"], ["a/d"], ["a/d/3"], ["b"], ["c"], ["a", "c"], ["a.c"], ["a-b"],
    ["*1"], ["a/*"],
  ]

  /// A history of `steps` steps on `main`, `t1` and `t2`, made by fast-import from a fixed
  /// seed: commits that change a few files, merges of a topic into main that keep main's
  /// files, take the topic's, mix them or write new ones, back-merges, octopus merges, and
  /// topics restarted from main.
  static func tangled(steps: Int, seed: UInt64) throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    var state = seed
    func random(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    struct Tip {
      var mark: Int
      var files: [String: String]
    }
    var stream = ""
    var mark = 0
    func data(_ text: String) -> String { "data \(text.utf8.count)\n\(text)\n" }
    func commit(_ branch: String, parents: [Int], files: [String: String], step: Int) -> Int {
      mark += 1
      let time = 1_600_000_000 + step * 3_600
      stream += "commit refs/heads/\(branch)\nmark :\(mark)\n"
      stream += "author A <a@x> \(time) +0000\ncommitter C <c@x> \(time) +0000\n"
      stream += data("step \(step)")
      if let first = parents.first { stream += "from :\(first)\n" }
      for parent in parents.dropFirst() { stream += "merge :\(parent)\n" }
      stream += "deleteall\n"
      for (path, text) in files.sorted(by: { $0.key < $1.key }) {
        stream += "M 100644 inline \(path)\n" + data(text)
      }
      return mark
    }
    let start = ["a/1": "0", "b/1": "0", "c": "0"]
    // Branch 0 is main, 1 and 2 the topics.
    let names = ["main", "t1", "t2"]
    let root = commit("main", parents: [], files: start, step: 0)
    var tips = [Tip](repeating: Tip(mark: root, files: start), count: 3)
    // A new tip of `branch` with `parents` (branches, first parent first) and `files`.
    func advance(_ branch: Int, from parents: [Int], files: [String: String], step: Int) {
      let marks = parents.map { tips[$0].mark }
      tips[branch] = Tip(
        mark: commit(names[branch], parents: marks, files: files, step: step), files: files)
    }
    for step in 1...steps {
      let choice = random(10)
      let topic = 1 + random(2)
      func merged(_ sides: [[String: String]]) -> [String: String] {
        // Keep the first side whole, the second whole, or each path from any side or new.
        switch random(4) {
        case 0: return sides[0]
        case 1: return sides[1]
        default:
          var result: [String: String] = [:]
          for path in Set(sides.flatMap(\.keys)).sorted() {
            let pick = random(sides.count + 1)
            if pick < sides.count {
              if let text = sides[pick][path] { result[path] = text }
            } else {
              result[path] = "m\(step)"
            }
          }
          return result
        }
      }
      switch choice {
      case 0...4:
        let branch = random(3) == 0 ? 0 : topic
        var files = tips[branch].files
        for _ in 0...random(2) {
          let path = Self.files[random(Self.files.count)]
          if files[path] != nil && random(8) == 0 {
            files[path] = nil
          } else {
            files[path] = "v\(step)"
          }
        }
        advance(branch, from: [branch], files: files, step: step)
      case 5, 6:
        let files = merged([tips[0].files, tips[topic].files])
        advance(0, from: [0, topic], files: files, step: step)
      case 7:
        tips[topic] = tips[0]
      case 8:
        let files = merged([tips[topic].files, tips[0].files])
        advance(topic, from: [topic, 0], files: files, step: step)
      default:
        let files = merged([tips[0].files, tips[1].files, tips[2].files])
        advance(0, from: [0, 1, 2], files: files, step: step)
      }
    }
    try repository.git(["fast-import", "--quiet"], input: Data(stream.utf8))
    return repository
  }

  static func walkOptions() -> WalkOptions {
    var options = WalkOptions(workerCount: 2)
    options.recordsCommitIDs = true
    options.waitsForHelper = true
    return options
  }

  static func selection(_ paths: [String]) -> RevisionSelection {
    var selection = RevisionSelection(revisions: ["main"])
    selection.paths = paths.map { ":(prefix:0)" + $0 }
    return selection
  }

  /// The commits a read counted, by id (git log's order is by date, the walk's its own).
  static func counted(_ read: HistoryRead) -> [String] {
    read.history.objectIDs.map(\.hex).sorted()
  }

  /// git log's commits for `paths` on main, by id.
  static func expected(_ repository: TemporaryRepository, _ paths: [String], _ extra: [String] = [])
    throws -> [String]
  {
    try repository.git(["log", "--format=%H"] + extra + ["main", "--"] + paths)
      .split(separator: "\n").map(String.init).sorted()
  }

  @Test(
    "without a commit-graph: the history is read first with its trees, and every answer the helper gives is git's",
    arguments: [UInt64(1), 2, 3])
  func readFirst(seed: UInt64) throws {
    let repo = try Self.tangled(steps: 160, seed: seed)
    let repository = try Repository.openGit(at: repo.path, environment: Tools.gitEnvironment)
    let trees = Dictionary(
      uniqueKeysWithValues: try repo.git(["log", "--format=%H %T", "main"]).split(
        separator: "\n"
      ).map { line in (String(line.prefix(40)), String(line.suffix(40))) })
    for paths in Self.pathspecs {
      let read = try HistoryWalker(repository).history(
        Self.selection(paths), options: Self.walkOptions(), cache: nil)
      #expect(Self.counted(read) == (try Self.expected(repo, paths)), "\(paths)")
      // The first read: every commit, its tree as git names it.
      let cache = try #require(read.updatedCache, "\(paths)")
      #expect(cache.count == trees.count)
      #expect(cache.trees.count == cache.count)
      let named = zip(cache.ids, cache.trees).map { ($0.hex, $1?.hex ?? "") }
      #expect(named.allSatisfy { trees[$0.0] == $0.1 })
      // --first-parent: only the first parents are read and followed.
      var firstParents = Self.walkOptions()
      firstParents.followsFirstParentOnly = true
      let line = try HistoryWalker(repository).history(
        Self.selection(paths), options: firstParents, cache: nil)
      #expect(
        Self.counted(line)
          == (try Self.expected(repo, paths, ["--first-parent"])), "\(paths) --first-parent")
    }
  }

  @Test("the progress count is each commit once: the first read's, not the walk's again")
  func progressCountsOnce() throws {
    // Long enough that the walk's own visits alone would pass what the first read's workers
    // leave uncounted (each adds its count 64 commits at a time).
    let repo = try Self.tangled(steps: 700, seed: 5)
    let repository = try Repository.openGit(at: repo.path, environment: Tools.gitEnvironment)
    let commits = try repo.git(["rev-list", "--count", "main"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    for paths in [["a"], ["c"]] {
      var options = Self.walkOptions()
      let progress = WalkProgress()
      options.progress = progress
      let read = try HistoryWalker(repository).history(
        Self.selection(paths), options: options, cache: nil)
      #expect(read.updatedCache != nil)
      #expect(progress.commitsRead <= Int(commits) ?? 0, "\(paths): of \(commits)")
    }
  }

  @Test("one worker, or a commit-graph: no first read; the helper takes the graph's shapes")
  func graphShapes() throws {
    let repo = try Self.tangled(steps: 120, seed: 7)
    let repository = try Repository.openGit(at: repo.path, environment: Tools.gitEnvironment)
    var single = Self.walkOptions()
    single.workerCount = 1
    let alone = try HistoryWalker(repository).history(
      Self.selection(["a"]), options: single, cache: nil)
    #expect(alone.updatedCache == nil)
    #expect(Self.counted(alone) == (try Self.expected(repo, ["a"])))
    try repo.git(["commit-graph", "write", "--reachable"])
    try Self.expectGitLog(repository, repo, cache: nil)
  }

  /// Every pathspec walked with `cache`, without a first read: git log's commits.
  static func expectGitLog(
    _ repository: Repository, _ repo: TemporaryRepository, cache: HistoryCache?
  ) throws {
    for paths in pathspecs {
      let read = try HistoryWalker(repository).history(
        selection(paths), options: walkOptions(), cache: cache)
      #expect(read.updatedCache == nil, "\(paths)")
      #expect(counted(read) == (try expected(repo, paths)), "\(paths)")
    }
  }

  @Test("a cache without trees (a run without paths made it): the helper reads the trees")
  func cacheShapes() throws {
    let repo = try Self.tangled(steps: 120, seed: 11)
    let repository = try Repository.openGit(at: repo.path, environment: Tools.gitEnvironment)
    var plain = Self.walkOptions()
    plain.usesCommitGraph = false
    let whole = try HistoryWalker(repository).history(
      RevisionSelection(revisions: ["main"]), options: plain, cache: HistoryCache())
    let cache = try #require(whole.updatedCache)
    #expect(cache.trees.isEmpty && cache.count > 50)
    try Self.expectGitLog(repository, repo, cache: cache)
  }

  @Test("the helper leaves alone a branch the walk passes over, and every merge on it")
  func passedOver() {
    let answers = PathspecAnswers()
    let ids = (1...4).map { ObjectID(high: UInt64($0), middle: 0, low: 0) }
    #expect(answers.claim(ids[0], owner: ids[3]))
    answers.passOver(ids[3])
    // On the passed-over branch: a merge there is passed over too, and so is its branch.
    #expect(!answers.claim(ids[1], owner: ids[3], isMerge: true))
    #expect(!answers.claim(ids[2], owner: ids[1]))
    // The walk computes those itself.
    #expect(answers.take(ids[1]) == nil)
    answers.record(ids[0], true, fromSecond: false)
    let taken = answers.take(ids[0])
    #expect(taken?.differs == true && taken?.fromSecond == false)
  }
}
