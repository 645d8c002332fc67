import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("Finding the repository, bad input and exit codes")
struct RepositoryAndErrorTests {
  static let window = ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31"]

  static func small() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")  // 2024-01-02
    try repo.commit(date: "1704283200 +0000")  // 2024-01-03
    return repo
  }

  @Test("found from a subdirectory, with -C, through GIT_DIR, bare, and in a linked worktree")
  func discovery() throws {
    let repo = try Self.small()
    let expected = ["2024-01-02": 1, "2024-01-03": 1]
    let sub = repo.path + "/a/b"
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    #expect(nonZeroDays(heatmap(Self.window, in: sub).stdout) == expected)
    #expect(
      nonZeroDays(heatmap(Self.window + ["--directory", "repo/a"], in: repo.root.path).stdout)
        == expected)
    // -C is git log's find-copies, not a folder: `git -C repo heatmap` is git's way there.
    let copies = heatmap(Self.window + ["-Crepo"], in: repo.root.path)
    #expect(
      copies.status == 64 && copies.stderr.contains("invalid value 'repo' for '--find-copies"))
    #expect(
      nonZeroDays(
        heatmap(Self.window, in: "/", environment: ["GIT_DIR": repo.path + "/.git"]).stdout)
        == expected)
    try repo.git(["clone", "-q", "--bare", repo.path, repo.root.path + "/bare.git"])
    #expect(nonZeroDays(heatmap(Self.window, in: repo.root.path + "/bare.git").stdout) == expected)
    try repo.git(["worktree", "add", "-q", "-b", "other", repo.root.path + "/wt"])
    let worktree = TemporaryRepository(
      existing: repo.root.path + "/wt", root: repo.root.appendingPathComponent("unused"))
    try worktree.commit(date: "1704369600 +0000")  // 2024-01-04, on the worktree's branch only
    let fromWorktree = nonZeroDays(heatmap(Self.window, in: repo.root.path + "/wt").stdout)
    #expect(fromWorktree == expected.merging(["2024-01-04": 1]) { $1 })
  }

  @Test(
    "usage errors exit 64 with one line that names the option and the value",
    arguments: [
      (["--versoin"], "git-heatmap: unknown option '--versoin' (did you mean '--version'?)"),
      (["--format"], "git-heatmap: missing value for '--format <format>'"),
      (
        ["--format", "gif"],
        "git-heatmap: invalid value 'gif' for '--format': expected terminal, svg, png, csv, json, summary, html, commits or days"
      ),
      (
        ["--since", "last tuesday-ish"],
        "git-heatmap: invalid value 'last tuesday-ish' for '--since <date>': expected a date such as 2025-03-01, 2025-03 (a month), 2025/03/01, 2025-03-01 14:30, today, yesterday, noon yesterday, last week, 2.weeks.ago, 3 months ago, 10.minutes.ago, march 3 or last friday"
      ),
      (
        ["--since", "2024-02-30"],
        "git-heatmap: invalid value '2024-02-30' for '--since <date>': expected a date such as 2025-03-01, 2025-03 (a month), 2025/03/01, 2025-03-01 14:30, today, yesterday, noon yesterday, last week, 2.weeks.ago, 3 months ago, 10.minutes.ago, march 3 or last friday"
      ),
      (
        ["-E", "--author", "(unclosed"],
        "git-heatmap: invalid value '(unclosed' for '--author <regex>': not a valid regular expression (unmatched ( or \\()"
      ),
      (
        ["--weeks", "0"],
        "git-heatmap: invalid value '0' for '--weeks <n>': expected a whole number from 1 to 530"
      ),
      (
        ["--timezone", "Mars/Olympus"],
        "git-heatmap: invalid value 'Mars/Olympus' for '--timezone <zone>': expected author, local, utc, an IANA name such as Europe/Berlin, or +HH:MM"
      ),
      (
        ["--year", "2024", "--since", "2024-01-01"],
        "git-heatmap: '--year' cannot be combined with '--since'"
      ),
      (["--all=yes"], "git-heatmap: '--all' does not take a value"),
      (
        ["-o", "graph.gif"],
        "git-heatmap: cannot tell the format of 'graph.gif' from its extension: add --format, or name it .svg, .png, .csv, .json, .txt, .html or .ndjson"
      ),
    ] as [([String], String)])
  func usageErrors(arguments: [String], message: String) throws {
    let repo = try Self.small()
    let result = heatmap(arguments, in: repo.path)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message + "\nsee 'git-heatmap --help'\n")
  }

  @Test("failures exit 1 with one line: not a repository, unknown revision, unwritable output")
  func failures() throws {
    let repo = try Self.small()
    let outside = heatmap(Self.window, in: repo.root.path)
    #expect(outside.status == 1)
    #expect(outside.stderr.hasPrefix("git-heatmap: not a git repository"))
    #expect(outside.stderr.filter { $0 == "\n" }.count == 1)

    // As git: without '--' a word that is neither a revision nor a path is ambiguous; with it,
    // an unknown revision.
    let unknown = heatmap(Self.window + ["no-such-branch"], in: repo.path)
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr
        == "git-heatmap: ambiguous argument 'no-such-branch': unknown revision or path not in the working tree; use '--' to separate paths from revisions\n"
    )
    let unknownRevision = heatmap(Self.window + ["no-such-branch", "--"], in: repo.path)
    #expect(unknownRevision.stderr == "git-heatmap: unknown revision 'no-such-branch'\n")

    let unwritable = heatmap(Self.window + ["-o", "missing/dir/out.csv"], in: repo.path)
    #expect(unwritable.status == 1)
    #expect(unwritable.stderr.hasPrefix("git-heatmap: cannot write 'missing/dir/out.csv'"))
  }

  @Test("-o writes the file whole, picks the format from the extension, and '-' is stdout")
  func outputFile() throws {
    let repo = try Self.small()
    let result = heatmap(
      Self.window.filter { $0 != "--format" && $0 != "csv" } + ["-o", "out.csv"], in: repo.path)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let written = try String(contentsOfFile: repo.path + "/out.csv", encoding: .utf8)
    #expect(written.hasPrefix("date,count,assisted\n2024-01-01,0,0\n2024-01-02,1,0\n"))
    let json = heatmap(
      ["-o", "out.json", "--since", "2024-01-01", "--until", "2024-01-02"], in: repo.path)
    #expect(json.status == 0)
    #expect(
      try String(contentsOfFile: repo.path + "/out.json", encoding: .utf8).hasPrefix(
        "{\n  \"repository\""))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: repo.path).filter {
      $0.contains(".tmp")
    }
    #expect(leftovers.isEmpty)
    let dash = heatmap(Self.window + ["-o", "-"], in: repo.path)
    #expect(dash.stdout.hasPrefix("date,count,assisted\n"))
  }

  @Test(
    "an empty repository is git log's error; one of several read together counts nothing")
  func emptyRepository() throws {
    let repo = try TemporaryRepository()
    let result = heatmap(Self.window, in: repo.path)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "git-heatmap: your current branch 'main' does not have any commits yet\n")
    let other = try TemporaryRepository()
    try other.commit(date: "1704196800 +0000")
    let json = heatmap(
      ["--format", "json", "--since", "2024-01-01", "--until", "2024-01-02", "--repo", other.path],
      in: repo.path)
    #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
    #expect(json.stdout.contains("\"total\": 1,"))
  }

  @Test("a shallow clone counts what it has")
  func shallowClone() throws {
    let repo = try Self.small()
    try repo.commit(date: "1704369600 +0000")
    try repo.git([
      "clone", "-q", "--depth", "2", "file://" + repo.path, repo.root.path + "/shallow",
    ])
    let result = heatmap(Self.window, in: repo.root.path + "/shallow")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == ["2024-01-03": 1, "2024-01-04": 1])
  }

  @Test("author lines git would not write: counted on git's day, or skipped with a warning")
  func malformedAuthorLines() throws {
    let repo = try TemporaryRepository()
    let tree = try repo.emptyTree()
    let authors = [
      "A <a@x> 1704196800 +0000",  // fine
      "No Offset <n@x> 1704196800",  // git shows no date: skipped
      "No Date <d@x>",  // no date: skipped
      "Weird Offset <w@x> 1704196800 +0090",  // +0090 is 90 minutes to git
      "Extra <Brackets> <e@x> 1704283200 -0500",
      "<nobody@x> 1704283200 +1400",
      "Huge <h@x> 99999999999999999999999 +0000",  // overflow: git shows 1970-01-01
      "Spaces   <s@x>    1704369600     +0100",
      "Tz Overflow <t@x> 1704369600 +99999999999",  // an offset that does not fit: UTC
    ]
    var parent: String?
    for (index, author) in authors.enumerated() {
      var text = "tree \(tree)\n"
      if let parent { text += "parent \(parent)\n" }
      text +=
        "author \(author)\ncommitter C <c@x> \(1704196800 + index) +0000\n\nmessage \(index)\n"
      parent = try repo.writeRawCommit(Data(text.utf8))
    }
    try repo.git(["update-ref", "refs/heads/main", try #require(parent)])
    let result = heatmap(
      ["--format", "csv", "--since", "1970-01-01", "--until", "2024-12-31"], in: repo.path)
    #expect(result.status == 0)
    #expect(nonZeroDays(result.stdout) == (try repo.gitDays()))
    #expect(result.stderr.components(separatedBy: "has no valid author date").count - 1 == 2)
  }

  @Test("names in Latin-1 are decoded through the encoding header; JSON and CSV stay valid")
  func hostileNames() throws {
    let repo = try TemporaryRepository()
    let tree = try repo.emptyTree()
    var bytes = Data("tree \(tree)\nauthor ".utf8)
    bytes += Data([0x4A, 0xFC, 0x72, 0x67, 0x65, 0x6E])  // "Jürgen" in Latin-1
    bytes += Data(
      " <j@x> 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\nencoding ISO-8859-1\n\nm\n".utf8
    )
    let first = try repo.writeRawCommit(bytes)
    let hostile =
      "tree \(tree)\nparent \(first)\nauthor \"Evil\", \u{1B}]0;owned\u{07}\\ \u{202E}x <e\"v@x> 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\n\nm\n"
    let second = try repo.writeRawCommit(Data(hostile.utf8))
    try repo.git(["update-ref", "refs/heads/main", second])
    let result = heatmap(
      ["--format", "json", "--since", "2024-01-01", "--until", "2024-01-02"], in: repo.path)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let authors = try #require(json["authors"] as? [[String: Any]])
    let names = Set(authors.compactMap { $0["name"] as? String })
    #expect(names == ["Jürgen", "\"Evil\", \u{1B}]0;owned\u{07}\\ \u{202E}x"])
    #expect(!result.stdout.contains("\u{1B}"))
  }
}
