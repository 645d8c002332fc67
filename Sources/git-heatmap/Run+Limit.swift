import Foundation
import GitActivity

/// `-n` and `--skip`: the newest commits of the selection in git log's order, counted as git log
/// counts them (after the author, merge and message filters, before the window, which is a
/// reading here).
extension Run {
  var limitsCount: Bool { invocation.commits.limitsCount }

  /// The source with only the commits `-n` and `--skip` leave.
  func limited(_ source: Source, options: ActivityOptions, walk: WalkOptions) throws(CommandError)
    -> Source
  {
    do {
      let repository = try Repository.open(at: source.gitDirectory)
      let history = source.history
      // Which commits the filters let in, whatever their day: counted over every day they have.
      let bucketer = DayBucketer(zone: options.zone)
      var days: DayRange?
      for facts in history.commits {
        guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
          continue
        }
        let day = bucketer.day(of: stamp)
        days = DayRange(first: min(days?.first ?? day, day), last: max(days?.last ?? day, day))
      }
      var result = source
      guard let days else {
        result.history = history.keeping { _ in false }
        return result
      }
      var counting = options
      counting.recordsCommits = true
      let accepted = Set(
        DailyActivity(histories: [(history, source.mailmap)], days: days, options: counting)
          .counted.map(\.index))
      let order = try repository.logOrder(
        of: history, selection: try selection(in: repository),
        firstParentOnly: walk.followsFirstParentOnly)
      let kept = Set(
        order.filter(accepted.contains).dropFirst(invocation.commits.skipCount).prefix(
          invocation.commits.maxCount ?? Int.max))
      result.history = history.keeping { kept.contains($0) }
      return result
    } catch {
      throw CommandError(error)
    }
  }

  /// What the heading says of a limited count: `of the newest 10 (-n 10)`.
  var limitPhrase: String? {
    guard limitsCount else { return nil }
    var parts: [String] = []
    if let count = invocation.commits.maxCount { parts.append("-n \(count)") }
    if invocation.commits.skipCount > 0 { parts.append("--skip \(invocation.commits.skipCount)") }
    let newest = invocation.commits.maxCount.map { "the newest \(Wording.grouped($0))" } ?? "all"
    let after =
      invocation.commits.skipCount > 0
      ? " after the newest \(Wording.grouped(invocation.commits.skipCount))" : ""
    return "of \(newest)\(after) (\(parts.joined(separator: " ")))"
  }
}
