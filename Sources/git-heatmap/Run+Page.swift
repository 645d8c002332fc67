import Foundation
import GitActivity

/// `--format html`: the contribution page, every year of the selection's history in one file.
extension Run {
  /// The days the page counts: from the first commit's day (or a year before today, or the
  /// window's first day, whichever is earliest) to the last commit's day, today or the window's
  /// end, whichever is latest.
  func pageDays(_ sources: [Source], options: ActivityOptions, window: Window, today: Day)
    -> DayRange
  {
    let bucketer = DayBucketer(zone: options.zone)
    var earliest = min(today.addingMonths(-12).advanced(by: -7), window.days.first)
    var latest = max(today, window.days.last)
    for source in sources {
      for facts in source.history.commits {
        guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
          continue
        }
        let day = bucketer.day(of: stamp)
        earliest = min(earliest, day)
        latest = max(latest, day)
      }
    }
    let representable = WindowRequest.representableDays
    return DayRange(
      first: max(earliest, representable.first), last: min(latest, representable.last))
  }

  /// The page of the counted commits, with each commit's subject read from its repository (a
  /// draw from exports has none to read: its subjects are empty).
  func page(
    _ activity: DailyActivity, sources: [Source], options: ActivityOptions, report: ActivityReport
  ) throws(CommandError) -> Output {
    let bucketer = DayBucketer(zone: options.zone)
    // A source from exports may name several repositories: the page counts them as one.
    // Named as the heading names them: a path from the root by its last folder.
    let names = sources.map {
      $0.names.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).lastPathComponent : $0 }
        .joined(separator: ", ")
    }
    let counted = activity.counted.filter {
      let facts = sources[$0.history].history.commits[$0.index]
      return (options.usesCommitterDate ? facts.committer : facts.author) != nil
    }
    var ids: [Int: [String]] = [:]
    for commit in counted where ids[commit.history] == nil {
      ids[commit.history] = sources[commit.history].history.ids
    }
    let subjects = try phase("subjects") {
      () throws(CommandError) in
      try Self.subjects(
        of: counted.map { (sources[$0.history].gitDirectory, ids[$0.history]?[$0.index] ?? "") })
    }
    var commits: [ContributionPage.Commit] = []
    commits.reserveCapacity(counted.count)
    for (position, commit) in counted.enumerated() {
      let facts = sources[commit.history].history.commits[commit.index]
      guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
        continue
      }
      commits.append(
        ContributionPage.Commit(
          commit: DayCommit(
            id: ids[commit.history]?[commit.index] ?? "", seconds: stamp.seconds,
            offsetSeconds: bucketer.offsetSeconds(of: stamp), author: commit.author,
            subject: subjects[position]),
          day: bucketer.day(of: stamp), repository: commit.history,
          countsAuthor: commit.countsAuthor, coAuthors: commit.coAuthors))
    }
    var page = ContributionPage(
      title: ReportText.heading(for: report, title: invocation.title),
      repositories: names, commits: commits, window: report.window, today: report.today)
    page.scale = invocation.scale
    var appearance = svgOptions()
    // A page follows its viewer's light or dark scheme unless a theme was chosen.
    if invocation.theme == nil { appearance.theme = .auto }
    page.appearance = appearance
    page.commitURL = invocation.commitURL
    page.clock =
      report.zone == .author ? "each author's own clock" : "the clock of \(report.zone.description)"
    return Output(text: phase("page markup") { page.html() })
  }

  /// The subjects of `commits` (each its git directory and id), read through libgit2 on up to
  /// four threads, each with a repository of its own (libgit2 shares none between threads); an
  /// empty git directory (a draw from exports) has none to read.
  private static func subjects(of commits: [(gitDirectory: String, id: String)])
    throws(CommandError) -> [String]
  {
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var parts: [Int: [String]] = [:]
      var failure: GitError?
    }
    let results = Results()
    let width = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
    let size = max(1, (commits.count + width - 1) / width)
    let pieces = stride(from: 0, to: commits.count, by: size).map {
      $0..<min($0 + size, commits.count)
    }
    Threads.concurrentPerform(iterations: pieces.count, width: width) { piece in
      var subjects: [String] = []
      var repositories: [String: Repository] = [:]
      do throws(GitError) {
        for (gitDirectory, id) in commits[pieces[piece]] {
          guard !gitDirectory.isEmpty else {
            subjects.append("")
            continue
          }
          if repositories[gitDirectory] == nil {
            repositories[gitDirectory] = try Repository.open(at: gitDirectory)
          }
          subjects.append(try repositories[gitDirectory]?.commitSubject(id) ?? "")
        }
      } catch {
        results.lock.withLock { results.failure = results.failure ?? error }
        return
      }
      results.lock.withLock { results.parts[piece] = subjects }
    }
    if let failure = results.failure { throw CommandError(failure) }
    return pieces.indices.flatMap { results.parts[$0] ?? [] }
  }
}
