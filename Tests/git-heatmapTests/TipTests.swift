import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// Refs and tips as git log takes them: a tip whose header libgit2 cannot parse is still a tip,
/// a ref to a missing object is git's "bad object", and an index that points past its pack is
/// git's "offset beyond end of packfile", never a crash.
@Suite("Tips and refs as git log takes them")
struct TipTests {
  static let window = ["--format", "csv", "--since", "1970-01-01", "--until", "2025-12-31"]

  /// A root commit on main, and a branch per odd header on top of it.
  static func repository() throws -> (TemporaryRepository, [String]) {
    let repo = try TemporaryRepository()
    let root = try repo.commit(date: "1700000000 +0000")
    let tree = try repo.git(["rev-parse", "HEAD^{tree}"]).trimmingCharacters(in: .newlines)
    let headers = [
      "committer C <c@example.com> 1700100000 +0000\nauthor W <w@example.com> 1700100000 +0000",
      "author NoAngle 1700200000 +0000\ncommitter C <c@example.com> 1700200000 +0000",
      "author <> 1700300000 +0000\ncommitter C <c@example.com> 1700300000 +0000",
      "author T\tab <t@example.com> 1700400000 +0000\ncommitter C <c@example.com> 1700400000 +0000",
      "author B <b@example.com> 9223372036854775808 +0000\ncommitter C <c@example.com> 1700500000 +0000",
    ]
    var branches: [String] = []
    for (index, header) in headers.enumerated() {
      let id = try repo.writeRawCommit(
        Data("tree \(tree)\nparent \(root)\n\(header)\n\nodd \(index)\n".utf8))
      try repo.git(["update-ref", "refs/heads/odd\(index)", id])
      try repo.git(["tag", "-a", "-m", "tag", "v\(index)", id])
      branches.append("odd\(index)")
    }
    return (repo, branches)
  }

  @Test("a tip with a header libgit2 cannot parse is counted as git log counts it")
  func oddTips() throws {
    let (repo, branches) = try Self.repository()
    var revisions: [[String]] = branches.map { [$0] }
    revisions += [["main..odd0"], ["odd1..odd4"], ["^main", "odd3"], ["v2"], ["--all"]]
    revisions += [
      ["--branches"], [try repo.git(["rev-parse", "odd4"]).trimmingCharacters(in: .newlines)],
    ]
    for revision in revisions {
      let expected = try repo.gitDays(revision)
      let result = heatmap(Self.window + revision, in: repo.path)
      #expect(result.status == 0, "\(revision): \(result.stderr)")
      #expect(nonZeroDays(result.stdout) == expected, "\(revision)")
    }
  }

  @Test("--all with a ref to a missing object is git's bad object, exit 1")
  func missingObject() throws {
    let (repo, _) = try Self.repository()
    try "1234567890123456789012345678901234567890\n".write(
      toFile: repo.path + "/.git/refs/heads/missing", atomically: true, encoding: .utf8)
    let result = heatmap(Self.window + ["--all"], in: repo.path)
    #expect(result.status == 1)
    #expect(result.stderr == "git-heatmap: bad object refs/heads/missing\n")
    #expect(result.stdout.isEmpty)
  }

