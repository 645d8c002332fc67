// A program that knows the library only as an app outside the package does: `import
// GitActivity` in Swift 6 mode, no @testable and no package name, so that only the public API
// is seen (`ContractTests` builds it with swiftc against the test build's objects and runs it).
// It checks a typed error for each bad request, one error type to switch on, the warnings of a
// reading as values, an async report cancelled on a long history within half a second and read
// again after, a repository kept in an actor and in a @MainActor model and read twice with the
// cache on, and every renderer fed mismatched and extreme values without a trap.
//
//   probe <repository with an undated commit> <repository of 200,000 commits> <folder>
//         <repository of 20,000 commits>
//
// One line a check, `ok …` or `FAIL …`; exit 1 when any failed.
import Foundation
import GitActivity

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
  print("usage: probe <small repository> <long repository> <not a repository> <medium repository>")
  exit(64)
}
let today = Day(year: 2024, month: 12, day: 24)
nonisolated(unsafe) var failures = 0

func check(_ name: String, _ passed: Bool, _ detail: @autoclosure () -> String = "") {
  let line = passed ? "ok \(name)" : "FAIL \(name): \(detail())"
  print(line)
  // On stderr too, which the test shows when the program fails.
  if !passed {
    failures += 1
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
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
  if case .invalidPattern("\\(", _)? = failure(
    small,
    {
      $0.options.filter = AuthorFilter(patterns: [], exclusions: ["\\("])
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
  // The cancel ended that read, not the progress: the same progress reads again, from zero.
  check("a cancel ends its read only", !progress.isCancelled)
  var recent = ActivityRequest()
  recent.window.since = DateExpression(parsing: "2021-01-01")
  do throws(ActivityError) {
    let again = try await repository.activityReport(recent, today: today, progress: progress)
    check(
      "read again after a cancel", again.activity.total > 0 && progress.commitsRead < 100_000,
      "\(again.activity.total) commits, \(progress.commitsRead) read")
  } catch {
    check("read again after a cancel", false, "\(error)")
  }
}

/// A repository an app keeps in an actor, read from there.
actor RepositoryStore {
  let repository: Repository
  init(_ repository: Repository) { self.repository = repository }

  func report(_ request: ActivityRequest, progress: WalkProgress = WalkProgress())
    async
    throws(ActivityError) -> ActivityReport
  {
    try await repository.activityReport(request, today: today, progress: progress)
  }
}

/// A SwiftUI-style model on the main actor that keeps its repository and shows the error's words.
@MainActor final class HeatmapModel {
  var repository: Repository?
  var total = 0
  var message: String?

  func load(_ path: String, request: ActivityRequest) async {
    do {
      let repository = try self.repository ?? Repository.discover(from: path)
      self.repository = repository
      total = try await repository.activityReport(request, today: today).activity.total
    } catch {
      message = error.localizedDescription
    }
  }
}

/// A history read twice from an actor with the cache on (the second read from the
/// cache written), and from a @MainActor model; both counts alike.
func checkIsolation(_ path: String) async {
  var request = ActivityRequest()
  request.window.since = DateExpression(parsing: "2017-01-01")
  request.cache = CachePolicy(isEnabled: true)
  let cacheFile = path + "/.git/git-heatmap/history.cache"
  do {
    let store = RepositoryStore(try Repository.discover(from: path))
    // What each read took from the object database, not its time (which a busy machine
    // blurs): the second reads no commit, the cache has them all.
    let cold = WalkProgress()
    let first = try await store.report(request, progress: cold)
    check("a report writes its cache", FileManager.default.fileExists(atPath: cacheFile))
    let warm = WalkProgress()
    let second = try await store.report(request, progress: warm)
    check(
      "the second read is the cache's",
      cold.commitsRead > 15_000 && warm.commitsRead == 0 && first.activity == second.activity,
      "cold \(cold.commitsRead) commits read, warm \(warm.commitsRead)")
    // Two reads of one repository at once, from two tasks: they take turns.
    async let one = store.repository.activityReport(request, today: today)
    async let two = store.repository.activityReport(request, today: today)
    let both = try await [one, two]
    check("two reads at once agree", both[0].activity == both[1].activity)
    let model = await MainActor.run { HeatmapModel() }
    await model.load(path, request: request)
    let (total, message) = await MainActor.run { (model.total, model.message) }
    check(
      "a @MainActor model keeps and reads its repository",
      total == first.activity.total && message == nil, "\(total) \(String(describing: message))")
    await model.load(path + "/no-such-folder", request: request)
  } catch {
    check("an actor keeps and reads a repository", false, "\(error)")
  }
}

/// Every failure is an `ActivityError`: opening, reading, a request wrong in itself; `kind`
/// switches on all of them and `localizedDescription` has the command's words.
func checkOneErrorType(_ notARepository: String) {
  func kind(_ body: () throws(ActivityError) -> Void) -> GitError.Kind? {
    do {
      try body()
      return nil
    } catch {
      switch error.kind {
      case .notARepository, .dubiousOwnership, .unknownRevision, .unsupportedRepository,
        .damagedObject, .invalidRequest, .cancelled, .other:
        return error.kind
      }
    }
  }
  check(
    "opening fails as an ActivityError",
    kind { () throws(ActivityError) in _ = try Repository.open(at: notARepository) }
      == .notARepository)
  var bad = ActivityRequest()
  bad.window.weeks = 0
  check(
    "a request fails as an ActivityError",
    kind { () throws(ActivityError) in
      _ = try Repository.discover(from: arguments[1]).activityReport(bad, today: today)
    } == .invalidRequest)
  do {
    _ = try Repository.discover(from: notARepository)
  } catch {
    check(
      "localizedDescription has the command's words",
      error.localizedDescription.hasPrefix("not a git repository"), error.localizedDescription)
  }
}

/// Every public renderer, fed days and counts that disagree, counts at the ends of Int, days at
/// the ends of the calendar and geometry that is not a number: none traps.
func checkExtremeValues() {
  let days = DayRange(
    first: Day(year: 2024, month: 1, day: 1), last: Day(year: 2024, month: 2, day: 29))
  let people = [
    AuthorActivity(author: Author(name: "Ada", email: "ada@x"), counts: [Int.max, -5, 3]),
    AuthorActivity(
      author: Author(name: "Bo", email: "bo@x"), counts: Array(repeating: 1, count: 400)),
  ]
  let activities = [
    DailyActivity(days: days, counts: [1, 2], authors: people),
    DailyActivity(days: days, counts: Array(repeating: Int.max, count: 500), authors: []),
    DailyActivity(days: days, counts: [-7, Int.min, 0], authors: people),
    DailyActivity(days: days, counts: [], authors: []),
  ]
  // Every day there is, brought to the most an activity holds: counted, not drawn whole.
  let everything = DailyActivity(
    days: DayRange(first: Day(number: .min), last: Day(number: .max)), counts: [1],
    authors: people)
  check(
    "an activity of every day is brought to years' worth",
    everything.days.count == DailyActivity.maximumDays
      && everything.counts.count == everything.days.count, "\(everything.days.count)")
  let windows = [
    Window(days: days, weekStart: .monday, kind: .lastWeeks(-5)),
    Window(
      days: DayRange(first: Day(number: .max), last: Day(number: .min)), weekStart: .sunday,
      kind: .year(Int.max)),
    Window(days: days, weekStart: .saturday, kind: .lastMonths(0)),
  ]
  var svg = SVGOptions()
  svg.cellSize = .nan
  svg.spacing = -.infinity
  svg.radius = .infinity
  var huge = SVGOptions()
  huge.cellSize = 1e300
  huge.title = String(repeating: "\u{202E}W", count: 500)
  let terminal = [
    TerminalOptions(colorDepth: .truecolor, palette: .github, width: 0),
    TerminalOptions(colorDepth: .basic16, palette: .githubDark, isASCII: true, width: Int.max),
    TerminalOptions(colorDepth: .none, palette: .github, width: -3),
  ]
  var rendered = 0
  for activity in activities {
    for window in windows {
      for today in [Day(number: .max), Day(number: .min), Day(year: 2024, month: 2, day: 1)] {
        let report = ActivityReport(
          repositories: ["x"], window: window, zone: .fixed(offsetSeconds: .min),
          activity: activity, today: today, subject: "\u{1B}]0;x\u{7}")
        for options in [svg, huge, SVGOptions()] {
          rendered += SVGRenderer(options: options).render(report, scale: .log).count
          rendered += CalendarRenderer(scale: .log).svg(report, options: options).count
        }
        for options in terminal {
          rendered += TerminalRenderer(options: options).render(report, scale: .linear).count
          rendered += CalendarRenderer().terminal(report, options: options).count
        }
        rendered += CSVWriter().render(report).count
        rendered += CSVWriter().renderByAuthor(report, top: Int.max).count
        rendered += JSONWriter(authorDays: -1).render(report).count
        rendered += SummaryWriter(listsDays: true).render(report).count
        let rows = report.activity.authors.map {
          AuthorSummary($0, days: report.activity.days, weekStart: .sunday)
        }
        for writer in [AuthorTableWriter(width: -1), AuthorTableWriter(isASCII: true, width: 0)] {
          rendered += writer.terminal(rows, report: report).count
          rendered += writer.csv(rows).count + writer.json(rows, report: report).count
        }
        let page = ContributionPage(
          title: "t", repositories: ["x"], commits: [], window: window, today: today)
        rendered += page.html().count
      }
    }
  }
  let card = Punchcard(counts: [[Int.max, Int.max], [-1]], weekStart: .monday, scale: .log)
  rendered += PunchcardWriter().csv(card).count
  for gradient in [
    ColorGradient.seed, ColorGradient(stops: [], empty: .init(red: 0, green: 0, blue: 0)),
  ] {
    for fraction in [Double.nan, .infinity, -.infinity, -1, 2] {
      _ = gradient.color(at: fraction)
    }
    _ = gradient.color(count: Int.max, highest: Int.min, scale: .log)
  }
  for day in [Day(number: .max), Day(number: .min)] {
    rendered += day.iso.count + day.addingMonths(.max).iso.count + day.addingMonths(.min).iso.count
    rendered += day.advanced(by: .max).iso.count + day.firstOfMonth.iso.count
  }
  rendered += Day(year: .max, month: .max, day: .max).iso.count
  rendered += Day(year: .min, month: .min, day: .min).iso.count
  check("every renderer takes mismatched and extreme values", rendered > 0)
}

do throws(ActivityError) {
  checkRequests(try Repository.discover(from: arguments[1]))
  await checkCancellation(try Repository.discover(from: arguments[2]))
  await checkIsolation(arguments[4])
  checkOneErrorType(arguments[3])
  checkExtremeValues()
} catch {
  check("the repositories open", false, "\(error)")
}
exit(failures == 0 ? 0 : 1)
