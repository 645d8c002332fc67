import Foundation
import GitActivity
import TestSupport
import Testing

/// Where git's line rules bend (`--follow`, the `diff` attribute, symlinks, `log.showRoot`,
/// `diff.relative`), where objects are hostile (cut short, a tree thousands deep, a blob that
/// inflates to gigabytes), and what an export holds and in which order: each against git.
@Suite("Lines where git's rules bend, hostile objects, and dated exports")
struct LinesWhereRulesBendTests {
  typealias Lines = LinesAgainstGitTests

  /// Each commit's numstat, ours and git's, for the same arguments: equal.
  static func expectSameLines(
    _ repository: TemporaryRepository, _ arguments: [String], atLeast commits: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let git = try Lines.gitNumstat(repository, arguments)
    let ours = try Lines.ours(repository, ["--no-cache"] + arguments)
    #expect(git.count >= commits, sourceLocation: sourceLocation)
    #expect(Set(ours.keys) == Set(git.keys), "\(arguments)", sourceLocation: sourceLocation)
    for (commit, counts) in git {
      #expect(
        ours[commit] == counts, "\(arguments) \(commit): ours \(ours[commit] ?? []), git \(counts)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("--follow counts the followed file's lines: its rename is '0 0 a => b', not the file again")
  func followLines() throws {
    let repo = try TemporaryRepository()
    var day = 1_700_000_000
    func commit(_ message: String) throws {
      day += 86_400
      try repo.git(["add", "-A"])
      try repo.commit(message, date: "\(day) +0000")
    }
    try repo.write("a", Lines.numbered(10))
    try repo.write("other.txt", "unrelated\n")
    try commit("add a")
    try repo.write("a", Lines.numbered(11))
    try repo.write("other.txt", "unrelated, edited\n")
    try commit("edit a and another file")
    try repo.git(["mv", "a", "b"])
    try commit("a => b")
    try repo.write("b", Lines.numbered(12))
    try commit("edit b")
    // A copy of b (kept unchanged: only --find-copies-harder finds it), edited on the way.
    try repo.write("c", Lines.numbered(12) + "copied\n")
    try commit("c from b")
    try FileManager.default.removeItem(atPath: repo.path + "/b")
    try commit("b gone")
    // Renamed and edited in one commit.
    try repo.git(["mv", "c", "d"])
    try repo.write("d", Lines.numbered(13) + "copied\n")
    try commit("c => d, edited")
    try Self.expectSameLines(repo, ["--follow", "--", "d"], atLeast: 6)
    // The rename really is a pair of its own in git's numstat.
    let log = try repo.git(["log", "--follow", "--numstat", "--format=", "--", "d"])
    #expect(log.contains("0\t0\ta => b"), "\(log)")
  }

  @Test("the diff attribute set makes a file with a NUL text, as git's driver_true")
  func diffAttributeForcesText() throws {
    let repo = try TemporaryRepository()
    try repo.write(".gitattributes", "forced.dat diff\n")
    try repo.write("forced.dat", "a\nb\u{0}\nc\n")
    try repo.write("plain.dat", "a\nb\u{0}\nc\n")
    try repo.git(["add", "-A"])
    try repo.commit("NULs", date: "1700000000 +0000")
    try Self.expectSameLines(repo, [], atLeast: 1)
    let log = try repo.git(["log", "--numstat", "--format="])
    #expect(log.contains("3\t0\tforced.dat") && log.contains("-\t-\tplain.dat"), "\(log)")
  }

  @Test(
    "a symbolic link's lines ignore its attributes, binary or a binary driver (t4011)",
    arguments: [
      ("*.bin binary\n", [String]()), ("*.bin diff=bin\n", ["diff.bin.binary", "true"]),
    ])
  func symlinkIgnoresAttributes(_ attributes: String, _ config: [String]) throws {
    let repo = try TemporaryRepository()
    try repo.write(".gitattributes", attributes)
    if !config.isEmpty { try repo.git(["config"] + config) }
    try repo.write("file.bin", "text\n")
    try FileManager.default.createSymbolicLink(
      atPath: repo.path + "/link.bin", withDestinationPath: "target")
    try repo.git(["add", "-A"])
    try repo.commit("a link", date: "1700000000 +0000")
    try FileManager.default.removeItem(atPath: repo.path + "/link.bin")
    try FileManager.default.createSymbolicLink(
      atPath: repo.path + "/link.bin", withDestinationPath: "elsewhere")
    try repo.git(["add", "-A"])
    try repo.commit("the link moves", date: "1700086400 +0000")
    try Self.expectSameLines(repo, [], atLeast: 2)
    let log = try repo.git(["log", "--numstat", "--format="])
    #expect(log.contains("1\t1\tlink.bin") && log.contains("-\t-\tfile.bin"), "\(log)")
  }

  @Test("log.showRoot=false: a root commit shows no diff, so no lines (t4013's repository)")
  func showRootFalse() throws {
    let repo = try TemporaryRepository()
    try repo.write("a", Lines.numbered(4))
    try repo.git(["add", "-A"])
    try repo.commit("root", date: "1700000000 +0000")
    try repo.write("a", Lines.numbered(5))
    try repo.git(["add", "-A"])
    try repo.commit("edit", date: "1700086400 +0000")
    try repo.git(["config", "log.showRoot", "false"])
    try Self.expectSameLines(repo, [], atLeast: 2)
    let ours = try Lines.ours(repo, ["--no-cache"])
    #expect(ours.values.map { $0[0] }.sorted() == [0, 1])
    // And back on: the root's four lines count.
    try repo.git(["config", "log.showRoot", "true"])
    #expect(try Lines.ours(repo, ["--no-cache"]).values.map { $0[0] }.sorted() == [1, 4])
  }

  @Test("diff.relative=true in a subfolder counts the files below it; --no-relative all")
  func diffRelative() throws {
    let repo = try TemporaryRepository()
    try repo.write("top.txt", Lines.numbered(7))
    try repo.write("sub/inner.txt", Lines.numbered(3))
    try repo.write("sub/deeper/more.txt", Lines.numbered(2))
    try repo.git(["add", "-A"])
    try repo.commit("all", date: "1700000000 +0000")
    try repo.write("top.txt", Lines.numbered(9))
    try repo.git(["add", "-A"])
    try repo.commit("top only", date: "1700086400 +0000")
    try repo.git(["config", "diff.relative", "true"])
    let folder = repo.path + "/sub"
    for arguments in [[], ["--no-relative"], ["--relative=sub/deeper"]] {
      let git = try TemporaryRepository.run(
        "/usr/bin/git", ["log", "--numstat", "--format=C %H"] + arguments, in: folder,
        environment: repo.environment)
      let expected = git.split(separator: "\n").filter { $0.contains("\t") }
        .map { Int($0.split(separator: "\t")[0]) ?? -1 }.reduce(0, +)
      let result = heatmap(
        ["--format", "commits", "--measure", "lines", "--no-cache"] + arguments, in: folder,
        environment: ["HOME": repo.root.path])
      #expect(result.status == 0, "\(result.stderr)")
      let ours = result.stdout.split(separator: "\n").compactMap { line -> Int? in
        guard let range = line.range(of: "\"insertions\":") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
      }.reduce(0, +)
      #expect(ours == expected, "\(arguments): ours \(ours), git \(expected)")
    }
    #expect(
      try TemporaryRepository.run(
        "/usr/bin/git", ["log", "--numstat", "--format="], in: folder,
        environment: repo.environment
      ).contains("3\t0\tinner.txt"))
  }
}

extension LinesWhereRulesBendTests {
  /// Runs the built binary under `ulimit -v` (kilobytes) in a shell, timed.
  static func bounded(
    _ repo: TemporaryRepository, _ arguments: [String], kilobytes: Int
  ) throws -> (result: ProcessResult, seconds: Double) {
    let start = Date()
    let result = try runBinary(
      ["-c", "ulimit -v \(kilobytes) || exit 99; exec \"$0\" \"$@\"", try builtExecutable()]
        + arguments, in: repo.path, environment: repo.environment, shell: true)
    return (result, Date().timeIntervalSince(start))
  }