  @Test("--all with a multi-pack-index whose pack is gone: git's bad object")
  func multiPackIndexWithoutItsPack() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1700000000 +0000")
    try repo.git(["repack", "-dq"])
    try repo.git(["checkout", "-q", "-b", "side"])
    try repo.commit(date: "1700100000 +0000")
    try repo.git(["repack", "-dq"])
    try repo.git(["checkout", "-q", "main"])
    try repo.git(["multi-pack-index", "write"])
    try? FileManager.default.removeItem(atPath: repo.path + "/.git/objects/info/commit-graph")
    let side = try repo.git(["rev-parse", "side"]).trimmingCharacters(in: .newlines)
    let folder = repo.path + "/.git/objects/pack/"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder)
    where name.hasSuffix(".idx") {
      let ids = try repo.git(
        ["show-index"], input: try Data(contentsOf: URL(fileURLWithPath: folder + name)))
      if ids.contains(side) {
        let base = String(name.dropLast(4))
        try FileManager.default.removeItem(atPath: folder + base + ".idx")
        try FileManager.default.removeItem(atPath: folder + base + ".pack")
      }
    }
    #expect((try? repo.git(["log", "--all", "--format=%H"])) == nil, "git refuses it")
    let result = heatmap(Self.window + ["--all"], in: repo.path)
    #expect(result.status == 1)
    #expect(result.stderr == "git-heatmap: bad object refs/heads/side\n")
  }

  /// Far past the pack's end, or at its first byte past the last object (the 20-byte trailer):
  /// both are beyond the end.
  @Test(
    "an index offset past the end of its pack is git's error, never a crash",
    arguments: ["far", "trailer"])
  func offsetBeyondEnd(place: String) throws {
    let repo = try TemporaryRepository()
    for day in 0..<3 { try repo.commit(date: "\(1_700_000_000 + day * 86_400) +0000") }
    try repo.git(["gc", "-q"])
    try? FileManager.default.removeItem(atPath: repo.path + "/.git/objects/info/commit-graph")
    let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
    let folder = repo.path + "/.git/objects/pack"
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".idx") })
    var index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    func word(_ at: Int) -> Int {
      index[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    let count = word(8 + 255 * 4)
    let ids = (0..<count).map { index[(1032 + 20 * $0)..<(1032 + 20 * $0 + 20)] }
    let wanted = stride(from: 0, to: 40, by: 2).map {
      UInt8(head[head.index(head.startIndex, offsetBy: $0)...].prefix(2), radix: 16) ?? 0
    }
    let position = try #require(ids.firstIndex { Array($0) == wanted })
    let offset = 1032 + 20 * count + 4 * count + 4 * position
    let packSize = try #require(
      try FileManager.default.attributesOfItem(
        atPath: folder + "/" + name.replacingOccurrences(of: ".idx", with: ".pack"))[.size]
        as? Int)
    let beyond = place == "far" ? 0x7FFF_FFF0 : packSize - 20
    index.replaceSubrange(
      offset..<(offset + 4),
      with: (0..<4).map { UInt8(truncatingIfNeeded: beyond >> (24 - 8 * $0)) })
    let path = folder + "/" + name
    try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    try Data(index).write(to: URL(fileURLWithPath: path))
    let git = try? repo.git(["log", "--format=%H"])
    #expect(git == nil, "git itself fails here")
    for arguments in [[], ["--all"], ["HEAD~1..HEAD"]] {
      let result = try runBinary(
        Self.window + arguments, in: repo.path, environment: repo.environment)
      #expect(result.reason == .exit && result.status == 1, "\(arguments)")
      #expect(
        result.stderr == "git-heatmap: offset beyond end of packfile (truncated pack?)\n",
        "\(arguments)")
    }
  }

  @Test(
    "a NUL byte in a header line ends that line, as in git: loose and packed, tip and ancestor",
    arguments: [false, true])
  func nulInHeader(packed: Bool) throws {
    let repo = try TemporaryRepository()
    let root = try repo.commit(date: "1700000000 +0000")
    let tree = try repo.git(["rev-parse", "HEAD^{tree}"]).trimmingCharacters(in: .newlines)
    var parent = root
    for (index, line) in ["x-extra a\0b", "author N <n@example.com> 1700100000 +0000\0junk"]
      .enumerated()
    {
      let header =
        index == 0
        ? "\(line)\nauthor N <n@example.com> 1700100000 +0000\n"
        : "\(line)\n"
      parent = try repo.writeRawCommit(
        Data(
          "tree \(tree)\nparent \(parent)\n\(header)committer C <c@example.com> \(1_700_100_000 + index * 86_400) +0000\n\nnul \(index)\n"
            .utf8))
    }
    // An ordinary commit on top, so that the odd ones are ancestors too.
    let top = try repo.writeRawCommit(
      Data(
        "tree \(tree)\nparent \(parent)\nauthor T <t@example.com> 1700300000 +0000\ncommitter C <c@example.com> 1700300000 +0000\n\ntop\n"
          .utf8))
    try repo.git(["update-ref", "refs/heads/main", top])
    try repo.git(["update-ref", "refs/heads/odd", parent])
    if packed { try repo.git(["repack", "-adq"]) }
    for revision in [["main"], ["odd"], ["--all"]] {
      let expected = try repo.gitDays(revision)
      #expect(expected.values.reduce(0, +) == (revision == ["odd"] ? 3 : 4))
      let result = heatmap(Self.window + revision, in: repo.path)
      #expect(result.status == 0, "\(revision): \(result.stderr)")
      #expect(nonZeroDays(result.stdout) == expected, "\(revision) packed: \(packed)")
    }
  }
}

