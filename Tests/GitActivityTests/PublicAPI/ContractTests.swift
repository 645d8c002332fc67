// This file imports GitActivity without @testable: it compiles only against the public API, as
// a Swift app's code does.
import Foundation
import GitActivity
import TestSupport
import Testing

/// The library's contract, as an app meets it: a typed error for every bad request, the
/// warnings of a reading, no initialiser that traps, and an `async` report that a cancelled
/// task stops.
@Suite("The library's contract", .serialized)
struct ContractTests {
  static let today = Day(year: 2024, month: 12, day: 24)

  @Test("every bad request is a typed error a caller can switch on")
  func typedErrors() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1734000000 +0000")
    let repository = try Repository.discover(from: repo.path, environment: Tools.gitEnvironment)
    func failure(_ change: (inout ActivityRequest) -> Void) -> ActivityError? {
      var request = ActivityRequest()
      change(&request)
      do {
        _ = try repository.activityReport(request, today: Self.today)
        return nil
      } catch {
        return error
      }
    }
    guard
      case .invalidPattern("a[", _)? = failure({
        $0.options.filter = AuthorFilter(patterns: ["a["])
      })
    else { Issue.record("an invalid author pattern"); return }
    guard
      case .invalidPattern("\\(", _)? = failure({
        $0.options.filter = AuthorFilter(patterns: [], exclusions: ["\\("])
      })
    else { Issue.record("an invalid exclusion"); return }
    guard
      case .invalidWindow(let problem)? = failure({
        $0.window.since = DateExpression(parsing: "2024-06-01")
        $0.window.until = DateExpression(parsing: "2024-05-01")
      })
    else { Issue.record("since after until"); return }
    #expect(
      problem
        == .startsAfterEnd(
          first: Day(year: 2024, month: 6, day: 1), last: Day(year: 2024, month: 5, day: 1),
          byEnd: false))
    guard
      case .unknownTimeZone("Mars/Olympus_Mons")? = failure({
        $0.options.zone = .named("Mars/Olympus_Mons")
      })
    else { Issue.record("an unknown zone"); return }
    guard
      case .git(let unknown)? = failure({
        $0.selection = RevisionSelection(revisions: ["no-such-branch"])
      })
    else { Issue.record("an unknown revision"); return }
    #expect(unknown.kind == .unknownRevision)
    // Not a repository: a kind of its own, not "-3 with a function name".
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "not-a-repo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    do {
      _ = try Repository.open(at: empty.path, environment: Tools.gitEnvironment)
      Issue.record("opened a folder that is not a repository")
    } catch {
      #expect(error.kind == .notARepository)
    }
    // Shapes that used to trap: a punch card of six rows, a palette of one color.
    let card = Punchcard(
      counts: Array(repeating: [1, 2], count: 6), weekStart: .monday, scale: .github)
    #expect(card.counts.count == 7 && card.counts.allSatisfy { $0.count == 24 })
    let report = try repository.activityReport(ActivityRequest(), today: Self.today)
    let palette = Palette(
      levels: [RGB(red: 1, green: 2, blue: 3)], background: RGB(red: 0, green: 0, blue: 0),
      text: RGB(red: 255, green: 255, blue: 255), isDark: true)
    let text = TerminalRenderer(options: TerminalOptions(colorDepth: .truecolor, palette: palette))
      .render(report, scale: .github)
    #expect(text.hasPrefix("1 commit") || text.contains("1 commit"))
  }

  /// A repository of two commits, the newer (its id returned) with an author date git cannot
  /// read: git log prints an empty date for it.
  /// A single line of `count` commits by 97 people, ten minutes apart from mid-2017.
  static func line(of count: Int) throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.importLine(
      (0..<count).lazy.map {
        TemporaryRepository.ImportedCommit(
          author: "Dev \($0 % 97) <d\($0 % 97)@x>", time: 1_500_000_000 + $0 * 600)
      })
    return repo
  }

  static func undated() throws -> (repo: TemporaryRepository, id: String) {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1734000000 +0000")
    let tree = try repo.emptyTree()
    let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let raw =
      "tree \(tree)\nparent \(head)\nauthor A <a@x> notatime +0000\ncommitter C <c@x> 1734000100 +0000\n\nm\n"
    let id = try repo.writeRawCommit(Data(raw.utf8))
    try repo.git(["update-ref", "refs/heads/main", id])
    return (repo, id)
  }

  @Test("a report carries the reading's warnings")
  func warnings() throws {
    let (repo, id) = try Self.undated()
    try repo.write(".mailmap", "<broken\n")
    let report = try Repository.discover(from: repo.path, environment: Tools.gitEnvironment)
      .activityReport(
        ActivityRequest(), today: Self.today)
    #expect(
      report.warnings.contains(.undatedCommit(id: id, byCommitter: false)),
      "\(report.warnings)")
    #expect(report.activity.total == 1)
  }

  @Test("the command's read is public: a cache kept and reused, several repositories at once")
  func readThroughTheFrontDoor() throws {
    let first = try TemporaryRepository()
    let second = try TemporaryRepository()
    for index in 0..<5 {
      try first.commit(date: "\(1_733_000_000 + index * 86_400) +0000")
      try second.commit(
        date: "\(1_733_000_000 + index * 43_200) +0100", author: "Bo", email: "bo@x")
    }
    try second.write("docs/a.md", "a")
    try second.git(["add", "docs/a.md"])
    try second.commit(date: "1733900000 +0000")
    // An unreadable mailmap is a warning, as values.
    try FileManager.default.createDirectory(
      atPath: first.path + "/mailmap-dir", withIntermediateDirectories: true)
    try first.git(["config", "mailmap.file", "mailmap-dir"])
    var request = ActivityRequest()
    request.cache = CachePolicy(isEnabled: true)
    let paths = [first.path, second.path, first.path + "/no-such-folder"]
    let results = Repository.read(repositoriesAt: paths, request, environment: Tools.gitEnvironment)
    #expect(results.count == 3)
    let reads = try results.prefix(2).map { try $0.get() }
    #expect(reads.map(\.history.commits.count) == [5, 6])
    #expect(
      reads[0].warnings == [.unreadableMailmap(path: "mailmap-dir", reason: "Is a directory")])
    #expect(
      reads[0].warnings.map(\.description) == [
        "unable to open mailmap at mailmap-dir: Is a directory"
      ])
    guard case .failure(.git(let missing)) = results[2] else {
      Issue.record("a folder that is not there is not a repository: \(results[2])"); return
    }
    #expect(missing.kind == .notARepository)
    // The first read adds to the cache; once saved, the next read finds nothing new.
    #expect(reads.allSatisfy { $0.pendingCache != nil })
    for read in reads { #expect(read.pendingCache?.save() == true) }
    #expect(FileManager.default.fileExists(atPath: first.path + "/.git/git-heatmap/history.cache"))
    let again = try Repository.read(
      repositoriesAt: Array(paths.prefix(2)), request, environment: Tools.gitEnvironment
    ).map {
      try $0.get()
    }
    #expect(again.map(\.history.commits.count) == [5, 6])
    #expect(again.allSatisfy { $0.pendingCache == nil })
    // Paths are each repository's own, from its top; the report counts both, each once.
    request.selection.paths = ["docs/"]
    let docs = try Repository.read(
      repositoriesAt: [second.path], request, environment: Tools.gitEnvironment
    ).map { try $0.get() }
    #expect(docs.map(\.history.commits.count) == [1])
    request.selection.paths = []
    request.window = WindowRequest(weeks: 60)
    let report = try Repository.activityReport(
      repositoriesAt: paths, request, today: Self.today, environment: Tools.gitEnvironment)
    let expected = try [first, second].map { try $0.gitDays().values.reduce(0, +) }
    #expect(report.repositoryTotals == expected && report.activity.total == 11)
    // The mailmap's warning, and the folder that is not a repository, skipped.
    #expect(report.warnings.count == 2)
    #expect(
      report.warnings.last
        == .skippedRepository(name: paths[2], error: .git(missing)))
    // A message pattern that does not compile is a typed error, as the author patterns are.
    request.messageFilter.patterns = ["a["]
    guard
      case .failure(.invalidPattern("a[", _)) = Repository.read(
        repositoriesAt: [second.path], request, environment: Tools.gitEnvironment)[0]
    else { Issue.record("an invalid --grep pattern"); return }
  }

  @Test(
    "cancelled, a report stops within 0.5 s on 200,000 commits; an async one throws cancelled; so does a program built against the public API alone"
  )
  func cancellation() async throws {
    let repo = try Self.line(of: 200_000)
    let repository = try Repository.discover(from: repo.path, environment: Tools.gitEnvironment)
    var request = ActivityRequest()
    request.window.since = DateExpression(parsing: "2017-01-01")

    // The walk itself, timed on a thread of its own (not the test runner's busy pool): from
    // `cancel()` to the report's end.
    let progress = WalkProgress()
    request.walk.progress = progress
    final class Outcome: @unchecked Sendable {
      var error: ActivityError?
      var ended = ContinuousClock.now
    }
    let outcome = Outcome()
    let shared = repository
    let sharedRequest = request
    let thread = Threads.start {
      do throws(ActivityError) {
        _ = try shared.activityReport(sharedRequest, today: Self.today)
      } catch {
        outcome.error = error
      }
      outcome.ended = ContinuousClock.now
    }
    let started = ContinuousClock.now
    while progress.commitsRead < 5_000 && ContinuousClock.now - started < .seconds(20) {
      usleep(2_000)
    }
    #expect(progress.commitsRead >= 5_000)
    let cancelled = ContinuousClock.now
    progress.cancel()
    thread.wait()
    let elapsed = outcome.ended - cancelled
    #expect(elapsed < .milliseconds(500), "\(elapsed)")
    #expect(outcome.error == .git(.cancelled))
    #expect(progress.commitsRead < 200_000)

    // The async report: a cancelled task ends with the same error.
    var again = ActivityRequest()
    again.window.since = DateExpression(parsing: "2017-01-01")
    let watched = WalkProgress()
    let task = Task {
      try await repository.activityReport(again, today: Self.today, progress: watched)
    }
    let begun = ContinuousClock.now
    while watched.commitsRead < 5_000 && ContinuousClock.now - begun < .seconds(20) {
      try await Task.sleep(for: .milliseconds(5))
    }
    task.cancel()
    switch await task.result {
    case .success(let report):
      Issue.record("not cancelled: \(report.activity.total) commits")
    case .failure(let error):
      #expect((error as? ActivityError) == .git(.cancelled), "\(error)")
    }
    #expect(watched.commitsRead < 200_000)
    // The cancel ended that read, not the progress: the next read with it counts from zero.
    #expect(!watched.isCancelled)
    var recent = ActivityRequest()
    recent.window.since = DateExpression(parsing: "2020-10-01")
    let next = try await repository.activityReport(recent, today: Self.today, progress: watched)
    #expect(next.activity.total > 0 && watched.commitsRead < 50_000, "\(watched.commitsRead)")

    // The same history and the checks above, from a program of its own that imports the
    // library as an app outside the package does (Tests/Probe): each line it prints is a
    // check, and it exits 1 when one fails.
    let small = try Self.undated().repo
    // The reads with the cache on (cold, warm, two at once) are of a tenth of the history.
    let medium = try Self.line(of: 20_000)
    let program = try Self.probeProgram()
    // The program (10 MB) is not left in the temporary folder: every run made another.
    defer { try? FileManager.default.removeItem(atPath: program) }
    let output = try TemporaryRepository.run(
      program, [small.path, repo.path, small.root.path, medium.path], in: small.root.path,
      environment: small.environment)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 27 && lines.allSatisfy { $0.hasPrefix("ok ") }, "\(output)")
  }

  @Test("the library guide's example compiles against the public API alone, in Swift 6 mode")
  func readmeExample() throws {
    let readme = try String(
      contentsOf: Tools.projectRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
    guard let start = readme.range(of: "```swift\n"),
      let end = readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex)
    else {
      Issue.record("no Swift example in docs/library.md")
      return
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-\(UUID().uuidString).swift")
    try String(readme[start.upperBound..<end.lowerBound]).write(
      to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let build = try Self.buildFolder()
    try TemporaryRepository.run(
      "/usr/bin/env",
      [
        "swiftc", "-typecheck", "-swift-version", "6", file.path, "-I",
        build.appendingPathComponent("Modules").path, "-I",
        Tools.projectRoot.appendingPathComponent("Sources/CGit2").path,
      ], in: build.path, environment: Tools.hermeticEnvironment)
  }

  /// The folder of this test build (`.build/debug`).
  static func buildFolder() throws -> URL {
    let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var build = URL(fileURLWithPath: exe).deletingLastPathComponent()
    if build.pathExtension == "xctest" { build.deleteLastPathComponent() }
    return build
  }

  /// Tests/Probe built as an app outside the package would build it: Swift 6 mode, against
  /// the library's module and objects of this test build, with no package name, so that only
  /// what is public compiles.
  static func probeProgram() throws -> String {
    let build = try buildFolder()
    let modules = LayeringTests.layers.map { $0.0 + ".build" } + ["GitActivity.build"]
    // The objects of each module's current sources (its `sources` list), not those an
    // incremental build left behind for files since renamed.
    let objects = try modules.flatMap { module in
      let folder = build.appendingPathComponent(module)
      let sources = try String(
        contentsOf: folder.appendingPathComponent("sources"), encoding: .utf8
      ).split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent + ".o" }
      return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasSuffix(".o") && (!$0.hasSuffix(".swift.o") || sources.contains($0))
      }.map { folder.appendingPathComponent($0).path }
    }
    let program = FileManager.default.temporaryDirectory.appendingPathComponent(
      "probe-\(UUID().uuidString)"
    ).path
    // Objects of a sanitized test build (`SANITIZE=1` in Scripts/test) need their sanitizer's
    // runtime.
    let sanitizers = Tools.sanitizer.map { ["-sanitize=\($0)"] } ?? []
    try TemporaryRepository.run(
      "/usr/bin/env",
      [
        "swiftc", "-swift-version", "6", "-module-name", "probe",
        Tools.projectRoot.appendingPathComponent("Tests/Probe/main.swift").path,
        "-I", build.appendingPathComponent("Modules").path,
        "-I", Tools.projectRoot.appendingPathComponent("Sources/CGit2").path,
      ] + sanitizers + objects + ["-lgit2", "-lz", "-o", program], in: build.path,
      environment: Tools.hermeticEnvironment)
    return program
  }
}
