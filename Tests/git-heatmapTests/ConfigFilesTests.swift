import Foundation
import TestSupport
import Testing

/// The configuration files git reads, as git's environment names them, seen through `--me`
/// (`user.email`) and compared with what `git config` itself reads. These run the built binary:
/// libgit2 reads `HOME` from the process, so each run has its own.
@Suite("GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM and GIT_CONFIG_NOSYSTEM as git reads them")
struct ConfigFilesTests {
  static let year = ["--format", "csv", "--year", "2024", "--me"]

  /// Ada's commit on 2 January 2024, Grace's on the 3rd, and a file of each one's email in
  /// the repository's folder: `ada.gitconfig`, `grace.gitconfig`.
  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000", author: "Ada", email: "ada@example.com")
    try repo.commit(date: "1704283200 +0000", author: "Grace", email: "grace@example.com")
    for name in ["ada", "grace"] {
      try "[user]\n\temail = \(name)@example.com\n".write(
        toFile: repo.root.path + "/\(name).gitconfig", atomically: true, encoding: .utf8)
    }
    return repo
  }

  @Test("each variable, alone and together, picks the files git picks")
  func files() throws {
    let repo = try Self.repository()
    let home = repo.root.path
    try FileManager.default.copyItem(
      atPath: home + "/grace.gitconfig", toPath: home + "/.gitconfig")
    let other = home + "/ada.gitconfig"
    var base = repo.environment
    base["GIT_CONFIG_GLOBAL"] = nil
    base["GIT_CONFIG_NOSYSTEM"] = "1"
    let cases: [[String: String]] = [
      [:], ["GIT_CONFIG_GLOBAL": other], ["GIT_CONFIG_GLOBAL": "/dev/null"],
      ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_SYSTEM": other, "GIT_CONFIG_NOSYSTEM": "0"],
      ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_SYSTEM": other],
    ]
    for extra in cases {
      let environment = base.merging(extra) { $1 }
      let email = try? TemporaryRepository.run(
        "/usr/bin/git", ["config", "user.email"], in: repo.path, environment: environment
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      let result = try runBinary(Self.year, in: repo.path, environment: environment)
      let output = String(decoding: result.stdout, as: UTF8.self)
      switch email {
      case "ada@example.com"?:
        #expect(nonZeroDays(output) == ["2024-01-02": 1], "\(extra): \(result.stderr)")
      case "grace@example.com"?:
        #expect(nonZeroDays(output) == ["2024-01-03": 1], "\(extra): \(result.stderr)")
      default:
        #expect(result.status != 0, "\(extra): git has no user.email; \(output)")
      }
    }
  }

  @Test("include.path and includeIf in the file GIT_CONFIG_GLOBAL names, as git follows them")
  func includes() throws {
    let repo = try Self.repository()
    let home = repo.root.path
    let global = home + "/global.gitconfig"
    let files = [
      "[include]\n\tpath = ada.gitconfig\n",
      "[includeIf \"gitdir:\(repo.path)/\"]\n\tpath = grace.gitconfig\n",
      "[includeIf \"gitdir:/elsewhere/\"]\n\tpath = grace.gitconfig\n[include]\n\tpath = ada.gitconfig\n",
      "[includeIf \"onbranch:main\"]\n\tpath = grace.gitconfig\n",
    ]
    for file in files {
      try file.write(toFile: global, atomically: true, encoding: .utf8)
      var environment = repo.environment
      environment["GIT_CONFIG_GLOBAL"] = global
      let email = try TemporaryRepository.run(
        "/usr/bin/git", ["config", "user.email"], in: repo.path, environment: environment
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      let result = try runBinary(Self.year, in: repo.path, environment: environment)
      let day = email == "ada@example.com" ? "2024-01-02" : "2024-01-03"
      #expect(
        nonZeroDays(String(decoding: result.stdout, as: UTF8.self)) == [day: 1],
        "\(file.debugDescription): git reads \(email); \(result.stderr)")
    }
  }
}
