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

  /// Parses one line; nil for a line that holds no record (the CSV header, a blank line).
  mutating func parse(_ line: UnsafeRawBufferPointer) throws(Failure) -> CommitRecord? {
    var line = line
    if line.last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
    if !hasStarted {
      // A byte-order mark some tools put first.
      if line.starts(with: [0xEF, 0xBB, 0xBF]) {
        line = UnsafeRawBufferPointer(rebasing: line.dropFirst(3))
      }
      guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
      hasStarted = true
      if first != UInt8(ascii: "{") {
        isCSV = true
        let names = try CSVRow.fields(line).map { String(decoding: $0, as: UTF8.self) }
        let known = Set(CommitRecord.csvColumns + CommitRecord.lineColumns)
        var seen = Set<String>()
        for name in names where known.contains(name) && !seen.insert(name).inserted {
          throw Failure(message: "the CSV header has '\(name)' twice")
        }
        csvColumns = Dictionary(
          names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for required in CommitRecord.csvColumns where csvColumns?[required] == nil {
          throw Failure(
            message:
              "not a git-heatmap commits export: the CSV header has no '\(required)' column")
        }
        return nil
      }
    }
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
    return isCSV ? try csvRecord(line) : try jsonRecord(line)
  }

  // NDJSON

  private func jsonRecord(_ line: UnsafeRawBufferPointer) throws(Failure) -> CommitRecord {
    var reader = JSONReader(bytes: line)
    var fields = Fields()
    // Each field once: a key given twice is refused, not read as its last value.
    var seen: UInt32 = 0
    try reader.object { (key, reader) throws(Failure) in
      if let bit = Self.jsonKeys[key] {
        guard seen & bit == 0 else { throw Failure(message: "'\(key)' is given twice") }
        seen |= bit
      }
      switch key {
      case "v": fields.version = try reader.integer()
      case "repository": fields.repository = try reader.string()
      case "id": fields.id = try reader.string()
      case "authorName": fields.people[0] = try reader.string()
      case "authorEmail": fields.people[1] = try reader.string()
      case "writtenAuthorName": fields.people[2] = try reader.string()
      case "writtenAuthorEmail": fields.people[3] = try reader.string()
      case "committerName": fields.people[4] = try reader.string()
      case "committerEmail": fields.people[5] = try reader.string()
      case "writtenCommitterName": fields.people[6] = try reader.string()
      case "writtenCommitterEmail": fields.people[7] = try reader.string()
      case "authorTime": fields.times[0] = .some(try reader.optionalInteger())
      case "authorOffset": fields.times[1] = .some(try reader.optionalInteger())
      case "committerTime": fields.times[2] = .some(try reader.optionalInteger())
      case "committerOffset": fields.times[3] = .some(try reader.optionalInteger())
      case "parents": fields.parents = try reader.integer()
      case "coAuthors": fields.coAuthors = try reader.coAuthors()
      case "insertions": fields.lines[0] = try reader.integer()
      case "deletions": fields.lines[1] = try reader.integer()
      case "files": fields.lines[2] = try reader.integer()
      default: try reader.skipValue()
      }
    }
    try reader.end()
    return try fields.record()
  }

  static let timeKeys = ["authorTime", "authorOffset", "committerTime", "committerOffset"]

  /// The keys a record's fields have, each with a bit of its own.
  private static let jsonKeys: [String: UInt32] = Dictionary(
    uniqueKeysWithValues: [
      "v", "repository", "id", "authorName", "authorEmail", "writtenAuthorName",
      "writtenAuthorEmail", "committerName", "committerEmail", "writtenCommitterName",
      "writtenCommitterEmail", "authorTime", "authorOffset", "committerTime", "committerOffset",
      "parents", "coAuthors", "insertions", "deletions", "files",
    ].enumerated().map { ($1, UInt32(1) << UInt32($0)) })

  // CSV

  private func csvRecord(_ line: UnsafeRawBufferPointer) throws(Failure) -> CommitRecord {
    let cells = try CSVRow.fields(line)
    guard let columns = csvColumns else { throw Failure(message: "no CSV header") }
    func cell(_ name: String) throws(Failure) -> [UInt8] {
      guard let index = columns[name], index < cells.count else {
        throw Failure(message: "the row has \(cells.count) fields, fewer than the header")
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
        throw Failure(message: "'\(name)' is not an integer")
      }
      return .some(value)
    }
    var fields = Fields()
    fields.version = try integer("v") ?? nil
    fields.repository = try text("repository")
    fields.id = try text("id")
    let names = [
      "authorName", "authorEmail", "writtenAuthorName", "writtenAuthorEmail", "committerName",
      "committerEmail", "writtenCommitterName", "writtenCommitterEmail",
    ]
    for (index, name) in names.enumerated() { fields.people[index] = try text(name) }
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
    return try fields.record()
  }

  /// The fields of one record as they are found, checked and assembled at the end.
  private struct Fields {
    var version: Int64?
    var repository: String?
    var id: String?
    /// Author name, email, written name, written email; then the committer's four.
    var people: [String?] = Array(repeating: nil, count: 8)
    /// Author time, offset, committer time, offset: nil missing, `.some(nil)` null.
    var times: [Int64??] = Array(repeating: nil, count: 4)
    var parents: Int64?
    var coAuthors: [CommitRecord.Person]?
    /// Insertions, deletions, files: all three, or none.
    var lines: [Int64?] = [nil, nil, nil]

    func record() throws(Failure) -> CommitRecord {
      guard let version else { throw Failure(message: "not a git-heatmap commits export (no 'v')") }
      guard version <= Int64(CommitRecord.version) else {
        throw Failure(
          message:
            "written in schema \(version) by a newer git-heatmap; this one reads schema \(CommitRecord.version)"
        )
      }
      guard version == Int64(CommitRecord.version) else {
        throw Failure(message: "schema \(version) is not one git-heatmap ever wrote")
      }
      guard let repository else { throw missing("repository") }
      guard let text = id else { throw missing("id") }
      guard let id = ObjectID(hex: text), text.utf8.count == 40 else {
        throw Failure(message: "'id' is not a commit id of 40 hexadecimal digits")
      }
      let keys = [
        "authorName", "authorEmail", "writtenAuthorName", "writtenAuthorEmail", "committerName",
        "committerEmail",
      ]
      for index in [0, 1, 4, 5] where people[index] == nil { throw missing(keys[index]) }
      func person(_ base: Int) -> CommitRecord.Person {
        let mapped = Identity(name: people[base] ?? "", email: people[base + 1] ?? "")
        let written =
          people[base + 2] != nil || people[base + 3] != nil
          ? Identity(name: people[base + 2] ?? mapped.name, email: people[base + 3] ?? mapped.email)
          : nil
        return CommitRecord.Person(mapped, written: written)
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
            throw Failure(message: "'\(CommitRecordParser.timeKeys[base + 1])' is out of range")
          }
          return Timestamp(seconds: seconds, offsetMinutes: minutes)
        default:
          throw Failure(
            message:
              "'\(CommitRecordParser.timeKeys[base])' and '\(CommitRecordParser.timeKeys[base + 1])' must both be null or both be numbers"
          )
        }
      }
      guard let parents else { throw missing("parents") }
      guard parents >= 0, parents <= Int64(Int32.max) else {
        throw Failure(message: "'parents' is out of range")
      }
      var counted: LineStats?
      if lines.contains(where: { $0 != nil }) {
        for (index, value) in lines.enumerated() {
          guard let value else { throw missing(CommitRecord.lineColumns[index]) }
          guard value >= 0, value <= Int64(UInt32.max) else {
            throw Failure(message: "'\(CommitRecord.lineColumns[index])' is out of range")
          }
        }
        counted = LineStats(
          insertions: Int(lines[0] ?? 0), deletions: Int(lines[1] ?? 0), files: Int(lines[2] ?? 0))
      }
      return CommitRecord(
        repository: repository, id: id, author: person(0), authorDate: try date(0),
        committer: person(4), committerDate: try date(2), parentCount: Int(parents),
        coAuthors: coAuthors, lines: counted)
    }

    func missing(_ key: String) -> Failure {
      Failure(message: "the record has no '\(key)'")
    }
  }
}
