import Foundation
import GitActivity
import TestSupport
import Testing

/// The lines cache's key holds exactly what changes a commit's lines: a run that differs only in
/// what does not (its home, its folder, its output) reuses the cache file; one that differs in
/// what does (attributes, diff settings) makes its own, and counts as git does.
@Suite("The lines cache's key: what changes the counts, and nothing else")
struct LineCacheKeyTests {
  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    for index in 0..<6 {
      try repo.write("src/file\(index % 2).txt", (0...index).map { "line \($0)\n" }.joined())
      try repo.write("data.bin", "\(index)\n")
      try repo.git(["add", "-A"])
      try repo.commit(date: "\(1_704_196_800 + index * 86_400) +0000")
    }
    return repo
  }

  /// The lines cache files, by name, with each one's inode: a file written again is a new one
  /// (written whole, then renamed); one reused is only marked as used (its time, not its inode).
  static func caches(_ repo: TemporaryRepository) throws -> [String: Int] {
    let folder = repo.path + "/.git/git-heatmap"
    var found: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder)
    where name.hasPrefix("lines-") {
      let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      found[name] = (attributes[.systemFileNumber] as? NSNumber)?.intValue
    }
    return found
  }

  static let run = ["--measure", "lines", "--format", "csv", "--year", "2024"]

  @Test("a new HOME, XDG folders, another folder of the work tree or another output reuse it")
  func reused() throws {
    let repo = try Self.repository()
    let first = heatmap(Self.run, in: repo.path, environment: ["HOME": repo.root.path + "/h1"])
    #expect(first.status == 0)
    let written = try Self.caches(repo)
    #expect(written.count == 1)
    let homes = repo.root.appendingPathComponent("h2").path
    try FileManager.default.createDirectory(atPath: homes, withIntermediateDirectories: true)
    for (arguments, environment, folder) in [
      (Self.run, ["HOME": homes], repo.path),
      (
        Self.run,
        ["HOME": homes, "XDG_CONFIG_HOME": homes + "/config", "XDG_CACHE_HOME": homes + "/cache"],
        repo.path
      ),
      (Self.run, ["TZ": "Asia/Tokyo"], repo.path),
      (Self.run, [:], repo.path + "/src"),
      (["--measure", "lines", "--format", "json", "--weeks", "10"], [:], repo.path),
      (["--layout", "frequency", "--format", "csv"], [:], repo.path),
    ] {
      let again = heatmap(arguments, in: folder, environment: environment)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(try Self.caches(repo) == written, "\(arguments) \(environment) in \(folder)")
    }
    let home = heatmap(Self.run, in: repo.path, environment: ["HOME": homes])
    #expect(home.stdout == first.stdout)
  }

  @Test(
    "attributes and diff settings make a cache of their own, and the counts git gives",
    arguments: [
      ["attributes": "*.bin binary\n"], ["attributes": "*.txt -diff\n"],
      ["config": "diff.algorithm=patience"], ["config": "diff.renames=false"],
      ["config": "core.bigFileThreshold=1"], ["global attributes": "*.txt binary\n"],
      ["config": "log.showRoot=false"],
    ])
  func notReused(_ change: [String: String]) throws {
    let repo = try Self.repository()
    _ = heatmap(Self.run, in: repo.path)
    let before = try Self.caches(repo)
    var environment: [String: String] = [:]
    if let text = change["attributes"] {
      try repo.write(".gitattributes", text)
    }
    if let setting = change["config"] {
      let parts = setting.split(separator: "=").map(String.init)
      try repo.git(["config", parts[0], parts[1]])
    }
    if let text = change["global attributes"] {
      let home = repo.root.appendingPathComponent("home").path
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      try text.write(toFile: home + "/attributes", atomically: true, encoding: .utf8)
      try "[core]\n\tattributesFile = \(home)/attributes\n".write(
        toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
      environment = ["HOME": home, "GIT_CONFIG_GLOBAL": home + "/.gitconfig"]
    }
    let after = heatmap(Self.run, in: repo.path, environment: environment)
    #expect(after.status == 0, "\(after.stderr)")
    #expect(try Self.caches(repo).count == before.count + 1, "\(change)")
    // And the counts are git's with the same settings.
    let git = try TemporaryRepository.run(
      "/usr/bin/git", ["log", "--numstat", "--format="], in: repo.path,
      environment: repo.environment.merging(environment) { $1 })
    let added = git.split(separator: "\n").compactMap { Int($0.split(separator: "\t").first ?? "") }
      .reduce(0, +)
    let ours = after.stdout.split(separator: "\n").dropFirst().compactMap {
      // date,count,commits,insertions,…
      Int($0.split(separator: ",").dropFirst(3).first ?? "")
    }.reduce(0, +)
    #expect(ours == added, "\(change): ours \(ours), git \(added)")
  }
}
