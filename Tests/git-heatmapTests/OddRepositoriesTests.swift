import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("Odd repositories read as git reads them: replace refs, grafts, names, extensions")
struct OddRepositoriesTests {
  static let everything = ["--format", "csv", "--since", "2015-01-01", "--until", "2025-12-31"]

  /// Runs the same selection cold, warm (twice, so the second reads the cache), with a
  /// commit-graph, and checks each against git log's days.
  static func expectAllPaths(
    _ repo: TemporaryRepository, _ arguments: [String], gitArguments: [String],
    environment: [String: String] = [:], year: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var expected = try repo.gitDays(gitArguments, environment: environment)
    if let year { expected = expected.filter { $0.key.hasPrefix(year) } }
    let cold = heatmap(arguments + ["--no-cache"], in: repo.path, environment: environment)
    #expect(cold.status == 0, "\(cold.stderr)", sourceLocation: sourceLocation)
    #expect(nonZeroDays(cold.stdout) == expected, "cold", sourceLocation: sourceLocation)
    for pass in ["first", "warm"] {
      let run = heatmap(arguments, in: repo.path, environment: environment)
      #expect(nonZeroDays(run.stdout) == expected, "\(pass)", sourceLocation: sourceLocation)
    }
    // git writes no commit-graph while grafts or replace refs are in force; where it writes
    // one, it must change nothing.
    try repo.git(["commit-graph", "write", "--reachable"])
    let graphed = heatmap(arguments + ["--no-cache"], in: repo.path, environment: environment)
    #expect(nonZeroDays(graphed.stdout) == expected, "commit-graph", sourceLocation: sourceLocation)
    try? FileManager.default.removeItem(atPath: repo.path + "/.git/objects/info/commit-graph")
  }

