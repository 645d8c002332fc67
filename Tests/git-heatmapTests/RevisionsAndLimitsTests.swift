import Foundation
import GitActivity
import TestSupport
import Testing

/// The fourth pass of trust: what git's own test suites and the export's readers found, each
/// case against git 2.39 as the oracle.
@Suite("git log's revisions, limits and refusals; paths after --directory; exports merged")
struct RevisionsAndLimitsTests {
  /// Four commits on main, one on a side branch.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    for day in 0..<4 {
      try repo.commit("main \(day)", date: "\(1_704_196_800 + day * 86_400) +0000")
    }
    try repo.git(["checkout", "-q", "-b", "side", "HEAD~2"])
    try repo.commit("side", date: "1704600000 +0000", author: "Bo", email: "bo@x")
    try repo.git(["checkout", "-q", "main"])
    return repo
  }

  /// The commit ids of an NDJSON export.
  static func ids(_ export: String) -> [String] {
    export.split(separator: "\n").compactMap { line in
      line.range(of: #""id":""#).map { String(line[$0.upperBound...].prefix(40)) }
    }
  }

  @Test(
    "-n and --skip limit the per-commit export as git log limits; --from refuses them and every other option an export cannot honour"
  )
  func limitedExport() throws {
    let repo = try Self.repository()
    for arguments in [["-n", "2"], ["--skip", "1", "-n", "2"], ["-3"], ["--max-count=-1"]] {
      let export = heatmap(["--format", "commits"] + arguments, in: repo.path)
      #expect(export.status == 0, "\(export.stderr)")
      let expected = try repo.git(["log", "--format=%H"] + arguments).split(separator: "\n")
      #expect(Set(Self.ids(export.stdout)) == Set(expected.map(String.init)), "\(arguments)")
    }
    let file = repo.root.appendingPathComponent("all.ndjson")
    try Data(heatmap(["--format", "commits"], in: repo.path).stdout.utf8).write(to: file)
    for option in [
      ["-n", "2"], ["--skip", "1"], ["--grep=x"], ["--invert-grep"], ["--all-match"],
      ["--no-walk"], ["--ignore-missing"],
    ] {
      let drawn = heatmap(["--from", file.path] + option, in: repo.root.path)
      #expect(drawn.status == 64)
      #expect(drawn.stderr.contains("selects what an export holds"), "\(drawn.stderr)")
    }
  }
}

extension RevisionsAndLimitsTests {
  /// What `git log --format=%H ARGS` and `git heatmap --format commits ARGS` answer in `directory`
  /// (their commits, or both their failures), with `input` on standard input.
  static func bothAnswers(
    _ arguments: [String], in directory: String, repo: TemporaryRepository, input: String? = nil
  ) throws -> (git: Set<String>?, ours: Set<String>?, ourError: String) {
    let git = try? TemporaryRepository.run(
      "/usr/bin/git", ["log", "--format=%H"] + arguments, in: directory,
      environment: repo.environment, input: input.map { Data($0.utf8) })
    var environment = repo.environment
    environment["HOME"] = repo.root.path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try builtExecutable())
    process.arguments = ["--format", "commits", "--no-cache"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
    try standardInput.fileHandleForWriting.close()
    let (out, err) = readToEnd(output, error)
    process.waitUntilExit()
    let ours =
      process.terminationStatus == 0 ? Set(ids(String(decoding: out, as: UTF8.self))) : nil
    return (
      git.map { Set($0.split(separator: "\n").map(String.init)) }, ours,
      String(decoding: err, as: UTF8.self)
    )
  }

