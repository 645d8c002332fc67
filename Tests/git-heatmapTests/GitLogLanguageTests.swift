import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// git log's own words for selecting commits, each compared with what git itself selects.
@Suite("git log's language: ref options, parents, dates, -h and --stdin")
struct GitLogLanguageTests {
  static let window = ["--since", "2023-01-01", "--until", "2024-12-31", "--format", "csv"]

  /// Branches (one nested), lightweight and annotated tags, remote-tracking and other refs,
  /// and merges of two and three parents.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var time = 1_704_196_800
    func commit(_ message: String) throws {
      time += 86_400
      try repo.commit(message, date: "\(time) +0000")
    }
    try commit("root")
    try commit("main 1")
    try repo.git(["branch", "feature/a"])
    try repo.git(["branch", "fix"])
    try repo.git(["checkout", "-q", "feature/a"])
    try commit("feature 1")
    try repo.git(["tag", "v1.0"])
    try repo.git(["checkout", "-q", "fix"])
    try commit("fix 1")
    try repo.git(
      ["tag", "-a", "v2.0", "-m", "v2"],
      environment: ["GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@x"])
    try repo.git(["checkout", "-q", "main"])
    try commit("main 2")
    time += 86_400
    let date = "\(time) +0000"
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "octopus", "feature/a", "fix"],
      environment: [
        "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_NAME": "M",
        "GIT_AUTHOR_EMAIL": "m@x", "GIT_COMMITTER_NAME": "M", "GIT_COMMITTER_EMAIL": "m@x",
      ])
    try repo.git(["checkout", "-q", "-b", "side", "main~1"])
    try commit("side 1")
    try repo.git(["checkout", "-q", "main"])
    try commit("main 3")
    try repo.git(["update-ref", "refs/remotes/origin/main", "main~1"])
    try repo.git(["update-ref", "refs/remotes/upstream/side", "side"])
    try repo.git(["update-ref", "refs/custom/keep", "fix"])
    // A commit only the reflog remembers.
    try commit("lost")
    try repo.git(["reset", "-q", "--hard", "HEAD~1"])
    return repo
  }

  @Test(
    "ref options select what git log selects, in order, with --exclude and --not",
    arguments: [
      ["--all"], ["--branches"], ["--branches=feature"], ["--branches=fe*"], ["--branches=nomatch"],
      ["--tags"], ["--tags=v1*"], ["--tags=v1.0"], ["--remotes"], ["--remotes=origin"],
      ["--glob=custom"], ["--glob=refs/remotes/*/s*"], ["--exclude=fix", "--branches"],
      ["--exclude=refs/heads/*", "--all"], ["--exclude=v2*", "--tags"],
      ["--exclude=origin/*", "--remotes", "--tags"], ["--not", "--branches=side", "--all"],
      ["main", "--not", "side"], ["--all", "--not", "--tags"], ["--not", "--not", "side"],
      ["--branches", "--not", "^fix"], ["--merges"], ["--merges", "--all"], ["--min-parents=3"],
      ["--max-parents=0"], ["--max-parents=1", "--all"], ["--min-parents=2", "--max-parents=2"],
      ["--no-merges", "--all"], ["--max-parents=-1", "--min-parents=3"], ["--reflog"],
      ["--reflog", "--not", "--all"], ["--not", "--reflog"],
      // -g: each reflog entry once, HEAD's checkouts naming the same commit again.
      ["-g"], ["-g", "side"], ["--walk-reflogs", "main", "side", "--no-merges"],
      ["-g", "--author=^M"],
    ])
  func refOptions(_ arguments: [String]) throws {
    let repo = try Self.repository()
    let ours = heatmap(Self.window + arguments, in: repo.path)
    #expect(ours.status == 0, "\(arguments): \(ours.stderr)")
    let git = try repo.gitDays(arguments)
    #expect(nonZeroDays(ours.stdout) == git, "\(arguments)")
  }

  @Test("--after and --before are --since and --until; an all-future window is refused")
  func dates() throws {
    let repo = try Self.repository()
    let spelled = heatmap(
      ["--after", "2024-01-03", "--before", "2024-01-07", "--format", "csv"], in: repo.path)
    let usual = heatmap(
      ["--since", "2024-01-03", "--until", "2024-01-07", "--format", "csv"], in: repo.path)
    #expect(spelled.status == 0 && spelled.stdout == usual.stdout)
    #expect(nonZeroDays(spelled.stdout).values.reduce(0, +) == 5)
    // Today is 2024-12-24 in these runs.
    for arguments in [["--year", "2025"], ["--end", "2026-01-01", "--weeks", "2"]] {
      let future = heatmap(arguments, in: repo.path)
      #expect(future.status == 64, "\(arguments)")
      #expect(future.stderr.contains("is after today (2024-12-24)"), "\(future.stderr)")
    }
  }

  @Test(
    "approxidate's forms without 'ago' and with month names start where git rev-parse says",
    arguments: [
      "2.weeks", "6.months", "1.year", "3.days", "march 3", "3 march", "mar 3 2024",
      "3 march 2024", "2.weeks.ago", "last.month",
    ])
  func approxidate(_ text: String) throws {
    let repo = try Self.repository()
    let output = try repo.git(["rev-parse", "--since=\(text)"])
    let seconds = Int64(output.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(10)) ?? 0
    let expected = Day(epochSeconds: seconds, offsetSeconds: 0)
    let now = Date()
    let result = heatmap(
      ["--since", text, "--format", "json"], in: repo.path, now: now,
      timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    #expect(result.status == 0, "\(text): \(result.stderr)")
    #expect(
      result.stdout.contains("\"since\": \"\(expected.iso)\""),
      "\(text): \(result.stdout.prefix(300))")
  }

  @Test("-h is git's short usage with exit 129; --no-color and --color alone")
  func usageAndColor() throws {
    let repo = try Self.repository()
    let short = heatmap(["-h"], in: repo.path)
    #expect(short.status == 129)
    #expect(short.stdout.hasPrefix("usage: git heatmap [<options>] [<revision-range>]"))
    #expect(short.stdout.split(separator: "\n").count < 8)
    #expect(heatmap(["--help"], in: repo.path).status == 0)
    let always = heatmap(["--color", "--year", "2024"], in: repo.path)
    #expect(always.status == 0 && always.stdout.contains("\u{1B}["))
    let spaced = heatmap(["--color", "never", "--year", "2024"], in: repo.path)
    #expect(spaced.status == 0 && !spaced.stdout.contains("\u{1B}["))
    let none = heatmap(
      ["--no-color", "--year", "2024"], in: repo.path, environment: ["CLICOLOR_FORCE": "1"])
    #expect(none.status == 0 && !none.stdout.contains("\u{1B}["))
    // The last of --color and --no-color wins, as in git.
    let last = heatmap(["--no-color", "--color=always", "--year", "2024"], in: repo.path)
    #expect(last.stdout.contains("\u{1B}["))
  }

  @Test("--stdin reads revisions as git log does: to an empty line, paths after --")
  func standardInput() throws {
    let repo = try Self.repository()
    let binary = try builtExecutable()
    for (input, arguments) in [
      ("fix\nside\n", [String]()), ("fix\n\nside\n", []), ("side\n", ["fix"]),
      ("main\n--\nnothing-here\n", []),
    ] {
      let ours = try runBinary(
        [
          "-c", "printf '\(input)' | \"$0\" --stdin \"$@\" " + Self.window.joined(separator: " "),
          binary,
        ] + arguments, in: repo.path, environment: repo.environment, shell: true)
      let git = try repo.git(
        ["log", "--stdin", "--date=format:%Y-%m-%d", "--format=%ad"] + arguments,
        input: Data(input.utf8))
      var days: [String: Int] = [:]
      for line in git.split(separator: "\n") { days[String(line), default: 0] += 1 }
      #expect(ours.status == 0, "\(input): \(ours.stderr)")
      #expect(nonZeroDays(String(decoding: ours.stdout, as: UTF8.self)) == days, "\(input)")
    }
    let refused = try runBinary(
      ["-c", "printf -- '--all\\n' | \"$0\" --stdin", binary], in: repo.path,
      environment: repo.environment, shell: true)
    #expect(
      refused.status == 64 && refused.stderr.contains("options not supported in --stdin mode"))
  }

  @Test("--authors --top says how many there are; --day aligns subjects; a narrow punch card")
  func tablesAndNarrowTerminals() throws {
    let repo = try TemporaryRepository()
    for (index, name) in ["Ada", "李雷 Wide", "Bob", "Ada", "Zoë"].enumerated() {
      try repo.commit(
        "subject \(index)", date: "\(1_704_196_800 + index * 600) +0000", author: name)
    }
    let table = heatmap(
      ["--authors", "--top", "2", "--year", "2024", "--color", "never"], in: repo.path)
    #expect(
      table.stdout.hasPrefix("5 commits in 2024 by 4 authors; the top 2, with 3 commits\n"),
      "\(table.stdout)")
    let all = heatmap(["--authors", "--year", "2024", "--color", "never"], in: repo.path)
    #expect(all.stdout.hasPrefix("5 commits in 2024 by 4 authors\n"))
    #expect(all.stdout.split(separator: "\n").count == 6)
    // The subjects start in one column, as a terminal shows the names (李雷 takes four).
    let day = heatmap(["--day", "2024-01-02", "--color", "never"], in: repo.path)
    let starts = day.stdout.split(separator: "\n").dropFirst().map { line -> Int in
      let text = String(line)
      let prefix = text.range(of: "subject").map { String(text[..<$0.lowerBound]) } ?? ""
      return TextWidth.columns(of: prefix)
    }
    #expect(starts.count == 5 && Set(starts).count == 1, "\(day.stdout)")
    // The punch card's grid in 40 columns has its hours side by side; in 20 it says why not.
    let narrow = heatmap(
      ["--layout", "punchcard", "--year", "2024", "--color", "never"], in: repo.path,
      environment: ["COLUMNS": "40"])
    #expect(
      narrow.stdout.split(separator: "\n").contains { $0.hasPrefix("Tue ") && $0.count == 28 },
      "\(narrow.stdout)")
    let tiny = heatmap(
      ["--layout", "punchcard", "--year", "2024", "--color", "never"], in: repo.path,
      environment: ["COLUMNS": "20"])
    #expect(tiny.stdout.contains("(the grid needs 28"), "\(tiny.stdout)")
    let narrowTable = heatmap(
      ["--authors", "--year", "2024", "--color", "never"], in: repo.path,
      environment: ["COLUMNS": "30"])
    #expect(narrowTable.stdout.hasSuffix("(no room for the weekly column in 30 columns)\n"))
  }

  @Test("--repo and --scan count the repository the run is in too, and break the total down")
  func repositoriesAdded() throws {
    let here = try TemporaryRepository()
    for index in 0..<3 { try here.commit(date: "\(1_704_196_800 + index * 86_400) +0000") }
    let other = here.root.path + "/proj10"
    let second = here.root.path + "/proj2"
    for path in [other, second] {
      try TemporaryRepository.run(
        "/usr/bin/git", ["init", "-q", "-b", "main", path], in: here.root.path,
        environment: here.environment)
    }
    let ten = TemporaryRepository(existing: other, root: URL(fileURLWithPath: other))
    try ten.commit(date: "1704196800 +0000", author: "Ten")
    let two = TemporaryRepository(existing: second, root: URL(fileURLWithPath: second))
    try two.commit(date: "1704283200 +0000", author: "Two")
    try two.commit(date: "1704369600 +0000", author: "Two")
    let json = heatmap(
      ["--repo", "../proj10", "--repo", "../proj2", "--year", "2024", "--format", "json"],
      in: here.path)
    #expect(json.status == 0, "\(json.stderr)")
    // Ordered by their paths from here, in natural order (proj2 before proj10), and named
    // as a person names them: by their folders.
    let folder = URL(fileURLWithPath: here.path).lastPathComponent
    #expect(
      json.stdout.contains("\"repositories\": [\"\(folder)\", \"proj2\", \"proj10\"]"),
      "\(json.stdout.prefix(300))")
    #expect(json.stdout.contains("\"total\": 6,"))
    // The terminal and the summary break the total down alike (the summary as a sentence).
    let breakdown = "3 repositories: 3 commits in \(folder), 2 in proj2, 1 in proj10"
    for (output, ending) in [(["--color", "never"], ""), (["--format", "summary"], ".")] {
      let result = heatmap(
        ["--repo", "../proj10", "--repo", "../proj2", "--year", "2024"] + output, in: here.path)
      #expect(result.stdout.split(separator: "\n")[1] == breakdown + ending, "\(result.stdout)")
    }
    // Outside any repository, --repo counts what it names and nothing more.
    let outside = heatmap(
      ["--repo", "proj10", "--repo", "proj2", "--year", "2024", "--format", "json"],
      in: here.root.path)
    #expect(outside.stdout.contains("\"repositories\": [\"proj2\", \"proj10\"]"))
    #expect(outside.stdout.contains("\"total\": 3,"))
    withExtendedLifetime((ten, two)) {}
  }

  @Test(
    "--grep and its companions select what git log selects",
    arguments: [
      ["--grep=fix"], ["--grep=^fix"], ["--grep=Fix", "--regexp-ignore-case"],
      ["--grep=bug 4[0-9]"], ["--grep=fix", "--grep=docs"],
      ["--grep=fix", "--grep=bug", "--all-match"],
      ["--grep=fix", "--invert-grep"], ["--grep=a|b", "-E"], ["--grep=a|b"], ["--grep=v1.0", "-F"],
      ["--grep=v1.0"], ["--grep=^Signed-off-by: Ann"], ["--grep=fix", "--author=Ann"],
      ["--grep=trailer$"],
    ])
  func messages(_ arguments: [String]) throws {
    let repo = try TemporaryRepository()
    let messages = [
      "fix: the parser\n\nbug 42 was here", "docs: say more", "Fix capitals",
      "refactor\n\nno fix here",
      "release v1x0", "release v1.0", "a or b", "merge a|b", "chore\n\nSigned-off-by: Ann <a@x>",
      "last line trailer",
    ]
    for (index, message) in messages.enumerated() {
      try repo.commit(
        message, date: "\(1_704_196_800 + index * 86_400) +0000",
        author: index % 2 == 0 ? "Ann" : "Bob")
    }
    let ours = heatmap(["--year", "2024", "--format", "csv"] + arguments, in: repo.path)
    #expect(ours.status == 0, "\(arguments): \(ours.stderr)")
    #expect(nonZeroDays(ours.stdout) == (try repo.gitDays(arguments)), "\(arguments)")
  }

  /// Branches and merges with equal commit dates and a clock gone backwards, where git log's
  /// order is not a sort by date.
  static func tangled() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let base = 1_704_196_800
    func commit(_ message: String, _ offset: Int, author: String = "Ann") throws {
      try repo.commit(message, date: "\(base + offset) +0000", author: author)
    }
    try commit("c1", 0)
    try commit("c2", 3 * 86_400, author: "Bob")
    try repo.git(["checkout", "-q", "-b", "side", "HEAD~1"])
    try commit("s1", 86_400, author: "Bob")
    try commit("s2", 3 * 86_400)
    try repo.write("file.txt", "x\n")
    try repo.git(["add", "file.txt"])
    try commit("s3 file", 3 * 86_400)
    try repo.git(["checkout", "-q", "main"])
    let date = "\(base + 4 * 86_400) +0000"
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "merge", "side"],
      environment: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date])
    try commit("skewed", 2 * 86_400, author: "Bob")
    try commit("after", 5 * 86_400)
    try repo.write("file.txt", "y\n")
    try repo.git(["add", "file.txt"])
    try commit("file again", 5 * 86_400 + 60)
    return repo
  }

  @Test(
    "-n, -<n>, --max-count and --skip take what git log shows first, in its order",
    arguments: [
      ["-n", "1"], ["-n", "3"], ["-4"], ["--max-count=6"], ["-n", "2", "--skip", "1"],
      ["--skip=5"], ["-n", "2", "--author", "Bob"], ["-n", "2", "--no-merges"],
      ["-n", "2", "main~1"], ["-n", "3", "side..main"], ["-n", "1", "--", "file.txt"],
      ["-n", "2", "--first-parent"], ["-n", "0"], ["-n", "3", "--all", "--merges"],
      ["-n", "2", "--grep", "s"],
    ])
  func maxCount(_ arguments: [String]) throws {
    let repo = try Self.tangled()
    let ours = heatmap(["--year", "2024", "--format", "csv"] + arguments, in: repo.path)
    #expect(ours.status == 0, "\(arguments): \(ours.stderr)")
    #expect(nonZeroDays(ours.stdout) == (try repo.gitDays(arguments)), "\(arguments)")
  }

  @Test("a limit of a few hundred commits reads the newest from the objects; longer, the cache")
  func smallLimitsSkipTheCache() throws {
    let repo = try Self.tangled()
    let warm = heatmap(["--year", "2024", "--format", "csv"], in: repo.path)
    #expect(warm.status == 0, "\(warm.stderr)")
    for (count, readsCache) in [("2", false), ("256", false), ("257", true)] {
      let ours = heatmap(
        ["--year", "2024", "--format", "csv", "-n", count], in: repo.path,
        environment: ["GIT_HEATMAP_TIMING": "1"])
      #expect(ours.status == 0, "\(ours.stderr)")
      #expect(ours.stderr.contains("load cache") == readsCache, "-n \(count): \(ours.stderr)")
      #expect(nonZeroDays(ours.stdout) == (try repo.gitDays(["-n", count])), "-n \(count)")
    }
  }

  @Test("the heading says that -n limited the count; -n with several repositories is refused")
  func maxCountHeading() throws {
    let repo = try Self.tangled()
    let shown = heatmap(["-n", "3", "--year", "2024", "--color", "never"], in: repo.path)
    #expect(
      shown.stdout.hasPrefix("3 commits in 2024, of the newest 3 (-n 3)\n"), "\(shown.stdout)")
    let refused = heatmap(["-n", "3", "--repo", "."], in: repo.path)
    #expect(refused.status == 64)
  }

  @Test("GIT_DIR, GIT_WORK_TREE and core.worktree place the work tree as git's setup does")
  func gitDirectoryRules() throws {
    let repo = try TemporaryRepository()
    for (index, path) in ["top.txt", "sub/b.txt", "sub/deeper/c.txt", "docs/d.txt"].enumerated() {
      try repo.write(path, "\(index)\n")
      try repo.git(["add", "-A"])
      try repo.commit(date: "\(1_704_196_800 + index * 86_400) +0000")
    }
    let outside = repo.root.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    // A second work tree for the same repository, named by core.worktree in a copy of it.
    let separate = repo.root.path + "/separate.git"
    try TemporaryRepository.run(
      "/bin/cp", ["-R", repo.path + "/.git", separate], in: repo.root.path,
      environment: repo.environment)
    try TemporaryRepository.run(
      "/usr/bin/git", ["--git-dir", separate, "config", "core.worktree", repo.path],
      in: repo.root.path, environment: repo.environment)
    let cases: [(directory: String, environment: [String: String], paths: [String])] = [
      // GIT_DIR alone: the current folder is the top, whatever it is.
      (repo.path + "/sub", ["GIT_DIR": "../.git"], ["b.txt", "sub/b.txt", "docs", "."]),
      (repo.path + "/sub/deeper", ["GIT_DIR": repo.path + "/.git"], ["c.txt", "."]),
      // GIT_DIR and GIT_WORK_TREE, from outside the work tree: paths from its top.
      (
        outside, ["GIT_DIR": repo.path + "/.git", "GIT_WORK_TREE": repo.path],
        ["sub", "docs/d.txt"]
      ),
      // … and from inside it: paths from here.
      (
        repo.path + "/sub", ["GIT_DIR": repo.path + "/.git", "GIT_WORK_TREE": repo.path],
        ["b.txt", "."]
      ),
      // GIT_WORK_TREE alone, with discovery.
      (repo.path + "/sub", ["GIT_WORK_TREE": repo.path], ["b.txt", "deeper"]),
      // core.worktree in the configuration GIT_DIR names.
      (repo.path + "/sub", ["GIT_DIR": separate], ["b.txt", "."]),
      (outside, ["GIT_DIR": separate], ["sub/b.txt", "top.txt"]),
    ]
    for (directory, environment, paths) in cases {
      for path in paths {
        let ours = heatmap(
          ["--year", "2024", "--format", "csv", "--", path], in: directory,
          environment: environment)
        let git = try TemporaryRepository.run(
          "/usr/bin/git", ["log", "--date=format:%Y-%m-%d", "--format=%ad", "--", path],
          in: directory, environment: repo.environment.merging(environment) { $1 })
        var days: [String: Int] = [:]
        for line in git.split(separator: "\n") { days[String(line), default: 0] += 1 }
        #expect(ours.status == 0, "\(environment) \(path): \(ours.stderr)")
        #expect(nonZeroDays(ours.stdout) == days, "\(directory) \(environment) -- \(path)")
      }
    }
  }

  @Test("a current streak is named only for a window that reaches today")
  func currentStreak() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    // Today is 2024-12-24 in these runs.
    let past = heatmap(["--year", "2023", "--color", "never"], in: repo.path)
    let present = heatmap(["--year", "2024", "--color", "never"], in: repo.path)
    #expect(!past.stdout.contains("current streak"), "\(past.stdout)")
    #expect(present.stdout.contains("current streak 0 days"), "\(present.stdout)")
  }

  @Test("an image's sub-headings have the main title's room above their month labels")
  func subheadingRoom() throws {
    let repo = try TemporaryRepository()
    for (index, name) in ["Ada", "Bob", "Ada"].enumerated() {
      try repo.commit(date: "\(1_704_196_800 + index * 86_400) +0000", author: name)
    }
    let single = heatmap(["--year", "2024", "--format", "svg"], in: repo.path).stdout
    let byAuthor = heatmap(["--year", "2024", "--format", "svg", "--by-author"], in: repo.path)
      .stdout
    func baselines(_ svg: String, _ pattern: Regex<(Substring, Substring)>) -> [Double] {
      svg.matches(of: pattern).compactMap { Double($0.output.1) }
    }
    let title = baselines(single, #/<text class="heading" x="[0-9.]+" y="([0-9.]+)"/#)
    let months = baselines(single, #/<text class="label" x="[0-9.]+" y="([0-9.]+)">Jan/#)
    let gap = try #require(months.first) - (try #require(title.first))
    let subheadings = baselines(byAuthor, #/<text x="[0-9.]+" y="([0-9.]+)" font-weight="600">/#)
    let subMonths = baselines(byAuthor, #/<text class="label" x="[0-9.]+" y="([0-9.]+)">Jan/#)
    #expect(subheadings.count == 2 && subMonths.count == 2)
    for (heading, month) in zip(subheadings, subMonths) {
      // A 12 px sub-heading descends less than the 15.6 px title: the same room between the
      // letters is about a pixel less between the baselines.
      #expect(abs((month - heading) - gap) < 2, "\(month - heading) against the title's \(gap)")
    }
  }
}
