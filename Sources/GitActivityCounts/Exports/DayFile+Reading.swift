import Foundation

extension DayFile {
  /// Why a day file cannot be read: its words, without the file's name.
  public struct Failure: Error, Equatable, Sendable {
    /// What is wrong.
    public var message: String
  }

  /// Whether a file whose first line that is not blank is `line` holds days (a day file or a
  /// forge's calendar) rather than per-commit records: a record is a one-line JSON object with
  /// a `v`, or a CSV row under the export's header.
  public static func holdsDays(firstLine line: [UInt8]) -> Bool {
    var bytes = line[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
    if bytes.starts(with: Array("v,source,id,date".utf8)) { return true }
    if bytes.first == UInt8(ascii: "[") { return true }
    guard bytes.first == UInt8(ascii: "{") else { return false }
    // A record: an object on one line with the schema version `v` among its keys (a damaged
    // record is still a record, read as one to say what is wrong with it).
    var hasVersion = false
    Array(bytes).withUnsafeBytes { raw in
      var reader = JSONReader(bytes: raw)
      try? reader.object { (key, reader) throws(JSONReader.Failure) in
        if key == "v" { hasVersion = true }
        try reader.skipValue()
      }
    }
    return !hasVersion
  }

  /// Reads a day file, or a forge's calendar, from its bytes. Gitea's and Forgejo's moments
  /// are placed on days in `zone` (UTC for `author`, which they do not record).
  public static func read(_ bytes: [UInt8], zone: DayZone) throws(Failure) -> DayFile {
    guard bytes.count <= largestFile else {
      throw Failure(message: Words.tooLarge(mebibytes: largestFile >> 20))
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      throw Failure(message: Words.empty)
    }
    var result: Result<DayFile, Problem> = .failure(Problem(message: Words.notRead))
    if first == UInt8(ascii: "v") {
      result = Result { () throws(Problem) in try readCSV(Array(body)) }
    } else {
      Array(body).withUnsafeBytes { raw in
        var reader = JSONReader(bytes: raw)
        result = Result { () throws(Problem) in
          let file =
            first == UInt8(ascii: "[")
            ? try readGitea(&reader, zone: zone) : try readObject(&reader)
          try reader.end()
          return file
        }
      }
    }
    do {
      let file = try result.get()
      try file.check()
      return file
    } catch {
      throw Failure(message: error.message)
    }
  }

  /// The errors of the reading inside: a JSON reader's, made a `Failure` at the door.
  typealias Problem = JSONReader.Failure

  /// A count as the file gives it: a whole number from 0 to `largestCount`.
  private static func count(_ reader: inout JSONReader, _ what: String) throws(Problem) -> Int {
    let value: Int64
    do {
      value = try reader.integer()
    } catch {
      throw Problem(message: Words.notAWholeNumber(what, error.message))
    }
    guard value >= 0 else { throw Problem(message: Words.negative(what, value)) }
    guard value <= Int64(largestCount) else {
      throw Problem(message: Words.beyondAnyCount(what, value))
    }
    return Int(value)
  }

  private static func date(_ text: String, _ what: String) throws(Problem) -> Day {
    guard let day = Day(iso: text) else {
      throw Problem(message: Words.notADate(what, text))
    }
    return day
  }

  private static func string(_ reader: inout JSONReader, _ what: String) throws(Problem) -> String {
    do {
      return try reader.string()
    } catch {
      throw Problem(message: Words.notAString(what, error.message))
    }
  }

  /// A day file (`format`), GitLab's calendar (dates as keys) or GitHub's (`data`, or the
  /// `contributionCalendar` object itself, or its `contributionsCollection`).
  private static func readObject(_ reader: inout JSONReader) throws(Problem) -> DayFile {
    var format: String?
    var version: Int?
    var source: String?
    var since: Day?
    var until: Day?
    var fields: [String]?
    var entries: [Entry]?
    var gitLab: [Entry] = []
    var gitHub: [Entry]?
    try reader.object { (key, reader) throws(Problem) in
      switch key {
      case "format": format = try string(&reader, "'format'")
      case "version": version = try count(&reader, "'version'")
      case "id": _ = try string(&reader, "'id'")
      case "source": source = try string(&reader, "'source'")
      case "since": since = try date(try string(&reader, "'since'"), "'since'")
      case "until": until = try date(try string(&reader, "'until'"), "'until'")
      case "fields": fields = try reader.strings()
      case "days": entries = try readEntries(&reader)
      case "data", "contributionsCollection", "contributionCalendar":
        gitHub = (gitHub ?? []) + (try readGitHub(&reader, key: key, depth: 0))
      default:
        guard let day = Day(iso: key) else {
          try reader.skipValue()
          return
        }
        gitLab.append(Entry(day: day, commits: try count(&reader, "the count of \(key)")))
      }
    }
    if let format {
      guard format == formatName else {
        throw Problem(message: Words.otherFormat(format, formatName))
      }
      guard let version else { throw Problem(message: Words.noVersion) }
      guard version <= Self.version else {
        throw Problem(message: Words.newerVersion(version, Self.version))
      }
      guard version >= 1 else { throw Problem(message: Words.neverWritten(version)) }
      guard let entries else { throw Problem(message: Words.noDays) }
      let named = Set(fields ?? ["commits"])
      var window: DayRange?
      if let since {
        guard let until, since <= until else {
          throw Problem(message: Words.noWindow)
        }
        window = DayRange(first: since, last: until)
      }
      return DayFile(
        origin: .gitHeatmap, source: source, window: window,
        hasLines: named.contains("insertions") && named.contains("deletions"),
        tellsAssisted: named.contains("assisted"), days: entries)
    }
    if let gitHub { return forge(.gitHub, gitHub) }
    guard !gitLab.isEmpty else {
      throw Problem(message: Words.notADayFile)
    }
    return forge(.gitLab, gitLab)
  }

  /// A forge's days, sorted, each once (a day given twice is summed, as both counted).
  private static func forge(_ origin: Origin, _ entries: [Entry]) -> DayFile {
    var byDay: [Day: Int] = [:]
    for entry in entries { byDay[entry.day, default: 0] += entry.commits }
    let days = byDay.keys.sorted().map { Entry(day: $0, commits: byDay[$0] ?? 0) }
      .filter { $0.commits > 0 }
    let window = days.first.map { DayRange(first: $0.day, last: days[days.count - 1].day) }
    return DayFile(
      origin: origin, source: nil, window: window, hasLines: false, tellsAssisted: false,
      days: days)
  }

  /// A day file's `days`: objects of a `date` and counts.
  private static func readEntries(_ reader: inout JSONReader) throws(Problem) -> [Entry] {
    var entries: [Entry] = []
    try reader.array { (reader) throws(Problem) in
      var entry = Entry(day: Day(number: 0), commits: 0)
      var hasDate = false
      try reader.object { (key, reader) throws(Problem) in
        let what = "'\(key)' of day \(entries.count + 1)"
        switch key {
        case "date":
          entry.day = try date(try string(&reader, what), what)
          hasDate = true
        case "commits": entry.commits = try count(&reader, what)
        case "assisted": entry.assisted = try count(&reader, what)
        case "bots": entry.bots = try count(&reader, what)
        case "insertions": entry.insertions = try count(&reader, what)
        case "deletions": entry.deletions = try count(&reader, what)
        default: try reader.skipValue()
        }
      }
      guard hasDate else { throw Problem(message: Words.dayWithoutDate(entries.count + 1)) }
      entries.append(entry)
    }
    return entries
  }

  /// GitHub's GraphQL answer, down to `contributionCalendar.weeks[].contributionDays[]`.
  private static func readGitHub(_ reader: inout JSONReader, key: String, depth: Int)
    throws(Problem) -> [Entry]
  {
    guard depth < 8 else { throw Problem(message: Words.nestedTooDeep) }
    guard reader.nextValueStart() == UInt8(ascii: "{") else {
      try reader.skipValue()
      return []
    }
    var entries: [Entry] = []
    try reader.object { (member, reader) throws(Problem) in
      if key == "contributionCalendar" && member == "weeks" {
        entries += try readWeeks(&reader)
      } else if key != "contributionCalendar" {
        entries += try readGitHub(&reader, key: member, depth: depth + 1)
      } else {
        try reader.skipValue()
      }
    }
    return entries
  }

  /// GitHub's `weeks`: `[{"contributionDays": [{"date", "contributionCount"}, …]}, …]`.
  private static func readWeeks(_ reader: inout JSONReader) throws(Problem) -> [Entry] {
    var entries: [Entry] = []
    try reader.array { (reader) throws(Problem) in
      try reader.object { (weekKey, reader) throws(Problem) in
        guard weekKey == "contributionDays" else {
          try reader.skipValue()
          return
        }
        try reader.array { (reader) throws(Problem) in
          var day: Day?
          var total = 0
          try reader.object { (dayKey, reader) throws(Problem) in
            switch dayKey {
            case "date": day = try date(try string(&reader, "'date'"), "'date'")
            case "contributionCount": total = try count(&reader, "'contributionCount'")
            default: try reader.skipValue()
            }
          }
          guard let day else { throw Problem(message: Words.contributionDayWithoutDate) }
          entries.append(Entry(day: day, commits: total))
        }
      }
    }
    return entries
  }

  /// Gitea's and Forgejo's heatmap: `[{"timestamp": seconds, "contributions": n}, …]`.
  private static func readGitea(_ reader: inout JSONReader, zone: DayZone) throws(Problem)
    -> DayFile
  {
    var entries: [Entry] = []
    let bucketer = DayBucketer(zone: zone == .author ? .fixed(offsetSeconds: 0) : zone)
    try reader.array { (reader) throws(Problem) in
      var moment: Int?
      var total = 0
      try reader.object { (key, reader) throws(Problem) in
        switch key {
        case "timestamp": moment = try count(&reader, "'timestamp'")
        case "contributions": total = try count(&reader, "'contributions'")
        default: try reader.skipValue()
        }
      }
      guard let moment, moment <= 253_402_300_799 else {
        throw Problem(message: Words.entryWithoutTimestamp)
      }
      entries.append(
        Entry(
          day: bucketer.day(of: Timestamp(seconds: Int64(moment), offsetMinutes: 0)),
          commits: total))
    }
    return forge(.gitea, entries)
  }

  /// A day file's CSV form.
  private static func readCSV(_ bytes: [UInt8]) throws(Problem) -> DayFile {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
    guard let headerLine = lines.first else { throw Problem(message: Words.empty) }
    lines.removeFirst()
    let header = try csvCells(headerLine)
    let columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    for name in ["v", "source", "date", "commits"] where columns[name] == nil {
      throw Problem(message: Words.missingColumn(name))
    }
    var entries: [Entry] = []
    var source: String?
    var first: Day?
    var last: Day?
    var named = Set<String>()
    for (number, line) in lines.enumerated() {
      let row = try csvCells(line)
      guard row.count >= header.count else {
        throw Problem(message: Words.tooFewFields(line: number + 2, fields: row.count))
      }
      func field(_ name: String) -> String? { columns[name].map { row[$0] } }
      guard let version = Int(field("v") ?? ""), version <= Self.version else {
        throw Problem(
          message: Words.newerCSVVersion(
            line: number + 2, given: field("v") ?? "", reads: Self.version))
      }
      guard version >= 1 else { throw Problem(message: Words.neverWritten(version)) }
      if let given = field("source") {
        guard source == nil || source == given else {
          throw Problem(message: Words.anotherSource(line: number + 2))
        }
        source = given
      }
      let what = "line \(number + 2)"
      let day = try date(field("date") ?? "", "the date of \(what)")
      if let last, day <= last {
        throw Problem(message: Words.datesNotRising(what))
      }
      first = first ?? day
      last = day
      let entry = try csvEntry(day, what, field, named: &named)
      if entry.commits > 0 || entry.insertions > 0 || entry.deletions > 0 { entries.append(entry) }
    }
    let window = first.flatMap { start in last.map { DayRange(first: start, last: $0) } }
    let file = DayFile(
      origin: .gitHeatmap, source: source, window: window,
      hasLines: named.contains("insertions") && named.contains("deletions"),
      tellsAssisted: named.contains("assisted"), days: entries)
    try file.check()
    return file
  }

  /// A CSV line's fields, unescaped (a carriage return before the newline left out).
  private static func csvCells(_ line: ArraySlice<UInt8>) throws(Problem) -> [String] {
    var text = line
    if text.last == 0x0D { text = text.dropLast() }
    let raw = Array(text)
    let fields = try raw.withUnsafeBytes { raw in
      Result { () throws(Problem) in try CSVRow.fields(raw) }
    }.get()
    var values: [String] = []
    for field in fields {
      values.append(ExportEncoding.unprefixedCSV(try CSVRow.unescape(field)))
    }
    return values
  }

  /// A CSV row's counts for `day` (`what` names its line), each a whole number from 0 to the
  /// largest count; the columns that gave one are added to `named`.
  private static func csvEntry(
    _ day: Day, _ what: String, _ field: (String) -> String?, named: inout Set<String>
  ) throws(Problem) -> Entry {
    var entry = Entry(day: day, commits: 0)
    for name in ["commits", "assisted", "bots", "insertions", "deletions"] {
      guard let text = field(name), !text.isEmpty else { continue }
      named.insert(name)
      guard let value = Int(text) else {
        throw Problem(message: Words.fieldNotAWholeNumber(what, name))
      }
      guard value >= 0 else { throw Problem(message: Words.fieldNegative(what, name)) }
      guard value <= largestCount else {
        throw Problem(message: Words.fieldBeyondAnyCount(what, name))
      }
      switch name {
      case "commits": entry.commits = value
      case "assisted": entry.assisted = value
      case "bots": entry.bots = value
      case "insertions": entry.insertions = value
      default: entry.deletions = value
      }
    }
    return entry
  }

  /// The rules every day file keeps: days rising, each within the window, parts within the
  /// whole.
  func check() throws(Problem) {
    var previous: Day?
    for entry in days {
      if let previous, entry.day <= previous {
        throw Problem(message: Words.notInOrder(entry.day.iso))
      }
      previous = entry.day
      if let window, !window.contains(entry.day) {
        throw Problem(
          message: Words.outsideWindow(
            entry.day.iso, first: window.first.iso, last: window.last.iso))
      }
      if entry.assisted > entry.commits || entry.bots > entry.commits {
        throw Problem(message: Words.partsExceedWhole(entry.day.iso))
      }
    }
  }
}
