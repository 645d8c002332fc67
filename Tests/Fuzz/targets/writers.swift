// Fuzz target: the SVG, CSV and JSON writers, fed a hostile name and email. The SVG is
// well-formed XML; the JSON parses back to the same name; the CSV field parses back too.
import Foundation

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

#if canImport(FoundationXML)
  import FoundationXML
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWriters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let split = bytes.firstIndex(of: 0) ?? bytes.count
  let name = TextDecoding.decode(bytes[..<split], encoding: nil)
  let email = TextDecoding.decode(bytes[min(split + 1, bytes.count)...], encoding: nil)
  let days = DayRange(
    first: Day(year: 2025, month: 1, day: 1), last: Day(year: 2025, month: 1, day: 10))
  let counts = [0, 1, 2, 0, 5, 0, 0, 9, 1, 0]
  let author = AuthorActivity(author: Author(name: name, email: email), counts: counts)
  let report = ActivityReport(
    repositories: [name], window: Window(days: days, weekStart: .sunday, kind: .between),
    zone: .author,
    activity: DailyActivity(days: days, counts: counts, authors: [author]), today: days.last,
    subject: name)

  var options = SVGOptions()
  options.title = email
  let svg = SVGRenderer(options: options).render(report, scale: .github)
  precondition(XMLParser(data: Data(svg.utf8)).parse(), "SVG is not well-formed")
  let calendar = CalendarRenderer().svg(report, options: options)
  precondition(XMLParser(data: Data(calendar.utf8)).parse(), "calendar SVG is not well-formed")

  let json = JSONWriter(authorDays: 1).render(report)
  guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
    let authors = object["authors"] as? [[String: Any]]
  else { preconditionFailure("JSON does not parse") }
  // JSON is UTF-8: a byte that was not (a Latin-1 name without an encoding header) is shown
  // as U+FFFD, as every report output shows it; the export keeps it (`\uf7xx`, lossless).
  precondition(
    authors.first?["name"] as? String == TextDecoding.shown(name), "JSON changed the name")
  precondition(
    authors.first?["email"] as? String == TextDecoding.shown(email), "JSON changed the email")

  let field = TextEscaping.csv(name)
  let terminal = TextEscaping.terminal(name)
  let shown = TextEscaping.startsFormula(terminal) ? "'" + terminal : terminal
  precondition(parseCSVField(field) == shown, "CSV changed the name beyond cleaning it")
  precondition(!TextEscaping.startsFormula(parseCSVField(field)), "a CSV field starts a formula")
  precondition(
    !terminal.unicodeScalars.contains {
      $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    })
  return 0
}

/// One RFC 4180 field, read as a CSV reader reads bytes: quoted with doubled quotes, or as it is.
func parseCSVField(_ field: String) -> String {
  let scalars = Array(field.unicodeScalars)
  guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return field }
  var result = String.UnicodeScalarView()
  var index = 1
  while index < scalars.count - 1 {
    result.append(scalars[index])
    index += scalars[index] == "\"" ? 2 : 1
  }
  return String(result)
}
