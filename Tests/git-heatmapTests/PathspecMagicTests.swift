import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

/// Every pathspec form of gitglossary, counted against `git log -- <pathspec>` itself, from the
/// top and from a subfolder, in a history with subfolders, renames, mode changes, symbolic
/// links, a submodule, names that look like globs and names that differ only by case.
@Suite("Pathspec magic, globs and modes as git log reads them")
struct PathspecMagicTests {
  static let window = PathspecTests.window

  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var day = 0
    func write(_ path: String, _ text: String) throws { try repo.write(path, text) }
    func commit(_ message: String) throws {
      day += 1
      try repo.git(["add", "-A"])
      try repo.commit(message, date: "\(1_600_000_000 + day * 86_400) +0000")
    }
    try write("src/a.c", "1")
    try write("src/lib/x.c", "1")
    try write("docs/guide.md", "1")
    try write("README.md", "1")
    try write("bin/run.sh", "echo")
    try commit("root")
    try write("src/lib/x.c", "2")
    try commit("lib")
    try write("Docs/Upper.MD", "1")
    try commit("upper case")
    // A change of mode alone.
    try repo.git(["update-index", "--chmod=+x", "bin/run.sh"])
    try repo.commit("executable", date: "\(1_600_000_000 + 40 * 86_400) +0000")
    try repo.git(["checkout", "-q", "--", "."])
    day = 40
    try write("star*.txt", "literal star")
    try write("lit[1].txt", "brackets")
    try commit("glob-like names")
    try FileManager.default.createSymbolicLink(
      atPath: repo.path + "/link", withDestinationPath: "src/a.c")
    try commit("symlink")
    try FileManager.default.removeItem(atPath: repo.path + "/link")
    try FileManager.default.createSymbolicLink(
      atPath: repo.path + "/link", withDestinationPath: "docs/guide.md")
    try commit("symlink retargeted")
    // A submodule: a gitlink entry, moved to another commit once.
    let first = try repo.git(["rev-parse", "HEAD~1"]).trimmingCharacters(in: .newlines)
    let second = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
    try repo.git(["update-index", "--add", "--cacheinfo", "160000,\(first),vendor/sub"])
    try repo.commit("submodule", date: "\(1_600_000_000 + 50 * 86_400) +0000")
    try repo.git(["update-index", "--cacheinfo", "160000,\(second),vendor/sub"])
    try repo.commit("submodule moves", date: "\(1_600_000_000 + 51 * 86_400) +0000")
    day = 51
    try repo.git(["mv", "src/a.c", "src/b.c"])
    try commit("rename")
    try repo.git(["checkout", "-q", "-b", "side"])
    try write("src/lib/deep/y.c", "side")
    try write("docs/more.md", "side")
    try commit("side")
    try repo.git(["checkout", "-q", "main"])
    try write("docs/guide.md", "2")
    try commit("main docs")
    day += 1
    try repo.git(
      ["merge", "-q", "--no-edit", "--no-ff", "side"],
      environment: [
        "GIT_AUTHOR_DATE": "\(1_600_000_000 + day * 86_400) +0000",
        "GIT_COMMITTER_DATE": "\(1_600_000_000 + day * 86_400) +0000",
      ])
    try repo.git(["rm", "-q", "README.md"])
    try commit("remove readme")
    return repo
  }

  static let fromTop: [[String]] = [
    ["src"], ["src/"], ["src/b.c"], ["src/a.c"], ["*.c"], ["src/*.c"], [":(glob)src/*.c"],
    [":(glob)**/*.c"], [":(glob)src/**"], [":(glob)src/**/y.c"], [":(glob)src/lib/**/x.c"],
    [":(glob)src"], [":(glob)sr*"], ["sr*"], [":/docs"], [":(top)docs"], [":!src"], [":^src"],
    [":(exclude)src/lib"], [".", ":!docs"], ["src", ":!src/lib"], [":(exclude)*.md"],
    [":(icase)SRC"], [":(icase)*.MD"], [":(icase)docs/GUIDE.md"], [":(top,icase)DOCS"],
    [":(glob,icase)SRC/*.C"], [":(literal)star*.txt"], ["star*.txt"], ["lit[1].txt"],
    [":(literal)lit[1].txt"], ["link"], ["vendor/sub"], ["vendor/sub/inside"], ["vendor/"],
    ["vendor/sub/"], ["vendor/sub/*"], ["vendor/su*"],
    ["bin/run.sh"], ["bin"], ["[a-c]*"], ["?rc"], ["docs", "*.c"], [":/"], ["."],
    ["no-such-path"], [":(exclude)no-such-path"], ["src/lib/"], ["src/lib/x.c/"], ["Docs"],
    [":(icase)docs/"], ["src/../docs"], ["./src//lib"],
  ]

  static let fromSubfolder: [[String]] = [
    ["b.c"], ["*.c"], [":!lib"], [":/docs"], ["../docs"], [":(icase)B.C"], ["."], [":(glob)**"],
    [":(glob)*.c"], [":(top)src/lib"], ["lib/"], [":(exclude)../docs"], [":(icase)LIB"],
  ]

  @Test(
    "every form counts what git log counts, from the top, in three walk modes",
    arguments: [false, true])
  func fromTheTop(withCommitGraph: Bool) throws {
    let repo = try Self.repository()
    if withCommitGraph { try repo.git(["commit-graph", "write", "--reachable"]) }
    try PathspecTests.expectGitDays(
      repo, specs: Self.fromTop, modes: [[], ["--all"], ["--first-parent"]],
      label: withCommitGraph ? "with a commit-graph" : "")
  }

  @Test("from a subfolder, elements are relative to it unless magic says the top")
  func fromASubfolder() throws {
    let repo = try Self.repository()
    let folder = repo.path + "/src"
    for spec in Self.fromSubfolder {
      let output = try TemporaryRepository.run(
        "/usr/bin/git", ["log", "--all", "--date=format:%Y-%m-%d", "--format=%ad", "--"] + spec,
        in: folder, environment: repo.environment)
      var expected: [String: Int] = [:]
      for line in output.split(separator: "\n") { expected[String(line), default: 0] += 1 }
      let result = heatmap(Self.window + ["--all", "--"] + spec, in: folder)
      #expect(result.status == 0, "\(spec): \(result.stderr)")
      #expect(nonZeroDays(result.stdout) == expected, "\(spec)")
    }
  }

  @Test(
    "the GIT_*_PATHSPECS variables apply to every element",
    arguments: [
      ("GIT_GLOB_PATHSPECS", ["src/*.c"]), ("GIT_GLOB_PATHSPECS", [":(literal)star*.txt"]),
      ("GIT_NOGLOB_PATHSPECS", ["star*.txt"]), ("GIT_NOGLOB_PATHSPECS", [":(glob)src/*"]),
      ("GIT_ICASE_PATHSPECS", ["SRC"]), ("GIT_LITERAL_PATHSPECS", ["star*.txt"]),
      ("GIT_LITERAL_PATHSPECS", [":(glob)src"]),
    ])
  func environment(variable: String, spec: [String]) throws {
    let repo = try Self.repository()
    let expected = try repo.gitDays(["--"] + spec, environment: [variable: "1"])
    let result = heatmap(Self.window + ["--"] + spec, in: repo.path, environment: [variable: "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == expected)
  }

  @Test(
    "what git refuses is a usage error in git's words, never a silent 0",
    arguments: [
      (
        ":(attr:binary)x",
        "git-heatmap: :(attr:binary)x: pathspec magic not supported by this command: 'attr'"
      ),
      (":#x", "git-heatmap: Unimplemented pathspec magic '#' in ':#x'"),
      (":(bogus)x", "git-heatmap: Invalid pathspec magic 'bogus' in ':(bogus)x'"),
      (":(top", "git-heatmap: Missing ')' at the end of pathspec magic in ':(top'"),
      (":(glob,literal)x", "git-heatmap: :(glob,literal)x: 'literal' and 'glob' are incompatible"),
      (
        "",
        "git-heatmap: empty string is not a valid pathspec. please use . instead if you meant to match all paths"
      ),
    ])
  func refused(spec: String, message: String) throws {
    let repo = try Self.repository()
    let result = heatmap(Self.window + ["--", spec], in: repo.path)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    #expect(result.stdout.isEmpty)
  }

  @Test("contradicting GIT_*_PATHSPECS variables are refused as git refuses them")
  func contradictions() throws {
    let repo = try Self.repository()
    let both = heatmap(
      Self.window + ["--", "src"], in: repo.path,
      environment: ["GIT_GLOB_PATHSPECS": "1", "GIT_NOGLOB_PATHSPECS": "1"])
    #expect(both.status == 64)
    #expect(
      both.stderr.hasPrefix(
        "git-heatmap: global 'glob' and 'noglob' pathspec settings are incompatible\n"))
    let bad = heatmap(
      Self.window + ["--", "src"], in: repo.path, environment: ["GIT_ICASE_PATHSPECS": "maybe"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "git-heatmap: bad boolean config value 'maybe' for 'GIT_ICASE_PATHSPECS'\n"))
  }

  @Test("an element outside the work tree is named as git names it")
  func outside() throws {
    let repo = try Self.repository()
    let result = heatmap(Self.window + ["--", "../../elsewhere"], in: repo.path + "/src")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "git-heatmap: ../../elsewhere: '../../elsewhere' is outside repository at '\(repo.path)'\n"
    )
  }
}

