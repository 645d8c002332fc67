// A small program that knows the library only as an app does: `import GitActivity`, no
// @testable, its own module. `ContractTests` builds it (it is a target of the package) and runs
// it: a typed error for each bad request, the warnings of a reading as values, and an async
// report cancelled on a long history within half a second.
//
//   contract-check <repository with an undated commit> <repository of 200,000 commits> <folder>
//
// One line a check, `ok …` or `FAIL …`; exit 1 when any failed.
import Foundation
import GitActivity

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  print("usage: contract-check <small repository> <long repository> <not a repository>")
  exit(64)
}
let today = Day(year: 2024, month: 12, day: 24)
nonisolated(unsafe) var failures = 0

func check(_ name: String, _ passed: Bool, _ detail: @autoclosure () -> String = "") {
  print(passed ? "ok \(name)" : "FAIL \(name): \(detail())")
  if !passed { failures += 1 }
}

/// What a request changed by `change` throws from the small repository, or nil.
func failure(_ repository: Repository, _ change: (inout ActivityRequest) -> Void) -> ActivityError?
{
  var request = ActivityRequest()
  change(&request)
  do {
    _ = try repository.activityReport(request, today: today)
    return nil
  } catch {
    return error
  }
}

/// The requests wrong in themselves, the repository's failures, and the warnings.
func checkRequests(_ small: Repository) {
  if case .invalidPattern("a[", _)? = failure(
    small, { $0.options.filter = AuthorFilter(patterns: ["a["]) })
  {
    check("an invalid author pattern", true)
  } else {
    check("an invalid author pattern", false, "no .invalidPattern")
  }
  if case .invalidPattern("(", _)? = failure(
    small,
    {
      $0.options.filter = AuthorFilter(patterns: [], exclusions: ["("])
    })
  {
    check("an invalid exclusion", true)
  } else {
    check("an invalid exclusion", false, "no .invalidPattern")
  }
  if case .invalidPattern(_, _)? = failure(small, { $0.messageFilter.patterns = ["x\\{2"] }) {
    check("an invalid message pattern", true)
  } else {
    check("an invalid message pattern", false, "no .invalidPattern")
  }
  let window = failure(small) {
    $0.window.since = DateExpression(parsing: "2024-06-01")
    $0.window.until = DateExpression(parsing: "2024-05-01")
  }
  if case .invalidWindow(.startsAfterEnd)? = window {
    check("since after until", true)
  } else {
    check("since after until", false, "\(String(describing: window))")
  }
  let zone = failure(small) { $0.options.zone = .named("Mars/Olympus_Mons") }
  check(
    "an unknown zone", zone == .unknownTimeZone("Mars/Olympus_Mons"), "\(String(describing: zone))")
  let revision = failure(small) { $0.selection = RevisionSelection(revisions: ["no-such-branch"]) }
  if case .git(let error)? = revision {
    check("an unknown revision", error.kind == .unknownRevision, "\(error.kind)")
  } else {
    check("an unknown revision", false, "\(String(describing: revision))")
  }
  do throws(ActivityError) {
    _ = try Repository.discover(from: arguments[3])
    check("not a repository", false, "opened")
  } catch {
    check("not a repository", error.kind == .notARepository, "\(error.kind)")
  }
  // The folder above the small repository, scanned as --scan does; what it finds read with
  // the folder that is not a repository, at once: one history, one typed failure.
  let above = URL(fileURLWithPath: arguments[1]).deletingLastPathComponent().path
  let found = RepositoryScanner.scan(above, depth: 1)
  check("a scan finds the repository", found == [arguments[1]], "\(found)")
  let reads = Repository.read(repositoriesAt: found + [arguments[3]], ActivityRequest())
  let histories = reads.compactMap { try? $0.get() }
  check(
    "several repositories read at once", histories.map(\.history.commits.count) == [2], "\(reads)")
  if case .failure(.git(let error)) = reads.last {
    check(
      "a path that is not a repository fails alone", error.kind == .notARepository, "\(error.kind)")
  } else {
    check("a path that is not a repository fails alone", false, "\(String(describing: reads.last))")
  }

  // No initialiser traps: a punch card of any shape, a palette of one color.
  let card = Punchcard(counts: [[1, 2, 3], [4]], weekStart: .sunday, scale: .github)
  check("a punch card of any shape", card.counts.count == 7, "\(card.counts.count) rows")

  // The warnings, as values and in the command's words.
  let report: ActivityReport
  do throws(ActivityError) {
    report = try small.activityReport(ActivityRequest(), today: today)
  } catch {
    check("the small repository is read", false, "\(error)")
    return
  }
  let undated = report.warnings.filter {
    if case .undatedCommit(_, byCommitter: false) = $0 { return true }
    return false
  }
  check("an undated commit is a warning", undated.count == 1, "\(report.warnings)")
  check(
    "a warning in words",
    undated.first?.description.hasSuffix("has no valid author date; it is not counted") == true,
    "\(undated.map(\.description))")
}

/// The async report, cancelled with its task while it reads 200,000 commits.
func checkCancellation(_ long: Repository) async {
  let progress = WalkProgress()
  let repository = long
  // A window back to 2017, so that the walk reads the whole history (it is from 2017 on).
  var request = ActivityRequest()
  request.window.since = DateExpression(parsing: "2017-01-01")
  let sharedRequest = request
  let task = Task {
    try await repository.activityReport(sharedRequest, today: today, progress: progress)
  }
  let started = ContinuousClock.now
  while progress.commitsRead < 5_000 && ContinuousClock.now - started < .seconds(20) {
    try? await Task.sleep(for: .milliseconds(2))
  }
  let cancelled = ContinuousClock.now
  task.cancel()
  let result = await task.result
  let elapsed = ContinuousClock.now - cancelled
  switch result {
  case .success(let report):
    check("a cancelled report throws", false, "\(report.activity.total) commits counted")
  case .failure(let error):
    check("a cancelled report throws", (error as? ActivityError) == .git(.cancelled), "\(error)")
  }
  check("cancelled within 0.5 s", elapsed < .milliseconds(500), "\(elapsed)")
  check(
    "the walk had begun and not ended",
    progress.commitsRead >= 5_000 && progress.commitsRead < 200_000,
    "\(progress.commitsRead) commits read")
}

do throws(ActivityError) {
  checkRequests(try Repository.discover(from: arguments[1]))
  await checkCancellation(try Repository.discover(from: arguments[2]))
} catch {
  check("the repositories open", false, "\(error)")
}
exit(failures == 0 ? 0 : 1)