  /// The insertions, deletions and files of each record of an export.
  static func exportedLines(_ output: Data) throws -> [String: [Int]] {
    var counts: [String: [Int]] = [:]
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      counts[object["id"] as? String ?? ""] = [
        object["insertions"] as? Int ?? -1, object["deletions"] as? Int ?? -1,
        object["files"] as? Int ?? -1,
      ]
    }
    return counts
  }

  @Test(
    "a loose object cut short is git's 'corrupt loose object', at once, in bounded memory",
    .disabled(
      if: Tools.sanitizer != nil,
      "a sanitizer's shadow memory cannot be mapped under ulimit -v"))
  func truncatedLooseObject() throws {
    let repo = try TemporaryRepository()
    try repo.write("file.txt", Lines.numbered(50))
    try repo.git(["add", "-A"])
    try repo.commit("one", date: "1700000000 +0000")
    let blob = try repo.git(["rev-parse", "HEAD:file.txt"]).trimmingCharacters(in: .newlines)
    let path = repo.path + "/.git/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    try bytes.prefix(12).write(to: URL(fileURLWithPath: path))
    // git itself fails.
    #expect(throws: (any Error).self) { try repo.git(["log", "--numstat"]) }
    let (result, seconds) = try Self.bounded(
      repo, ["--measure", "lines", "--format", "csv", "--no-cache"], kilobytes: 400_000)
    #expect(result.reason == .exit && result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("corrupt loose object '\(blob)'"), "\(result.stderr)")
    #expect(seconds < 20, "\(seconds) s")
  }

