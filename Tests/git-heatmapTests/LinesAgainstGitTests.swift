import Foundation
import GitActivity
import TestSupport
import Testing

/// `--measure lines` against `git log --numstat`: every commit's lines added, removed and files
/// listed, read from the per-commit export, equal to git's with the same selection and the
/// same configuration, in repositories made to hold what numstat treats specially.
@Suite("Lines per commit, exactly as git log --numstat counts them")
struct LinesAgainstGitTests {
  /// git's numstat per commit: (insertions, deletions, files), a binary file's `-` counting no
  /// lines but one file.
  static func gitNumstat(_ repository: TemporaryRepository, _ arguments: [String]) throws
    -> [String: [Int]]
  {
    let output = try repository.git(["log", "--numstat", "--format=C %H"] + arguments)
    var result: [String: [Int]] = [:]
    var current: String?
    for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("C ") {
        // `-m` shows a merge once per parent: its lines are all of them.
        let commit = String(line.dropFirst(2))
        current = commit
        if result[commit] == nil { result[commit] = [0, 0, 0] }
      } else if let commit = current {
        let fields = line.split(separator: "\t", maxSplits: 2)
        guard fields.count == 3 else { continue }
        result[commit, default: [0, 0, 0]][2] += 1
        if fields[0] != "-" {
          result[commit, default: [0, 0, 0]][0] += Int(fields[0]) ?? -1_000_000
          result[commit, default: [0, 0, 0]][1] += Int(fields[1]) ?? -1_000_000
        }
      }
    }
    return result
  }

  /// Ours: the per-commit export with lines, as (insertions, deletions, files) by commit.
  static func ours(_ repository: TemporaryRepository, _ arguments: [String]) throws
    -> [String: [Int]]
  {
    let result = heatmap(
      ["--format", "commits", "--measure", "lines"] + arguments, in: repository.path,
      environment: ["HOME": repository.root.path])
    try #require(result.status == 0, "\(result.stderr)")
    var counts: [String: [Int]] = [:]
    for line in result.stdout.split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let id = try #require(object["id"] as? String)
      counts[id] = [
        object["insertions"] as? Int ?? -1, object["deletions"] as? Int ?? -1,
        object["files"] as? Int ?? -1,
      ]
    }
    return counts
  }

  /// `count` lines `line NNN` (9 bytes each), numbered from `start`.
  static func numbered(_ count: Int, from start: Int = 0, tag: String = "line") -> String {
    (start..<start + count).map { String(format: "%@ %03d\n", tag, $0) }.joined()
  }

  /// A file of 100 numbered lines of which `kept` are kept and the rest replaced by lines of
  /// the same length: git's similarity with the original is exactly `kept` percent.
  static func similar(_ kept: Int) -> String {
    numbered(kept) + numbered(100 - kept, from: 0, tag: "diff")
  }

  /// The history below, made once for the suite; each test works in a copy of its own.
  nonisolated(unsafe) static var template: TemporaryRepository?
  static let templateLock = NSLock()

  /// A copy of the history `buildRepository` makes (git's commands take most of a second to
  /// make it; copying it takes a few milliseconds).
  static func makeRepository() throws -> TemporaryRepository {
    let original: TemporaryRepository = try templateLock.withLock {
      if let made = template { return made }
      let made = try buildRepository()
      template = made
      // The template outlives every test: removed when the test process ends.
      atexit {
        if let root = LinesAgainstGitTests.template?.root {
          try? FileManager.default.removeItem(at: root)
        }
      }
      return made
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "git-heatmap-test-" + UUID().uuidString)
    try FileManager.default.copyItem(at: original.root, to: root)
    return TemporaryRepository(existing: root.appendingPathComponent("repo").path, root: root)
  }

  /// One history holding what numstat treats specially, on one day a commit.
  static func buildRepository() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    var day = 1_700_000_000
    func commit(_ message: String) throws {
      day += 86_400
      try repository.git(["add", "-A"])
      try repository.commit(message, date: "\(day) +0000")
    }
    // A root commit: files of every kind.
    try repository.write("a49.txt", numbered(100))
    try repository.write("a50.txt", numbered(100, tag: "half"))
    try repository.write("a51.txt", numbered(100, tag: "more"))
    try repository.write("docs/guide.md", numbered(40, tag: "doc"))
    try repository.write("src/main.c", "int main(void)\n{\n  return 0;\n}\n")
    try repository.write("crlf.txt", "one\r\ntwo\r\nthree\r\n")
    try repository.write("no-newline.txt", "last line without a newline")
    try repository.write("empty", "")
    try repository.write("image.dat", "\u{0}\u{1}binary\u{0}")
    try repository.write("notes.txt", numbered(10, tag: "note"))
    try repository.write(".gitattributes", "*.dat binary\nsecret.txt -diff\n*.bin diff=raw\n")
    try repository.write("secret.txt", "hidden one\n")
    try repository.write("packed.bin", "text all the same\n")
    try commit("root")
    // Renames at 49, 50 and 51 % similarity, and a name kept in another folder at 76 %.
    try FileManager.default.removeItem(atPath: repository.path + "/a49.txt")
    try FileManager.default.removeItem(atPath: repository.path + "/a50.txt")
    try FileManager.default.removeItem(atPath: repository.path + "/a51.txt")
    try repository.write("b49.txt", similar(49))
    try repository.write(
      "b50.txt", numbered(50, tag: "half") + numbered(50, from: 0, tag: "diff"))
    try repository.write(
      "b51.txt", numbered(51, tag: "more") + numbered(49, from: 0, tag: "diff"))
    try FileManager.default.removeItem(atPath: repository.path + "/docs/guide.md")
    try repository.write(
      "manual/guide.md", numbered(30, tag: "doc") + numbered(10, from: 0, tag: "new"))
    try commit("renames at the thresholds")
    // An exact rename, an empty file renamed, a mode change, CRLF and a last line edited.
    try repository.git(["mv", "src/main.c", "src/program.c"])
    try repository.git(["mv", "empty", "empty-renamed"])
    try repository.write("notes.txt", numbered(10, tag: "note"))
    _ = try repository.git(["update-index", "--chmod=+x", "notes.txt"])
    try repository.write("crlf.txt", "one\r\n2\r\nthree\r\n")
    try repository.write("no-newline.txt", "last line without a newline, edited")
    try repository.write("image.dat", "\u{0}\u{2}binary changed\u{0}")
    try repository.write("secret.txt", "hidden two\n")
    try repository.write("packed.bin", "text changed\n")
    try repository.write("nul.txt", "text then\u{0}a NUL\n")
    try commit("exact rename, mode, crlf, binaries")
    // A file copied from one the commit also changes (a copy under diff.renames=copies).
    try repository.write("notes.txt", numbered(12, tag: "note"))
    try repository.write("notes-copy.txt", numbered(10, tag: "note") + "extra\n")
    try commit("a copy")
    // A submodule: added, moved to another commit, removed.
    let pointer = String(repeating: "1", count: 40)
    try repository.git(["update-index", "--add", "--cacheinfo", "160000,\(pointer),lib"])
    day += 86_400
    try repository.commit("a submodule", date: "\(day) +0000")
    try repository.git([
      "update-index", "--cacheinfo", "160000,\(String(repeating: "2", count: 40)),lib",
    ])
    day += 86_400
    try repository.commit("the submodule moves", date: "\(day) +0000")
    // A side branch, merged; an evil merge that changes a file neither side had changed so.
    try repository.git(["checkout", "-q", "-b", "side"])
    try repository.write("side.txt", numbered(5, tag: "side"))
    try commit("side work")
    try repository.git(["checkout", "-q", "main"])
    try repository.write("main.txt", numbered(5, tag: "main"))
    try commit("main work")
    day += 86_400
    try repository.git(
      ["merge", "-q", "--no-ff", "--no-commit", "side"],
      environment: ["GIT_AUTHOR_DATE": "\(day) +0000", "GIT_COMMITTER_DATE": "\(day) +0000"])
    try repository.write("notes.txt", numbered(12, tag: "note") + "evil\n")
    try repository.git(["add", "-A"])
    try repository.commit("an evil merge", date: "\(day) +0000")
    // An octopus of two more branches.
    for name in ["one", "two"] {
      try repository.git(["checkout", "-q", "-b", name, "main~1"])
      try repository.write("\(name).txt", numbered(3, tag: name))
      try commit("branch \(name)")
    }
    try repository.git(["checkout", "-q", "main"])
    day += 86_400
    try repository.git(
      ["merge", "-q", "--no-ff", "-m", "octopus", "one", "two"],
      environment: ["GIT_AUTHOR_DATE": "\(day) +0000", "GIT_COMMITTER_DATE": "\(day) +0000"])
    // Where diff algorithms part: patience and histogram anchor on the unique lines.
    try repository.write(
      "algorithms.c",
      "void a() {\n  x();\n}\n\nvoid b() {\n  y();\n}\n\nvoid c() {\n  z();\n}\n")
    try commit("functions")
    try repository.write(
      "algorithms.c",
      "void a() {\n  x();\n}\n\nvoid c() {\n  z();\n}\n\nvoid b() {\n  y();\n  w();\n}\n")
    try commit("functions moved")
    try repository.write("gone-later.txt", "soon removed\n")
    try commit("a file to remove")
    try FileManager.default.removeItem(atPath: repository.path + "/gone-later.txt")
    try FileManager.default.removeItem(atPath: repository.path + "/b49.txt")
    try commit("removals")
    // A file becomes a symbolic link: a change of type (`T`).
    try FileManager.default.removeItem(atPath: repository.path + "/notes-copy.txt")
    try FileManager.default.createSymbolicLink(
      atPath: repository.path + "/notes-copy.txt", withDestinationPath: "notes.txt")
    try commit("a file becomes a link")
    return repository
  }

  /// Each configuration and selection compared.
  struct Setting: CustomTestStringConvertible, Sendable {
    var name: String
    var config: [String] = []
    var arguments: [String] = []
    var testDescription: String { name }
  }

  static let settings: [Setting] = [
    Setting(name: "git's defaults"),
    Setting(name: "diff.renames=false", config: ["diff.renames=false"]),
    Setting(name: "diff.renames=true", config: ["diff.renames=true"]),
    Setting(name: "diff.renames=copies", config: ["diff.renames=copies"]),
    Setting(name: "diff.algorithm=minimal", config: ["diff.algorithm=minimal"]),
    Setting(name: "diff.algorithm=patience", config: ["diff.algorithm=patience"]),
    Setting(name: "diff.algorithm=histogram", config: ["diff.algorithm=histogram"]),
    Setting(name: "diff.renameLimit=1", config: ["diff.renameLimit=1"]),
    Setting(name: "diff.foo.binary for diff=raw", config: ["diff.raw.binary=true"]),
    Setting(name: "--first-parent", arguments: ["--first-parent"]),
    Setting(name: "a pathspec", arguments: ["--", "notes.txt", "src/", "*.md"]),
    Setting(name: "an excluding pathspec", arguments: ["--", ":!*.txt"]),
    Setting(name: "--no-renames", arguments: ["--no-renames"]),
    Setting(
      name: "--no-renames over diff.renames=copies", config: ["diff.renames=copies"],
      arguments: ["--no-renames"]),
    Setting(name: "-M over diff.renames=false", config: ["diff.renames=false"], arguments: ["-M"]),
    Setting(name: "-M30%", arguments: ["-M30%"]),
    Setting(name: "-M60", arguments: ["-M60"]),
    Setting(name: "--find-renames=0.49", arguments: ["--find-renames=0.49"]),
    Setting(name: "-C", arguments: ["-C"]),
    Setting(name: "-C -C", arguments: ["-C", "-C"]),
    Setting(name: "--find-copies-harder", arguments: ["--find-copies-harder"]),
    Setting(name: "-C40%", arguments: ["-C40%"]),
    Setting(name: "--text", arguments: ["--text"]),
    Setting(name: "-a with a pathspec", arguments: ["-a", "--", "*.dat", "*.txt"]),
    Setting(name: "--diff-merges=first-parent", arguments: ["--diff-merges=first-parent"]),
    Setting(name: "--diff-merges=1", arguments: ["--diff-merges=1"]),
    Setting(name: "--diff-merges=separate", arguments: ["--diff-merges=separate"]),
    Setting(
      name: "--diff-merges=off after =separate",
      arguments: ["--diff-merges=separate", "--diff-merges=off"]),
    Setting(
      name: "--first-parent --diff-merges=off", arguments: ["--first-parent", "--diff-merges=off"]),
    Setting(name: "--diff-filter=A", arguments: ["--diff-filter=A"]),
    Setting(name: "--diff-filter=R", arguments: ["--diff-filter=R"]),
    Setting(name: "--diff-filter=C -C -C", arguments: ["--diff-filter=C", "-C", "-C"]),
    Setting(name: "--diff-filter=M", arguments: ["--diff-filter=M"]),
    Setting(name: "--diff-filter=D --no-renames", arguments: ["--diff-filter=D", "--no-renames"]),
    Setting(name: "--diff-filter=T", arguments: ["--diff-filter=T"]),
    Setting(name: "--diff-filter=R*", arguments: ["--diff-filter=R*"]),
    Setting(name: "--diff-filter=d", arguments: ["--diff-filter=d"]),
    Setting(name: "--diff-filter=Ad twice", arguments: ["--diff-filter=A", "--diff-filter=d"]),
    Setting(
      name: "--diff-filter=mr --first-parent", arguments: ["--diff-filter=mr", "--first-parent"]),
    Setting(
      name: "--diff-filter=AM with a pathspec", arguments: ["--diff-filter=AM", "--", "*.txt"]),
  ]

  @Test("every commit's lines and files equal git's", arguments: settings)
  func againstGit(_ setting: Setting) throws {
    let repository = try Self.makeRepository()
    for entry in setting.config {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      try repository.git(["config", parts[0], parts[1]])
    }
    let git = try Self.gitNumstat(repository, setting.arguments)
    let ours = try Self.ours(repository, ["--no-cache"] + setting.arguments)
    // A filter keeps a few commits; the settings of the whole diff many.
    #expect(git.count >= (setting.name.hasPrefix("--diff-filter") ? 1 : 5))
    #expect(Set(ours.keys) == Set(git.keys), "the same commits")
    for (commit, counts) in git {
      #expect(ours[commit] == counts, "\(commit): ours \(ours[commit] ?? []), git \(counts)")
    }
    // The renames really were at stake: git itself finds them by default.
    if setting.name == "git's defaults" {
      let summary = try repository.git(["log", "--format=", "--summary", "-M"])
      #expect(summary.contains("rename a50.txt => b50.txt (50%)"))
      #expect(summary.contains("rename a51.txt => b51.txt (51%)"))
      #expect(!summary.contains("a49.txt => b49.txt"))
    }
  }

  @Test("a second run takes every commit's lines from the cache, and counts the same")
  func cached() throws {
    let repository = try Self.makeRepository()
    let first = heatmap(
      ["--measure", "lines", "--format", "csv", "--since", "2023-01-01"], in: repository.path)
    #expect(first.status == 0, "\(first.stderr)")
    let cache = repository.path + "/.git/git-heatmap"
    let files = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(files.contains { $0.hasPrefix("lines-") && $0.hasSuffix(".cache") }, "\(files)")
    let second = heatmap(
      ["--measure", "lines", "--format", "csv", "--since", "2023-01-01"], in: repository.path,
      environment: ["GIT_HEATMAP_TIMING": "1"])
    #expect(second.stdout == first.stdout)
    // Another algorithm is another key: counted afresh, into a file of its own.
    try repository.git(["config", "diff.algorithm", "patience"])
    let third = heatmap(
      ["--measure", "lines", "--format", "csv", "--since", "2023-01-01"], in: repository.path)
    #expect(third.status == 0)
    let after = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(after.filter { $0.hasPrefix("lines-") }.count == 2, "\(after)")
  }

  @Test("a missing blob is git's 'unable to read', and a partial clone says how to get its files")
  func missingBlobs() throws {
    let repository = try TemporaryRepository()
    try repository.write("f.txt", "one\n")
    try repository.git(["add", "-A"])
    try repository.commit(date: "1700000000 +0000")
    try repository.write("f.txt", "one\ntwo\n")
    try repository.git(["add", "-A"])
    try repository.commit(date: "1700086400 +0000")
    let blob = try repository.git(["rev-parse", "HEAD~1:f.txt"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let object = repository.path + "/.git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"
    try FileManager.default.removeItem(atPath: object)
    let result = heatmap(
      ["--measure", "lines", "--no-cache", "--since", "2023-01-01"], in: repository.path)
    #expect(result.status == 1)
    #expect(result.stderr == "git-heatmap: unable to read \(blob)\n")
    #expect(result.stdout.isEmpty)

    // A clone that filtered its blobs out: git fetches them as it diffs; we say how.
    try repository.git(["config", "uploadpack.allowFilter", "true"])
    try repository.git(["checkout", "-q", "HEAD"])
    try repository.write("f.txt", "one\ntwo\nthree\n")
    try repository.git(["add", "-A"])
    try repository.git(["commit", "-q", "-m", "c"])
    let clone = repository.root.appendingPathComponent("partial").path
    try TemporaryRepository.run(
      "/usr/bin/git",
      ["clone", "-q", "--no-checkout", "--filter=blob:none", "file://" + repository.path, clone],
      in: repository.root.path, environment: repository.environment)
    let partial = heatmap(["--measure", "lines", "--no-cache", "--since", "2023-01-01"], in: clone)
    #expect(partial.status == 1)
    #expect(partial.stderr.hasPrefix("git-heatmap: unable to read "))
    #expect(partial.stderr.contains("this partial clone has not fetched"), "\(partial.stderr)")
    // Commits alone need no blob.
    #expect(heatmap(["--no-cache", "--since", "2023-01-01"], in: clone).status == 0)
  }

  @Test(
    "heatmap.measure sets the default, --measure wins, and a measure git-heatmap has not is refused"
  )
  func configured() throws {
    let repository = try TemporaryRepository()
    try repository.write("f.txt", "a\nb\n")
    try repository.git(["add", "-A"])
    try repository.commit(date: "1734900000 +0000")
    try repository.git(["config", "heatmap.measure", "insertions"])
    let configured = heatmap(["--format", "csv", "--no-cache"], in: repository.path)
    #expect(configured.status == 0)
    #expect(configured.stdout.hasPrefix("date,count,commits,insertions,deletions,assisted\n"))
    #expect(configured.stdout.contains("2024-12-22,2,1,2,0,0\n"), "\(configured.stdout)")
    let commits = heatmap(
      ["--format", "csv", "--no-cache", "--measure", "commits"], in: repository.path)
    #expect(
      commits.stdout.hasPrefix("date,count,assisted\n")
        && commits.stdout.contains("2024-12-22,1,0\n"))
    let bad = heatmap(["--measure", "words"], in: repository.path)
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "git-heatmap: invalid value 'words' for '--measure': expected commits, lines, insertions or deletions"
      ))
  }
}
