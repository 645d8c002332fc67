/// Reads the lines of a per-commit export back into records: NDJSON objects, or CSV rows under
/// the header `CommitExportWriter` writes (columns found by name, so a tool that reorders them or
/// adds its own is still read). Strict where a silent miss could follow: a field of the wrong
/// kind, a missing one, a schema newer than this build, an id that is not 40 hex digits.
struct CommitRecordParser {
  struct Failure: Error {
    var message: String
  }

  /// For CSV: where each named column is; nil until the header is read.
  private var csvColumns: [String: Int]?
  private var isCSV = false
  private var hasStarted = false

  /// Text that could not be read where the line holds it (it had escapes, or bytes that are not
  /// UTF-8), decoded: one record's worth, reused.
  private var scratch: [UInt8] = []

  /// Whether the first line that is not blank has been read: from then on the parser's state
  /// (NDJSON or CSV, and the CSV's columns) no longer changes, and copies of it can read the
  /// lines that follow on other threads.
  var hasReadFirstLine: Bool { hasStarted }

  /// Parses one line; nil for a line that holds no record (the CSV header, a blank line).
  mutating func parse(_ line: UnsafeRawBufferPointer) throws(Failure) -> CommitRecord? {
    var record: CommitRecord?
    try parse(line) { record = $0.record() }
    return record
  }