  @Test(
    "revisions as git reads them: @, ^!, ^-, ^@, ^{/re}, :/ from a detached HEAD, --no-walk, --ignore-missing, --end-of-options",
    arguments: [
      ["@~1"], ["@^"], ["main^!"], ["main^-"], ["main^-1"], ["main^@"], ["HEAD^{/main 1}"],
      [":/detached"], [":/main 2"], ["@~1..@"], ["--no-walk", "main", "side"],
      ["--no-walk=unsorted", "main~1"], ["--no-walk", "side..main"],
      ["--ignore-missing", "0000000000000000000000000000000000000000", "side"],
      ["--end-of-options", "main"],
    ])
  func revisionSyntax(_ arguments: [String]) throws {
    let repo = try Self.repository()
    // A commit only the detached HEAD reaches (git's t4208).
    try repo.git(["checkout", "-q", "--detach", "main"])
    try repo.commit("detached only", date: "1704800000 +0000")
    let answers = try Self.bothAnswers(arguments, in: repo.path, repo: repo)
    #expect(answers.git != nil)
    #expect(answers.ours == answers.git, "\(arguments): \(answers.ourError)")
  }

  @Test("--not before --stdin leaves standard input's revisions as they are (t6017.36)")
  func stdinNot() throws {
    let repo = try Self.repository()
    for arguments in [["main", "--not", "--stdin"], ["--not", "--stdin", "main"], ["--stdin"]] {
      let answers = try Self.bothAnswers(arguments, in: repo.path, repo: repo, input: "side\n")
      #expect(answers.git != nil)
      #expect(answers.ours == answers.git, "\(arguments): \(answers.ourError)")
    }
  }

  @Test("--exclude applies to HEAD among --all's refs (t6018.89), detached or not")
  func excludeHead() throws {
    let repo = try Self.repository()
    try repo.git(["checkout", "-q", "--detach", "main"])
    try repo.commit("detached only", date: "1704800000 +0000")
    for arguments in [["--exclude=*", "--all"], ["--exclude=HEAD", "--all"], ["--all"]] {
      let answers = try Self.bothAnswers(arguments, in: repo.path, repo: repo)
      #expect(answers.git != nil)
      #expect(answers.ours == answers.git, "\(arguments): \(answers.ourError)")
    }
  }

  @Test(
    "pathspec magic and .. without --, and what is ambiguous, as git decides (t4208, t4202.113)",
    arguments: [
      ([":/"], ""), ([":^sub"], ""), ([":!sub"], ""), ([":(exclude)sub"], ""), (["f*"], ""),
      ([".."], "sub"), (["--", ".."], "sub"), (["a"], ""),
      ([":/a"], "ambiguous argument ':/a': both revision and filename"),
      (["f\\*"], "ambiguous argument 'f\\*': unknown revision or path not in the working tree"),
      (["nosuch"], "ambiguous argument 'nosuch': unknown revision or path not in the working tree"),
      (["^nosuch"], "bad revision '^nosuch'"),
      (["--", ".."], ".git"),
    ])
  func pathsWithoutDashes(_ arguments: [String], _ expected: String) throws {
    let repo = try TemporaryRepository()
    try repo.write("a", "a")
    try repo.write("sub/s", "s")
    try repo.write("f*", "f")
    try repo.git(["add", "."])
    try repo.commit("first a", date: "1704196800 +0000")
    try repo.write("b", "b")
    try repo.git(["add", "b"])
    try repo.commit("second", date: "1704283200 +0000")
    let folder = repo.path + (expected == ".git" ? "/.git" : expected == "sub" ? "/sub" : "")
    let answers = try Self.bothAnswers(arguments, in: folder, repo: repo)
    if expected.isEmpty || expected == "sub" {
      #expect(answers.git != nil && answers.ours == answers.git, "\(answers.ourError)")
    } else {
      // git fails, and so do we, in git's words.
      #expect(answers.git == nil && answers.ours == nil)
      if expected != ".git" {
        #expect(answers.ourError.hasPrefix("git-heatmap: \(expected)"), "\(answers.ourError)")
      }
    }
  }

  @Test("git log's options that a graph cannot honour are refused by name, with why")
  func unsupportedOptions() throws {
    let repo = try Self.repository()
    for option in ["-B", "--grep-reflog=x", "--boundary", "--topo-order"] {
      let result = heatmap([option], in: repo.path)
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "git-heatmap: option '\(option.split(separator: "=")[0])' of git log is not supported: "),
        "\(result.stderr)")
    }
  }
}

