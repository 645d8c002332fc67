import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@Suite("Days as integers")
struct DayTests {
  @Test("day numbers agree with Foundation's Gregorian calendar from 1696 to 2380")
  func agreesWithCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    for number in stride(from: -100_000, through: 150_000, by: 37) {
      let day = Day(number: number)
      let date = Date(timeIntervalSince1970: TimeInterval(number) * 86_400)
      let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
      #expect(
        day.components.year == parts.year && day.components.month == parts.month
          && day.components.day == parts.day)
      #expect(day.weekday == parts.weekday)
      #expect(Day(year: day.year, month: day.month, day: day.dayOfMonth) == day)
    }
  }

  @Test("ISO dates written for every year, padded to four digits, signed before year 0")
  func isoWriting() {
    // From 3 BCE (year -2) to 10,002: the years of four digits take the fast path, the rest not.
    let first = Day(year: -2, month: 1, day: 1).number
    let last = Day(year: 10_002, month: 12, day: 31).number
    // Wrong days are gathered and expected once (an #expect per day costs more than the day).
    var wrong: [String] = []
    for number in stride(from: first, through: last, by: 13) {
      let day = Day(number: number)
      let (year, month, day2) = day.components
      let yearText =
        year < 0
        ? "-" + String(repeating: "0", count: max(0, 4 - String(-year).count)) + String(-year)
        : String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
      let expected =
        yearText + "-" + (month < 10 ? "0" : "") + String(month) + "-" + (day2 < 10 ? "0" : "")
        + String(day2)
      if day.iso != expected { wrong.append("\(day.iso), not \(expected)") }
      if (1...9_999).contains(year) && Day(iso: day.iso) != day { wrong.append("\(day.iso) read") }
    }
    #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(5))")
    #expect(Day(year: 7, month: 3, day: 9).iso == "0007-03-09")
    #expect(Day(year: 2024, month: 12, day: 31).iso == "2024-12-31")
    #expect(Day(year: 10_000, month: 1, day: 1).iso == "10000-01-01")
    #expect(Day(year: -1, month: 1, day: 1).iso == "-0001-01-01")
  }

  @Test(
    "timestamps and offsets land on the day git prints",
    arguments: [
      (0, 0, "1970-01-01"), (-1, 0, "1969-12-31"), (86_399, 0, "1970-01-01"),
      (86_400, 0, "1970-01-02"),
      (1_710_026_999, -43_200, "2024-03-09"), (1_710_026_999, 50_400, "2024-03-10"),
      (951_782_400, 0, "2000-02-29"), (4_107_542_400, 0, "2100-03-01"),
    ] as [(Int64, Int64, String)])
  func timestamps(seconds: Int64, offset: Int64, iso: String) {
    #expect(Day(epochSeconds: seconds, offsetSeconds: offset).iso == iso)
  }

  @Test("ISO dates parse strictly")
  func isoParsing() {
    #expect(Day(iso: "2024-02-29")?.iso == "2024-02-29")
    for bad in [
      "2023-02-29", "2024-13-01", "2024-1-01", "24-01-01", "2024-01-01x", "", "２０２４-01-01",
      "2024-00-10",
    ] {
      #expect(Day(iso: bad) == nil, "\(bad)")
    }
  }

  @Test("months are added with the day clamped to the month's length")
  func addingMonths() throws {
    let day = try #require(Day(iso: "2024-03-31"))
    #expect(day.addingMonths(-1).iso == "2024-02-29")
    #expect(day.addingMonths(-13).iso == "2023-02-28")
    #expect(day.addingMonths(11).iso == "2025-02-28")
    #expect(day.addingMonths(-6).iso == "2023-09-30")
  }

  @Test("relative dates count back from today")
  func dateExpressions() throws {
    let today = try #require(Day(iso: "2024-08-31"))
    let cases: [(String, String?)] = [
      ("today", "2024-08-31"), ("yesterday", "2024-08-30"), ("6 months ago", "2024-02-29"),
      ("2 years ago", "2022-08-31"), ("1 week ago", "2024-08-24"), ("10 days ago", "2024-08-21"),
      ("2024-01-05", "2024-01-05"), ("6 fortnights ago", nil), ("-3 days ago", nil), ("ago", nil),
      ("99999999999999999999 days ago", nil), ("last week", "2024-08-24"),
      ("last.month", "2024-07-31"), ("2.weeks.ago", "2024-08-17"), ("last year", "2023-08-31"),
      ("last friday", "2024-08-30"), ("last saturday", "2024-08-24"), ("2024/01/05", "2024-01-05"),
      ("2024.01.05", "2024-01-05"), ("01/05/2024", "2024-01-05"), ("5.1.2024", "2024-01-05"),
      ("2024-01-05 12:30", "2024-01-05"), ("2024-01-05 12:30:59", "2024-01-05"),
      ("2024-02", "2024-02-01"), ("feb 2024", "2024-02-01"), ("2024 february", "2024-02-01"),
      ("last tuesday-ish", nil), ("2024/02/30", nil), ("2024-13", nil), ("monday", nil),
      ("0000-01", nil), ("1/2/3", nil),
    ]
    for (text, expected) in cases {
      #expect(DateExpression(parsing: text)?.resolve(today: today).iso == expected, "\(text)")
    }
    // A month ends on its last day where a window ends.
    #expect(
      DateExpression(parsing: "2024-02")?.resolve(today: today, isEnd: true).iso == "2024-02-29")
    #expect(
      DateExpression(parsing: "2023-12")?.resolve(today: today, isEnd: true).iso == "2023-12-31")
  }
}