  @Test("a tip committed years before its author date is counted in its author's year")
  func tipOlderThanWindow() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1420070400 +0000")  // 2015-01-01
    try repo.commit(date: "1625000000 +0000")  // 2021-06-29
    // As git/git's refs/pull/1050/head: author 2021-07-10, committer 2018-12-15.
    try repo.git(["checkout", "-q", "-b", "pull"])
    try repo.commit(date: "1625875200 +0200", committerDate: "1544832000 +0000")
    // And one in the middle of a line: the walk reaches it, reads it, and must count it.
    try repo.commit(date: "1627000000 +0000")
    try repo.git(["checkout", "-q", "main"])
    let year = ["--format", "csv", "--year", "2021", "--all"]
    try Self.expectAllPaths(repo, year, gitArguments: ["--all"], year: "2021")
    let days = nonZeroDays(heatmap(year + ["--no-cache"], in: repo.path).stdout)
    #expect(days == ["2021-06-29": 1, "2021-07-10": 1, "2021-07-23": 1])
    // The skewed tip alone: its parent, authored in 2021 too, is reached through it.
    let one = ["--format", "csv", "--year", "2021", "--no-cache"]
    let pull = nonZeroDays(heatmap(one + ["pull"], in: repo.path).stdout)
    #expect(pull == ["2021-06-29": 1, "2021-07-10": 1, "2021-07-23": 1])
    let skewed = try repo.git(["rev-parse", "pull~1"]).trimmingCharacters(in: .newlines)
    let alone = nonZeroDays(heatmap(one + [skewed], in: repo.path).stdout)
    #expect(alone == ["2021-06-29": 1, "2021-07-10": 1])
  }

  /// Three commits (2017-07-14, 2020-09-13, 2023-11-14) and a commit to replace the middle one:
  /// another date (2022-04-15) and no parent, so that history is cut there.
  static func replaceableHistory() throws -> (
    repo: TemporaryRepository, middle: String, replacement: String
  ) {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1500000000 +0000")
    let middle = try repo.commit(date: "1600000000 +0000")
    try repo.commit(date: "1700000000 +0000")
    let tree = try repo.emptyTree()
    let replacement = try repo.writeRawCommit(
      Data(
        "tree \(tree)\nauthor R <r@x> 1650000000 +0000\ncommitter R <r@x> 1650000000 +0000\n\nr\n"
          .utf8))
    return (repo, middle, replacement)
  }

  @Test(
    "replace refs are honoured, and --no-replace-objects or GIT_NO_REPLACE_OBJECTS turn them off")
  func replaceRefs() throws {
    let (repo, middle, replacement) = try Self.replaceableHistory()
    try repo.git(["replace", middle, replacement])
    try Self.expectAllPaths(repo, Self.everything, gitArguments: [])
    #expect(try repo.gitDays() == ["2022-04-15": 1, "2023-11-14": 1])
    // git's own switch is `git --no-replace-objects log`, which sets GIT_NO_REPLACE_OBJECTS.
    let off = try repo.gitDays([], environment: ["GIT_NO_REPLACE_OBJECTS": "1"])
    let flagged = heatmap(Self.everything + ["--no-replace-objects", "--no-cache"], in: repo.path)
    #expect(nonZeroDays(flagged.stdout) == off)
    try Self.expectAllPaths(
      repo, Self.everything, gitArguments: [], environment: ["GIT_NO_REPLACE_OBJECTS": "1"])
    #expect(
      try repo.gitDays([], environment: ["GIT_NO_REPLACE_OBJECTS": "1"]).count == 3)
  }

  @Test("replace refs only in packed-refs, or under GIT_REPLACE_REF_BASE, are honoured too")
  func packedReplaceRefs() throws {
    let (repo, middle, replacement) = try Self.replaceableHistory()
    try repo.git(["replace", middle, replacement])
    // Many other packed refs, then every ref packed and no folder of loose replace refs left:
    // the replace ref is found only in packed-refs, after thousands of other names.
    var stream = ""
    for index in 0..<3_000 { stream += "create refs/tags/t\(index) HEAD\n" }
    try repo.git(["update-ref", "--stdin"], input: Data(stream.utf8))
    try repo.git(["pack-refs", "--all", "--prune"])
    try? FileManager.default.removeItem(atPath: repo.path + "/.git/refs/replace")
    #expect(!FileManager.default.fileExists(atPath: repo.path + "/.git/refs/replace"))
    #expect(try repo.gitDays() == ["2022-04-15": 1, "2023-11-14": 1])
    try Self.expectAllPaths(repo, Self.everything, gitArguments: [])
    // Under another base: git finds it only there, and so must git-heatmap.
    try repo.git(["update-ref", "refs/other-replace/\(middle)", replacement])
    try repo.git(["update-ref", "-d", "refs/replace/\(middle)"])
    try repo.git(["pack-refs", "--all", "--prune"])
    try? FileManager.default.removeItem(atPath: repo.path + "/.git/refs/other-replace")
    let base = ["GIT_REPLACE_REF_BASE": "refs/other-replace/"]
    #expect(try repo.gitDays([], environment: base) == ["2022-04-15": 1, "2023-11-14": 1])
    try Self.expectAllPaths(repo, Self.everything, gitArguments: [], environment: base)
    #expect(try repo.gitDays().count == 3)
    try Self.expectAllPaths(repo, Self.everything, gitArguments: [])
  }

  @Test("grafts in info/grafts are honoured as git log honours them")
  func grafts() throws {
    let repo = try TemporaryRepository()
    let first = try repo.commit(date: "1500000000 +0000")
    try repo.commit(date: "1550000000 +0000")
    let third = try repo.commit(date: "1600000000 +0000")
    try repo.git(["checkout", "-q", "--orphan", "other"])
    let other = try repo.commit(date: "1620000000 +0000")
    try repo.git(["checkout", "-q", "main"])
    try repo.commit(date: "1700000000 +0000")
    // The third commit now has the first and the other branch's commit as parents.
    try "# a comment\n\(third) \(first) \(other)\n".write(
      toFile: repo.path + "/.git/info/grafts", atomically: true, encoding: .utf8)
    let days = try repo.gitDays(["main"])
    #expect(days.count == 4)  // the second commit is cut off; the other branch's joins
    try Self.expectAllPaths(repo, Self.everything + ["main"], gitArguments: ["main"])
  }

  @Test("names that differ only in Unicode normalization are two authors, as in git shortlog")
  func normalization() throws {
    let repo = try TemporaryRepository()
    let nfc = "Mislav Marohni\u{0107}"
    let nfd = "Mislav Marohnic\u{0301}"
    #expect(nfc == nfd)  // Swift says so; git does not
    for index in 0..<9 {
      try repo.commit(date: "\(1_700_000_000 + index * 100) +0000", author: nfc, email: "m@x")
    }
    for index in 0..<3 {
      try repo.commit(date: "\(1_700_100_000 + index * 100) +0000", author: nfd, email: "m@x")
    }
    let shortlog = try repo.git(["shortlog", "-sne", "HEAD"])
    let result = heatmap(Self.everything + ["--authors", "--format", "json"], in: repo.path)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let authors = try #require(object["authors"] as? [[String: Any]])
    var rows = ""
    for author in authors {
      let (name, email, commits) = (
        author["name"] as? String ?? "", author["email"] as? String ?? "",
        author["commits"] as? Int ?? 0
      )
      rows +=
        String(repeating: " ", count: 6 - String(commits).count)
        + "\(commits)\t\(name) <\(email)>\n"
    }
    #expect(Array(rows.utf8) == Array(shortlog.utf8), "\(rows) vs \(shortlog)")
    #expect(authors.count == 2)
    // By-author graphs and the daily JSON keep them apart too.
    let byAuthor = heatmap(Self.everything + ["--by-author", "--format", "json"], in: repo.path)
    #expect(byAuthor.stdout.contains("Mislav Marohni\u{0107}"))
    #expect(Array(byAuthor.stdout.utf8).count > 0)
  }

  @Test("a .mailmap that is a symbolic link is refused, as git refuses it, with a warning")
  func mailmapLink() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1700000000 +0000", author: "Old", email: "old@x")
    let outside = repo.root.path + "/elsewhere.mailmap"
    try "New <new@x> <old@x>\n".write(toFile: outside, atomically: true, encoding: .utf8)
    #expect(symlink(outside, repo.path + "/.mailmap") == 0)
    let shortlog = try repo.git(["shortlog", "-sne", "HEAD"])
    #expect(shortlog.contains("Old <old@x>"))
    let result = heatmap(Self.everything + ["--authors", "--format", "csv"], in: repo.path)
    #expect(result.stdout.contains("Old,old@x,1"))
    #expect(
      result.stderr
        == "git-heatmap: warning: unable to open mailmap at .mailmap: Too many levels of symbolic links\n"
    )
    // mailmap.file may be a link: git follows it.
    try repo.git(["config", "mailmap.file", outside])
    #expect(try repo.git(["shortlog", "-sne", "HEAD"]).contains("New <new@x>"))
  }

  @Test("a pathological --author pattern against a 5,000-character name ends at once")
  func regularExpressionTime() throws {
    let repo = try TemporaryRepository()
    let name = String(repeating: "a", count: 5_000) + "!"
    try repo.commit(date: "1700000000 +0000", author: name, email: "x@y")
    try repo.commit(date: "1700000100 +0000", author: "aaa", email: "aaa")
    let environment = repo.environment
    let started = Date()
    // Run the binary under a limit: if matching backtracks exponentially, it is killed.
    let result = try runBinary(
      Self.everything + ["-E", "--author", "(a+)+$", "--exclude-author", "(x+x+)+y"], in: repo.path,
      environment: environment
    ) { process in
      DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
        if process.isRunning { process.terminate() }
      }
    }
    #expect(result.reason == .exit && result.status == 0)
    #expect(Date().timeIntervalSince(started) < 60)
    // git -E agrees on what matches: only "aaa <aaa>", which ends in 'a' before '>'? No: $ is
    // at the end of "Name <email>", so neither matches; git says the same.
    let git = try repo.git(["log", "-E", "-i", "--author=(a+)+$", "--format=%an"])
    #expect(
      nonZeroDays(String(decoding: result.stdout, as: UTF8.self)).count
        == git.split(separator: "\n").count)
    #expect(
      heatmap(["-E", "--author", "(unclosed"], in: repo.path).stderr.hasPrefix(
        "git-heatmap: invalid value '(unclosed' for '--author <regex>': not a valid regular expression"
      ))
    // Case folds beyond ASCII, as git's matcher in a UTF-8 locale.
    try repo.commit(date: "1700000200 +0000", author: "Émile", email: "e@x")
    let accented = heatmap(Self.everything + ["-i", "--author", "^émile"], in: repo.path)
    #expect(nonZeroDays(accented.stdout).values.reduce(0, +) == 1)
  }

  @Test("repositories with worktreeConfig or partialclone extensions are read")
  func extensions() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1700000000 +0000")
    try repo.git(["config", "core.repositoryformatversion", "1"])
    try repo.git(["config", "extensions.worktreeConfig", "true"])
    try repo.git(["config", "extensions.partialclone", "origin"])
    let result = heatmap(Self.everything, in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == (try repo.gitDays()))
  }

  @Test("a SHA-256 repository gets git's words, exit 1")
  func refusals() throws {
    let repo = try TemporaryRepository()
    let sha = repo.root.path + "/sha"
    try TemporaryRepository.run(
      "/usr/bin/git", ["init", "-q", "--object-format=sha256", sha], in: repo.root.path,
      environment: repo.environment)
    let refused = heatmap([], in: sha)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is a SHA-256 repository"))
    #expect(refused.stderr.hasSuffix("supports only SHA-1 repositories\n"))
  }

  /// Ownership can only be tested as root, who can give a repository away: a test of its own,
  /// shown as skipped for everyone else rather than passing without checking anything.
  @Test(
    "a repository owned by another user gets git's words, exit 1",
    .enabled(if: geteuid() == 0, "only root can give a repository to another user"))
  func foreignOwner() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1700000000 +0000")
    try TemporaryRepository.run(
      "/bin/chown", ["-R", "nobody", repo.path], in: repo.root.path, environment: repo.environment)
    let foreign = heatmap([], in: repo.path + "/")
    #expect(foreign.status == 1)
    #expect(
      foreign.stderr
        == "git-heatmap: detected dubious ownership in repository at '\(repo.path)'; to trust it: git config --global --add safe.directory '\(repo.path)'\n"
    )
  }

  @Test(
    "windows that are empty by construction are usage errors",
    arguments: [
      (
        ["--since", "2026-09-01", "--until", "2026-08-01"],
        "'--since' 2026-09-01 is after '--until' 2026-08-01"
      ),
      (
        ["--since", "2030-01-01"],
        "'--since' 2030-01-01 is after today (2024-12-24): no commit can be counted yet"
      ),
      (["--until", "0001-02-01"], "the window reaches outside the years 1 to 9999"),
      (
        ["--until", "0000-01-01"],
        "invalid value '0000-01-01' for '--until <date>': expected a date such as 2025-03-01, 2025-03 (a month), 2025/03/01, 2025-03-01 14:30, today, yesterday, noon yesterday, last week, 2.weeks.ago, 3 months ago, 10.minutes.ago, march 3 or last friday"
      ),
      (["--since", "100000 years ago"], "the window reaches outside the years 1 to 9999"),
    ])
  func impossibleWindows(arguments: [String], message: String) throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1700000000 +0000")
    let result = heatmap(arguments, in: repo.path)
    #expect(result.status == 64)
    #expect(result.stderr == "git-heatmap: \(message)\nsee 'git-heatmap --help'\n")
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "--authors --format csv shows control and bidi characters by code point; JSON keeps them, escaped"
  )
  func hostileNamesInCSV() throws {
    let repo = try TemporaryRepository()
    let name = "Eve\u{1B}]0;pwned\u{07}\u{202E}gnp.exe\u{9B}"
    try repo.commit(date: "1700000000 +0000", author: name, email: "eve@x")
    let csv = heatmap(Self.everything + ["--authors", "--format", "csv"], in: repo.path).stdout
    #expect(!csv.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(
      !csv.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x9B || $0.value == 0x1B })
    #expect(csv.contains("Eve<U+001B>]0;pwned<U+0007><U+202E>gnp.exe<U+009B>,eve@x,1"))
    let json = heatmap(Self.everything + ["--authors", "--format", "json"], in: repo.path).stdout
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let authors = try #require(object["authors"] as? [[String: Any]])
    #expect(authors.first?["name"] as? String == name)
  }

  @Test("a repository under a path that is not UTF-8 is found, scanned and named with escapes")
  func bytePaths() throws {
    let repo = try TemporaryRepository()
    let root = repo.root.path
    // Made by the shell: Swift's own process API would repair the byte away.
    try TemporaryRepository.run(
      "/bin/sh",
      [
        "-c",
        "d=$(printf 'caf\\351'); mkdir -p \"$d/repo\" && cd \"$d/repo\" && git init -q"
          + " && git commit -q --allow-empty -m x",
      ], in: root,
      environment: repo.environment.merging([
        "GIT_AUTHOR_DATE": "1700000000 +0000", "GIT_COMMITTER_DATE": "1700000000 +0000",
      ]) { $1 })
    let folder = RawPath.string(Array(root.utf8) + [0x2F, 0x63, 0x61, 0x66, 0xE9])
    let expected = ["2023-11-14": 1]
    // Started inside it, with -C, with --repo, and found by --scan.
    #expect(nonZeroDays(heatmap(Self.everything, in: folder + "/repo").stdout) == expected)
    #expect(
      nonZeroDays(heatmap(Self.everything + ["--directory", folder + "/repo"], in: "/").stdout)
        == expected)
    #expect(
      nonZeroDays(heatmap(Self.everything + ["--repo", folder + "/repo"], in: "/").stdout)
        == expected)
    let scanned = heatmap(Self.everything + ["--scan", root, "--format", "json"], in: "/")
    #expect(
      scanned.stdout.contains(#""repositories": ["caf\\xE9/repo", "repo"]"#),
      "\(scanned.stdout)")
    // Its cache is written inside it, and a missing folder is named with the byte escaped.
    #expect(RawDirectory.kind(folder + "/repo/.git/git-heatmap/history.cache").exists)
    let missing = heatmap(["--directory", folder + "/none"], in: "/")
    #expect(
      missing.stderr
        == "git-heatmap: not a git repository (or any of the parent directories): '\(root)/caf\\xE9/none'\n"
    )
    // Round trips of every byte.
    let bytes = (0...255).map(UInt8.init) + [0xF4, 0x8F, 0xBE, 0x80, 0xC3, 0xA9]
    #expect(RawPath.bytes(RawPath.string(bytes)) == bytes)
  }
}