  @Test(
    "a tree 8,000 folders deep: exact lines, bounded stack and memory",
    .disabled(
      if: Tools.sanitizer != nil,
      "a sanitizer's shadow memory cannot be mapped under ulimit -v"))
  func deepTree() throws {
    let repo = try TemporaryRepository()
    let path = Array(repeating: "d", count: 8_000).joined(separator: "/") + "/x"
    func blob(_ text: String) -> String { "data \(text.utf8.count)\n\(text)\n" }
    let stream =
      "commit refs/heads/main\ncommitter A <a@x> 1700000000 +0000\n" + blob("one")
      + "M 100644 inline \(path)\n" + blob("a\nb\n")
      + "commit refs/heads/main\ncommitter A <a@x> 1700086400 +0000\n" + blob("two")
      + "M 100644 inline \(path)\n" + blob("a\nc\nd\n")
    _ = try? repo.git(["fast-import", "--quiet"], input: Data(stream.utf8))
    let git = try Lines.gitNumstat(repo, [])
    #expect(Set(git.values) == [[2, 0, 1], [2, 1, 1]])
    let (result, seconds) = try Self.bounded(
      repo, ["--format", "commits", "--measure", "lines", "--no-cache"], kilobytes: 400_000)
    #expect(result.reason == .exit && result.status == 0, "\(result.stderr)")
    #expect(try Self.exportedLines(result.stdout) == git)
    #expect(seconds < 20, "\(seconds) s")
  }

  /// A zlib stream of `header` and then `count` zero bytes, made of one flushed megabyte
  /// repeated: a few kilobytes a gigabyte. Written by Python's zlib (the tests' only way to
  /// deflate), with the true Adler-32 at its end.
  static let inflatingStream = """
    import sys, zlib
    out, header, count = sys.argv[1], sys.argv[2].encode().decode('unicode_escape').encode('latin-1'), int(sys.argv[3])
    chunk = 1 << 20
    compressor = zlib.compressobj(9)
    head = compressor.compress(header) + compressor.flush(zlib.Z_FULL_FLUSH)
    middle = compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH)
    tail = compressor.compress(bytes(count % chunk)) + compressor.flush(zlib.Z_FINISH)
    a, b = 1, 0
    for byte in header:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    b = (b + a * count) % 65521
    with open(out, 'wb') as f:
        f.write(head)
        for _ in range(count // chunk):
            f.write(middle)
        f.write(tail[:-4] + ((b << 16) | a).to_bytes(4, 'big'))
    """

