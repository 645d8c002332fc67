// Fuzz target: the date parser of --since and --until. A date that parses resolves to a day; a
// relative one never lies after today; a month's end is not before its start; an ISO date prints
// back as it was written.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let day = Day(iso: text) { precondition(day.iso == text) }
  if let expression = DateExpression(parsing: text) {
    let today = Day(year: 2025, month: 6, day: 15)
    let start = expression.resolve(today: today)
    let end = expression.resolve(today: today, isEnd: true)
    precondition(start <= end)
    switch expression {
    case .ago, .lastWeekday, .timeOfDay: precondition(start <= today)
    case .day, .month, .dayOfMonth, .dateTime: precondition(start.year >= 1 && end.year <= 9999)
    }
    _ = start.iso
  }
  return 0
}
