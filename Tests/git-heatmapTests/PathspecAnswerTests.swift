import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

/// A pathspec's answers kept beside the history cache (`PathspecAnswerCache`): a repeated
/// pathspec run compares no trees, counts what git log counts (also after new commits, and when
/// the file is damaged), and a repository keeps answers for at most 16 pathspecs.
@Suite("Pathspec answers kept between runs")
struct PathspecAnswerTests {
  static let specs: [[String]] = [
    ["src"], ["docs/*.md"], ["src/a.txt"], [":!docs"], [":(glob)**/*.md"], ["."],
  ]
  static let modes: [[String]] = [[], ["--first-parent"], ["--all"], ["topic..main"]]

  func answerFiles(_ repo: TemporaryRepository) -> [String] {
    let folder = repo.path + "/.git/git-heatmap"
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".answers") }.sorted()
  }

  @Test("a repeat counts what git log counts, with no tree read: the trees can be gone")
  func repeatReadsNoTree() throws {
    let repo = try PathspecTests.repository()
    // Loose objects only, so that the trees can be removed one by one.
    try repo.unpackObjects()
    try PathspecTests.expectGitDays(repo, specs: Self.specs, modes: Self.modes, label: "cold")
    #expect(answerFiles(repo).count == Self.specs.count)
    let expected = try Self.specs.flatMap { spec in
      try Self.modes.map { try repo.gitDays($0 + ["--"] + spec) }
    }
    // Every tree object removed: git log itself can no longer answer.
    let listing = try repo.git([
      "cat-file", "--batch-all-objects", "--batch-check=%(objecttype) %(objectname)",
    ])
    var removed = 0
    for line in listing.split(separator: "\n") where line.hasPrefix("tree ") {
      let id = String(line.dropFirst(5))
      let path = repo.path + "/.git/objects/\(id.prefix(2))/\(id.dropFirst(2))"
      if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
    }
    #expect(removed > 10)
    #expect((try? repo.gitDays(["--", "src"])) == nil)
    var index = 0
    for spec in Self.specs {
      for mode in Self.modes {
        let result = heatmap(PathspecTests.window + mode + ["--"] + spec, in: repo.path)
        #expect(result.status == 0, "\(spec) \(mode): \(result.stderr)")
        #expect(nonZeroDays(result.stdout) == expected[index], "\(spec) \(mode) warm")
        index += 1
      }
    }
  }

  @Test("a first run of a pathspec leaves the history cache, which the next runs start from")
  func firstRunLeavesCache() throws {
    let repo = try PathspecTests.repository()
    let cache = repo.path + "/.git/git-heatmap/history.cache"
    let uncached = heatmap(PathspecTests.window + ["--no-cache", "--", "src"], in: repo.path)
    #expect(uncached.status == 0, "\(uncached.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cache))
    let first = heatmap(PathspecTests.window + ["--", "src"], in: repo.path)
    #expect(first.status == 0, "\(first.stderr)")
    // The whole history, read after the graph was out: a repeat of this pathspec (its answers
    // kept) walks cached commits, as a run without paths does.
    #expect(FileManager.default.fileExists(atPath: cache))
    #expect(nonZeroDays(first.stdout) == (try repo.gitDays(["--", "src"])))
    try PathspecTests.expectGitDays(
      repo, specs: [["src"], ["docs/*.md"], ["."]], modes: Self.modes, label: "from the cache")
    let whole = heatmap(PathspecTests.window, in: repo.path)
    #expect(nonZeroDays(whole.stdout) == (try repo.gitDays([])))
  }

  @Test("after new commits and merges the stored answers still count as git log does")
  func newCommits() throws {
    let repo = try PathspecTests.repository()
    try PathspecTests.expectGitDays(repo, specs: Self.specs, modes: Self.modes, label: "first")
    try repo.git(["checkout", "-q", "-b", "late"])
    try repo.write("src/late.txt", "1")
    try repo.git(["add", "-A"])
    try repo.commit("late src", date: "1610000000 +0000")
    try repo.git(["checkout", "-q", "main"])
    try repo.write("docs/new.md", "1")
    try repo.git(["add", "-A"])
    try repo.commit("new doc", date: "1610086400 +0000")
    try repo.git(
      ["merge", "-q", "--no-edit", "--no-ff", "late"],
      environment: [
        "GIT_AUTHOR_DATE": "1610172800 +0000", "GIT_COMMITTER_DATE": "1610172800 +0000",
      ])
    try PathspecTests.expectGitDays(repo, specs: Self.specs, modes: Self.modes, label: "after")
    try PathspecTests.expectGitDays(repo, specs: Self.specs, modes: Self.modes, label: "again")
  }

  @Test("a damaged or foreign answers file is ignored and rewritten")
  func damaged() throws {
    let repo = try PathspecTests.repository()
    try PathspecTests.expectGitDays(repo, specs: [["src"]], modes: [[]], label: "first")
    let folder = repo.path + "/.git/git-heatmap/"
    let file = try #require(answerFiles(repo).first)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: folder + file))
    // Every answer flipped to its opposite: the checksum no longer matches.
    let answers = bytes.count - 8
    for offset in stride(from: answers - 2, to: 0, by: -22).prefix(100) {
      bytes[offset + 1] ^= 0xFF
    }
    try bytes.write(to: URL(fileURLWithPath: folder + file))
    try PathspecTests.expectGitDays(repo, specs: [["src"]], modes: [[]], label: "damaged")
    // Cut short.
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + file))
    try PathspecTests.expectGitDays(repo, specs: [["src"]], modes: [[]], label: "cut")
    // Another pathspec's answers under this one's name.
    try PathspecTests.expectGitDays(repo, specs: [["docs"]], modes: [[]], label: "docs")
    let names = answerFiles(repo)
    #expect(names.count == 2)
    let other = try #require(names.first { $0 != file })
    try FileManager.default.removeItem(atPath: folder + file)
    try FileManager.default.copyItem(atPath: folder + other, toPath: folder + file)
    try PathspecTests.expectGitDays(repo, specs: [["src"]], modes: [[]], label: "foreign")
  }

  @Test("at most 16 pathspecs keep answers, the least recently used go first; --clear-cache")
  func bounded() throws {
    let repo = try PathspecTests.repository()
    for number in 0..<18 {
      let result = heatmap(
        PathspecTests.window + ["--", "src/file\(number).txt"], in: repo.path)
      #expect(result.status == 0)
      // The first stays in use: it is read again after each new one.
      if number > 0 { _ = heatmap(PathspecTests.window + ["--", "src/file0.txt"], in: repo.path) }
      usleep(10_000)
    }
    let names = answerFiles(repo)
    #expect(names.count == PathspecAnswer.fileLimit)
    let first = PathspecAnswerCache.location(
      for: PathspecAnswerCache.key(paths: [":(prefix:0)src/file0.txt"]),
      beside: HistoryCache.Location(
        commonDirectory: repo.path + "/.git", fallbackDirectory: nil))
    #expect(FileManager.default.fileExists(atPath: first.primary), "\(names) \(first.primary)")
    let second = PathspecAnswerCache.location(
      for: PathspecAnswerCache.key(paths: [":(prefix:0)src/file1.txt"]),
      beside: HistoryCache.Location(commonDirectory: repo.path + "/.git", fallbackDirectory: nil))
    #expect(!FileManager.default.fileExists(atPath: second.primary))
    #expect(heatmap(PathspecTests.window + ["--clear-cache"], in: repo.path).status == 0)
    #expect(answerFiles(repo).isEmpty)
  }
}