  /// A pack of one blob of `count` zeros and its index, the object named `id` (no one checks a
  /// name against its contents but `fsck`).
  static let inflatingPack = """
    import sys, zlib, hashlib, struct
    stream, pack, index, id, count = sys.argv[1], sys.argv[2], sys.argv[3], bytes.fromhex(sys.argv[4]), int(sys.argv[5])
    data = open(stream, 'rb').read()
    size, header = count, bytearray()
    byte = (3 << 4) | (size & 15)
    size >>= 4
    while size:
        header.append(byte | 0x80)
        byte = size & 0x7f
        size >>= 7
    header.append(byte)
    entry = bytes(header) + data
    body = b'PACK' + struct.pack('>II', 2, 1) + entry
    checksum = hashlib.sha1(body).digest()
    open(pack, 'wb').write(body + checksum)
    fanout = b''.join(struct.pack('>I', 1 if i >= id[0] else 0) for i in range(256))
    idx = b'\\377tOc' + struct.pack('>I', 2) + fanout + id + struct.pack('>I', zlib.crc32(entry)) + struct.pack('>I', 12) + checksum
    open(index, 'wb').write(idx + hashlib.sha1(idx).digest())
    """

  @Test(
    "blobs that inflate to 4.5 GiB, loose and packed: binary from their headers, at once",
    .disabled(
      if: Tools.sanitizer != nil,
      "a sanitizer's shadow memory cannot be mapped under ulimit -v"))
  func inflatingBlobs() throws {
    let repo = try TemporaryRepository()
    let count = 4_608 << 20
    let loose = String(repeating: "b", count: 40)
    let packed = String(repeating: "c", count: 40)
    let objects = repo.path + "/.git/objects"
    try FileManager.default.createDirectory(
      atPath: objects + "/bb", withIntermediateDirectories: true)
    let scripts = repo.root.appendingPathComponent("scripts").path
    try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
    try Self.inflatingStream.write(
      toFile: scripts + "/stream.py", atomically: true, encoding: .utf8)
    try Self.inflatingPack.write(toFile: scripts + "/pack.py", atomically: true, encoding: .utf8)
    _ = try TemporaryRepository.run(
      "/usr/bin/python3",
      [
        scripts + "/stream.py", objects + "/bb/" + loose.dropFirst(2), "blob \(count)\\x00",
        "\(count)",
      ],
      in: repo.path, environment: repo.environment)
    _ = try TemporaryRepository.run(
      "/usr/bin/python3", [scripts + "/stream.py", scripts + "/raw", "", "\(count)"],
      in: repo.path, environment: repo.environment)
    _ = try TemporaryRepository.run(
      "/usr/bin/python3",
      [
        scripts + "/pack.py", scripts + "/raw", objects + "/pack/pack-big.pack",
        objects + "/pack/pack-big.idx", packed, "\(count)",
      ], in: repo.path, environment: repo.environment)
    let size = try FileManager.default.attributesOfItem(atPath: objects + "/pack/pack-big.pack")
    #expect(((size[.size] as? Int) ?? 0) < 8 << 20, "the pack is small: \(size[.size] ?? "")")
    #expect(try repo.git(["cat-file", "-s", loose]) == "\(count)\n")
    #expect(try repo.git(["cat-file", "-s", packed]) == "\(count)\n")
    let tree = try repo.git(
      ["mktree"],
      input: Data("100644 blob \(loose)\tloose.bin\n100644 blob \(packed)\tpacked.bin\n".utf8)
    ).trimmingCharacters(in: .newlines)
    try repo.write("small.txt", "one\n")
    try repo.git(["add", "small.txt"])
    try repo.commit("small", date: "1700000000 +0000")
    let commit = try repo.git(
      ["commit-tree", tree, "-p", "HEAD", "-m", "big"],
      environment: [
        "GIT_COMMITTER_DATE": "1700086400 +0000", "GIT_AUTHOR_DATE": "1700086400 +0000",
      ]
    ).trimmingCharacters(in: .newlines)
    try repo.git(["update-ref", "refs/heads/main", commit])
    let git = try Lines.gitNumstat(repo, [])
    #expect(git[commit] == [0, 1, 3], "git: \(git)")
    for arguments in [["--no-cache"], [], ["-C", "-C"]] {
      let (result, seconds) = try Self.bounded(
        repo, ["--format", "commits", "--measure", "lines"] + arguments, kilobytes: 400_000)
      #expect(result.reason == .exit && result.status == 0, "\(result.stderr)")
      let ours = try Self.exportedLines(result.stdout)
      let expected = arguments == ["-C", "-C"] ? try Lines.gitNumstat(repo, arguments) : git
      #expect(ours == expected, "\(arguments)")
      #expect(seconds < 10, "\(arguments): \(seconds) s")
    }
  }
}

