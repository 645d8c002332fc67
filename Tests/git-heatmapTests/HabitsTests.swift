import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("Terminals, pipes and repositories as git users have them")
struct HabitsTests {
  @Test("output that is not a terminal is not cut: all 53 weeks, whole emails; COLUMNS still wins")
  func pipesAreNotCut() throws {
    let repo = try TemporaryRepository()
    let email = "a.very.long.address.of.someone@a-very-long-domain-name.example.com"
    try repo.commit(date: "1734900000 +0000", author: "Someone With A Long Name", email: email)
    var environment = ["COLUMNS": ""]
    environment["NO_COLOR"] = "1"
    let graph = heatmap(["--no-cache"], in: repo.path, environment: environment)
    let weekdayRow = try #require(graph.stdout.split(separator: "\n").first { $0.hasPrefix("Mon") })
    #expect(weekdayRow.split(separator: " ").count - 1 == 53)
    #expect(!graph.stdout.contains("newest"))
    let table = heatmap(["--authors"], in: repo.path, environment: environment)
    #expect(table.stdout.contains(email))
    let narrow = heatmap(["--authors"], in: repo.path, environment: ["COLUMNS": "40"])
    #expect(!narrow.stdout.contains(email))
  }

  @Test("a bare repository without a config file is named by its own folder, as git calls it bare")
  func bareWithoutConfig() throws {
    let repo = try TemporaryRepository(bare: true)
    let tree = try repo.emptyTree()
    let commit = try repo.git(
      ["commit-tree", tree, "-m", "x"],
      environment: [
        "GIT_AUTHOR_DATE": "1704196800 +0000", "GIT_COMMITTER_DATE": "1704196800 +0000",
      ]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    try repo.git(["update-ref", "refs/heads/main", commit])
    try FileManager.default.removeItem(atPath: repo.path + "/config")
    let result = heatmap(["--format", "json", "--year", "2024"], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""repository": "\#(repo.path)","#))
    #expect(result.stdout.contains(#""total": 1,"#))
  }

  @Test("--committer as git log's: alternatives within a field, and together with --author")
  func committer() throws {
    let repo = try TemporaryRepository()
    let people = [("Ada", "Carol"), ("Ada", "Dan"), ("Bob", "Carol"), ("Bob", "Erin")]
    for (index, (author, committer)) in people.enumerated() {
      let date = "\(1_704_196_800 + index * 86_400) +0000"
      try repo.git(
        ["commit", "-q", "--allow-empty", "-m", "c\(index)"],
        environment: [
          "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "\(author.lowercased())@x",
          "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_NAME": committer,
          "GIT_COMMITTER_EMAIL": "\(committer.lowercased())@x", "GIT_COMMITTER_DATE": date,
        ])
    }
    let year = ["--format", "csv", "--year", "2024"]
    for arguments in [
      ["--committer", "carol"], ["--committer", "carol", "--committer", "erin"],
      ["--author", "ada", "--committer", "carol"], ["--author", "bob", "--committer", "^dan"],
      ["--committer", "@x>$"],
    ] {
      let git = try repo.gitDays(
        arguments.map { $0.hasPrefix("--") ? $0 + "=" : $0 }
          .chunked())
      for pass in ["--no-cache", "--quiet", "--quiet"] {
        let ours = heatmap(year + arguments + [pass], in: repo.path)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(nonZeroDays(ours.stdout) == git, "\(arguments) \(pass)")
      }
    }
  }
}

@Suite("An empty window says where the commits are")
struct OutsideWindowTests {
  @Test("a range before the window: how many, as git log counts, and the option that shows them")
  func rangeBefore() throws {
    let repo = try TemporaryRepository()
    for index in 0..<30 {
      try repo.commit(date: "\(1_600_000_000 + index * 86_400) +0000")  // from 2020-09-13
      if index == 9 { try repo.git(["tag", "v1"]) }
      if index == 24 { try repo.git(["tag", "v2"]) }
    }
    let range = "v1..v2"
    let count = try repo.git(["rev-list", "--count", range]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    // The default window (the year to 2024-12-24) holds none of them.
    for extra in [["--no-cache"], []] {
      let result = heatmap([range, "--format", "csv"] + extra, in: repo.path)
      #expect(result.status == 0)
      #expect(
        result.stderr
          == "git-heatmap: note: \(count) commits of v1..v2 fall before the window, the newest on 2020-10-07; try --end 2020-10-07\n"
      )
      #expect(nonZeroDays(result.stdout).isEmpty)
    }
    // Following the hint shows every one of them.
    let shown = heatmap([range, "--format", "csv", "--end", "2020-10-07"], in: repo.path)
    #expect(nonZeroDays(shown.stdout).values.reduce(0, +) == Int(count))
    #expect(heatmap([range, "--quiet"], in: repo.path).stderr.isEmpty)
    // After the window, and one commit: the words agree.
    let after = heatmap(["v1~0", "^v1~1", "--year", "2019"], in: repo.path)
    #expect(
      after.stderr
        == "git-heatmap: note: 1 commit of v1~0 ^v1~1 falls after the window, on 2020-09-22; try --year 2020\n"
    )
    // A --since/--until window moves whole; a filter that matches no commit anywhere says so.
    let between = heatmap(
      [range, "--since", "2021-01-01", "--until", "2021-01-31", "--format", "csv"], in: repo.path)
    #expect(
      between.stderr
        == "git-heatmap: note: \(count) commits of v1..v2 fall before the window, the newest on 2020-10-07; try --since 2020-09-07 --until 2020-10-07\n"
    )
    let followed = heatmap(
      [range, "--since", "2020-09-07", "--until", "2020-10-07", "--format", "csv"], in: repo.path)
    #expect(nonZeroDays(followed.stdout).values.reduce(0, +) == Int(count))
    let nobody = heatmap([range, "--author", "nobody"], in: repo.path)
    #expect(nobody.stderr == "git-heatmap: note: no commit of v1..v2 matches --author 'nobody'\n")
    // An author whose commits are all before the window: the walk stopped at the window, and
    // is read again to say where they are.
    let early = heatmap(["--author", "Ada", "--year", "2024"], in: repo.path)
    #expect(
      early.stderr.contains(
        "30 commits of HEAD fall before the window, the newest on 2020-10-12; try --year 2020"),
      "\(early.stderr)")
  }
}