extension RevisionsAndLimitsTests {
  /// A commit every five hours for sixty days before `now`, and the day git's clock says it is.
  static let now = 1_735_000_000

  static func hourly() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.importLine(
      stride(from: now - 60 * 86_400, to: now, by: 5 * 3_600).map {
        TemporaryRepository.ImportedCommit(author: "Ada <ada@x>", time: $0)
      })
    return repo
  }

  @Test(
    "a relative --since or --until is a moment, as git reads it: the first day counts from it, and the heading says so",
    arguments: [
      ["--since=2.weeks"], ["--since=1.month"], ["--after=3.weeks.ago"], ["--since=10.minutes.ago"],
      ["--since=noon yesterday"], ["--since=yesterday"], ["--since=2.weeks", "--until=3.days.ago"],
      ["--since=2008-02-14 20:30:45 -0500"], ["--since=2024-12-10 20:30:45 -0500"],
      ["--since=Tue, 10 Dec 2024 15:14:13 -0700"], ["--since=2024-12-10T23:59:59"],
      ["--since=2024-12-10 12:00"], ["--since=December 10th"], ["--until=2024-12-20 06:00"],
    ])
  func moments(_ arguments: [String]) throws {
    let repo = try Self.hourly()
    let clock = ["GIT_TEST_DATE_NOW": "\(Self.now)"]
    let expected = try repo.gitDays(arguments, environment: clock)
    let result = heatmap(
      ["--format", "csv"] + arguments, in: repo.path,
      now: Date(timeIntervalSince1970: TimeInterval(Self.now)))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == expected, "\(arguments)")
  }

  @Test("the heading of a window that starts at a moment says the moment")
  func momentHeading() throws {
    let repo = try Self.hourly()
    let result = heatmap(
      ["--format", "summary", "--since=2.weeks"], in: repo.path,
      now: Date(timeIntervalSince1970: TimeInterval(Self.now)))
    #expect(result.stdout.hasPrefix("Activity since 10 December 00:26: "), "\(result.stdout)")
  }
}

extension RevisionsAndLimitsTests {
  @Test("-n in a shallow clone counts what git log -n counts (t4202's plain-shallow)")
  func limitInShallowClone() throws {
    let repo = try Self.repository()
    try repo.git(["merge", "-q", "--no-ff", "-m", "merge side", "side"])
    let clone = repo.root.appendingPathComponent("shallow").path
    try repo.git(["clone", "-q", "--depth", "1", "--no-local", repo.path, clone])
    for arguments in [["-n1"], ["-n", "3"], ["--skip", "1"]] {
      let answers = try Self.bothAnswers(arguments, in: clone, repo: repo)
      #expect(answers.git != nil)
      #expect(answers.ours == answers.git, "\(arguments): \(answers.ourError)")
    }
  }
}

extension RevisionsAndLimitsTests {
  @Test("a pack index that places a commit beyond its pack is git's error, never a crash")
  func offsetBeyondPack() throws {
    let repo = try TemporaryRepository()
    for index in 0..<12 { try repo.commit(date: "\(1_704_196_800 + index * 3_600) +0000") }
    try repo.git(["repack", "-q", "-a", "-d"])
    let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let packs = repo.path + "/.git/objects/pack"
    let index = try #require(
      try FileManager.default.contentsOfDirectory(atPath: packs).first { $0.hasSuffix(".idx") })
    // Version 2: magic, version, 256 fan-out words, the ids, their CRCs, then 32-bit offsets.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: packs + "/" + index)))
    let lastFanout: Int = 8 + 255 * 4
    let count = bytes[lastFanout..<(lastFanout + 4)].reduce(0) { ($0 << 8) | Int($1) }
    let names: Int = 8 + 256 * 4
    func hex(_ entry: Int) -> String {
      let start = names + entry * 20
      return bytes[start..<(start + 20)].map { String(format: "%02x", $0) }.joined()
    }
    let position = try #require((0..<count).first { hex($0) == head })
    let offset = names + count * 24 + position * 4
    bytes.replaceSubrange(offset..<(offset + 4), with: [0x00, 0x0F, 0x42, 0x40])  // 1,000,000
    chmod(packs + "/" + index, 0o644)
    try Data(bytes).write(to: URL(fileURLWithPath: packs + "/" + index))
    let git = try? repo.git(["log", "--format=%H"])
    #expect(git == nil)
    let result = try runBinary(["--format", "csv"], in: repo.path, environment: repo.environment)
    #expect(result.reason == .exit && result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "git-heatmap: offset beyond end of packfile (truncated pack?)\n")
  }
}