extension LinesWhereRulesBendTests {
  /// Commits from two branches with clock skew: `late` is committed after its child.
  static func datedRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let day = 86_400
    let base = 1_733_800_000  // 2024-12-10 03:06:40 UTC
    for index in 0..<8 {
      try repo.write("f", "\(index)\n")
      try repo.git(["add", "f"])
      try repo.commit("main \(index)", date: "\(base + index * day / 2) +0000")
    }
    try repo.git(["checkout", "-q", "-b", "side", "HEAD~3"])
    try repo.commit("side old", date: "\(base - 20 * day) +0000")
    try repo.commit("side new", date: "\(base + 3 * day) +0000")
    try repo.git(["checkout", "-q", "main"])
    return repo
  }

  @Test(
    "--format commits --since/--until holds what git log lists, by commit date and git's walk",
    arguments: [
      ["--since=2024-12-11"], ["--until=2024-12-11"], ["--after=2024-12-11 12:00"],
      ["--before=2024-12-12 00:00 +0100"], ["--since=2.days.ago", "--until=yesterday"],
      ["--since=2024-12-10", "--all"], ["--since=2024-12-11", "side"],
      ["--since=2024-12-11", "--first-parent"], ["--until=2024-12-12", "--", "f"],
    ])
  func datedExport(_ arguments: [String]) throws {
    let repo = try Self.datedRepository()
    let now = 1_734_100_000  // 2024-12-13 14:26:40 UTC
    let git = try repo.git(
      ["log", "--format=%H"] + arguments,
      environment: ["GIT_TEST_DATE_NOW": "\(now)", "TZ": "UTC"]
    ).split(separator: "\n").map(String.init)
    #expect(!git.isEmpty)
    let result = heatmap(
      ["--format", "commits"] + arguments, in: repo.path,
      now: Date(timeIntervalSince1970: TimeInterval(now)))
    #expect(result.status == 0, "\(result.stderr)")
    let ours = RevisionsAndLimitsTests.ids(result.stdout)
    #expect(Set(ours) == Set(git), "\(arguments)")
  }

  @Test("a commit newer than --since behind an older one is left out, as git's walk leaves it")
  func sinceStopsAtOlderCommits() throws {
    let repo = try Self.datedRepository()
    let now = 1_734_100_000
    let git = try repo.git(
      ["log", "--format=%s", "--since=2024-12-01", "side"],
      environment: ["GIT_TEST_DATE_NOW": "\(now)", "TZ": "UTC"])
    // "side new" is shown; its parent "side old" is not; "main 0".."main 4" behind it are not.
    #expect(git == "side new\n")
    let result = heatmap(
      ["--format", "commits", "--since=2024-12-01", "side"], in: repo.path,
      now: Date(timeIntervalSince1970: TimeInterval(now)))
    #expect(RevisionsAndLimitsTests.ids(result.stdout).count == 1, "\(result.stdout)")
  }

  @Test(
    "a dated export refuses what it cannot list as git does, in one line",
    arguments: [
      (["--since=2024-12", "--format", "commits"], "not a month"),
      (["--since=2024-12-11", "--format", "commits", "--", "f"], "without paths"),
      (["--since=2024-12-11", "--format", "commits", "main~2..main"], "hidden commits"),
      (["--since=2024-12-11", "--format", "commits", "-n", "2"], "'-n' and '--skip'"),
      (["--until=2024-12-11", "--format", "commits", "--from", "x.ndjson"], "not in exports"),
    ])
  func datedExportRefusals(_ arguments: [String], _ words: String) throws {
    let repo = try Self.datedRepository()
    let result = heatmap(arguments, in: repo.path)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains(words), "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2 && lines.last == "see 'git-heatmap --help'", "\(result.stderr)")
  }

  @Test("an export is the same bytes warm, cold and from another walk: newest commit date first")
  func exportOrder() throws {
    let repo = try Self.datedRepository()
    try repo.git(["merge", "-q", "--no-ff", "-m", "merge side", "side"])
    let cold = heatmap(["--format", "commits", "--all", "--no-cache"], in: repo.path)
    let first = heatmap(["--format", "commits", "--all"], in: repo.path)
    let warm = heatmap(["--format", "commits", "--all"], in: repo.path)
    let parts = heatmap(["--format", "commits", "side", "main"], in: repo.path)
    #expect(cold.status == 0 && !cold.stdout.isEmpty)
    #expect(first.stdout == cold.stdout)
    #expect(warm.stdout == cold.stdout)
    #expect(parts.stdout == cold.stdout)
    let logged: [(time: Int, id: String)] = try repo.git(["log", "--all", "--format=%ct %H"])
      .split(separator: "\n").map { line in
        let parts = line.split(separator: " ")
        return (Int(parts[0]) ?? 0, String(parts[1]))
      }
    let expected = logged.sorted { $0.time != $1.time ? $0.time > $1.time : $0.id < $1.id }
      .map(\.id)
    #expect(RevisionsAndLimitsTests.ids(cold.stdout) == expected)
  }

  @Test("--no-cache reads no cache of any kind: no pathspec answers either")
  func noCacheReadsNoAnswers() throws {
    let repo = try Self.datedRepository()
    let timing = ["GIT_HEATMAP_TIMING": "1"]
    _ = heatmap(["--format", "csv", "--", "f"], in: repo.path, environment: timing)
    let warm = heatmap(["--format", "csv", "--", "f"], in: repo.path, environment: timing)
    #expect(warm.stderr.contains("load answers"), "\(warm.stderr)")
    let uncached = heatmap(
      ["--format", "csv", "--no-cache", "--", "f"], in: repo.path, environment: timing)
    #expect(!uncached.stderr.contains("load answers") && !uncached.stderr.contains("cache"))
    #expect(uncached.stdout == warm.stdout)
  }

  @Test("a rename limit reached and an attributes line too long warn in git's words")
  func gitsWarnings() throws {
    let repo = try TemporaryRepository()
    for index in 0..<4 { try repo.write("old\(index).txt", Lines.numbered(20, tag: "f\(index)")) }
    try repo.write(".gitattributes", "*.x " + String(repeating: "a", count: 2_100) + "\n")
    try repo.git(["add", "-A"])
    try repo.commit("files", date: "1700000000 +0000")
    for index in 0..<4 {
      try FileManager.default.removeItem(atPath: repo.path + "/old\(index).txt")
      try repo.write("new\(index).txt", Lines.numbered(19, tag: "f\(index)") + "edited\n")
    }
    try repo.git(["add", "-A"])
    try repo.commit("renames", date: "1700086400 +0000")
    try repo.git(["config", "diff.renameLimit", "2"])
    let git = try TemporaryRepository.run(
      "/bin/sh", ["-c", "git log --numstat >/dev/null 2>err; cat err"], in: repo.path,
      environment: repo.environment)
    #expect(git.contains("exhaustive rename detection was skipped"), "\(git)")
    #expect(git.contains("ignoring overly long attributes line 1"), "\(git)")
    let ours = heatmap(["--measure", "lines", "--format", "csv", "--no-cache"], in: repo.path)
    #expect(ours.status == 0)
    #expect(ours.stderr.contains("exhaustive rename detection was skipped"), "\(ours.stderr)")
    #expect(ours.stderr.contains("ignoring overly long attributes line 1"), "\(ours.stderr)")
    try Self.expectSameLines(repo, [], atLeast: 2)
  }

  @Test("--from says when its pattern leaves out an export whose name starts with a dot")
  func hiddenExports() throws {
    let repo = try Self.datedRepository()
    let folder = repo.root.appendingPathComponent("exports").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let export = heatmap(["--format", "commits"], in: repo.path).stdout
    try export.write(toFile: folder + "/repo-1.ndjson", atomically: true, encoding: .utf8)
    try export.write(toFile: folder + "/.._flask.ndjson", atomically: true, encoding: .utf8)
    let result = heatmap(
      ["--from", folder + "/*.ndjson", "--format", "csv", "--since", "2024-11-01"], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("leaves out 1 file whose name starts with a dot")
        && result.stderr.contains(".._flask.ndjson"), "\(result.stderr)")
    let plain = heatmap(
      ["--from", folder + "/repo-*.ndjson", "--format", "csv", "--since", "2024-11-01"],
      in: repo.path)
    #expect(plain.stderr.isEmpty, "\(plain.stderr)")
  }
}

