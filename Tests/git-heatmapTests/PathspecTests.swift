import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("Pathspecs: git log -- <paths>, with its history simplification")
struct PathspecTests {
  static let window = ["--format", "csv", "--since", "2020-01-01", "--until", "2025-12-31"]

  /// A history with renames, deletions, a merge that takes one side (`-s ours`), a merge of two
  /// changed sides, a branch left unmerged, and files nested below a globbed folder.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var day = 0
    func write(_ path: String, _ text: String) throws { try repo.write(path, text) }
    func commit(_ message: String) throws {
      day += 1
      let date = "\(1_600_000_000 + day * 86_400) +0000"
      try repo.git(["add", "-A"])
      try repo.git(
        ["commit", "-q", "--allow-empty", "-m", message],
        environment: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date])
    }
    func merge(_ arguments: [String]) throws {
      day += 1
      let date = "\(1_600_000_000 + day * 86_400) +0000"
      try repo.git(
        ["merge", "-q", "--no-edit", "--no-ff"] + arguments,
        environment: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date])
    }
    try write("src/a.txt", "1")
    try write("docs/guide.md", "1")
    try write("README.md", "1")
    try commit("root")
    try write("src/a.txt", "2")
    try commit("src")
    try write("docs/deep/nested.md", "1")
    try commit("nested doc")
    try repo.git(["checkout", "-q", "-b", "ours-side"])
    try write("src/a.txt", "ours-side")
    try commit("side change dropped by -s ours")
    try repo.git(["checkout", "-q", "main"])
    try merge(["-s", "ours", "ours-side"])
    try repo.git(["checkout", "-q", "-b", "topic"])
    try write("src/b.txt", "topic")
    try commit("topic adds src/b")
    try write("docs/guide.md", "topic")
    try commit("topic docs")
    try repo.git(["checkout", "-q", "main"])
    try write("src/a.txt", "3")
    try commit("main src")
    try merge(["topic"])
    try repo.git(["mv", "src/a.txt", "src/renamed.txt"])
    try commit("rename")
    try repo.git(["rm", "-q", "docs/guide.md"])
    try commit("delete guide")
    try write("other.txt", "1")
    try commit("elsewhere")
    try repo.git(["checkout", "-q", "-b", "unmerged"])
    try write("src/c.txt", "unmerged")
    try commit("unmerged src")
    try repo.git(["checkout", "-q", "main"])
    return repo
  }

  @Test("days equal git log -- <paths> for every path shape and walk mode")
  func againstGit() throws {
    let repo = try Self.repository()
    let specs: [[String]] = [
      ["src"], ["src/a.txt"], ["docs"], ["docs/"], ["src", "docs/guide.md"], ["*.md"],
      ["docs/*.md"], ["src/*.txt"], ["."], ["no-such-path"],
    ]
    let modes: [[String]] = [[], ["--first-parent"], ["--all"], ["--no-merges"], ["topic..main"]]
    try Self.expectGitDays(repo, specs: specs, modes: modes)
  }

  /// Expects the days of each pathspec in each walk mode to be git log's.
  static func expectGitDays(
    _ repo: TemporaryRepository, specs: [[String]], modes: [[String]], label: String = ""
  ) throws {
    for spec in specs {
      for mode in modes {
        let expected = try repo.gitDays(mode + ["--"] + spec)
        let result = heatmap(window + mode + ["--"] + spec, in: repo.path)
        #expect(result.status == 0, "\(spec) \(mode) \(label): \(result.stderr)")
        #expect(nonZeroDays(result.stdout) == expected, "\(spec) \(mode) \(label)")
      }
    }
  }

  @Test("paths from a subfolder are relative to it; without --, git's rules and messages")
  func relativeAndAmbiguous() throws {
    let repo = try Self.repository()
    let inSrc = repo.path + "/src"
    let fromSub = heatmap(Self.window + ["--", "renamed.txt"], in: inSrc)
    #expect(nonZeroDays(fromSub.stdout) == (try repo.gitDays(["--", "src/renamed.txt"])))
    let parent = heatmap(Self.window + ["--", "../docs"], in: inSrc)
    #expect(nonZeroDays(parent.stdout) == (try repo.gitDays(["--", "docs"])))
    // Without --: an existing path is a path, a revision a revision.
    let bare = heatmap(Self.window + ["src"], in: repo.path)
    #expect(nonZeroDays(bare.stdout) == (try repo.gitDays(["--", "src"])))
    let both = heatmap(Self.window + ["topic", "src"], in: repo.path)
    #expect(nonZeroDays(both.stdout) == (try repo.gitDays(["topic", "--", "src"])))
    let glob = heatmap(Self.window + ["*.md"], in: repo.path)
    #expect(nonZeroDays(glob.stdout) == (try repo.gitDays(["--", "*.md"])))
    try "x".write(toFile: repo.path + "/topic", atomically: true, encoding: .utf8)
    let ambiguous = heatmap(Self.window + ["topic"], in: repo.path)
    #expect(ambiguous.status == 1)
    #expect(
      ambiguous.stderr
        == "git-heatmap: ambiguous argument 'topic': both revision and filename; use '--' to separate paths from revisions\n"
    )
    let neither = heatmap(Self.window + ["nothing-like-it"], in: repo.path)
    #expect(
      neither.stderr
        == "git-heatmap: ambiguous argument 'nothing-like-it': unknown revision or path not in the working tree; use '--' to separate paths from revisions\n"
    )
    let outside = heatmap(Self.window + ["--", "../../elsewhere"], in: inSrc)
    #expect(outside.status == 1)
    #expect(outside.stderr.contains("is outside repository at"))
  }

  @Test("with --repo and --scan, paths after -- are relative to each repository's top")
  func severalRepositories() throws {
    let repo = try Self.repository()
    let result = heatmap(
      Self.window + ["--repo", repo.path, "--", "docs"], in: repo.root.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == (try repo.gitDays(["--", "docs"])))
    let scanned = heatmap(Self.window + ["--scan", repo.root.path, "--", "src"], in: "/")
    #expect(nonZeroDays(scanned.stdout) == (try repo.gitDays(["--", "src"])))
  }
}