extension RevisionsAndLimitsTests {
  /// The rows of `--authors --format csv` (name and email, as bytes: NFC and NFD apart) with
  /// their commits.
  static func authorRows(_ csv: String) -> [[UInt8]: Int] {
    var rows: [[UInt8]: Int] = [:]
    for line in csv.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count > 2, let commits = Int(fields[2]) else { continue }
      rows[Array(fields[0].utf8) + [0] + Array(fields[1].utf8), default: 0] += commits
    }
    return rows
  }

  @Test(
    "names in NFC and NFD are two people through an export as in a direct read and git shortlog; a mailmap to NFD keeps the written name"
  )
  func normalizationThroughExports() throws {
    let repo = try TemporaryRepository()
    let nfc = "Janko Marohni\u{107}"
    let nfd = "Janko Marohnic\u{301}"
    for (index, name) in [nfc, nfc, nfd].enumerated() {
      try repo.commit(date: "\(1_704_196_800 + index * 3_600) +0000", author: name, email: "j@x")
    }
    let shortlog = try repo.git(["shortlog", "-sne", "HEAD"]).split(separator: "\n")
    #expect(shortlog.count == 2)
    let window = ["--since", "2024-01-01", "--until", "2024-01-31"]
    let direct = heatmap(window + ["--authors", "--format", "csv"], in: repo.path)
    #expect(Self.authorRows(direct.stdout).count == 2)
    let file = repo.root.appendingPathComponent("all.ndjson")
    try Data(heatmap(["--format", "commits"], in: repo.path).stdout.utf8).write(to: file)
    let drawn = heatmap(
      window + ["--from", file.path, "--authors", "--format", "csv"], in: repo.root.path)
    #expect(Self.authorRows(drawn.stdout) == Self.authorRows(direct.stdout))
    // A mailmap that maps the NFC name to the NFD one: the export keeps what was written.
    try repo.write(".mailmap", "\(nfd) <j@x> \(nfc) <j@x>\n")
    try repo.git(["add", ".mailmap"])
    try repo.commit(date: "1704300000 +0000", author: "Other", email: "o@x")
    let export = heatmap(["--format", "commits"], in: repo.path).stdout
    #expect(export.components(separatedBy: "\"writtenAuthorName\"").count - 1 == 2, "\(export)")
    try Data(export.utf8).write(to: file)
    let unmapped = heatmap(
      window + ["--from", file.path, "--no-mailmap", "--authors", "--format", "csv"],
      in: repo.root.path)
    let written = try repo.git(["log", "--format=%an <%ae>"]).split(separator: "\n")
    #expect(Self.authorRows(unmapped.stdout).count == Set(written.map { Array($0.utf8) }).count)
  }
}

