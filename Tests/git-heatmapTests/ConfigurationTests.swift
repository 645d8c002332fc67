import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

@Suite("heatmap.* values are defaults, not flags")
struct ConfigurationTests {
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.git(["config", "user.email", "ada@example.com"])
    try repo.commit(date: "1704196800 +0000", author: "Ada", email: "ada@example.com")
    try repo.commit(date: "1704283200 +0000", author: "Grace", email: "grace@example.com")
    return repo
  }

  static let year = ["--format", "csv", "--year", "2024"]

  @Test("a key of another mode is used when that mode runs and ignored otherwise")
  func modeKeys() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.top", "1"])
    try repo.git(["config", "heatmap.sort", "name"])
    let plain = heatmap(Self.year, in: repo.path)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(nonZeroDays(plain.stdout) == ["2024-01-02": 1, "2024-01-03": 1])
    let byAuthor = heatmap(Self.year + ["--by-author", "--format", "json"], in: repo.path)
    #expect(byAuthor.status == 0, "\(byAuthor.stderr)")
    #expect(byAuthor.stdout.contains("\"days\""))
    let table = heatmap(["--year", "2024", "--authors", "--format", "csv"], in: repo.path)
    // heatmap.top applies to the table too (--top goes with --authors), sorted by name.
    #expect(table.stdout.split(separator: "\n").dropFirst().map { $0.prefix(3) } == ["Ada"])
    // On the command line the same option alone is still a usage error.
    #expect(heatmap(Self.year + ["--top", "1"], in: repo.path).status == 64)
  }

  @Test("a configured window gives way to any window option on the command line")
  func windowKeys() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.weeks", "4"])
    for window in [["--year", "2024"], ["--since", "2024-01-01"], ["--until", "2024-01-31"]] {
      let result = heatmap(["--format", "csv"] + window, in: repo.path)
      #expect(result.status == 0, "\(window): \(result.stderr)")
    }
    // --end goes with it: four weeks ending there.
    let ending = heatmap(["--format", "csv", "--end", "2024-01-03"], in: repo.path)
    let endingRows: Int = ending.stdout.split(separator: "\n").count - 1
    #expect(endingRows == 25)  // three weeks and 2024-01-03's four days, Sunday to Wednesday
    // Alone, it sets the window: four weeks ending today.
    let alone = heatmap(["--format", "csv"], in: repo.path)
    let rows: Int = alone.stdout.split(separator: "\n").count - 1
    #expect(rows == 24)  // three weeks and three days: today is a Tuesday
    let bad = heatmap(["--format", "csv", "--no-config"], in: repo.path)
    #expect(bad.status == 0)
  }

  @Test("--author and --me replace heatmap.author; --no-config ignores every key")
  func authorKey() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.author", "grace"])
    #expect(nonZeroDays(heatmap(Self.year, in: repo.path).stdout) == ["2024-01-03": 1])
    #expect(
      nonZeroDays(heatmap(Self.year + ["--author", "ada"], in: repo.path).stdout)
        == ["2024-01-02": 1])
    #expect(nonZeroDays(heatmap(Self.year + ["--me"], in: repo.path).stdout) == ["2024-01-02": 1])
    #expect(nonZeroDays(heatmap(Self.year + ["--no-config"], in: repo.path).stdout).count == 2)
  }

  @Test(
    "a bad configured value names the key, not the flag",
    arguments: [
      ("heatmap.weeks", "abc", "expected a whole number from 1 to 530"),
      ("heatmap.cellSize", "99", "expected a number from 4 to 40"),
      ("heatmap.top", "0", "expected a whole number from 1 to 1000"),
    ])
  func badValues(key: String, value: String, expected: String) throws {
    let repo = try Self.repository()
    try repo.git(["config", key, value])
    let arguments = key == "heatmap.top" ? ["--by-author"] : ["--format", "svg"]
    let result = heatmap(arguments, in: repo.path)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "git-heatmap: invalid value '\(value)' for '\(key)' in git config: \(expected)\nsee 'git-heatmap --help'\n"
    )
  }

  @Test("git -c key=value heatmap: through git itself, above every file, for every key we read")
  func gitDashC() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.weeks", "30"])
    var environment = repo.environment
    let binaries = URL(fileURLWithPath: try builtExecutable()).deletingLastPathComponent().path
    environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    func run(_ command: String) throws -> String {
      try TemporaryRepository.run(
        "/bin/bash", ["-c", command], in: repo.path, environment: environment)
    }
    // heatmap.weeks from -c beats the repository's file: two weeks ending 2024-01-03.
    let csv = try run("git -c heatmap.weeks=2 heatmap --format csv --end 2024-01-03")
    let rows: Int = csv.split(separator: "\n").count - 1
    #expect(rows == 11)  // a week and 2024-01-03's four days
    // user.email for --me, and a value with a quote and a space in it.
    let me = try run("git -c user.email=grace@example.com heatmap --me --year 2024 --format csv")
    #expect(nonZeroDays(me) == ["2024-01-03": 1])
    let quoted = try run(
      "git -c \"heatmap.author=it's a name\" heatmap --year 2024 --format csv || true")
    #expect(nonZeroDays(quoted).isEmpty)
    // The other form git uses, GIT_CONFIG_COUNT/KEY/VALUE, read in-process.
    let counted = heatmap(
      ["--year", "2024", "--format", "csv"], in: repo.path,
      environment: [
        "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "heatmap.Author",
        "GIT_CONFIG_VALUE_0": "ada",
      ])
    #expect(nonZeroDays(counted.stdout) == ["2024-01-02": 1])
    let bogus = heatmap(
      ["--year", "2024"], in: repo.path, environment: ["GIT_CONFIG_PARAMETERS": "'unclosed"])
    #expect(bogus.status == 1)
    #expect(bogus.stderr == "git-heatmap: bogus format in GIT_CONFIG_PARAMETERS\n")
  }

  @Test(
    "GIT_CONFIG_PARAMETERS in both of git's forms",
    arguments: [
      ("'heatmap.weeks=3'", [("heatmap.weeks", "3")]),
      ("'heatmap.weeks'='3' 'user.email'='a b'", [("heatmap.weeks", "3"), ("user.email", "a b")]),
      ("'Heatmap.Sub.Key'='it'\\''s'", [("heatmap.Sub.key", "it's")]),
      ("'core.bare'", [("core.bare", nil)]),
    ] as [(String, [(String, String?)])])
  func parameters(text: String, expected: [(String, String?)]) throws {
    let config = try CommandLineConfig(environment: ["GIT_CONFIG_PARAMETERS": text])
    #expect(config.entries.map(\.name) == expected.map(\.0))
    #expect(config.entries.map(\.value) == expected.map(\.1))
  }

  @Test(
    "GIT_CONFIG_PARAMETERS as git writes it is read back quote by quote, whatever character comes before a quote",
    arguments: ["x\u{0601}'y", "\u{0601}", "a\u{0301}'b", "'\u{0601}'", "=\u{0301}'"])
  func parametersFromGit(value: String) throws {
    // U+0601 is a prepend mark, one Swift character with the quote after it; U+0301 joins the
    // `=` or quote before it. git reads bytes; it writes the alias's `!` as `'\!'` and a key
    // alone as `'key'=`.
    let repo = try TemporaryRepository()
    let parameters = try repo.git([
      "-c", "alias.parameters=!printf %s \"$GIT_CONFIG_PARAMETERS\"", "-c",
      "heatmap.author=" + value,
      "-c", "heatmap.weeks", "parameters",
    ])
    let config = try CommandLineConfig(environment: ["GIT_CONFIG_PARAMETERS": parameters])
    #expect(config.value(of: "heatmap.author") == .some(value), "\(parameters)")
    #expect(config.value(of: "heatmap.weeks") == .some(nil), "\(parameters)")
  }
}
