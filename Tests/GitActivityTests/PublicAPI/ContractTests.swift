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
    let repository = try Repository.discover(from: repo.path)
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
      case .invalidPattern("(", _)? = failure({
        $0.options.filter = AuthorFilter(patterns: [], exclusions: ["("])
      })
    else { Issue.record("an invalid exclusion"); return }
    guard
      case .invalidWindow(let problem)? = failure({
        $0.window.since = DateExpression(parsing: "2024-06-01")
        $0.window.until = DateExpression(parsing: "2024-05-01")
      })
    else { Issue.record("since after until"); return }
    #expect(!problem.isEmpty)
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
      _ = try Repository.open(at: empty.path)
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

  @Test("a report carries the reading's warnings")
  func warnings() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1734000000 +0000")
    let tree = try repo.emptyTree()
    let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let raw =
      "tree \(tree)\nparent \(head)\nauthor A <a@x> notatime +0000\ncommitter C <c@x> 1734000100 +0000\n\nm\n"
    let id = try repo.writeRawCommit(Data(raw.utf8))
    try repo.git(["update-ref", "refs/heads/main", id])
    try repo.write(".mailmap", "<broken\n")
    let report = try Repository.discover(from: repo.path).activityReport(
      ActivityRequest(), today: Self.today)
    #expect(
      report.warnings.contains { $0.contains("commit \(id) has no valid author date") },
      "\(report.warnings)")
    #expect(report.activity.total == 1)
  }

  @Test("an async report runs off the caller's actor and stops within 0.5 s when cancelled")
  func cancellation() async throws {
    let repo = try TemporaryRepository()
    try repo.importLine(
      (0..<200_000).lazy.map {
        TemporaryRepository.ImportedCommit(
          author: "Dev \($0 % 97) <d\($0 % 97)@x>", time: 1_500_000_000 + $0 * 600)
      })
    let repository = try Repository.discover(from: repo.path)
    var request = ActivityRequest()
    request.window.since = DateExpression(parsing: "2017-01-01")
    // Uncancelled, the whole history is read (and takes long enough to be cancelled).
    let progress = WalkProgress()
    let task = Task {
      try await repository.activityReport(request, today: Self.today, progress: progress)
    }
    // Once the walk is under way (polled), the task is cancelled.
    let started = ContinuousClock.now
    while progress.commitsRead < 5_000 && ContinuousClock.now - started < .seconds(20) {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(progress.commitsRead >= 5_000)
    let cancelled = ContinuousClock.now
    task.cancel()
    let result = await task.result
    let elapsed = ContinuousClock.now - cancelled
    #expect(elapsed < .milliseconds(500), "\(elapsed)")
    switch result {
    case .success(let report):
      Issue.record(
        "not cancelled: \(report.activity.total) commits after \(progress.commitsRead) read")
    case .failure(let error):
      #expect((error as? ActivityError) == .git(.cancelled), "\(error)")
    }
    #expect(progress.commitsRead < 200_000)
  }
}