extension RevisionsAndLimitsTests {
  @Test(
    "co-author values are read as git check-mailmap reads them: a bare <email>, two in one value, one email in two cases",
    arguments: [true, false])
  func coAuthorValues(withMailmap: Bool) throws {
    let repo = try TemporaryRepository()
    if withMailmap {
      try repo.write(".mailmap", "Ann Lee <ann@example.com>\n")
      try repo.git(["add", ".mailmap"])
    }
    let messages = [
      "one\n\nCo-authored-by: <ann@example.com>",
      "two\n\nCo-authored-by: A <a@x>, B <b@x>",
      "three\n\nCo-authored-by: <ann@example.com>\nCo-authored-by: Ann <ANN@example.com>",
      "four\n\nCo-authored-by: Ann <ann@example.com>\nCo-authored-by: Ann <ann@example.com>",
    ]
    for (index, message) in messages.enumerated() {
      try repo.commit(
        message, date: "\(1_704_196_800 + index * 3_600) +0000", author: "Main", email: "m@x")
    }
    // git's answer: each commit's values through check-mailmap, each contact once a commit.
    var expected: [[UInt8]: Int] = [Array("Main".utf8) + [0] + Array("m@x".utf8): messages.count]
    let hashes = try repo.git(["log", "--format=%H"]).split(separator: "\n")
    for hash in hashes {
      let values = try repo.git(
        ["log", "-1", "--format=%(trailers:key=Co-authored-by,valueonly)", String(hash)]
      ).split(separator: "\n")
      var contacts = Set<[UInt8]>()
      for value in values {
        let mapped = try repo.git(["check-mailmap", String(value)])
          .trimmingCharacters(in: .newlines)
        let open = mapped.lastIndex(of: "<") ?? mapped.startIndex
        let name = mapped[..<open].trimmingCharacters(in: .whitespaces)
        let email = mapped[mapped.index(after: open)...].dropLast()
        contacts.insert(Array(name.utf8) + [0] + Array(email.utf8))
      }
      for contact in contacts { expected[contact, default: 0] += 1 }
    }
    let result = heatmap(
      [
        "--since", "2024-01-01", "--until", "2024-01-31", "--co-authors", "--authors", "--format",
        "csv",
      ], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.authorRows(result.stdout) == expected, "\(result.stdout)")
  }
}

extension RevisionsAndLimitsTests {
  @Test(
    "a commit-graph that disagrees with a damaged pack index is an error, never a smaller count")
  func graphAgainstSwappedOffsets() throws {
    let repo = try TemporaryRepository()
    try repo.importLine(
      (0..<300).map {
        TemporaryRepository.ImportedCommit(author: "A <a@x>", time: 1_700_000_000 + $0 * 3_600)
      })
    try repo.git(["repack", "-q", "-a", "-d"])
    try repo.git(["commit-graph", "write", "--reachable"])
    let ids = try repo.git(["rev-list", "main"]).split(separator: "\n").map(String.init)
    let (first, second) = (ids[100], ids[200])
    let packs = repo.path + "/.git/objects/pack"
    let index = try #require(
      try FileManager.default.contentsOfDirectory(atPath: packs).first { $0.hasSuffix(".idx") })
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: packs + "/" + index)))
    let fanout = 8 + 255 * 4
    let count = bytes[fanout..<(fanout + 4)].reduce(0) { $0 << 8 | Int($1) }
    let names = 8 + 256 * 4
    func position(_ hex: String) -> Int? {
      (0..<count).first { entry in
        bytes[(names + entry * 20)..<(names + entry * 20 + 20)].map {
          String(format: "%02x", $0)
        }.joined() == hex
      }
    }
    let (a, b) = (try #require(position(first)), try #require(position(second)))
    let offsets = names + count * 24
    let (x, y) = (offsets + a * 4, offsets + b * 4)
    let saved = Array(bytes[x..<(x + 4)])
    bytes.replaceSubrange(x..<(x + 4), with: bytes[y..<(y + 4)])
    bytes.replaceSubrange(y..<(y + 4), with: saved)
    chmod(packs + "/" + index, 0o644)
    try Data(bytes).write(to: URL(fileURLWithPath: packs + "/" + index))
    // git, trusting its graph, counts 300; git fsck finds the damage.
    #expect(try repo.git(["rev-list", "--count", "main"]).hasPrefix("300"))
    let result = heatmap(["--format", "csv", "--since", "2023-01-01"], in: repo.path)
    #expect(result.status == 1, "\(result.stdout.prefix(200))")
    #expect(
      result.stderr.contains("is corrupt: what is stored for it is object"), "\(result.stderr)")
  }
}

