import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

@Suite("People and places: several repositories, authors")
struct PeopleAndPlacesTests {
  /// A tree with a repository, a clone of it with more commits, a bare clone, a repository nested
  /// two levels down, a folder that is not a repository, and a symbolic link loop.
  static func tree() throws -> (TemporaryRepository, root: String) {
    let origin = try TemporaryRepository()
    try origin.commit(date: "1704196800 +0100", author: "Ada", email: "ada@x")
    try origin.commit(date: "1704283200 -0500", author: "Grace", email: "grace@x")
    try origin.commit(date: "1704369600 +0000", author: "Ada", email: "ada@x")
    let root = origin.root.path
    try origin.git(["clone", "-q", origin.path, root + "/clone"])
    let clone = TemporaryRepository(
      existing: root + "/clone", root: URL(fileURLWithPath: root + "/none"))
    try clone.commit(date: "1704456000 +0000", author: "Linus", email: "linus@x")
    try origin.git(["clone", "-q", "--bare", origin.path, root + "/bare.git"])
    try FileManager.default.createDirectory(
      atPath: root + "/deep/er", withIntermediateDirectories: true)
    try origin.git(["init", "-q", "-b", "main", root + "/deep/er/nested"])
    let nested = TemporaryRepository(
      existing: root + "/deep/er/nested", root: URL(fileURLWithPath: root + "/none"))
    try nested.commit(date: "1704542400 +0200", author: "Hedy", email: "hedy@x")
    try FileManager.default.createDirectory(
      atPath: root + "/plain/folder", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/plain/loop", withDestinationPath: root)
    return (origin, root)
  }

  @Test("the scan finds exactly the repositories, through no loop, not into .git")
  func scan() throws {
    let (origin, root) = try Self.tree()
    defer { withExtendedLifetime(origin) {} }
    let found = RepositoryScanner.scan(root, depth: 3).map { String($0.dropFirst(root.count)) }
    #expect(found == ["/bare.git", "/clone", "/deep/er/nested", "/repo"])
    #expect(
      RepositoryScanner.scan(root, depth: 2).map { String($0.dropFirst(root.count)) } == [
        "/bare.git", "/clone", "/repo",
      ])
    // From the plain folder, the link leads to the root: each repository is found once.
    let throughLink = RepositoryScanner.scan(root + "/plain", depth: 6)
    #expect(
      throughLink.map { String($0.dropFirst(root.count)) } == [
        "/plain/loop/bare.git", "/plain/loop/clone", "/plain/loop/deep/er/nested",
        "/plain/loop/repo",
      ])
  }

  @Test("counts are summed over the repositories, each commit once, as git log sees them")
  func summed() throws {
    let (origin, root) = try Self.tree()
    let window = ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31"]
    let result = heatmap(window + ["--scan", root], in: root)
    #expect(result.status == 0, "\(result.stderr)")
    // git log in each repository, commits taken once by id.
    var days: [String: String] = [:]
    for path in ["/repo", "/clone", "/bare.git", "/deep/er/nested"] {
      let log = try TemporaryRepository.run(
        "/usr/bin/git", ["log", "--date=format:%Y-%m-%d", "--format=%H %ad"], in: root + path,
        environment: origin.environment)
      for line in log.split(separator: "\n") {
        let parts = line.split(separator: " ")
        days[String(parts[0])] = String(parts[1])
      }
    }
    var expected: [String: Int] = [:]
    for day in days.values { expected[day, default: 0] += 1 }
    #expect(nonZeroDays(result.stdout) == expected)
    #expect(expected.values.reduce(0, +) == 5)

    let json = heatmap(
      [
        "--format", "json", "--since", "2024-01-01", "--until", "2024-01-31", "--repo", "repo",
        "--repo", "clone",
      ], in: root)
    // Named as given, in natural order.
    #expect(json.stdout.contains("\"repositories\": [\"clone\", \"repo\"]"), "\(json.stdout)")
    #expect(json.stdout.contains("\"total\": 4,"))
    let terminal = heatmap(
      [
        "--repo", "repo", "--repo", "clone", "--color", "never", "--since", "2024-01-01", "--until",
        "2024-01-31",
      ], in: root)
    #expect(
      terminal.stdout.split(separator: "\n")[1] == "2 repositories: 4 commits in clone, 0 in repo")
  }

  @Test(
    "a --repo that is not a repository is an error, as git -C <path> log is; one a scan finds that cannot be read is skipped with a warning"
  )
  func notARepository() throws {
    let (origin, root) = try Self.tree()
    defer { withExtendedLifetime(origin) {} }
    let window = ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31"]
    let mixed = heatmap(window + ["--repo", "repo", "--repo", "plain"], in: root)
    #expect(mixed.status == 1)
    #expect(mixed.stdout.isEmpty)
    #expect(mixed.stderr == "git-heatmap: not a git repository: '\(root)/plain'\n")
    let only = heatmap(window + ["--repo", "plain"], in: root)
    #expect(only.status == 1)
    #expect(only.stderr == "git-heatmap: not a git repository: '\(root)/plain'\n")
    // Below --scan, a git directory whose HEAD is damaged is passed over, the others counted.
    let scanned = root + "/scanned"
    try TemporaryRepository.run(
      "/bin/sh",
      [
        "-c",
        "mkdir -p scanned/bad/.git/objects scanned/bad/.git/refs && echo garbage > scanned/bad/.git/HEAD && cp -R repo scanned/good",
      ], in: root, environment: Tools.gitEnvironment)
    let scan = heatmap(window + ["--scan", scanned], in: root)
    #expect(scan.status == 0, "\(scan.stderr)")
    #expect(
      scan.stderr == "git-heatmap: warning: corrupted loose reference file: HEAD; skipped\n")
    #expect(nonZeroDays(scan.stdout).values.reduce(0, +) > 0)
  }

  @Test("--me takes each repository's user.email and the global one")
  func meAcrossRepositories() throws {
    let (origin, root) = try Self.tree()
    try origin.git(["config", "user.email", "ada@x"])
    try TemporaryRepository.run(
      "/usr/bin/git", ["config", "user.email", "hedy@x"], in: root + "/deep/er/nested",
      environment: origin.environment)
    let result = heatmap(
      [
        "--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31", "--scan", root, "--me",
      ], in: root)
    #expect(nonZeroDays(result.stdout) == ["2024-01-02": 1, "2024-01-04": 1, "2024-01-06": 1])
  }

  @Test("--by-author: one graph per top author, totals as git shortlog -sne gives them")
  func byAuthor() throws {
    let repo = try HistoryAgainstGitTests.makeRepository()
    let window = ["--since", "2024-01-01", "--until", "2024-12-31", "--all"]
    let json = heatmap(["--format", "json", "--by-author", "--top", "2"] + window, in: repo.path)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let authors = try #require(object["authors"] as? [[String: Any]])
    let shortlog = try repo.git(["shortlog", "-sne", "--all"]).split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(
      authors.map { "\($0["commits"] ?? 0)\t\($0["name"] ?? "") <\($0["email"] ?? "")>" }
        == shortlog)
    let firstDays = try #require(authors[0]["days"] as? [[String: Any]])
    #expect(firstDays.count == 366)
    #expect(
      firstDays.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == authors[0]["commits"] as? Int)
    #expect(authors[2]["days"] == nil)

    let terminal = heatmap(
      ["--by-author", "--top", "2", "--color", "never"] + window, in: repo.path,
      environment: ["COLUMNS": "120"])
    let lines = terminal.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "17 commits in 2024; the top 2 of 4 authors")
    #expect(lines.contains("Ada Lovelace <ada@example.com> · 12 commits (70.6%)"))
    #expect(lines.contains("Grace Hopper <grace@navy.mil> · 2 commits (11.8%)"))
    // In an image, names only unless --emails; every share with one decimal.
    let image = heatmap(
      window + ["--by-author", "--format", "svg"], in: repo.path
    ).stdout
    #expect(
      image.contains(">Ada Lovelace · 12 commits (70.6%)<") && !image.contains("ada@example.com"))
    let withEmails = heatmap(
      window + ["--by-author", "--format", "svg", "--emails"], in: repo.path
    ).stdout
    #expect(withEmails.contains("Ada Lovelace &lt;ada@example.com&gt; · 12 commits (70.6%)"))
    #expect(ReportText.percent(17) == "17.0%" && ReportText.percent(0.44) == "0.4%")
    #expect(!lines.contains { $0.hasPrefix("Hedy") || $0.hasPrefix("Linus") })

    let svg = heatmap(["--format", "svg", "--by-author"] + window, in: repo.path)
    // The top 4 (all of them, fewer than --top's default 5), each with the day.
    #expect(svg.stdout.components(separatedBy: "data-date=\"2024-03-10\"").count - 1 == 4)
    #expect(try Tools.svglint(svg.stdout) == nil)
  }

  @Test("levels compare across people on one scale, unless --scale-per-author")
  func sharedScale() throws {
    let report = ActivityReport(
      repositories: ["/r"],
      window: WindowRequest(year: 2024).resolve(today: Day(year: 2024, month: 6, day: 1)),
      zone: .author,
      activity: DailyActivity(
        days: DayRange(
          first: Day(year: 2024, month: 1, day: 1), last: Day(year: 2024, month: 12, day: 31)),
        counts: [],
        authors: [
          AuthorActivity(
            author: Author(name: "Busy", email: "b@x"),
            counts: [8] + Array(repeating: 0, count: 365)),
          AuthorActivity(
            author: Author(name: "Quiet", email: "q@x"),
            counts: [2] + Array(repeating: 0, count: 365)),
        ]),
      today: Day(year: 2024, month: 6, day: 1))
    let shared = HeatmapPanel.byAuthor(report, top: 2, scale: .github, perAuthor: false)
    #expect(shared.map { $0.grid.levels[0] } == [4, 1])
    let own = HeatmapPanel.byAuthor(report, top: 2, scale: .github, perAuthor: true)
    #expect(own.map { $0.grid.levels[0] } == [4, 4])
  }

  @Test("--authors: a table with every column, sorted as asked; CSV and JSON too")
  func authorTable() throws {
    let repo = try HistoryAgainstGitTests.makeRepository()
    let window = ["--since", "2024-03-01", "--until", "2024-03-31", "--all"]
    let csv = heatmap(["--authors", "--format", "csv"] + window, in: repo.path).stdout
    let rows = csv.split(separator: "\n").map(String.init)
    #expect(
      rows[0] == "name,email,commits,active_days,first,last,longest_streak,weekly,kind,assisted")
    // Ada: 3 on 03-09, 7 on 03-10, 1 on 03-13 (as Ada L), 1 on 03-14 (as ada), and the merge
    // on 03-15: 12 commits on 5 days... less one day: 03-14 14:46 +0100 and the merge fall on
    // 03-14 and 03-15 in their own zones. Weekly columns run from Sunday 2024-02-25.
    #expect(
      rows[1] == "Ada Lovelace,ada@example.com,12,4,2024-03-09,2024-03-15,2,0 3 9 0 0 0,person,0")
    #expect(rows.count == 5)
    let byName = heatmap(
      ["--authors", "--format", "csv", "--sort", "name"] + window, in: repo.path
    ).stdout
    let names: [String] = byName.split(separator: "\n").dropFirst().map {
      String($0.split(separator: ",")[0])
    }
    #expect(names == ["Ada Lovelace", "Grace Hopper", "Hedy", "Linus"])
    let table = heatmap(
      ["--authors", "--color", "never"] + window, in: repo.path, environment: ["COLUMNS": "100"]
    ).stdout
    let lines = table.split(separator: "\n")
    #expect(lines[0] == "17 commits in March 2024 by 4 authors")
    #expect(
      lines[1]
        == "Author        Email              Commits  Active days  First day   Last day    Streak  Weekly"
    )
    #expect(
      lines[2]
        == "Ada Lovelace  ada@example.com         12            4  2024-03-09  2024-03-15  2 days   ▃█"
    )
    let json = heatmap(["--authors", "--format", "json"] + window, in: repo.path).stdout
    #expect(
      json.contains(
        "{\"name\": \"Ada Lovelace\", \"email\": \"ada@example.com\", \"commits\": 12, \"activeDays\": 4, \"first\": \"2024-03-09\", \"last\": \"2024-03-15\", \"longestStreak\": {\"start\": \"2024-03-14\", \"end\": \"2024-03-15\", \"days\": 2, \"length\": 2, \"unit\": \"day\"}, \"weekly\": [0, 3, 9, 0, 0, 0], \"kind\": \"person\", \"assisted\": 0}"
      ))
  }
}
