import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@Suite("The calendar layout")
struct CalendarLayoutTests {
  @Test(
    "every date lands in its weekday's column and its week's row, for windows starting on each weekday",
    arguments: Weekday.allCases)
  func positions(weekStart: Weekday) throws {
    let monday = try #require(Day(iso: "2024-02-26"))
    for start in 0..<7 {
      let first = monday.advanced(by: start)
      let days = DayRange(first: first, last: first.advanced(by: 70))
      let layout = CalendarLayout(
        days: days, counts: Array(repeating: 0, count: days.count), weekStart: weekStart)
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
      calendar.firstWeekday = weekStart.rawValue
      let firstDate = first.date(in: calendar)
      let firstWeekStart = try #require(calendar.dateInterval(of: .weekOfYear, for: firstDate))
        .start
      for index in 0..<days.count {
        let day = first.advanced(by: index)
        let (row, column) = layout.position(of: index)
        let date = day.date(in: calendar)
        // The column is the weekday in week-start order; the row counts weeks from the first.
        #expect(column == (calendar.component(.weekday, from: date) - weekStart.rawValue + 7) % 7)
        let weekStartOfDay = try #require(calendar.dateInterval(of: .weekOfYear, for: date)).start
        #expect(
          row
            == calendar.dateComponents([.day], from: firstWeekStart, to: weekStartOfDay).day.map {
              $0 / 7
            })
      }
      #expect(layout.rowCount == layout.position(of: days.count - 1).row + 1)
      #expect(layout.aspectRatio == 7 / Double(layout.rowCount))
      #expect(layout.weekdayInitials.first == String(weekStart.name.prefix(1)))
    }
  }

  @Test(
    "each month in rows of its own: every day once, in its weekday's column, rows counted from the month's first",
    arguments: [Weekday.sunday, .monday, .saturday])
  func months(weekStart: Weekday) throws {
    // From the middle of January 2024 across leap February to the middle of April; and a window
    // that starts and ends inside one month.
    for (first, last) in [
      ("2024-01-17", "2024-04-09"), ("2023-02-01", "2023-03-31"),
      ("2024-09-13", "2024-09-20"),
    ] {
      let days = DayRange(first: try #require(Day(iso: first)), last: try #require(Day(iso: last)))
      let layout = CalendarLayout(
        days: days, counts: Array(repeating: 0, count: days.count), weekStart: weekStart)
      let months = layout.months
      #expect(months.flatMap { Array($0.indices) } == Array(0..<days.count))
      for month in months {
        let firstDay = days.first.advanced(by: month.indices.lowerBound)
        #expect(
          month.indices.allSatisfy {
            let (year, number, _) = days.first.advanced(by: $0).components
            return year == month.year && number == month.month
          })
        #expect(month.leadingColumns == firstDay.daysIntoWeek(startingOn: weekStart))
        for index in month.indices {
          let (row, column) = month.position(of: index)
          let day = days.first.advanced(by: index)
          #expect(column == layout.position(of: index).column, "\(day.iso)")
          // The row is the number of week starts after the month's first shown day, up to this one.
          let weekStarts = (0..<firstDay.distance(to: day)).filter {
            firstDay.advanced(by: $0 + 1).daysIntoWeek(startingOn: weekStart) == 0
          }.count
          #expect(row == weekStarts, "\(day.iso)")
        }
        #expect(month.rowCount == month.position(of: month.indices.upperBound - 1).row + 1)
      }
    }
    // February 2024 from Sunday: Thursday the 1st to Thursday the 29th, five rows.
    let leap = CalendarLayout(
      days: DayRange(
        first: Day(year: 2024, month: 2, day: 1), last: Day(year: 2024, month: 2, day: 29)),
      counts: Array(repeating: 0, count: 29), weekStart: .sunday)
    #expect(leap.months.map(\.rowCount) == [5])
    #expect(leap.months[0].leadingColumns == 4)
  }

  @Test("OKLab: Ottosson's reference values, and every color of a 16-step cube comes back")
  func oklab() {
    func close(_ lab: OKLab, _ l: Double, _ a: Double, _ b: Double) -> Bool {
      abs(lab.lightness - l) < 0.001 && abs(lab.a - a) < 0.001 && abs(lab.b - b) < 0.001
    }
    #expect(close(RGB(red: 255, green: 255, blue: 255).oklab, 1, 0, 0))
    #expect(close(RGB(red: 255, green: 0, blue: 0).oklab, 0.627_96, 0.224_86, 0.125_85))
    #expect(close(RGB(red: 0, green: 0, blue: 255).oklab, 0.452_01, -0.032_46, -0.311_53))
    for red in stride(from: 0, through: 255, by: 17) {
      for green in stride(from: 0, through: 255, by: 17) {
        for blue in stride(from: 0, through: 255, by: 17) {
          let color = RGB(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
          #expect(RGB(color.oklab) == color)
        }
      }
    }
  }

  @Test("the gradient: its stops exactly, OKLab between them, linear and log")
  func gradient() throws {
    let gradient = ColorGradient.seed
    #expect(gradient.color(at: 0) == RGB(parsing: "#61AB90"))
    #expect(gradient.color(at: 0.5) == RGB(parsing: "#33858D"))
    #expect(gradient.color(at: 1) == RGB(parsing: "#1E5D86"))
    #expect(
      gradient.color(at: 0.25) == gradient.stops[0].mixed(with: gradient.stops[1], fraction: 0.5))
    #expect(gradient.color(count: 0, highest: 9, scale: .linear) == gradient.empty)
    #expect(gradient.color(count: 1, highest: 9, scale: .linear) == gradient.color(at: 0))
    #expect(gradient.color(count: 5, highest: 9, scale: .linear) == gradient.color(at: 0.5))
    #expect(gradient.color(count: 9, highest: 9, scale: .log) == gradient.color(at: 1))
    #expect(
      gradient.color(count: 4, highest: 16, scale: .log) == gradient.color(at: log(4) / log(16)))
    // Halfway from black to white looks halfway: OKLab's L = 0.5 is #636363, not sRGB's #808080.
    let two = ColorGradient(
      stops: [RGB(red: 0, green: 0, blue: 0), RGB(red: 255, green: 255, blue: 255)],
      empty: gradient.empty)
    #expect(two.color(at: 0.5) == RGB(parsing: "#636363"))
  }

  @Test(
    "one number color for every tile with commits, at 4.5:1 or more along the whole gradient")
  func contrast() throws {
    let white = RGB(red: 255, green: 255, blue: 255)
    let black = RGB(red: 0, green: 0, blue: 0)
    let cases: [(ColorGradient, RGB)] = [
      // The seed: its light end is darkened for white numbers.
      (.seed, white),
      // A pastel gradient: every stop is better with black, which it gets.
      (
        ColorGradient(
          stops: ["#fff7bc", "#fec44f", "#a6e3a1"].compactMap(RGB.init(parsing:)),
          empty: ColorGradient.seed.empty),
        black
      ),
      // White to black: mixed, so white numbers on stops darkened where needed.
      (
        ColorGradient(
          stops: ["#ffffff", "#ffff00", "#777777", "#000000"].compactMap(RGB.init(parsing:)),
          empty: ColorGradient.seed.empty), white
      ),
    ]
    for (gradient, expected) in cases {
      let (legible, numbers) = gradient.legible()
      #expect(numbers == expected, "\(gradient.stops)")
      for step in 0...1000 {
        let tile = legible.color(at: Double(step) / 1000)
        #expect(tile.contrast(with: numbers) >= 4.5, "\(tile.hex) under \(numbers.hex)")
      }
      // Only lightness moves: hue stays, within what 8-bit channels allow (0.1 rad, 6°).
      for (before, after) in zip(gradient.stops, legible.stops)
      where before.oklab.a * before.oklab.a + before.oklab.b * before.oklab.b > 0.001 {
        let hue = { (lab: OKLab) in atan2(lab.b, lab.a) }
        #expect(abs(hue(before.oklab) - hue(after.oklab)) < 0.1, "\(before.hex) → \(after.hex)")
      }
    }
    // A gradient that passes already is left as it is.
    let dark = ColorGradient(
      stops: ["#1e5d86", "#0b2540"].compactMap(RGB.init(parsing:)), empty: ColorGradient.seed.empty)
    #expect(dark.legible().gradient == dark)
    #expect(white.contrast(with: black) == 21)
  }
}
