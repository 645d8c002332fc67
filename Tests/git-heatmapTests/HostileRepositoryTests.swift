import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// Repositories that strangers could hand us. Each gives the right counts or a one-line error
/// naming the object; none crashes, hangs or exhausts memory.
@Suite("Hostile repositories", .timeLimit(.minutes(2)))
struct HostileRepositoryTests {
  static let everything = [
    "--format", "csv", "--since", "1970-01-01", "--until", "2030-12-31", "--no-cache",
  ]

  /// Checks a run against git log, or for a one-line error that names `object`.
  static func expectCountsOrError(
    _ result: RunResult, repo: TemporaryRepository, naming object: String? = nil,
    arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    if result.status == 0 {
      #expect(
        nonZeroDays(result.stdout) == (try repo.gitDays(arguments)), sourceLocation: sourceLocation)
    } else {
      #expect(result.status == 1, sourceLocation: sourceLocation)
      #expect(
        result.stderr.split(separator: "\n").count == 1, "\(result.stderr)",
        sourceLocation: sourceLocation)
      if let object {
        #expect(result.stderr.contains(object), "\(result.stderr)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test(
    "a commit header with each field malformed in turn",
    arguments: [
      "tree zzz\nauthor A <a@x> 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\n",
      "tree T\nparent 12345\nauthor A <a@x> 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\n",
      "tree T\nparent PARENT garbage\nauthor A <a@x> 1704196800 +0000\n",
      "tree T\nauthor A a@x 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\n",
      "tree T\nauthor A <a@x> notanumber +0000\ncommitter C <c@x> 1704196800 +0000\n",
      "tree T\nauthor A <a@x> 1704196800 +zz\ncommitter C <c@x> 1704196800 +0000\n",
      "tree T\nauthor A <a@x> 1704196800 +0000\ncommitter C <c@x\n",
      "tree T\nauthor A <a@x> 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\nencoding \u{1}\u{2}nonsense\n",
      "tree T\nauthor \u{0}A <a@x> 1704196800 +0000\n",
      "",
    ])
  func malformedHeaders(header: String) throws {
    let repo = try TemporaryRepository()
    let base = try repo.commit(date: "1704110400 +0000")
    let text = header.replacingOccurrences(of: "tree T", with: "tree \(try repo.emptyTree())")
      .replacingOccurrences(of: "PARENT", with: base)
    let bad = try repo.writeRawCommit(Data((text + "\nmessage\n").utf8))
    // The bad commit on top of a good one, so that its parents matter too. git update-ref
    // would refuse it, so the ref is written by hand.
    try (bad + "\n").write(
      toFile: repo.path + "/.git/refs/heads/main", atomically: true, encoding: .utf8)
    let result = heatmap(Self.everything, in: repo.path)
    // git log itself may refuse some of these; then so may we, naming the commit.
    if (try? repo.git(["log", "--format=%H"])) == nil {
      #expect(
        result.status != 0 || result.stderr.contains(bad)
          || nonZeroDays(result.stdout).values.reduce(0, +) <= 2)
    } else {
      try Self.expectCountsOrError(result, repo: repo, naming: bad)
    }
  }

  @Test("a corrupt loose object and a truncated pack: one line naming the commit")
  func corruptObjects() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704110400 +0000")
    let head = try repo.commit(date: "1704196800 +0000")
    let path = repo.path + "/.git/objects/" + head.prefix(2) + "/" + head.dropFirst(2)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    try Data("not a zlib stream at all".utf8).write(to: URL(fileURLWithPath: path))
    let loose = heatmap(Self.everything, in: repo.path)
    #expect(loose.status == 1)
    #expect(loose.stderr.hasPrefix("git-heatmap: cannot read commit \(head)"))
    #expect(loose.stderr.split(separator: "\n").count == 1)

    let packed = try TemporaryRepository()
    for index in 0..<20 { try packed.commit(date: "\(1704110400 + index * 86_400) +0000") }
    try packed.git(["gc", "-q"])
    let packs = try FileManager.default.contentsOfDirectory(
      atPath: packed.path + "/.git/objects/pack"
    ).filter { $0.hasSuffix(".pack") }
    let pack = packed.path + "/.git/objects/pack/" + (try #require(packs.first))
    var bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
    // Damage the middle of the pack, where the commits' compressed bytes are.
    for offset in stride(from: 40, to: min(bytes.count - 20, 400), by: 3) { bytes[offset] ^= 0x5A }
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pack)
    try bytes.write(to: URL(fileURLWithPath: pack))
    let result = heatmap(Self.everything, in: packed.path)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("git-heatmap: "))
    #expect(result.stderr.contains("commit "))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("a missing parent (not shallow) is named")
  func missingParent() throws {
    let repo = try TemporaryRepository()
    let ghost = String(repeating: "ab", count: 20)
    let text =
      "tree \(try repo.emptyTree())\nparent \(ghost)\nauthor A <a@x> 1704196800 +0000\ncommitter C <c@x> 1704196800 +0000\n\nm\n"
    let orphan = try repo.writeRawCommit(Data(text.utf8))
    try (orphan + "\n").write(
      toFile: repo.path + "/.git/refs/heads/main", atomically: true, encoding: .utf8)
    let result = heatmap(Self.everything, in: repo.path)
    #expect(result.status == 1)
    #expect(result.stderr == "git-heatmap: commit \(ghost) is missing from the repository\n")
  }

  @Test("tags of tags are peeled; a cycle of symbolic refs is passed over by --all")
  func tagsAndCycles() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704110400 +0000")
    try repo.git(["tag", "-a", "-m", "one", "v1"])
    try repo.git(["tag", "-a", "-m", "two", "v1-again", "v1"])
    try repo.git(["tag", "-a", "-m", "three", "v1-thrice", "v1-again"])
    try repo.git(["checkout", "-q", "-b", "other"])
    try repo.commit(date: "1704196800 +0000")
    try repo.git(["checkout", "-q", "main"])
    try repo.git(["symbolic-ref", "refs/heads/loop-a", "refs/heads/loop-b"])
    try repo.git(["symbolic-ref", "refs/heads/loop-b", "refs/heads/loop-a"])
    let tag = heatmap(Self.everything + ["v1-thrice"], in: repo.path)
    #expect(nonZeroDays(tag.stdout) == ["2024-01-01": 1])
    let all = heatmap(Self.everything + ["--all"], in: repo.path)
    #expect(all.status == 0, "\(all.stderr)")
    #expect(nonZeroDays(all.stdout) == ["2024-01-01": 1, "2024-01-02": 1])
    let cycle = heatmap(Self.everything + ["loop-a", "--"], in: repo.path)
    #expect(cycle.status == 1)
    #expect(cycle.stderr == "git-heatmap: unknown revision 'loop-a'\n")
  }

  @Test("a 50,000-commit linear history and a 2,000-parent octopus merge")
  func bigShapes() throws {
    let repo = try TemporaryRepository()
    try repo.importLine(
      (1...50_000).map { index in
        TemporaryRepository.ImportedCommit(
          author: "Dev \(index % 97) <dev\(index % 97)@x>", time: 1_500_000_000 + index * 3_000,
          offset: "+0\(index % 10)00")
      })
    let linear = heatmap(Self.everything, in: repo.path)
    #expect(linear.status == 0)
    #expect(nonZeroDays(linear.stdout) == (try repo.gitDays()))

    let octopus = try TemporaryRepository()
    let tree = try octopus.emptyTree()
    var parents: [String] = []
    var batch = ""
    for index in 0..<2_000 {
      batch +=
        "commit refs/heads/b\(index)\nauthor B <b@x> \(1_700_000_000 + index * 60) +0000\ncommitter C <c@x> \(1_700_000_000 + index * 60) +0000\ndata 2\nb\n\n"
    }
    try octopus.git(["fast-import", "--quiet"], input: Data(batch.utf8))
    parents = try octopus.git(["for-each-ref", "--format=%(objectname)", "refs/heads/"]).split(
      separator: "\n"
    ).map(String.init)
    #expect(parents.count == 2_000)
    let merge =
      "tree \(tree)\n" + parents.map { "parent \($0)\n" }.joined()
      + "author O <o@x> 1710000000 +0000\ncommitter O <o@x> 1710000000 +0000\n\noctopus\n"
    let head = try octopus.writeRawCommit(Data(merge.utf8))
    try octopus.git(["update-ref", "refs/heads/main", head])
    for extra in [[], ["--no-merges"], ["--first-parent"]] {
      let result = heatmap(Self.everything + extra, in: octopus.path)
      #expect(result.status == 0)
      #expect(nonZeroDays(result.stdout) == (try octopus.gitDays(extra)), "\(extra)")
    }
  }

  @Test("a .mailmap of 100,000 lines gives git shortlog's identities")
  func hugeMailmap() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704110400 +0000", author: "Old Name", email: "old@x")
    try repo.commit(date: "1704196800 +0000", author: "Other", email: "other@x")
    var lines = (0..<99_998).map { "Person \($0) <p\($0)@x> <alias\($0)@x>" }
    lines.append("New Name <new@x> <OLD@x>")
    lines.append("# the end")
    try lines.joined(separator: "\n").write(
      toFile: repo.path + "/.mailmap", atomically: true, encoding: .utf8)
    let result = heatmap(
      ["--format", "json", "--since", "2024-01-01", "--until", "2024-01-31"], in: repo.path)
    #expect(
      result.stdout.contains(
        "{\"name\": \"New Name\", \"email\": \"new@x\", \"commits\": 1, \"kind\": \"person\"")
    )
    #expect(try repo.git(["shortlog", "-sne", "HEAD"]).contains("New Name <new@x>"))
  }

  @Test("a ref name with shell metacharacters is only ever a name")
  func shellMetacharacters() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704110400 +0000")
    let name = "x$(touch${IFS}pwned);y|z&w`id`'\"<>"
    try repo.git(["branch", name])
    let result = heatmap(Self.everything + [name], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == ["2024-01-01": 1])
    #expect(!FileManager.default.fileExists(atPath: repo.path + "/pwned"))
    // Control characters never reach the terminal, in either of git's messages.
    let unknown = heatmap(Self.everything + ["nope$(id)\u{1B}]0;x\u{07}", "--"], in: repo.path)
    #expect(unknown.stderr == "git-heatmap: unknown revision 'nope$(id)<U+001B>]0;x<U+0007>'\n")
    let ambiguous = heatmap(Self.everything + ["nope$(id)\u{1B}]0;x\u{07}"], in: repo.path)
    #expect(
      ambiguous.stderr
        == "git-heatmap: ambiguous argument 'nope$(id)<U+001B>]0;x<U+0007>': unknown revision or path not in the working tree; use '--' to separate paths from revisions\n"
    )
  }
}
