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
    var ids: [Int: [String]] = [:]
    var repositories: [Int: Repository] = [:]
    var commits: [ContributionPage.Commit] = []
    commits.reserveCapacity(activity.counted.count)
    // A source from exports may name several repositories: the page counts them as one.
    // Named as the heading names them: a path from the root by its last folder.
    let names = sources.map {
      $0.names.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).lastPathComponent : $0 }
        .joined(separator: ", ")
    }
    do {
      for counted in activity.counted {
        let source = sources[counted.history]
        let facts = source.history.commits[counted.index]
        guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
          continue
        }
        if ids[counted.history] == nil { ids[counted.history] = source.history.ids }
        let id = ids[counted.history]?[counted.index] ?? ""
        if repositories[counted.history] == nil && !source.gitDirectory.isEmpty {
          repositories[counted.history] = try Repository.open(at: source.gitDirectory)
        }
        let subject = try repositories[counted.history]?.commitSubject(id) ?? ""
        commits.append(
          ContributionPage.Commit(
            commit: DayCommit(
              id: id, seconds: stamp.seconds, offsetSeconds: bucketer.offsetSeconds(of: stamp),
              author: counted.author, subject: subject),
            day: bucketer.day(of: stamp), repository: counted.history,
            countsAuthor: counted.countsAuthor, coAuthors: counted.coAuthors))
      }
    } catch {
      throw CommandError(error)
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
    return Output(text: page.html())
  }
}