extension RevisionsAndLimitsTests {
  @Test("after -C, --repo, --from and -o are read from that folder, as git reads paths after -C")
  func pathsAfterDirectory() throws {
    let repo = try Self.repository()
    let other = repo.root.appendingPathComponent("other").path
    try repo.git(["clone", "-q", repo.path, other])
    let result = heatmap(
      [
        "--directory", "repo", "--repo", "../other", "--since", "2024-01-01", "--until",
        "2024-01-31", "-o",
        "out.csv",
      ], in: repo.root.path)
    #expect(result.status == 0, "\(result.stderr)")
    let written = try String(contentsOfFile: repo.path + "/out.csv", encoding: .utf8)
    #expect(nonZeroDays(written).values.reduce(0, +) == 4)
    #expect(
      !FileManager.default.fileExists(atPath: repo.root.appendingPathComponent("out.csv").path))
    let export = heatmap(
      ["--directory", "repo", "--format", "commits", "-o", "all.ndjson"], in: repo.root.path)
    #expect(export.status == 0, "\(export.stderr)")
    let drawn = heatmap(
      [
        "--directory", "repo", "--from", "all.ndjson", "--since", "2024-01-01", "--until",
        "2024-01-31",
        "--format", "csv",
      ], in: repo.root.path)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(nonZeroDays(drawn.stdout).values.reduce(0, +) == 4)
  }
}

extension RevisionsAndLimitsTests {
  /// The test repository and a clone of it beside it, `named`, with one commit of its own.
  static func repositoryAndClone(named name: String) throws -> (
    repo: TemporaryRepository, clone: String, cloned: TemporaryRepository
  ) {
    let repo = try repository()
    let clone = repo.root.appendingPathComponent(name).path
    try repo.git(["clone", "-q", repo.path, clone])
    let cloned = TemporaryRepository(existing: clone, root: repo.root)
    try cloned.commit("only in the clone", date: "1704700000 +0000")
    return (repo, clone, cloned)
  }

  @Test("--from with --format commits merges exports into one, each commit once, in any form")
  func mergedExports() throws {
    let (repo, clone, cloned) = try Self.repositoryAndClone(named: "clone")
    let one = repo.root.appendingPathComponent("one.ndjson").path
    let two = repo.root.appendingPathComponent("two.csv.gz").path
    #expect(heatmap(["--format", "commits", "--all", "-o", one], in: repo.path).status == 0)
    #expect(heatmap(["--format", "commits", "-o", two], in: clone).status == 0)
    let ids = Set(
      try repo.git(["log", "--all", "--format=%H"]).split(separator: "\n").map(String.init)
        + cloned.git(["log", "--format=%H"]).split(separator: "\n").map(String.init))
    for output in ["merged.ndjson", "merged.csv", "merged.ndjson.gz"] {
      let merged = repo.root.appendingPathComponent(output).path
      let result = heatmap(
        ["--from", one, two, "--format", "commits", "-o", merged], in: repo.root.path)
      #expect(result.status == 0, "\(result.stderr)")
      let back = heatmap(
        ["--from", merged, "--format", "commits"], in: repo.root.path)
      #expect(back.status == 0, "\(back.stderr)")
      let read = Self.ids(back.stdout)
      #expect(read.count == ids.count && Set(read) == ids, "\(output)")
      let window = ["--since", "2024-01-01", "--until", "2024-01-31", "--format", "csv"]
      #expect(
        heatmap(["--from", merged] + window, in: repo.root.path).stdout
          == heatmap(["--from", one, two] + window, in: repo.root.path).stdout)
    }
  }
}

