import Foundation
import Testing

@testable import GitActivity

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

  static func positions(_ first: String, _ last: String, weekStart: Weekday) throws -> [String:
    CalendarLayout.PositionWithinMonth]
  {
    let days = DayRange(first: try #require(Day(iso: first)), last: try #require(Day(iso: last)))
    let layout = CalendarLayout(
      days: days, counts: Array(repeating: 0, count: days.count), weekStart: weekStart)
    var result: [String: CalendarLayout.PositionWithinMonth] = [:]
    for index in 0..<days.count {
      result[days.first.advanced(by: index).iso] = layout.positionWithinMonth(of: index)
    }
    return result
  }

  @Test("month-boundary rows: the row of a month's first day and of its last day")
  func boundaries() throws {
    // February 2024 (leap) with a Sunday start: Feb 1 is a Thursday, Feb 29 a Thursday.
    let leap = try Self.positions("2024-01-28", "2024-03-09", weekStart: .sunday)
    #expect(leap["2024-01-31"] == .lastWeek)
    #expect(leap["2024-01-28"] == .lastWeek)
    #expect(leap["2024-02-01"] == .firstWeek && leap["2024-02-03"] == .firstWeek)
    #expect(leap["2024-02-04"] == .interior && leap["2024-02-24"] == .interior)
    #expect(leap["2024-02-25"] == .lastWeek && leap["2024-02-29"] == .lastWeek)
    #expect(leap["2024-03-01"] == .firstWeek && leap["2024-03-02"] == .firstWeek)
    #expect(leap["2024-03-03"] == .interior)
    // February 2023 (not leap) starts on a Wednesday and ends on a Tuesday.
    let common = try Self.positions("2023-02-01", "2023-03-04", weekStart: .sunday)
    #expect(common["2023-02-28"] == .lastWeek && common["2023-02-26"] == .lastWeek)
    #expect(common["2023-02-25"] == .interior)
    #expect(common["2023-03-01"] == .firstWeek)
    // September 2024 starts on a Sunday: its first row holds only September, and August's last
    // row only August; both are still the boundary rows.
    let aligned = try Self.positions("2024-08-20", "2024-09-15", weekStart: .sunday)
    #expect(aligned["2024-08-31"] == .lastWeek && aligned["2024-08-25"] == .lastWeek)
    #expect(aligned["2024-08-24"] == .interior)
    #expect(aligned["2024-09-01"] == .firstWeek && aligned["2024-09-07"] == .firstWeek)
    #expect(aligned["2024-09-08"] == .interior)
    // With a Monday start, September 1 (a Sunday) shares a row with August's last days.
    let monday = try Self.positions("2024-08-20", "2024-09-15", weekStart: .monday)
    #expect(monday["2024-08-26"] == .lastWeek && monday["2024-09-01"] == .firstWeek)
    #expect(monday["2024-09-02"] == .interior)
  }

  @Test("the gradient at its stops and between them, linear and log")
  func gradient() throws {
    let gradient = ColorGradient.seed
    #expect(gradient.color(at: 0) == RGB(parsing: "#61AB90"))
    #expect(gradient.color(at: 0.5) == RGB(parsing: "#33858D"))
    #expect(gradient.color(at: 1) == RGB(parsing: "#1E5D86"))
    #expect(gradient.color(at: 0.25) == RGB(parsing: "#4a988f"))
    #expect(gradient.color(at: 0.75) == RGB(parsing: "#29718a"))
    #expect(gradient.color(count: 0, highest: 9, scale: .linear) == gradient.empty)
    #expect(gradient.color(count: 1, highest: 9, scale: .linear) == gradient.color(at: 0))
    #expect(gradient.color(count: 5, highest: 9, scale: .linear) == gradient.color(at: 0.5))
    #expect(gradient.color(count: 9, highest: 9, scale: .log) == gradient.color(at: 1))
    #expect(
      gradient.color(count: 4, highest: 16, scale: .log) == gradient.color(at: log(4) / log(16)))
    let two = ColorGradient(
      stops: [RGB(red: 0, green: 0, blue: 0), RGB(red: 200, green: 100, blue: 50)],
      empty: gradient.empty)
    #expect(two.color(at: 0.5) == RGB(red: 100, green: 50, blue: 25))
  }

  @Test("day numbers stay readable on every color of the gradient (WCAG 4.5:1)")
  func contrast() throws {
    for gradient in [
      ColorGradient.seed,
      ColorGradient(
        stops: ["#ffffff", "#ffff00", "#777777", "#000000"].compactMap(RGB.init(parsing:)),
        empty: .init(red: 235, green: 237, blue: 240)),
    ] {
      for step in 0...200 {
        let background = gradient.color(at: Double(step) / 200)
        let text = ColorGradient.readableText(on: background)
        #expect(text.contrast(with: background) >= 4.5, "\(background.hex)")
      }
      #expect(ColorGradient.readableText(on: gradient.empty).contrast(with: gradient.empty) >= 4.5)
    }
    #expect(
      RGB(red: 255, green: 255, blue: 255).contrast(with: RGB(red: 0, green: 0, blue: 0)) == 21)
  }
}