/// git's wildmatch, case by case (from git's own t3070 cases that decide the rules).
@Suite("Wildmatch as git's")
struct WildmatchTests {
  @Test(
    "patterns with and without WM_PATHNAME",
    arguments: [
      ("foo", "foo", true, true), ("foo", "bar", false, false), ("???", "foo", true, true),
      ("*", "foo/bar", false, true), ("*f", "foo", false, false),
      ("foo/*", "foo/bar/baz", false, true),
      ("**/foo", "a/b/foo", true, true), ("**/foo", "foo", true, false),
      ("a/**/b", "a/b", true, false),
      ("a/**/b", "a/x/y/b", true, true), ("a/*/b", "a/x/y/b", false, true),
      ("a?b", "a/b", false, true),
      ("[a-c]x", "bx", true, true), ("[!a-c]x", "bx", false, false), ("[^a]x", "bx", true, true),
      ("[[:digit:]]", "7", true, true), ("[[:upper:]]", "a", false, false),
      ("\\*", "*", true, true),
      ("\\*", "x", false, false), ("*.c", "src/lib/x.c", false, true), ("[a-", "a", false, false),
      ("foo/**", "foo/a/b", true, true), ("**", "anything/at/all", true, true),
      ("[]]", "]", true, true), ("[[:bogus:]]", "x", false, false),
    ])
  func cases(pattern: String, text: String, withPathname: Bool, withoutPathname: Bool) {
    #expect(
      Wildmatch.matches(Array(pattern.utf8), Array(text.utf8), pathname: true, caseFolds: false)
        == withPathname, "\(pattern) \(text) pathname")
    #expect(
      Wildmatch.matches(Array(pattern.utf8), Array(text.utf8), pathname: false, caseFolds: false)
        == withoutPathname, "\(pattern) \(text)")
  }

  @Test("case folding folds ASCII letters and ranges, as git's WM_CASEFOLD")
  func folding() {
    #expect(
      Wildmatch.matches(Array("*.C".utf8), Array("a.c".utf8), pathname: true, caseFolds: true))
    #expect(
      Wildmatch.matches(Array("[A-Z]".utf8), Array("q".utf8), pathname: true, caseFolds: true))
    #expect(
      !Wildmatch.matches(Array("*.C".utf8), Array("a.c".utf8), pathname: true, caseFolds: false))
  }
}
