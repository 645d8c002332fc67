// Fuzz target: the date parser of --since and --until. A date that parses resolves to a day,
// and an ISO date prints back as it was written.
@testable import GitActivity

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let day = Day(iso: text) { precondition(day.iso == text) }
  if let expression = DateExpression(parsing: text) {
    let today = Day(year: 2025, month: 6, day: 15)
    let day = expression.resolve(today: today)
    precondition(
      day <= today || Day(iso: text.trimmingCharacters(in: .whitespaces).lowercased()) != nil)
    _ = day.iso
  }
  return 0
}