@Suite("Dates as git users type them")
struct DateFormTests {
  /// The day git itself reads a date as: `git rev-parse --since=TEXT` prints the moment.
  static func gitDay(_ text: String, in repo: TemporaryRepository, now: Int) throws -> String {
    let output = try repo.git(
      ["rev-parse", "--since=\(text)"], environment: ["GIT_TEST_DATE_NOW": "\(now)"])
    let seconds = Int(output.split(separator: "=").last?.trimmingCharacters(in: .newlines) ?? "")
    return Day(epochSeconds: Int64(seconds ?? 0), offsetSeconds: 0).iso
  }

  @Test(
    "every day-naming form reads as git reads it",
    arguments: [
      "yesterday", "last week", "last.month", "2.weeks.ago", "3 days ago", "6 months ago",
      "last year", "last monday", "last friday", "last sunday", "2025/01/05", "2025.01.05",
      "01/05/2025", "5.1.2025", "2025-01-05 12:00", "2025-01-05",
    ])
  func likeGit(text: String) throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1735000000 +0000")
    // A fixed now (2026-11-30 10:00 UTC, a Monday) for both git and us.
    let now = 1_796_032_800
    let expected = try Self.gitDay(text, in: repo, now: now)
    let result = heatmap(
      ["--format", "csv", "--since", text, "--until", "2026-11-30"], in: repo.path,
      now: Date(timeIntervalSince1970: TimeInterval(now)))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").dropFirst().first?.prefix(10) == Substring(expected),
      "\(text)")
  }

  @Test("a month: --since 2025-01 is its first day, --until 2025-02 its last")
  func months() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1738281600 +0000")  // 2025-01-31
    let result = heatmap(
      ["--format", "csv", "--since", "2025-01", "--until", "2025-02"], in: repo.path,
      now: Date(timeIntervalSince1970: 1_750_000_000))
    let rows = result.stdout.split(separator: "\n").dropFirst()
    #expect(rows.first?.hasPrefix("2025-01-01") == true)
    #expect(rows.last?.hasPrefix("2025-02-28") == true)
    #expect(nonZeroDays(result.stdout) == ["2025-01-31": 1])
    let bad = heatmap(["--since", "next tuesday"], in: repo.path)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("expected a date such as 2025-03-01, 2025-03 (a month)"))
  }
}

