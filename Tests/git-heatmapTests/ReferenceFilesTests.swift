import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// `--all` reads the refs' own files (packed-refs and loose refs) where they are plain, and
/// counts exactly what `git log --all` counts: a loose ref over its packed copy, symbolic refs
/// followed, broken ones and refs to trees passed over, a packed-refs file out of order.
@Suite("Refs read from their files, as git log --all reads them")
struct ReferenceFilesTests {
  static let window = ["--format", "csv", "--since", "2020-01-01", "--until", "2025-12-31"]

  @Test("packed and loose refs, symbolic, broken and tree refs, an unsorted packed-refs")
  func asGitReadsThem() throws {
    let repo = try TemporaryRepository()
    var ids: [String] = []
    for day in 0..<12 {
      if day == 4 { try repo.git(["checkout", "-q", "-b", "side"]) }
      if day == 8 { try repo.git(["checkout", "-q", "--orphan", "lonely"]) }
      ids.append(try repo.commit(date: "\(1_700_000_000 + day * 86_400) +0000"))
    }
    try repo.git(["checkout", "-q", "main"])
    for (index, id) in ids.enumerated() {
      try repo.git(
        ["tag", index % 2 == 0 ? "v\(index)" : "light\(index)"]
          + (index % 2 == 0 ? ["-m", "t", id] : [id]))
    }
    let tree = try repo.emptyTree()
    try repo.git(["tag", "tree-tag", tree])
    try repo.git(["pack-refs", "--all"])
    func expectGit(_ label: String) throws {
      for arguments in [
        ["--all"], ["--branches"], ["--tags"], ["--glob=refs/tags/v*"],
        ["--exclude=refs/tags/light*", "--all"],
      ] {
        let expected = try repo.gitDays(arguments)
        let result = heatmap(Self.window + arguments, in: repo.path)
        #expect(result.status == 0, "\(label) \(arguments): \(result.stderr)")
        #expect(nonZeroDays(result.stdout) == expected, "\(label) \(arguments)")
      }
    }
    try expectGit("packed")
    // A loose ref over its packed copy (the packed one names another commit).
    try repo.git(["update-ref", "refs/heads/side", ids[1]])
    // A symbolic ref to a branch, and one to nothing.
    try "ref: refs/heads/lonely\n".write(
      toFile: repo.path + "/.git/refs/heads/follow", atomically: true, encoding: .utf8)
    try "ref: refs/heads/nowhere\n".write(
      toFile: repo.path + "/.git/refs/heads/broken", atomically: true, encoding: .utf8)
    try expectGit("loose")
    // A packed-refs file out of order (hand-edited): its lines reversed under a header that no
    // longer claims the `sorted` trait (git trusts the trait, and would merge wrongly).
    let packedPath = repo.path + "/.git/packed-refs"
    let packed = try String(contentsOfFile: packedPath, encoding: .utf8)
    let lines = packed.split(separator: "\n")
    var records: [[Substring]] = []
    for line in lines.dropFirst() {
      if line.hasPrefix("^") {
        records[records.count - 1].append(line)
      } else {
        records.append([line])
      }
    }
    let header = lines[0].replacingOccurrences(of: " sorted", with: "")
    let reordered =
      ([Substring(header)] + records.reversed().flatMap { $0 }).joined(separator: "\n") + "\n"
    try reordered.write(toFile: packedPath, atomically: true, encoding: .utf8)
    try expectGit("unsorted")
  }
}
