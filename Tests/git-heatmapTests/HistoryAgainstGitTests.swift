import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// Day-by-day equality with `git log`, which is the oracle for the day of a commit.
@Suite("Counts agree with git log")
struct HistoryAgainstGitTests {
  /// A history with offsets from -1200 to +1400, commits around midnight, merges, a branch only
  /// --all reaches, several authors and a mailmap.
  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    // 2024-03-09 23:30 UTC and 2024-03-10 00:30 UTC: on either side of midnight in UTC.
    let nearMidnight: Int64 = 1_710_026_999
    let offsets = ["-1200", "-0930", "-0500", "+0000", "+0100", "+0545", "+1200", "+1300", "+1400"]
    for (index, offset) in offsets.enumerated() {
      try repo.commit(date: "\(nearMidnight + Int64(index) * 1_800) \(offset)")
    }
    try repo.commit(date: "1710100000 +0200", author: "Ada L", email: "ADA@Example.COM")
    try repo.commit(date: "1710200000 -0700", author: "Grace Hopper", email: "grace@navy.mil")
    try repo.git(["checkout", "-q", "-b", "side"])
    try repo.commit(date: "1710300000 +0900", author: "Grace Hopper", email: "grace@navy.mil")
    try repo.commit(date: "1710386400 +0000", author: "Linus", email: "linus@example.org")
    try repo.git(["checkout", "-q", "main"])
    try repo.commit(date: "1710400000 +0100", author: "ada", email: "ada@home.example")
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "merge side", "side"],
      environment: [
        "GIT_AUTHOR_NAME": "Ada Lovelace", "GIT_AUTHOR_EMAIL": "ada@example.com",
        "GIT_AUTHOR_DATE": "1710500000 -0300", "GIT_COMMITTER_NAME": "Ada Lovelace",
        "GIT_COMMITTER_EMAIL": "ada@example.com", "GIT_COMMITTER_DATE": "1710500000 -0300",
      ])
    // Only --all reaches this one.
    try repo.git(["checkout", "-q", "-b", "unmerged"])
    try repo.commit(date: "1710600000 +0530", author: "Hedy", email: "hedy@example.net")
    try repo.commit(
      date: "1710650000 +0530", author: "Hedy", email: "hedy@example.net",
      committerDate: "1720650000 +0000")
    try repo.git(["checkout", "-q", "main"])
    // The mailmap: git matches commit emails case-insensitively, and so must we.
    try """
    Ada Lovelace <ada@example.com> <Ada@Example.com>
    Ada Lovelace <ada@example.com> ada <ada@home.example>
    """.write(toFile: repo.path + "/.mailmap", atomically: true, encoding: .utf8)
    return repo
  }

  static let window = ["--since", "2024-01-01", "--until", "2024-12-31"]

  @Test(
    "the CSV equals git log day by day",
    arguments: [
      ([], [], nil, "%ad"),
      (["--all"], ["--all"], nil, "%ad"),
      (["--no-merges"], ["--no-merges"], nil, "%ad"),
      (["--first-parent"], ["--first-parent"], nil, "%ad"),
      (["--timezone", "utc"], [], "UTC", "%ad"),
      (["--timezone", "+05:30"], [], "UTC-05:30", "%ad"),
      (["--timezone", "America/New_York", "--all"], ["--all"], "America/New_York", "%ad"),
      (["--date", "committer", "--all"], ["--all"], nil, "%cd"),
      (["side"], ["side"], nil, "%ad"),
      (["main..unmerged"], ["main..unmerged"], nil, "%ad"),
      (["^side", "main"], ["^side", "main"], nil, "%ad"),
      (["side...unmerged"], ["side...unmerged"], nil, "%ad"),
    ] as [([String], [String], String?, String)])
  func csvEqualsGitLog(ours: [String], theirs: [String], zone: String?, placeholder: String) throws
  {
    let repo = try Self.makeRepository()
    let result = heatmap(["--format", "csv"] + Self.window + ours, in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    let expected = try repo.gitDays(theirs, placeholder: placeholder, local: zone)
      .filter { $0.key.hasPrefix("2024-") }
    #expect(!expected.isEmpty)
    #expect(nonZeroDays(result.stdout) == expected)
  }

  @Test("every day of the window has a row, zeros included, oldest first")
  func csvRows() throws {
    let repo = try Self.makeRepository()
    let result = heatmap(
      ["--format", "csv", "--since", "2024-03-08", "--until", "2024-03-11"], in: repo.path)
    #expect(
      result.stdout
        == "date,count,assisted\n2024-03-08,0,0\n2024-03-09,3,0\n2024-03-10,7,0\n2024-03-11,1,0\n")
  }

  @Test("an author filter matches the mailmapped name, like git log --use-mailmap --author")
  func authorFilterThroughMailmap() throws {
    let repo = try Self.makeRepository()
    let result = heatmap(
      ["--format", "csv", "-i", "--author", "lovelace", "--all"] + Self.window, in: repo.path)
    let expected = try repo.gitDays(["--all", "--use-mailmap", "-i", "--author=lovelace"])
    #expect(nonZeroDays(result.stdout) == expected)
    #expect(expected.values.reduce(0, +) == 12)

    let excluded = heatmap(
      ["--format", "csv", "--all", "-i", "-E", "--exclude-author", "lovelace|hopper"]
        + Self.window,
      in: repo.path)
    #expect(nonZeroDays(excluded.stdout).values.reduce(0, +) == 3)
  }

  @Test("JSON authors equal git shortlog -sne")
  func authorsEqualShortlog() throws {
    let repo = try Self.makeRepository()
    for extra in [[], ["--all"], ["--no-merges", "--all"]] {
      let result = heatmap(["--format", "json"] + Self.window + extra, in: repo.path)
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let authors = try #require(json["authors"] as? [[String: Any]])
      let ours = Set(
        authors.map { "\($0["commits"] ?? 0)\t\($0["name"] ?? "") <\($0["email"] ?? "")>" })
      let shortlog = try repo.git(
        ["shortlog", "-sne", "HEAD"] + extra.filter { $0 != "--all" }
          + (extra.contains("--all") ? ["--all"] : []))
      let theirs = Set(
        shortlog.split(separator: "\n").map {
          $0.trimmingCharacters(in: .whitespaces)
        })
      #expect(ours == theirs, "extra: \(extra)")
      #expect(json["total"] as? Int == authors.reduce(0) { $0 + ($1["commits"] as? Int ?? 0) })
    }
  }

  @Test("--no-mailmap shows identities as written")
  func noMailmap() throws {
    let repo = try Self.makeRepository()
    let result = heatmap(["--format", "json", "--no-mailmap"] + Self.window, in: repo.path)
    #expect(result.stdout.contains("\"email\": \"ADA@Example.COM\""))
    #expect(
      !heatmap(["--format", "json"] + Self.window, in: repo.path).stdout.contains("ADA@Example.COM")
    )
  }

  @Test("a bare repository reads HEAD:.mailmap, and mailmap.file is honoured")
  func bareMailmap() throws {
    let repo = try Self.makeRepository()
    try repo.git(["add", ".mailmap"])
    try repo.commit(date: "1710700000 +0000")
    let bare = try TemporaryRepository()
    try bare.git(["clone", "-q", "--bare", repo.path, bare.root.path + "/clone.git"])
    let clone = bare.root.path + "/clone.git"
    let result = heatmap(["--format", "json"] + Self.window, in: clone)
    let shortlog = try TemporaryRepository.run(
      "/usr/bin/git", ["shortlog", "-sne", "HEAD"], in: clone, environment: bare.environment)
    #expect(shortlog.contains("13\tAda Lovelace <ada@example.com>"))
    #expect(
      result.stdout.contains(
        "\"name\": \"Ada Lovelace\", \"email\": \"ada@example.com\", \"commits\": 13"))

    try "Grace M. Hopper <grace@navy.mil>\n".write(
      toFile: repo.root.path + "/extra.mailmap", atomically: true, encoding: .utf8)
    try repo.git(["config", "mailmap.file", repo.root.path + "/extra.mailmap"])
    let mapped = heatmap(["--format", "json"] + Self.window, in: repo.path)
    #expect(mapped.stdout.contains("\"name\": \"Grace M. Hopper\""))
  }
}
