import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("--day: the commits of one day, as git log places them")
struct DayListTests {
  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    // 2024-03-05 in several offsets: some fall on the 4th or 6th in UTC.
    let moments = [
      ("1709596800 +0000", "Ada"), ("1709632800 +0900", "Bob"), ("1709679600 -0800", "Ada"),
      ("1709683200 +0100", "Cy"), ("1709550000 +1400", "Bob"), ("1709700000 -1000", "Ada"),
    ]
    for (index, (date, author)) in moments.enumerated() {
      try repo.commit(
        "subject \(index)\u{1B}]0;x\u{07}\n\nbody", date: date, author: author,
        email: "\(author.lowercased())@x")
    }
    return repo
  }

  /// `hash time author subject` of the commits git log puts on `day`, sorted.
  static func gitLines(_ repo: TemporaryRepository, day: String, extra: [String] = [])
    throws -> [String]
  {
    try repo.git(
      ["log", "--date=format:%Y-%m-%d %H:%M %z", "--format=%H|%ad|%aN|%s"] + extra
    ).split(separator: "\n").map(String.init).filter { $0.split(separator: "|")[1].hasPrefix(day) }
      .map { line in
        let parts = line.split(separator: "|", omittingEmptySubsequences: false)
        let time = parts[1].dropFirst(11)
        return "\(parts[0]),\(time),\(parts[2])"
      }.sorted()
  }

  @Test("hashes, times with the offset, authors: equal to git log's, in every zone choice")
  func againstGit() throws {
    let repo = try Self.repository()
    for (arguments, gitExtra, environment) in [
      ([String](), [String](), [String: String]()),
      (["--author", "ada"], ["-i", "--author=ada"], [:]),
      (["--timezone", "Asia/Tokyo"], [], ["TZ": "Asia/Tokyo"]),
    ] {
      let result = heatmap(["--day", "2024-03-05", "--format", "csv"] + arguments, in: repo.path)
      #expect(result.status == 0, "\(result.stderr)")
      let ours = result.stdout.split(separator: "\n").dropFirst().map { row in
        let fields = row.split(separator: ",")
        return "\(fields[0]),\(fields[2]),\(fields[3])"
      }.sorted()
      var expected: [String]
      if environment["TZ"] != nil {
        let output = try repo.git(
          ["log", "--date=format-local:%Y-%m-%d %H:%M %z", "--format=%H|%ad|%aN"],
          environment: environment)
        expected = output.split(separator: "\n").map { $0.split(separator: "|") }
          .filter { $0[1].hasPrefix("2024-03-05") }
          .map { "\($0[0]),\($0[1].dropFirst(11)),\($0[2])" }.sorted()
      } else {
        expected = try Self.gitLines(repo, day: "2024-03-05", extra: gitExtra)
      }
      #expect(ours == expected, "\(arguments)")
      #expect(!ours.isEmpty)
    }
  }

  @Test(
    "subjects: marks shown by code point in the terminal and CSV, exact in JSON; --day refuses svg")
  func subjects() throws {
    let repo = try Self.repository()
    let terminal = heatmap(["--day", "2024-03-05"], in: repo.path).stdout
    #expect(terminal.hasPrefix("Tuesday, 5 March 2024: "))
    #expect(terminal.contains("subject 0<U+001B>]0;x<U+0007>"))
    #expect(!terminal.contains("\u{1B}"))
    let json = heatmap(["--day", "2024-03-05", "--format", "json"], in: repo.path).stdout
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let commits = try #require(object["commits"] as? [[String: Any]])
    #expect(commits.contains { $0["subject"] as? String == "subject 0\u{1B}]0;x\u{07}" })
    let svg = heatmap(["--day", "2024-03-05", "--format", "svg"], in: repo.path)
    #expect(svg.status == 64)
    let month = heatmap(["--day", "2024-03"], in: repo.path)
    #expect(month.status == 64)
    let future = heatmap(["--day", "2031-01-01"], in: repo.path)
    #expect(
      future.stderr
        == "git-heatmap: '--day' 2031-01-01 is after today (2024-12-24)\nsee 'git-heatmap --help'\n"
    )
  }

  @Test("--day --co-authors --author: a commit counted through a co-author lists its own author")
  func coAuthorKeepsTheAuthor() throws {
    let repo = try TemporaryRepository()
    try repo.commit(
      "pair work\n\nCo-authored-by: Grace <grace@x>", date: "1709632800 +0000", author: "Ada",
      email: "ada@x")
    try repo.commit("alone", date: "1709636400 +0000", author: "Grace", email: "grace@x")
    let result = heatmap(
      ["--day", "2024-03-05", "--format", "csv", "--co-authors", "--author", "grace"],
      in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    let authors = result.stdout.split(separator: "\n").dropFirst().map {
      String($0.split(separator: ",")[3])
    }
    let expected = try repo.git(["log", "--format=%aN"]).split(separator: "\n").map(String.init)
    #expect(authors == expected)
    #expect(authors == ["Grace", "Ada"])
  }
}
