// This file imports GitActivity without @testable: it compiles only against the public API, as
// a Swift app's code does.
import Foundation
import GitActivity
import TestSupport
import Testing

/// A `-P` pattern PCRE2 cannot finish matching (its match limit reached): git dies with
/// `pcre2_jit_match failed with error code -47: match limit exceeded`, so the read that meets
/// one throws those words, and only that read: another read at the same time, in the same
/// process, counts what git counts.
@Suite("A -P match PCRE2 cannot finish fails its own read, no other")
struct PatternFailureTests {
  static let today = Day(year: 2024, month: 12, day: 24)
  /// Forty `a`s and a `!`: `^(a+)+$` backtracks through 2^40 ways to split them.
  static let runaway = String(repeating: "a", count: 40) + "!"

  /// A repository of three commits, one whose message and author are `runaway`.
  static func repository() throws -> (TemporaryRepository, Repository) {
    let repo = try TemporaryRepository()
    try repo.commit("alpha", date: "1710000000 +0000")
    try repo.commit(runaway, date: "1710100000 +0000", author: runaway, email: "a@x")
    try repo.commit("another", date: "1710200000 +0000")
    let repository = try Repository.discover(from: repo.path, environment: Tools.gitEnvironment)
    return (repo, repository)
  }

  /// A request for the year of the commits, with a `-P` `--grep` or `--author` of `pattern`.
  static func request(grep: String? = nil, author: String? = nil) -> ActivityRequest {
    var request = ActivityRequest()
    request.window.since = DateExpression(parsing: "2024-01-01")
    request.cache = CachePolicy(isEnabled: false)
    if let grep {
      request.messageFilter.patterns = [grep]
      request.messageFilter.syntax = .perl
    }
    if let author {
      request.options.filter = AuthorFilter(patterns: [author])
      request.options.filter.syntax = .perl
    }
    return request
  }

  /// The words a failed read threw, or nil when it did not fail that way.
  static func failure(_ repository: Repository, _ request: ActivityRequest) -> String? {
    do {
      _ = try repository.activityReport(request, today: today)
      return nil
    } catch {
      guard case .git(let error) = error else { return "\(error)" }
      return error.message
    }
  }

  /// What each read gave, by its number, kept under a lock.
  final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String]
    init(count: Int) { values = Array(repeating: "", count: count) }
    func record(_ index: Int, _ value: String) { lock.withLock { values[index] = value } }
    subscript(index: Int) -> String { lock.withLock { values[index] } }
  }

  static let words = [
    "pcre2_jit_match failed with error code -47: match limit exceeded",
    "pcre2_match failed with error code -47: match limit exceeded",
  ]

  @Test("--grep and --author that PCRE2 cannot finish throw git's words; git log dies too")
  func ownRead() throws {
    let (repo, repository) = try Self.repository()
    #expect(throws: (any Error).self) { try repo.git(["log", "-P", "--grep=^(a+)+$"]) }
    let grep = Self.failure(repository, Self.request(grep: "^(a+)+$"))
    #expect(grep.map(Self.words.contains) == true, "\(grep ?? "no failure")")
    let author = Self.failure(repository, Self.request(author: "^(a+)+$"))
    #expect(author.map(Self.words.contains) == true, "\(author ?? "no failure")")
    // A pattern that finishes counts as git log counts.
    let report = try repository.activityReport(Self.request(grep: "^al"), today: Self.today)
    let logged = try repo.git(["log", "-P", "--grep=^al", "--format=%H"])
    #expect(report.activity.commitTotal == logged.split(separator: "\n").count)
    #expect(report.activity.commitTotal == 1)
  }

  @Test("reads beside a failing one, at the same time, count what git counts")
  func otherReads() throws {
    let (repo, repository) = try Self.repository()
    defer { withExtendedLifetime(repo) {} }
    let outcomes = Outcomes(count: 16)
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      if index % 2 == 0 {
        outcomes.record(index, Self.failure(repository, Self.request(grep: "^(a+)+$")) ?? "none")
      } else {
        let total = try? repository.activityReport(
          Self.request(grep: "^(alpha|another)$"), today: Self.today
        ).activity.commitTotal
        outcomes.record(index, total.map { "\($0)" } ?? "threw")
      }
    }
    for index in 0..<16 {
      #expect(
        index % 2 == 0
          ? Self.words.contains(outcomes[index]) : outcomes[index] == "2",
        "read \(index): \(outcomes[index])")
    }
  }
}