extension RevisionsAndLimitsTests {
  @Test(
    "--follow and log.follow follow one path through its renames, as git log does (t4202.17)",
    arguments: [
      (["--follow", "--", "ichi"], ""), (["--", "ichi"], ""), (["--follow", "ichi"], ""),
      (["--no-follow", "--", "ichi"], "true"), (["--", "ichi"], "true"),
      (["--", "ichi", "other"], "true"), (["--first-parent", "--follow", "--", "ichi"], ""),
      (["-n", "1", "--follow", "--", "ichi"], ""),
    ])
  func follow(_ arguments: [String], _ logFollow: String) throws {
    let repo = try TemporaryRepository()
    try repo.write("one", "one\n")
    try repo.git(["add", "one"])
    try repo.commit("initial", date: "1704196800 +0000")
    try repo.write("one", "ichi\n")
    try repo.git(["add", "one"])
    try repo.commit("second", date: "1704283200 +0000")
    try repo.git(["mv", "one", "ichi"])
    try repo.commit("third", date: "1704369600 +0000")
    try repo.write("ichi", "ichi\nni\n")
    try repo.git(["add", "ichi"])
    try repo.commit("fourth", date: "1704456000 +0000")
    try repo.write("other", "x\n")
    try repo.git(["add", "other"])
    try repo.commit("fifth", date: "1704542400 +0000")
    if !logFollow.isEmpty { try repo.git(["config", "log.follow", logFollow]) }
    let answers = try Self.bothAnswers(arguments, in: repo.path, repo: repo)
    #expect(answers.git != nil)
    #expect(
      answers.ours == answers.git, "\(arguments) log.follow=\(logFollow): \(answers.ourError)")
  }

  @Test("--follow with two paths, or none, is git's error")
  func followRefused() throws {
    let repo = try Self.repository()
    try repo.write("a", "a")
    try repo.write("b", "b")
    try repo.git(["add", "a", "b"])
    try repo.commit("files", date: "1704800000 +0000")
    for arguments in [["--follow", "--", "a", "b"], ["--follow"]] {
      let answers = try Self.bothAnswers(arguments, in: repo.path, repo: repo)
      #expect(answers.git == nil && answers.ours == nil)
      #expect(
        answers.ourError.contains("--follow requires exactly one pathspec"), "\(answers.ourError)")
    }
  }
}

extension RevisionsAndLimitsTests {
  @Test(
    "with log.mailmap false, --author and --committer match people as written, as git log does (row 5)",
    arguments: ["false", "true"])
  func logMailmap(_ value: String) throws {
    let repo = try TemporaryRepository()
    try repo.write(".mailmap", "Ada Lovelace <ada@example.com> Ada L <old@example.com>\n")
    try repo.git(["add", ".mailmap"])
    try repo.commit(date: "1704196800 +0000", author: "Ada L", email: "old@example.com")
    try repo.commit(date: "1704283200 +0000", author: "Ada Lovelace", email: "ada@example.com")
    try repo.git(["config", "log.mailmap", value])
    for arguments in [["--author=Lovelace"], ["--author=Ada L"], ["--author=old@"]] {
      let result = heatmap(
        ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31"] + arguments,
        in: repo.path)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        nonZeroDays(result.stdout) == (try repo.gitDays(arguments)),
        "\(arguments) log.mailmap=\(value)")
    }
  }
}