  /// Parses one line and hands its record to `body` as a view of the line's bytes; nothing is
  /// handed over for a line that holds no record (the CSV header, a blank line).
  mutating func parse(_ line: UnsafeRawBufferPointer, _ body: (RecordView) -> Void)
    throws(Failure)
  {
    var line = line
    if line.last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
    if !hasStarted {
      // A byte-order mark some tools put first.
      if line.starts(with: [0xEF, 0xBB, 0xBF]) {
        line = UnsafeRawBufferPointer(rebasing: line.dropFirst(3))
      }
      guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
      hasStarted = true
      if first != UInt8(ascii: "{") {
        isCSV = true
        try readHeader(line)
        return
      }
    }
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
    scratch.removeAll(keepingCapacity: true)
    let fields = isCSV ? try csvFields(line) : try jsonFields(line)
    // Not carried out in a `Result`: a generic `Result` of a view copied it through the
    // runtime's value witnesses, at every record.
    var view: RecordView?
    var failure: Failure?
    scratch.withUnsafeBytes { scratch in
      do throws(Failure) {
        view = try fields.view(line: line, scratch: scratch)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    if let view { body(view) }
  }

  private mutating func readHeader(_ line: UnsafeRawBufferPointer) throws(Failure) {
    let names = try CSVRow.fields(line).map { String(decoding: $0, as: UTF8.self) }
    let known = Set(
      CommitRecord.csvColumns + CommitRecord.lineColumns + CommitRecord.assistedColumns)
    var seen = Set<String>()
    for name in names where known.contains(name) && !seen.insert(name).inserted {
      throw Failure(message: Words.headerTwice(name))
    }
    csvColumns = Dictionary(
      names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    for required in CommitRecord.csvColumns where csvColumns?[required] == nil {
      throw Failure(
        message:
          Words.missingColumn(required))
    }
  }

  /// Decoded text kept in the scratch.
  private mutating func stash(_ text: String) -> RecordView.Text {
    let start = scratch.count
    scratch.append(contentsOf: text.utf8)
    return RecordView.Text(start: start, end: scratch.count, inScratch: true)
  }

  // NDJSON

  /// The keys a record's fields have, in the order the export writes them: static strings,
  /// whose bytes are read without a reference count. (An array of arrays cost two atomic
  /// reference counts a key looked up, on counts both threads of a read share: half the time
  /// of a `--from`.)
  private static let jsonKeys: [StaticString] = [
    "v", "repository", "id", "authorName", "authorEmail", "writtenAuthorName",
    "writtenAuthorEmail", "authorTime", "authorOffset", "committerName", "committerEmail",
    "writtenCommitterName", "writtenCommitterEmail", "committerTime", "committerOffset",
    "parents", "coAuthors", "insertions", "deletions", "files", "assisted", "agents",
  ]

  /// For each length up to 31 bytes, the keys of that length, one bit each (by number): a key
  /// that is not a field's (a tool's own) is compared with none or one of them, not with all.
  private static let keysByLength: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 32)
    for (number, key) in jsonKeys.enumerated() where key.utf8CodeUnitCount < 32 {
      table[key.utf8CodeUnitCount] |= 1 << UInt32(number)
    }
    return table
  }()

  /// Which of `jsonKeys` a key is.
  private static func keyNumber(_ key: UnsafeRawBufferPointer) -> Int? {
    guard let bytes = key.baseAddress, key.count < 32 else { return nil }
    var candidates = keysByLength[key.count]
    while candidates != 0 {
      let number = candidates.trailingZeroBitCount
      candidates &= candidates - 1
      if JSONReader.same(UnsafeRawPointer(jsonKeys[number].utf8Start), bytes, count: key.count) {
        return number
      }
    }
    return nil
  }

  private mutating func jsonFields(_ line: UnsafeRawBufferPointer) throws(Failure) -> Fields {
    var reader = JSONReader(bytes: line)
    var fields = Fields()
    // Each field once: a key given twice is refused, not read as its last value.
    var seen: UInt32 = 0
    var previous = -1
    if try reader.openObject() {
      repeat {
        guard
          let number = try reader.key(in: Self.jsonKeys, after: previous, number: Self.keyNumber)
        else {
          try reader.skipValue()
          continue
        }
        previous = number
        let bit = UInt32(1) << UInt32(number)
        guard seen & bit == 0 else {
          throw Failure(message: Words.givenTwice(Self.jsonKeys[number].description))
        }
        seen |= bit
        try read(number, into: &fields, &reader)
      } while try reader.nextMember()
    }
    try reader.end()
    return fields
  }

  /// Reads the value of the field numbered `number` (in `jsonKeys`).
  private mutating func read(_ number: Int, into fields: inout Fields, _ reader: inout JSONReader)
    throws(Failure)
  {
    switch number {
    case 0: fields.version = try reader.integer()
    case 1: fields.repository = try text(&reader)
    case 2: fields.id = try text(&reader)
    case 3, 4, 5, 6: fields.people[number - 3] = try text(&reader)
    case 7, 8: fields.times[number - 7] = .some(try reader.optionalInteger())
    case 9, 10, 11, 12: fields.people[number - 5] = try text(&reader)
    case 13, 14: fields.times[number - 11] = .some(try reader.optionalInteger())
    case 15: fields.parents = try reader.integer()
    case 16: fields.coAuthors = try reader.coAuthors()
    case 17, 18, 19: fields.lines[number - 17] = try reader.integer()
    case 20: fields.assisted = try reader.boolean()
    default: fields.agents = try reader.strings()
    }
  }

  /// A string field: where the line holds it, or decoded into the scratch.
  private mutating func text(_ reader: inout JSONReader) throws(Failure) -> RecordView.Text {
    let place = try reader.stringPlace()
    let inLine = RecordView.Text(
      start: place.range.lowerBound, end: place.range.upperBound, inScratch: false)
    if !place.hasEscapes {
      if place.isASCII { return inLine }
      // UTF-8 is read as it is; bytes that are not are read as U+FFFD (as `String` reads them).
      let raw = UnsafeRawBufferPointer(rebasing: reader.line[place.range])
      let decoded = String(decoding: raw, as: UTF8.self)
      if decoded.utf8.elementsEqual(raw) { return inLine }
      return stash(decoded)
    }
    return stash(try reader.text(of: place))
  }

  static let timeKeys = ["authorTime", "authorOffset", "committerTime", "committerOffset"]

  // CSV

  private mutating func csvFields(_ line: UnsafeRawBufferPointer) throws(Failure) -> Fields {
    let cells = try CSVRow.fields(line)
    guard let columns = csvColumns else { throw Failure(message: Words.noHeader) }
    func cell(_ name: String) throws(Failure) -> [UInt8] {
      guard let index = columns[name], index < cells.count else {
        throw Failure(message: Words.tooFewFields(cells.count))
      }
      return cells[index]
    }
    func text(_ name: String) throws(Failure) -> String {
      ExportEncoding.unprefixedCSV(try CSVRow.unescape(cell(name)))
    }
    func integer(_ name: String) throws(Failure) -> Int64?? {
      let bytes = try cell(name)
      if bytes.isEmpty { return .some(nil) }
      guard let value = Int64(String(decoding: bytes, as: UTF8.self)) else {
        throw Failure(message: Words.notAnInteger(name))
      }
      return .some(value)
    }
    var fields = Fields()
    fields.version = try integer("v") ?? nil
    fields.repository = stash(try text("repository"))
    fields.id = stash(try text("id"))
    let names = [
      "authorName", "authorEmail", "writtenAuthorName", "writtenAuthorEmail", "committerName",
      "committerEmail", "writtenCommitterName", "writtenCommitterEmail",
    ]
    for (index, name) in names.enumerated() { fields.people[index] = stash(try text(name)) }
    for (index, name) in Self.timeKeys.enumerated() { fields.times[index] = try integer(name) }
    fields.parents = try integer("parents") ?? nil
    for (index, name) in CommitRecord.lineColumns.enumerated() where columns[name] != nil {
      fields.lines[index] = try integer(name) ?? nil
    }
    let coAuthors = try text("coAuthors")
    if !coAuthors.isEmpty {
      var result: Result<[CommitRecord.Person], Failure> = .success([])
      Array(coAuthors.utf8).withUnsafeBytes { raw in
        var reader = JSONReader(bytes: raw)
        result = Result { () throws(Failure) in
          let people = try reader.coAuthors()
          try reader.end()
          return people
        }
      }
      fields.coAuthors = try result.get()
    }
    if columns["assisted"] != nil {
      switch try text("assisted") {
      case "true": fields.assisted = true
      case "false": fields.assisted = false
      case "": break
      default: throw Failure(message: Words.assistedNotBoolean)
      }
    }
    if columns["agents"] != nil {
      let agents = try text("agents")
      if !agents.isEmpty {
        var result: Result<[String], Failure> = .success([])
        Array(agents.utf8).withUnsafeBytes { raw in
          var reader = JSONReader(bytes: raw)
          result = Result { () throws(Failure) in
            let names = try reader.strings()
            try reader.end()
            return names
          }
        }
        fields.agents = try result.get()
      }
    }
    return fields
  }

  /// The fields of one record as they are found, checked and assembled at the end.
  private struct Fields {
    var version: Int64?
    var repository: RecordView.Text?
    var id: RecordView.Text?
    /// Author name, email, written name, written email; then the committer's four.
    var people = FixedSlots<RecordView.Text?>(repeating: nil)
    /// Author time, offset, committer time, offset: nil missing, `.some(nil)` null.
    var times = InlineArray<4, Int64??>(repeating: nil)
    var parents: Int64?
    var coAuthors: [CommitRecord.Person]?
    var assisted: Bool?
    var agents: [String]?
    /// Insertions, deletions, files: all three, or none.
    var lines = InlineArray<3, Int64?>(repeating: nil)

    func view(line: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer) throws(Failure)
      -> RecordView
    {
      guard let version else { throw Failure(message: Words.noVersion) }
      guard version <= Int64(CommitRecord.version) else {
        throw Failure(
          message:
            Words.newerSchema(version, reads: CommitRecord.version))
      }
      guard version == Int64(CommitRecord.version) else {
        throw Failure(message: Words.neverWritten(version))
      }
      guard let repository else { throw missing("repository") }
      guard let text = id else { throw missing("id") }
      let idBytes = text.bytes(line: line, scratch: scratch)
      guard idBytes.count == 40, let id = ObjectID(hex: idBytes) else {
        throw Failure(message: Words.badID)
      }
      if people[0] == nil { throw missing("authorName") }
      if people[1] == nil { throw missing("authorEmail") }
      if people[4] == nil { throw missing("committerName") }
      if people[5] == nil { throw missing("committerEmail") }
      guard let parents else { throw missing("parents") }
      guard parents >= 0, parents <= Int64(Int32.max) else {
        throw Failure(message: Words.parentsOutOfRange)
      }
      var counted: LineStats?
      if lines[0] != nil || lines[1] != nil || lines[2] != nil {
        for index in 0..<3 {
          guard let value = lines[index] else { throw missing(CommitRecord.lineColumns[index]) }
          guard value >= 0, value <= Int64(UInt32.max) else {
            throw Failure(message: Words.outOfRange(CommitRecord.lineColumns[index]))
          }
        }
        counted = LineStats(
          insertions: Int(lines[0] ?? 0), deletions: Int(lines[1] ?? 0), files: Int(lines[2] ?? 0))
      }
      // `assisted` and `agents` go together: an assisted commit names its agents.
      var agentNames: [String]?
      switch (assisted, agents) {
      case (nil, nil): agentNames = nil
      case (false?, let names) where names?.isEmpty ?? true: agentNames = []
      case (true?, let names?) where !names.isEmpty: agentNames = names
      case (nil, let names?): agentNames = names
      default:
        throw Failure(
          message: Words.assistedWithoutAgents)
      }
      var view = RecordView(
        line: line, scratch: scratch,
        content: RecordView.Content(
          repositoryText: repository, id: id, people: people, authorDate: try date(0),
          committerDate: try date(2), parentCount: Int(parents), coAuthors: coAuthors,
          lines: counted, agents: agentNames))
      view.content.fingerprint = view.fingerprintOfContent()
      return view
    }

    func date(_ base: Int) throws(Failure) -> Timestamp? {
      guard let time = times[base] else { throw missing(CommitRecordParser.timeKeys[base]) }
      guard let offset = times[base + 1] else {
        throw missing(CommitRecordParser.timeKeys[base + 1])
      }
      switch (time, offset) {
      case (nil, nil): return nil
      case (let seconds?, let minutes?):
        guard let minutes = Int32(exactly: minutes), minutes != Int32.min else {
          throw Failure(message: Words.outOfRange(CommitRecordParser.timeKeys[base + 1]))
        }
        return Timestamp(seconds: seconds, offsetMinutes: minutes)
      default:
        throw Failure(
          message:
            Words.halfATime(
              CommitRecordParser.timeKeys[base], CommitRecordParser.timeKeys[base + 1]))
      }
    }

    func missing(_ key: String) -> Failure {
      Failure(message: Words.missingKey(key))
    }
  }
}