@Suite("Windows")
struct WindowTests {
  @Test("the default window is the seed's: 53 weeks whose first column starts on the week start")
  func defaultWindow() throws {
    let today = try #require(Day(iso: "2024-08-28"))  // a Wednesday
    let window = WindowRequest().resolve(today: today)
    #expect(window.days.last == today)
    #expect(window.days.first.weekday == 1)
    #expect(window.days.count == 52 * 7 + 4)
    #expect(ReportText.phrase(window) == "in the last year")
    let monday = WindowRequest(weekStart: .monday).resolve(today: today)
    #expect(monday.days.first.weekday == 2)
    #expect(monday.days.count == 52 * 7 + 3)
  }

  @Test("weeks are clamped to 1…530 and end moves the window")
  func weeksAndEnd() throws {
    let today = try #require(Day(iso: "2024-08-28"))
    #expect(WindowRequest(weeks: 0).resolve(today: today).days.count == 4)
    #expect(WindowRequest(weeks: 10_000).resolve(today: today).days.count == 529 * 7 + 4)
    let ended = WindowRequest(weeks: 1, end: .day(try #require(Day(iso: "2024-03-02")))).resolve(
      today: today)
    #expect(ended.days.first.iso == "2024-02-25")
    #expect(ended.days.last.iso == "2024-03-02")
    #expect(ReportText.phrase(ended) == "between 25 February and 2 March 2024")
  }

  @Test("since/until and year")
  func sinceUntilYear() throws {
    let today = try #require(Day(iso: "2024-08-28"))
    let year = WindowRequest(year: 2024).resolve(today: today)
    #expect(year.days.count == 366)
    #expect(ReportText.phrase(year) == "in 2024")
    let since = WindowRequest(since: DateExpression(parsing: "3 months ago")).resolve(today: today)
    #expect(since.days.first.iso == "2024-05-28")
    #expect(since.days.last == today)
  }
}

@Suite("An author's days from the positions of their commits")
struct AuthorActivityTests {
  @Test(
    "counted in place or sorted, the same days and counts as counting each day directly",
    arguments: [(0, 10), (63, 100), (64, 512), (64, 513), (5_000, 300), (30_000, 7_900)])
  func sameEitherWay(commits: Int, windowLength: Int) {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    let offsets = (0..<commits).map { _ in
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Bunched towards the window's end, as real histories are.
      return Int32(windowLength - 1 - Int(seed >> 33) % windowLength * Int(seed >> 60) / 16)
    }
    var expected = [Int](repeating: 0, count: windowLength)
    for offset in offsets { expected[Int(offset)] += 1 }
    let author = Author(name: "A", email: "a@x")
    let activity = AuthorActivity(
      author: author, commitOffsets: offsets, windowLength: windowLength)
    #expect(activity.counts == expected)
    #expect(activity.total == commits)
    #expect(activity == AuthorActivity(author: author, counts: expected))
    #expect(activity.activeDays.map(\.offset) == expected.indices.filter { expected[$0] > 0 })
  }
}