@Suite("Colors as git's own commands choose them")
struct GitColorTests {
  @Test(
    "color.ui and color.heatmap below the environment and --color; git -p with color.pager",
    arguments: [
      ([], [:], [String: String](), false),
      (["color.ui=always"], [:], [:], true),
      (["color.ui=always", "color.heatmap=never"], [:], [:], false),
      (["color.ui=never", "color.heatmap=always"], [:], [:], true),
      (["color.ui=true"], [:], [:], false),
      (["color.ui=always"], ["NO_COLOR": "1"], [:], false),
      (["color.ui=never"], ["CLICOLOR_FORCE": "1"], [:], true),
      ([], ["GIT_PAGER_IN_USE": "true"], [:], true),
      (["color.pager=false"], ["GIT_PAGER_IN_USE": "true"], [:], false),
      (["color.ui=always"], [:], ["--color": "never"], false),
      (["color.ui=never"], [:], ["--color": "always"], true),
    ] as [([String], [String: String], [String: String], Bool)])
  func colors(
    config: [String], environment: [String: String], flags: [String: String], colored: Bool
  ) throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1734900000 +0000")
    for entry in config {
      let parts = entry.split(separator: "=").map(String.init)
      try repo.git(["config", parts[0], parts[1]])
    }
    var environment = environment
    environment["TERM"] = "xterm-256color"
    // Whatever the test runner's own terminal says, only what each case sets counts.
    for key in ["NO_COLOR", "CLICOLOR_FORCE", "FORCE_COLOR", "GIT_PAGER_IN_USE"]
    where environment[key] == nil {
      environment[key] = ""
    }
    let arguments = flags.flatMap { [$0.key, $0.value] }
    // stdout is not a terminal here: auto alone means no color.
    let result = heatmap(arguments, in: repo.path, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\u{1B}[") == colored, "\(config) \(environment) \(flags)")
  }
}

@Suite("Per-author data in every format")
struct PerAuthorFormatTests {
  @Test("authors by commits, then ties by the bytes of `Name <email>`, as git shortlog -n orders")
  func authorOrder() throws {
    let repository = try TemporaryRepository()
    let authors = [
      ("Zed", "z@x", 2), ("Émile", "e@x", 2), ("Ann", "b@x", 2), ("Bob", "b@x", 3),
      ("Ann", "a@x", 2), ("Anna", "a@x", 1),
    ]
    let people = authors.flatMap { name, email, count in
      Array(repeating: "\(name) <\(email)>", count: count)
    }
    try repository.importLine(
      people.enumerated().map { index, person in
        TemporaryRepository.ImportedCommit(
          author: person, time: 1_704_110_400 + (index + 1) * 3_600)
      })
    let table = heatmap(["--authors", "--format", "csv", "--year", "2024"], in: repository.path)
    #expect(table.status == 0)
    let rows = table.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").prefix(3).joined(separator: ",")
    }
    #expect(
      rows == [
        "Bob,b@x,3", "Ann,a@x,2", "Ann,b@x,2", "Zed,z@x,2", "Émile,e@x,2", "Anna,a@x,1",
      ])
  }

  @Test("--by-author --format csv is long form, each row as git log counts; --authors --top N")
  func longForm() throws {
    let repo = try TemporaryRepository()
    let people = ["Ada", "Bob", "Ada", "Cy", "Ada", "Bob"]
    for (index, person) in people.enumerated() {
      try repo.commit(
        date: "\(1_704_196_800 + index / 2 * 86_400) +0000", author: person,
        email: "\(person.lowercased())@x")
    }
    let csv = heatmap(
      ["--by-author", "--top", "2", "--format", "csv", "--year", "2024"], in: repo.path)
    #expect(csv.status == 0, "\(csv.stderr)")
    var expected = ["date,author,email,count"]
    for (name, email) in [("Ada", "ada@x"), ("Bob", "bob@x")] {
      for (day, count) in try repo.gitDays(["--author=\(email)"]) {
        expected.append("\(day),\(name),\(email),\(count)")
      }
    }
    let rows = csv.stdout.split(separator: "\n").map(String.init)
    #expect(rows.first == "date,author,email,count")
    #expect(Set(rows) == Set(expected))
    // By day, then in the authors' order (most commits first).
    #expect(
      rows == [
        "date,author,email,count", "2024-01-02,Ada,ada@x,1", "2024-01-02,Bob,bob@x,1",
        "2024-01-03,Ada,ada@x,1", "2024-01-04,Ada,ada@x,1", "2024-01-04,Bob,bob@x,1",
      ])
    let json = heatmap(
      ["--by-author", "--top", "2", "--format", "json", "--year", "2024"], in: repo.path)
    #expect(json.stdout.contains("\"days\""))
    let table = heatmap(
      ["--authors", "--top", "1", "--format", "csv", "--year", "2024"], in: repo.path)
    #expect(table.stdout.split(separator: "\n").count == 2)
    #expect(table.stdout.contains("Ada,ada@x,3"))
    let alone = heatmap(["--top", "1"], in: repo.path)
    #expect(alone.stderr.hasPrefix("git-heatmap: '--top' goes with '--by-author' or '--authors'"))
  }
}

extension Array where Element == String {
  /// `["--author=", "ada"]` pairs joined into `["--author=ada"]`, as git log takes them.
  func chunked() -> [String] {
    stride(from: 0, to: count, by: 2).map { self[$0] + self[$0 + 1] }
  }
}