extension LinesWhereRulesBendTests {
  @Test(
    "--diff-filter counts the commits git log --numstat shows, without a measure of lines too",
    arguments: [
      ["--diff-filter=A"], ["--diff-filter=d"], ["--diff-filter=R*"],
      ["--diff-filter=MT", "--", "*.txt"],
    ])
  func diffFilterCommits(_ arguments: [String]) throws {
    let repository = try Lines.makeRepository()
    let git = try Lines.gitNumstat(repository, arguments)
    #expect(!git.isEmpty)
    let result = heatmap(["--format", "commits", "--no-cache"] + arguments, in: repository.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Set(RevisionsAndLimitsTests.ids(result.stdout)) == Set(git.keys), "\(arguments)")
    let refused = heatmap(["--diff-filter=AQ"], in: repository.path)
    #expect(refused.status == 64)
    #expect(refused.stderr.hasPrefix("git-heatmap: unknown change class 'Q' in --diff-filter=AQ\n"))
  }
}

extension LinesWhereRulesBendTests {
  @Test(
    "git log's options that stay refused say why in one line",
    arguments: [
      ("-B", "breaking rewrites"), ("--break-rewrites=40%", "breaking rewrites"),
      ("--graph", "draws no graph of commits"), ("--grep-reflog=x", "reflog messages"),
      ("--diff-merges=cc", "combined diff"),
    ])
  func refusedWithReasons(_ option: String, _ words: String) throws {
    let repo = try Self.datedRepository()
    let result = heatmap([option], in: repo.path)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("git-heatmap: ") && result.stderr.contains(words), "\(result.stderr)")
  }

  @Test(
    "-g takes ref names: what would walk is refused in one line",
    arguments: [["-g", "HEAD~1..HEAD"], ["-g", "--all"], ["-g", "-n", "2"], ["-g", "--follow"]])
  func reflogWalkRefusals(_ arguments: [String]) throws {
    let repo = try Self.datedRepository()
    let result = heatmap(arguments, in: repo.path)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("git-heatmap: -g lists reflog entries of refs: "))
  }
}
