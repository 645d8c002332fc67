import Foundation
import TestSupport
import Testing

/// Tight process limits, as a user's shell sets them: never a crash, a hang or a wrong count;
/// either the counts git gives, or one line that says what ran out and exit status 1.
@Suite("ulimit -v and ulimit -n", .serialized)
struct LimitsTests {
  static let window = ["--format", "csv", "--since", "2020-01-01", "--until", "2021-12-31"]

  static func repository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.importLine(
      (0..<20_000).map { index in
        TemporaryRepository.ImportedCommit(
          author: "P\(index % 97) <p\(index % 97)@example.com>", time: 1_600_000_000 + index * 3000,
          offset: "+0000", committer: "C <c@example.com>", message: "commit \(index)")
      })
    try repo.git(["repack", "-adq"])
    return repo
  }

  /// Runs the binary under `limit` (a `ulimit` option and value) in a shell; nil when under
  /// that limit it cannot even start (the dynamic loader or the Swift runtime's own start-up,
  /// before any of our code, fail: `--version` does not run).
  static func run(_ repo: TemporaryRepository, limit: String) throws -> ProcessResult? {
    func shell(_ arguments: [String]) throws -> ProcessResult {
      try runBinary(
        ["-c", "ulimit \(limit) || exit 99; exec \"$0\" \"$@\"", try builtExecutable()]
          + arguments, in: repo.path, environment: repo.environment, shell: true)
    }
    let starts = try shell(["--version"])
    guard starts.reason == .exit, starts.status == 0 else { return nil }
    return try shell(window + ["--no-cache"])
  }

  static func check(_ result: ProcessResult?, _ limit: String, expected: [String: Int]) {
    guard let result else { return }
    #expect(result.reason == .exit, "\(limit): killed by signal \(result.status)")
    if result.status == 0 {
      let counted = nonZeroDays(String(decoding: result.stdout, as: UTF8.self))
      #expect(counted == expected, "\(limit): \(counted.count) days, git \(expected.count)")
    } else {
      #expect(result.status == 1, "\(limit): \(result.stderr)")
      let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
      #expect(last.hasPrefix("git-heatmap: "), "\(limit): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(limit)")
    }
  }

  /// One history of 20,000 commits in one pack, built once for both limits (they only read it).
  @Test("address space from 60 to 300 MB, open files from 3 to 12")
  func limits() throws {
    let repo = try Self.repository()
    let expected = try repo.gitDays(["--since", "2020-01-01", "--until", "2021-12-31 23:59:59"])
    for megabytes in stride(from: 60, through: 300, by: 40) {
      let limit = "-v \(megabytes * 1024)"
      Self.check(try Self.run(repo, limit: limit), limit, expected: expected)
    }
    for count in 3...12 {
      let limit = "-n \(count)"
      Self.check(try Self.run(repo, limit: limit), limit, expected: expected)
    }
  }
}
