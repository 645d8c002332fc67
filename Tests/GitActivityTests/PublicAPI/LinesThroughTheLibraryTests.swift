// This file imports GitActivity without @testable: it compiles only against the public API, as
// a Swift app's code does.
import Foundation
import GitActivity
import TestSupport
import Testing

/// Lines through the library as an app asks for them: `options.measure`, `lineCounting`, the
/// report's days and authors, with git's numstat as the oracle.
@Suite("Lines through the public API")
struct LinesThroughTheLibraryTests {
  @Test("a report by lines counts git's numstat per day and per author, and its options apply")
  func report() throws {
    let repo = try TemporaryRepository()
    var time = 1_734_000_000
    for (index, author) in ["Ada", "Grace", "Ada", "Linus"].enumerated() {
      try repo.write("file.txt", (0...(index * 5)).map { "line \($0 * (index + 1))\n" }.joined())
      try repo.write("moved-\(index).txt", String(repeating: "same line\n", count: 20))
      if index > 0 {
        try FileManager.default.removeItem(atPath: repo.path + "/moved-\(index - 1).txt")
      }
      try repo.git(["add", "-A"])
      try repo.commit(date: "\(time) +0000", author: author, email: "\(author.lowercased())@x")
      time += 86_400
    }
    let repository = try Repository.discover(from: repo.path, environment: Tools.gitEnvironment)
    var request = ActivityRequest()
    request.options.measure = .lines
    let today = Day(year: 2024, month: 12, day: 24)
    let report = try repository.activityReport(request, today: today)
    // git's numstat, by day.
    let numstat = try repo.git(["log", "--numstat", "--date=format:%Y-%m-%d", "--format=C%ad"])
    var byDay: [String: (Int, Int)] = [:]
    var day = ""
    for line in numstat.split(separator: "\n") {
      if line.hasPrefix("C") {
        day = String(line.dropFirst())
        byDay[day] = byDay[day] ?? (0, 0)
      } else {
        let fields = line.split(separator: "\t")
        byDay[day, default: (0, 0)].0 += Int(fields[0]) ?? 0
        byDay[day, default: (0, 0)].1 += Int(fields[1]) ?? 0
      }
    }
    let activity = report.activity
    #expect(activity.measure == .lines && activity.insertions.count == activity.counts.count)
    for (index, date) in activity.days.enumerated() {
      let git = byDay[date.iso] ?? (0, 0)
      #expect(activity.insertions[index] == git.0 && activity.deletions[index] == git.1)
      #expect(activity.counts[index] == git.0 + git.1)
    }
    #expect(activity.commitTotal == 4 && report.statistics.total == activity.counts.reduce(0, +))
    let ada = try #require(activity.authors.first { $0.author.name == "Ada" })
    #expect(ada.commits == 2 && ada.total == (ada.lines?.lines ?? -1))
    // Without renames the moved file counts as removed and added: more lines.
    request.lineCounting = LineCountingOptions(renames: .off)
    let unrenamed = try repository.activityReport(request, today: today)
    #expect(unrenamed.statistics.total > report.statistics.total)
    // The repository's own configuration is what applies when none is given.
    #expect(try repository.lineCountingOptions() == LineCountingOptions())
  }
}
