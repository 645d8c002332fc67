import Foundation
import GitActivity

/// `--format html`: the contribution page, every year of the selection's history in one file.
extension Run {
  /// The page of the counted commits, with each commit's subject read from its repository (a
  /// draw from exports has none to read: its subjects are empty).
  func page(
    _ activity: DailyActivity, sources: [Source], options: ActivityOptions, report: ActivityReport,
    review: (svg: String, description: String)? = nil
  ) throws(CommandError) -> Output {
    if report.isCountsOnly { return countsOnlyPage(report, review: review) }
    // A source from exports may name several repositories, each commit knowing its own.
    let names = sources.flatMap { $0.names.map(ReportText.shownName) }
    var firstRepository: [Int] = []
    for source in sources {
      firstRepository.append((firstRepository.last ?? 0) + source.names.count)
    }
    firstRepository.insert(0, at: 0)
    let commits = try phase("subjects") {
      () throws(CommandError) in
      try listed(activity, sources: sources, options: options).map {
        ContributionPage.Commit(
          commit: $0.commit, day: $0.day,
          repository: firstRepository[$0.counted.history] + $0.counted.repository,
          countsAuthor: $0.counted.countsAuthor, coAuthors: $0.counted.coAuthors)
      }
    }
    var page = ContributionPage(
      title: ReportText.heading(for: report, title: invocation.appearance.title),
      repositories: names, commits: commits, window: report.window, today: report.today)
    page.scale = invocation.appearance.scale
    page.streakRule = invocation.appearance.streakRule
    page.measure = invocation.counting.options.measure
    page.openingReport = report
    var appearance = svgOptions()
    // A page follows its viewer's light or dark scheme unless a theme was chosen.
    if invocation.appearance.theme == nil { appearance.theme = .auto }
    page.appearance = appearance
    page.commitURL = invocation.output.commitURL
    page.review = review
    page.clock =
      report.zone == .author ? "each author's own clock" : "the clock of \(report.zone.description)"
    return Output(text: phase("page markup") { page.html() })
  }

  /// `--counts-only --format html`: the page of the days' counts, with its graph, years and
  /// statistics only.
  private func countsOnlyPage(
    _ report: ActivityReport, review: (svg: String, description: String)?
  ) -> Output {
    var page = ContributionPage(
      title: ReportText.heading(for: report, title: invocation.appearance.title),
      repositories: [""], commits: ContributionPage.countsOnly(report.activity),
      window: report.window, today: report.today)
    page.isCountsOnly = true
    page.scale = invocation.appearance.scale
    page.streakRule = invocation.appearance.streakRule
    page.measure = invocation.counting.options.measure
    page.openingReport = report
    var appearance = svgOptions()
    if invocation.appearance.theme == nil { appearance.theme = .auto }
    page.appearance = appearance
    page.clock = ""
    page.review = review
    return Output(text: phase("page markup") { page.html() })
  }

  /// The counted commits as `--day` and the page list them: id, time with its offset, author
  /// and subject (read from each repository; a draw from exports has none to read), and the
  /// day each counts on; those with no date in force are left out.
  func listed(_ activity: DailyActivity, sources: [Source], options: ActivityOptions)
    throws(CommandError) -> [(counted: CountedCommit, commit: DayCommit, day: Day)]
  {
    let bucketer = DayBucketer(zone: options.zone)
    func stamp(_ commit: CountedCommit) -> Timestamp? {
      let facts = sources[commit.history].history.commits[commit.index]
      return options.usesCommitterDate ? facts.committer : facts.author
    }
    let counted = activity.counted.filter { stamp($0) != nil }
    var ids: [Int: [String]] = [:]
    for commit in counted where ids[commit.history] == nil {
      ids[commit.history] = sources[commit.history].history.ids
    }
    func id(_ commit: CountedCommit) -> String { ids[commit.history]?[commit.index] ?? "" }
    let subjects = try Self.subjects(
      of: counted.map { (sources[$0.history].gitDirectory, id($0)) })
    return zip(counted, subjects).compactMap { commit, subject in
      guard let stamp = stamp(commit) else { return nil }
      return (
        commit,
        DayCommit(
          id: id(commit), seconds: stamp.seconds, offsetSeconds: bucketer.offsetSeconds(of: stamp),
          author: commit.author, subject: subject,
          lines: sources[commit.history].history.lineStats(ofCommit: commit.index),
          agents: commit.agents),
        bucketer.day(of: stamp)
      )
    }
  }

  /// The subjects of `commits` (each its git directory and id), read through libgit2 on up to
  /// four threads, each with a repository of its own (libgit2 shares none between threads); an
  /// empty git directory (a draw from exports) has none to read.
  private static func subjects(of commits: [(gitDirectory: String, id: String)])
    throws(CommandError) -> [String]
  {
    /// `@unchecked Sendable`: the workers touch `parts` and `failure` only with `lock` held.
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
            repositories[gitDirectory] = try Repository.openGit(at: gitDirectory)
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
