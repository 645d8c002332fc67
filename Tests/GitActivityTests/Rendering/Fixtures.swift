import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Fixed reports for whole-output renderer tests.
enum Fixtures {
  /// Twenty weeks ending Wednesday 2025-03-05, with a pattern that uses every level.
  static func report(weeks: Int = 20, subject: String? = nil) -> ActivityReport {
    let today = Day(iso: "2025-03-05") ?? Day(number: 0)
    let window = WindowRequest(weeks: weeks).resolve(today: today)
    // A fixed pseudo-random pattern (a linear congruential generator) that reaches every level.
    var state: UInt32 = 12_345
    let counts = (0..<window.days.count).map { _ -> Int in
      state = state &* 1_103_515_245 &+ 12_345
      let value = Int((state >> 16) % 20)
      return value < 8 ? 0 : value - 7
    }
    let ada = AuthorActivity(author: Author(name: "Ada", email: "ada@example.com"), counts: counts)
    let activity = DailyActivity(days: window.days, counts: counts, authors: [ada])
    return ActivityReport(
      repositories: ["/work/example"], window: window, zone: .author, activity: activity,
      today: today, subject: subject)
  }

  /// The folder of golden files beside this source file.
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Compares `text` with the golden file `name`; `UPDATE_GOLDEN=1` rewrites the file instead.
  static func expectGolden(
    _ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = goldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(text == expected, "golden file \(name) differs", sourceLocation: sourceLocation)
  }
}
