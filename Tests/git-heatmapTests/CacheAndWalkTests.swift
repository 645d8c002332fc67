import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

@Suite("Every path gives a full walk's counts: cold, windowed, cached, updated, rewritten")
struct CacheAndWalkTests {
  static let everything = ["--format", "csv", "--since", "2020-01-01", "--until", "2025-12-31"]

  static func cacheFile(_ repo: TemporaryRepository) -> String {
    repo.path + "/.git/git-heatmap/history.cache"
  }

  /// Two branches, merges, and commits across five years.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var time: Int64 = 1_580_000_000
    for index in 0..<60 {
      time += Int64(86_400 * (index % 7 + 10))
      try repo.commit(
        date: "\(time) +0\(index % 10)00", author: "A\(index % 4)", email: "a\(index % 4)@x")
      if index % 15 == 7 {
        try repo.git(["checkout", "-q", "-b", "topic\(index)"])
        try repo.commit(date: "\(time + 3_600) -0500", author: "Topic", email: "t@x")
        try repo.git(["checkout", "-q", "main"])
        try repo.git(
          ["merge", "-q", "--no-ff", "-m", "merge", "topic\(index)"],
          environment: [
            "GIT_AUTHOR_DATE": "\(time + 7_200) +0000",
            "GIT_COMMITTER_DATE": "\(time + 7_200) +0000",
          ])
      }
    }
    return repo
  }

  @Test("cold, cached, windowed and updated runs equal git log and each other")
  func paths() throws {
    let repo = try Self.repository()
    let expected = try repo.gitDays(["--all"])
    let cold = heatmap(Self.everything + ["--all", "--no-cache"], in: repo.path)
    #expect(nonZeroDays(cold.stdout) == expected)
    #expect(!FileManager.default.fileExists(atPath: Self.cacheFile(repo)))

    // A windowed run fills the cache with the last year only.
    let window = ["--format", "csv", "--since", "2024-01-01", "--until", "2025-12-31", "--all"]
    let windowed = heatmap(window, in: repo.path)
    #expect(windowed.stdout == heatmap(window + ["--no-cache"], in: repo.path).stdout)
    let partial = try #require(
      HistoryCache.load(from: .init(commonDirectory: repo.path + "/.git", fallbackDirectory: nil)))
    #expect(partial.count > 0 && partial.count < 70)

    // A full run reads the rest and stops at the cached commits; then a warm repeat.
    let first = heatmap(Self.everything + ["--all"], in: repo.path)
    let warm = heatmap(Self.everything + ["--all"], in: repo.path)
    #expect(first.stdout == cold.stdout)
    #expect(warm.stdout == cold.stdout)
    let full = try #require(
      HistoryCache.load(from: .init(commonDirectory: repo.path + "/.git", fallbackDirectory: nil)))
    #expect(
      full.count
        == Int(
          try repo.git(["rev-list", "--all", "--count"]).trimmingCharacters(
            in: .whitespacesAndNewlines)))

    // New commits: only they are read, and the counts follow.
    try repo.commit(date: "1735000000 +0000")
    try repo.commit(date: "1735100000 +0000")
    let updated = heatmap(Self.everything + ["--all"], in: repo.path)
    #expect(nonZeroDays(updated.stdout) == (try repo.gitDays(["--all"])))
    #expect(
      updated.stdout == heatmap(Self.everything + ["--all", "--no-cache"], in: repo.path).stdout)

    // Ranges and first-parent through the cache.
    for extra in [["--first-parent"], ["topic7..main"], ["--no-merges"]] {
      #expect(
        heatmap(Self.everything + extra, in: repo.path).stdout
          == heatmap(Self.everything + extra + ["--no-cache"], in: repo.path).stdout, "\(extra)")
      #expect(
        nonZeroDays(heatmap(Self.everything + extra, in: repo.path).stdout)
          == (try repo.gitDays(extra)))
    }
  }

  @Test("a rewritten history (amend, reset, rebase, gc) never leaves stale counts")
  func rewrittenHistory() throws {
    let repo = try Self.repository()
    _ = heatmap(Self.everything, in: repo.path)
    try repo.git(["reset", "-q", "--hard", "HEAD~5"])
    try repo.git(
      ["commit", "-q", "--amend", "--allow-empty", "-m", "amended"],
      environment: [
        "GIT_AUTHOR_DATE": "1600000000 +0000", "GIT_COMMITTER_DATE": "1600000000 +0000",
      ])
    try repo.git(["reflog", "expire", "--expire=now", "--all"])
    try repo.git(["gc", "-q", "--prune=now"])
    let result = heatmap(Self.everything, in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == (try repo.gitDays()))
    #expect(result.stdout == heatmap(Self.everything + ["--no-cache"], in: repo.path).stdout)
  }

  @Test("a missing, truncated, corrupt or foreign cache is ignored and rebuilt", arguments: 0..<5)
  func badCaches(damage: Int) throws {
    let repo = try Self.repository()
    let expected = heatmap(Self.everything + ["--no-cache"], in: repo.path).stdout
    _ = heatmap(Self.everything, in: repo.path)
    let path = Self.cacheFile(repo)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    switch damage {
    case 0: bytes = Array(bytes.prefix(bytes.count / 2))
    case 1: bytes[bytes.count / 3] ^= 0x40
    case 2: bytes[8] &+= 1  // another format version
    case 3: bytes = Array(repeating: 0, count: 100)
    default: bytes = []
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let result = heatmap(Self.everything, in: repo.path)
    #expect(result.status == 0)
    #expect(result.stdout == expected)
    let rebuilt = HistoryCache.load(
      from: .init(commonDirectory: repo.path + "/.git", fallbackDirectory: nil))
    #expect(
      rebuilt?.count
        == Int(
          try repo.git(["rev-list", "--count", "HEAD"]).trimmingCharacters(
            in: .whitespacesAndNewlines)))
  }

  @Test("--clear-cache removes it; an unwritable git directory uses the fallback folder")
  func clearAndFallback() throws {
    let repo = try Self.repository()
    _ = heatmap(Self.everything, in: repo.path)
    #expect(FileManager.default.fileExists(atPath: Self.cacheFile(repo)))
    _ = heatmap(Self.everything + ["--clear-cache", "--no-cache"], in: repo.path)
    #expect(!FileManager.default.fileExists(atPath: Self.cacheFile(repo)))

    // A file where the cache folder should be makes the git directory unusable for the cache.
    try FileManager.default.removeItem(atPath: repo.path + "/.git/git-heatmap")
    try Data().write(to: URL(fileURLWithPath: repo.path + "/.git/git-heatmap"))
    let fallback = repo.root.path + "/xdg"
    let result = heatmap(Self.everything, in: repo.path, environment: ["XDG_CACHE_HOME": fallback])
    #expect(result.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: fallback + "/git-heatmap")
    #expect(files.count == 1 && files[0].hasSuffix(".cache"))
    #expect(
      heatmap(Self.everything, in: repo.path, environment: ["XDG_CACHE_HOME": fallback]).stdout
        == result.stdout)
  }

  @Test("concurrent runs on one repository all give the right counts and leave a valid cache")
  func concurrentRuns() throws {
    let repo = try Self.repository()
    let binary = try builtExecutable()
    let expected = heatmap(Self.everything + ["--no-cache"], in: repo.path).stdout
    let outputs = Locked<[String]>([])
    let (path, environment) = (repo.path, repo.environment)
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      let output =
        (try? TemporaryRepository.run(binary, Self.everything, in: path, environment: environment))
        ?? "failed"
      outputs.withLock { $0.append(output) }
    }
    #expect(outputs.withLock { $0 } == Array(repeating: expected, count: 6))
    #expect(
      HistoryCache.load(from: .init(commonDirectory: repo.path + "/.git", fallbackDirectory: nil))
        != nil)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: repo.path + "/.git/git-heatmap")
    #expect(leftovers == ["history.cache"])
  }

  /// The window start of `--since 2024-06-01` is 1717200000; the walk stops at committer times
  /// before it minus 26 hours minus 31 days.
  static let cutoff: Int64 = 1_717_200_000 - 26 * 3_600 - 31 * 86_400

  /// A commit authored in the window but committed `committedBefore` seconds before the cutoff
  /// (negative: after it), between an old root and a normal commit.
  static func skewed(committedBefore: Int64) throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1600000000 +0000")
    // Authored 2024-06-02, then 2024-06-04.
    try repo.commit(date: "1717300000 +0000", committerDate: "\(cutoff - committedBefore) +0000")
    try repo.commit(date: "1717500000 +0000")
    return repo
  }

  static let margin = ["--format", "csv", "--since", "2024-06-01", "--until", "2024-06-30"]

  @Test("a commit committed just inside the margin is counted, as git log counts it")
  func insideMargin() throws {
    let repo = try Self.skewed(committedBefore: -60)
    for extra in [["--no-cache"], []] {
      let windowed = nonZeroDays(heatmap(Self.margin + extra, in: repo.path).stdout)
      #expect(windowed == ["2024-06-02": 1, "2024-06-04": 1])
      #expect(windowed == (try repo.gitDays()).filter { $0.key.hasPrefix("2024-06") })
    }
  }

  @Test("a commit authored and committed outside the margin ends the walk: the documented limit")
  func outsideMargin() throws {
    let repo = try TemporaryRepository()
    // Authored 2024-06-01, committed before the cutoff.
    try repo.commit(date: "1717250000 +0000", committerDate: "\(Self.cutoff - 120) +0000")
    // Authored 2024-06-02 but committed before the cutoff: read, counted, and the walk goes on
    // to its parent, whose author date is in reach too.
    try repo.commit(date: "1717300000 +0000", committerDate: "\(Self.cutoff - 60) +0000")
    for extra in [["--no-cache"], [], []] {
      let windowed = nonZeroDays(heatmap(Self.margin + extra, in: repo.path).stdout)
      #expect(windowed == ["2024-06-01": 1, "2024-06-02": 1])
    }
    // Authored and committed before the cutoff (2024-01-01): read and counted, outside the
    // window, and nothing behind it is read, so 2024-06-01 and 06-02 are not reached.
    try repo.commit(date: "1704067200 +0000", committerDate: "\(Self.cutoff - 30) +0000")
    try repo.commit(date: "1717500000 +0000")  // 2024-06-04
    for extra in [["--no-cache"], [], []] {
      let windowed = nonZeroDays(heatmap(Self.margin + extra, in: repo.path).stdout)
      #expect(windowed == ["2024-06-04": 1])
    }
    // git log, which reads everything, has it; a window that starts earlier has it too.
    #expect((try repo.gitDays())["2024-06-01"] == 1)
    let wider = heatmap(
      ["--format", "csv", "--since", "2024-04-01", "--until", "2024-06-30", "--no-cache"],
      in: repo.path)
    #expect(nonZeroDays(wider.stdout)["2024-06-01"] == 1)
  }
}