extension RevisionsAndLimitsTests {
  @Test(
    "--from breaks its total down by repository as --repo does, in the terminal and on the page")
  func breakdownFromExports() throws {
    let (repo, clone, cloned) = try Self.repositoryAndClone(named: "web")
    try cloned.commit("and another", date: "1704710000 +0000")
    let api = repo.root.appendingPathComponent("api.ndjson").path
    let web = repo.root.appendingPathComponent("web.csv").path
    let exported = [
      heatmap(["--format", "commits", "--repository-name", "api", "-o", api], in: repo.path),
      heatmap(["--format", "commits", "--repository-name", "web", "-o", web], in: clone),
    ]
    #expect(exported.allSatisfy { $0.status == 0 }, "\(exported.map(\.stderr))")
    // git's counts in January 2024: main's four in api; the clone adds its own two (the four it
    // shares count for api, the repository that sorts first).
    let inMain = try repo.git(["rev-list", "--count", "main"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let onlyInClone = try cloned.git(["rev-list", "--count", "main", "^origin/main"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(inMain == "4" && onlyInClone == "2")
    let window = ["--since", "2024-01-01", "--until", "2024-01-31", "--no-color"]
    let drawn = heatmap(["--from", api, web] + window, in: repo.root.path)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(
      drawn.stdout.contains("2 repositories: \(inMain) commits in api, \(onlyInClone) in web"),
      "\(drawn.stdout)")
    // The same read with --repo says the same of the same commits.
    let direct = heatmap(
      ["--repo", repo.path, "--repo", clone] + window, in: repo.root.path)
    #expect(
      direct.stdout.contains(
        "commits in \(URL(fileURLWithPath: repo.path).lastPathComponent), \(onlyInClone) in web"),
      "\(direct.stdout)")
    // The page knows each commit's repository: two boxes to tick, not one named "api, web".
    let page = heatmap(["--from", api, web, "--format", "html"], in: repo.root.path).stdout
    #expect(page.contains(#""repositories":["api","web"]"#), "\(page.prefix(0))")
  }

  @Test("-n and --skip from a warm cache, with commits read since appended: git log's commits")
  func limitFromTheCache() throws {
    let repo = try TemporaryRepository()
    for day in 0..<30 {
      // Dates not in the order of the commits, as rebases and imports leave them.
      try repo.commit("c\(day)", date: "\(1_704_196_800 + ((day * 7) % 30) * 86_400) +0000")
    }
    func ids(_ arguments: [String]) -> [String] {
      let export = heatmap(["--format", "commits"] + arguments, in: repo.path).stdout
      return export.split(separator: "\n").compactMap { line in
        line.range(of: #""id":"[0-9a-f]{40}""#, options: .regularExpression).map {
          String(line[$0].dropFirst(6).dropLast())
        }
      }
    }
    _ = ids([])  // the cache, written
    for day in 30..<35 {
      try repo.commit("new \(day)", date: "\(1_704_196_800 + day * 43_200) +0000")
    }
    for arguments in [["-n", "7"], ["--skip", "3", "-n", "5"], ["-n", "1"], ["--skip", "33"]] {
      let git = try repo.git(["log", "--format=%H"] + arguments).split(separator: "\n").map(
        String.init)
      #expect(Set(ids(arguments)) == Set(git), "\(arguments)")
      #expect(Set(ids(arguments + ["--no-cache"])) == Set(git), "\(arguments)")
    }
  }

  @Test("-n without a cache stops as git log does: what lies beyond the newest is never read")
  func limitStopsTheWalk() throws {
    let repo = try TemporaryRepository()
    for day in 0..<6 {
      try repo.commit("c\(day)", date: "\(1_704_196_800 + day * 86_400) +0000")
    }
    // The oldest commit's object gone: git log -n 2 does not need it, git log does.
    let root = try repo.git(["rev-list", "--max-parents=0", "HEAD"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let object = repo.path + "/.git/objects/" + root.prefix(2) + "/" + root.dropFirst(2)
    try FileManager.default.removeItem(atPath: object)
    let git = try repo.git(["log", "-n", "2", "--format=%H"]).split(separator: "\n").map(
      String.init)
    #expect(git.count == 2)
    let export = heatmap(["--format", "commits", "--no-cache", "-n", "2"], in: repo.path)
    #expect(export.status == 0, "\(export.stderr)")
    for id in git { #expect(export.stdout.contains(id)) }
    let graph = heatmap(
      ["--no-cache", "-n", "2", "--since", "2024-01-01", "--format", "csv"], in: repo.path)
    #expect(graph.status == 0, "\(graph.stderr)")
    #expect(nonZeroDays(graph.stdout).values.reduce(0, +) == 2)
    // Without a limit the missing object is an error, as in git.
    #expect(heatmap(["--no-cache", "--since", "2024-01-01"], in: repo.path).status == 1)
  }

}