/// An identity is its bytes, as in `git shortlog`: the encoding header only decodes.
@Suite("Identities as bytes")
struct IdentityBytesTests {
  @Test("a Latin-1 name without an encoding header is another person than its UTF-8 spelling")
  func latin1WithoutHeader() throws {
    let repo = try TemporaryRepository()
    let tree = try repo.emptyTree()
    var parent: String?
    let names: [(bytes: [UInt8], encoding: String?)] = [
      (Array("Müller".utf8), nil), ([0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72], nil),
      ([0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72], "ISO-8859-1"), (Array("Müller".utf8), nil),
    ]
    for (index, name) in names.enumerated() {
      var bytes = Array("tree \(tree)\n".utf8)
      if let parent { bytes += Array("parent \(parent)\n".utf8) }
      bytes += Array("author ".utf8) + name.bytes
      bytes += Array(" <m@example.com> \(1_700_000_000 + index * 86_400) +0000\n".utf8)
      bytes += Array("committer C <c@example.com> \(1_700_000_000 + index * 86_400) +0000\n".utf8)
      if let encoding = name.encoding { bytes += Array("encoding \(encoding)\n".utf8) }
      bytes += Array("\nm\n".utf8)
      parent = try repo.writeRawCommit(Data(bytes))
    }
    try repo.git(["update-ref", "refs/heads/main", try #require(parent)])
    let shortlog = try repo.git(["shortlog", "-sn", "main"]).split(separator: "\n").map {
      Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) ?? 0
    }
    #expect(shortlog == [3, 1])
    let result = heatmap(
      ["--authors", "--format", "csv", "--since", "2023-01-01", "--until", "2023-12-31"],
      in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").dropFirst()
    let counts = rows.map { Int($0.split(separator: ",")[2]) ?? 0 }
    #expect(counts == shortlog)
    #expect(rows.first?.hasPrefix("Müller,") == true)
  }
}

/// Warnings say what is true for the date a run counts by.
@Suite("Undated commits and --date")
struct UndatedCommitTests {
  @Test(
    "a commit without an author date is counted by --date committer, and only warned of without it")
  func warningsFollowTheDate() throws {
    let repo = try TemporaryRepository()
    let root = try repo.commit(date: "1700000000 +0000")
    let tree = try repo.git(["rev-parse", "HEAD^{tree}"]).trimmingCharacters(in: .newlines)
    let noAuthorDate = try repo.writeRawCommit(
      Data(
        "tree \(tree)\nparent \(root)\nauthor A <a@example.com>\ncommitter C <c@example.com> 1700100000 +0000\n\nx\n"
          .utf8))
    let noCommitterDate = try repo.writeRawCommit(
      Data(
        "tree \(tree)\nparent \(noAuthorDate)\nauthor A <a@example.com> 1700200000 +0000\ncommitter C <c@example.com>\n\ny\n"
          .utf8))
    try repo.git(["update-ref", "refs/heads/main", noCommitterDate])
    let window = ["--format", "csv", "--since", "2023-01-01", "--until", "2023-12-31"]
    for (options, placeholder, warned) in [
      ([String](), "%ad", noAuthorDate), (["--date", "committer"], "%cd", noCommitterDate),
    ] {
      for cache in [["--no-cache"], []] {
        let result = heatmap(window + options + cache, in: repo.path)
        #expect(result.status == 0)
        #expect(nonZeroDays(result.stdout) == (try repo.gitDays(placeholder: placeholder)))
        let date = options.isEmpty ? "author" : "committer"
        let lines = result.stderr.split(separator: "\n").map(String.init)
        if cache.isEmpty {
          // A warm run reads no commit and warns of none.
          #expect(lines.allSatisfy { !$0.contains("\(date) date") || $0.contains(warned) })
        } else {
          #expect(
            lines == [
              "git-heatmap: warning: commit \(warned) has no valid \(date) date; it is not counted"
            ],
            "\(options)")
        }
      }
    }
  }
}

/// `objects/info/alternates` as git reads it.
@Suite("Alternates")
struct AlternatesTests {
  @Test(
    "a quoted line (a tab and a space in the path, absolute or relative) is unquoted, as git does")
  func quoted() throws {
    let source = try TemporaryRepository()
    for day in 0..<3 { try source.commit(date: "\(1_700_000_000 + day * 86_400) +0000") }
    try source.git(["gc", "-q"])
    let store = source.root.appendingPathComponent("my objs\tshared").path
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: source.path + "/.git/objects/pack", toPath: store + "/pack")
    let clone = source.root.appendingPathComponent("clone").path
    try TemporaryRepository.run(
      "/usr/bin/git", ["init", "-q", "-b", "main", clone], in: source.root.path,
      environment: source.environment)
    let repo = TemporaryRepository(existing: clone, root: source.root)
    let head = try source.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
    try (head + "\n").write(
      toFile: clone + "/.git/refs/heads/main", atomically: true, encoding: .utf8)
    let quotedRelative = "\"../../../my objs\\tshared\""
    for line in ["\"\(store.replacingOccurrences(of: "\t", with: "\\t"))\"", quotedRelative] {
      try (line + "\n").write(
        toFile: clone + "/.git/objects/info/alternates", atomically: true, encoding: .utf8)
      let expected = try repo.gitDays()
      #expect(expected.values.reduce(0, +) == 3, "git reads \(line)")
      for environment in [[:], ["GIT_HEATMAP_NO_PACK_READER": "1"]] {
        let result = heatmap(
          ["--format", "csv", "--since", "2023-01-01", "--until", "2023-12-31", "--no-cache"],
          in: clone, environment: environment)
        #expect(result.status == 0, "\(line): \(result.stderr)")
        #expect(nonZeroDays(result.stdout) == expected, "\(line) \(environment)")
      }
    }
    // A carriage return is part of the path for git, which then finds no such store.
    try (store + "\r\n").write(
      toFile: clone + "/.git/objects/info/alternates", atomically: true, encoding: .utf8)
    #expect((try? repo.gitDays()) == nil, "git finds no store")
    let result = heatmap(
      ["--format", "csv", "--since", "2023-01-01", "--until", "2023-12-31", "--no-cache"],
      in: clone)
    #expect(result.status == 1)
    #expect(result.stderr == "git-heatmap: bad object HEAD\n")
  }
}