@Suite("The progress line")
struct ProgressLineTests {
  static func run(
    _ arguments: [String], in repo: TemporaryRepository, terminal: Bool, ci: Bool = false
  ) -> RunResult {
    var environment = Tools.hermeticEnvironment
    environment["CI"] = ci ? "true" : nil
    environment["TERM"] = "xterm"
    var context = RunContext(
      arguments: arguments, environment: environment, currentDirectory: repo.path)
    context.stderrIsTerminal = terminal
    context.progressDelay = 0
    let out = StringSink()
    let err = StringSink()
    let status = Command.run(context, stdout: out, stderr: err)
    return RunResult(status: status, stdout: out.text, stderr: err.text)
  }

  @Test("shown on a terminal and erased at the end; never in a pipe, in CI or with --quiet")
  func whereItShows() throws {
    let repo = try TemporaryRepository()
    for index in 0..<300 { try repo.commit(date: "\(1_700_000_000 + index * 3_600) +0000") }
    let arguments = ["--format", "csv", "--since", "2023-01-01", "--no-cache"]
    // With no delay, a line may or may not be drawn before the walk ends; if it is, it is erased.
    let shown = Self.run(arguments, in: repo, terminal: true)
    #expect(shown.status == 0)
    if shown.stderr.contains("reading commits:") { #expect(shown.stderr.hasSuffix("\r\u{1B}[K")) }
    #expect(!shown.stdout.contains("\u{1B}"))
    for (terminal, ci, extra) in [
      (false, false, [String]()), (true, true, []), (true, false, ["--quiet"]),
    ] {
      let quiet = Self.run(arguments + extra, in: repo, terminal: terminal, ci: ci)
      #expect(quiet.stderr.isEmpty, "terminal \(terminal) ci \(ci) \(extra)")
    }
  }

  @Test("the line itself, drawn by a walk that is still running")
  func drawing() throws {
    let progress = WalkProgress()
    let sink = StringSink()
    let line = ProgressLine(progress: progress, stderr: sink, delay: 0)
    line.start()
    // Until the line is drawn (its first frame comes at once with no delay), then finished.
    let deadline = Date().addingTimeInterval(10)
    while !sink.text.contains("reading commits") && Date() < deadline { usleep(1_000) }
    line.finish()
    #expect(sink.text.hasPrefix("\r\u{1B}[Kreading commits: 0 (0/s)"))
    #expect(sink.text.hasSuffix("\r\u{1B}[K"))
  }

  @Test(
    "each phase says its own count: commits read, then lines counted of how many and the time left")
  func phases() throws {
    let progress = WalkProgress()
    let start = Date(timeIntervalSince1970: 1_000)
    progress.expectRepositories(3)
    progress.add(500)
    #expect(
      ProgressLine.line(progress, start: start, linesStart: nil, now: start.addingTimeInterval(2))
        == "repository 1 of 3 · reading commits: 500 (250/s)")
    progress.repositoryRead()
    progress.expectLines(1_000)
    progress.addLines(250)
    // A quarter in ten seconds: thirty left, whatever the commits read before.
    #expect(
      ProgressLine.line(
        progress, start: start, linesStart: start.addingTimeInterval(5),
        now: start.addingTimeInterval(15))
        == "repository 2 of 3 · counting lines: 250 of 1,000 commits, 0:30 left")
    progress.expectRepositories(0)
    progress.startRead()
    #expect(
      ProgressLine.line(progress, start: start, linesStart: nil, now: start)
        == "reading commits: 0 (0/s)")
  }

  @Test("a read with lines counts its commits once: the lines phase has its own count")
  func linesPhaseCount() throws {
    let repo = try TemporaryRepository()
    for index in 0..<40 {
      try repo.write("f", "\(index)\n")
      try repo.git(["add", "f"])
      try repo.commit(date: "\(1_700_000_000 + index * 3_600) +0000")
    }
    let progress = WalkProgress()
    var request = ActivityRequest()
    request.options.measure = .lines
    request.cache.isEnabled = false
    request.walk.progress = progress
    _ = try Repository.open(at: repo.path).read(request)
    #expect(progress.commitsRead <= 40, "lines are not counted as commits read")
    #expect(progress.lines.counted == 40 && progress.lines.of == 40)
  }

  @Test("a first run's graph is out before its cache is written")
  func outputBeforeCache() throws {
    let repo = try CacheAndWalkTests.repository()
    let cache = CacheAndWalkTests.cacheFile(repo)
    var context = RunContext(
      arguments: CacheAndWalkTests.everything, environment: Tools.hermeticEnvironment,
      currentDirectory: repo.path)
    let gate = DispatchSemaphore(value: 0)
    context.cacheWriteGate = gate
    /// Lets the cache be written once the output has arrived, and notes whether it was there.
    final class GateSink: TextSink, @unchecked Sendable {
      let gate: DispatchSemaphore
      let cache: String
      var cacheExistedAtOutput: Bool?
      var text = ""
      init(gate: DispatchSemaphore, cache: String) {
        self.gate = gate
        self.cache = cache
      }
      func write(_ text: String) {
        if cacheExistedAtOutput == nil {
          cacheExistedAtOutput = FileManager.default.fileExists(atPath: cache)
        }
        self.text += text
        gate.signal()
      }
    }
    let out = GateSink(gate: gate, cache: cache)
    let status = Command.run(context, stdout: out, stderr: StringSink())
    #expect(status == 0)
    #expect(out.cacheExistedAtOutput == false)
    #expect(FileManager.default.fileExists(atPath: cache))
    #expect(nonZeroDays(out.text) == (try repo.gitDays()))
  }
}
