import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Direct tests of the export reader (`JSONReader`, `CommitRecordParser`, `CSVRow`): what it
/// reads, what it skips and what it refuses, each failure with its column.
@Suite("The export reader, line by line")
struct ExportReaderTests {
  static let id = "34064803a3e8ef5bccca987a9c75a769ac605e96"
  static let record =
    #"{"v":1,"repository":"r","id":"\#(id)","authorName":"Ada","authorEmail":"ada@x","authorTime":1700000000,"authorOffset":60,"committerName":"Bo","committerEmail":"bo@x","committerTime":1700000100,"committerOffset":-120,"parents":1}"#

  /// The records (nil for lines that hold none) of `lines`, or the first failure's message.
  static func parse(_ lines: [String]) -> Result<[CommitRecord?], CommitRecordParser.Failure> {
    var parser = CommitRecordParser()
    var records: [CommitRecord?] = []
    for line in lines {
      let result = Array(line.utf8).withUnsafeBytes {
        raw -> Result<CommitRecord?, CommitRecordParser.Failure> in
        do throws(CommitRecordParser.Failure) {
          return .success(try parser.parse(raw))
        } catch {
          return .failure(error)
        }
      }
      switch result {
      case .success(let record): records.append(record)
      case .failure(let failure): return .failure(failure)
      }
    }
    return .success(records)
  }

  static func message(_ lines: [String]) -> String? {
    if case .failure(let failure) = parse(lines) { return failure.message }
    return nil
  }

  @Test("a record's fields, as written")
  func fields() throws {
    let record = try #require(try Self.parse([Self.record]).get().first ?? nil)
    #expect(record.id.hex == Self.id)
    #expect(record.author.mapped == Identity(name: "Ada", email: "ada@x"))
    #expect(record.committer.mapped == Identity(name: "Bo", email: "bo@x"))
    #expect(record.authorDate == Timestamp(seconds: 1_700_000_000, offsetMinutes: 60))
    #expect(record.committerDate == Timestamp(seconds: 1_700_000_100, offsetMinutes: -120))
    #expect(record.parentCount == 1)
  }

  @Test(
    "unknown fields are skipped whatever they hold, at any depth",
    arguments: [
      #""later":{"a":[1,2,{"b":"}]\"{"}],"c":null}"#,
      #""later":[[[[[[[[[[]]]]]]]]]]"#,
      #""later":-1.5e+10"#,
      #""later":true,"other":false"#,
      #""later":"\u00e9\ud83d\ude00""#,
      "\"later\":" + String(repeating: "[", count: 100_000)
        + String(repeating: "]", count: 100_000),
    ])
  func unknownFields(_ extra: String) throws {
    let line = String(Self.record.dropLast()) + "," + extra + "}"
    let records = try Self.parse([line]).get()
    #expect(records.first??.id.hex == Self.id)
  }

  /// Lines that are not records, each with the error it gives (typed here, where the checker
  /// needs no inference across a test macro's arguments).
  static let refusals: [(String, String)] = [
    (String(Self.record.dropLast()), "the object does not end at column 262"),
    (Self.record + "x", "text after the record at column 263"),
    (
      Self.record.replacingOccurrences(of: #""v":1"#, with: #""v":1.0"#),
      "expected a whole number at column 7"
    ),
    (
      Self.record.replacingOccurrences(of: "\"Ada\"", with: "\"A\u{1}da\""),
      "a control character inside a string at column 88"
    ),
    (
      Self.record.replacingOccurrences(of: "\"Ada\"", with: #""A\qda""#),
      "an unknown escape '\\q' at column 93"
    ),
    (
      Self.record.replacingOccurrences(of: "\"Ada\"", with: #""A\u12""#),
      "a short \\u escape at column 93"
    ),
    (
      Self.record.replacingOccurrences(of: #""parents":1"#, with: #""parents":1,"id":"x""#),
      "'id' is given twice"
    ),
    (
      Self.record.replacingOccurrences(of: #","parents":1"#, with: ""),
      "the record has no 'parents'"
    ),
    (
      Self.record.replacingOccurrences(of: #""v":1"#, with: #""v":2"#),
      "written in schema 2 by a newer git-heatmap; this one reads schema 1"
    ),
    (
      Self.record.replacingOccurrences(of: Self.id, with: "12345"),
      "'id' is not a commit id of 40 hexadecimal digits"
    ),
  ]

  @Test("what is not a record is refused with its column", arguments: refusals)
  func refused(_ line: String, _ expected: String) {
    #expect(Self.message([line]) == expected)
  }

  @Test("a skipped string is checked as a read one: its escapes, its control characters")
  func skippedStrings() {
    let base = String(Self.record.dropLast())
    #expect(Self.message([base + #","later":"a\qb"}"#]) == "an unknown escape '\\q' at column 277")
    #expect(Self.message([base + #","later":"\u12"}"#]) == "a short \\u escape at column 277")
    #expect(Self.message([base + #","l\qater":1}"#]) == "an unknown escape '\\q' at column 272")
    #expect(
      Self.message([base + ",\"later\":\"a\u{1}b\"}"])
        == "a control character inside a string at column 273")
    #expect(
      Self.message([base + #","later":{"a":"b\x"}}"#]) == "an unknown escape '\\x' at column 281")
    #expect(Self.message([base + #","later":"ab}"#]) == "the string does not end at column 275")
  }

  /// The keys of `record` whose field every record must have.
  static let requiredKeys = [
    "v", "repository", "id", "authorName", "authorEmail", "authorTime", "authorOffset",
    "committerName", "committerEmail", "committerTime", "committerOffset", "parents",
  ]

  @Test("a key that differs from a field's in any one byte is not that field")
  func keysByteByByte() {
    for key in Self.requiredKeys {
      let bytes = Array(key.utf8)
      for place in bytes.indices {
        var changed = bytes
        changed[place] = bytes[place] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let other = String(decoding: changed, as: UTF8.self)
        let line = Self.record.replacingOccurrences(of: "\"\(key)\":", with: "\"\(other)\":")
        #expect(Self.message([line]) == Self.missing(key), "\(other)")
      }
      // Longer and shorter by a byte.
      for other in [key + "s", String(key.dropLast())] {
        let line = Self.record.replacingOccurrences(of: "\"\(key)\":", with: "\"\(other)\":")
        #expect(Self.message([line]) == Self.missing(key), "\(other)")
      }
    }
  }

  @Test("a written name's or email's key that differs in any one byte is a field skipped")
  func writtenKeysByteByByte() throws {
    let keys = [
      "writtenAuthorName", "writtenAuthorEmail", "writtenCommitterName", "writtenCommitterEmail",
    ]
    for key in keys {
      let line = String(Self.record.dropLast()) + #","\#(key)":"W"}"#
      let record = try #require(try Self.parse([line]).get().first ?? nil)
      // The written part "W" where the key is read; as counted where it is skipped.
      func writtenParts(_ record: CommitRecord) -> [String] {
        [record.author, record.committer].flatMap { [$0.written.name, $0.written.email] }
      }
      #expect(writtenParts(record).filter { $0 == "W" }.count == 1, "\(key)")
      let bytes = Array(key.utf8)
      for place in bytes.indices {
        var changed = bytes
        changed[place] = bytes[place] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let other = String(decoding: changed, as: UTF8.self)
        let read = try #require(
          try Self.parse([line.replacingOccurrences(of: key, with: other)]).get().first ?? nil)
        #expect(!writtenParts(read).contains("W"), "\(other)")
      }
    }
  }

  /// What a record without the field `key` is refused with.
  static func missing(_ key: String) -> String {
    key == "v" ? "not a git-heatmap commits export (no 'v')" : "the record has no '\(key)'"
  }

  @Test("CSV: columns found by name in any order, quoted fields, a byte-order mark, CRLF")
  func csv() throws {
    let header = "\u{FEFF}" + CommitRecord.csvColumns.reversed().joined(separator: ",") + "\r"
    var values: [String: String] = [
      "v": "1", "repository": "\"r, and \"\"s\"\"\"", "id": Self.id, "authorName": "\"Ada\"",
      "authorEmail": "ada@x", "writtenAuthorName": "", "writtenAuthorEmail": "",
      "authorTime": "1700000000", "authorOffset": "60", "committerName": "Bo",
      "committerEmail": "bo@x", "writtenCommitterName": "", "writtenCommitterEmail": "",
      "committerTime": "1700000100", "committerOffset": "-120", "parents": "2", "coAuthors": "",
    ]
    let row = CommitRecord.csvColumns.reversed().map { values[$0] ?? "" }.joined(separator: ",")
    let records = try Self.parse([header, row + "\r", ""]).get()
    #expect(records.count == 3 && records[0] == nil && records[2] == nil)
    let record = try #require(records[1])
    #expect(record.repository == "r, and \"s\"")
    #expect(record.author.mapped.name == "Ada" && record.parentCount == 2)
    values["id"] = "\"\(Self.id)"
    let broken = CommitRecord.csvColumns.reversed().map { values[$0] ?? "" }.joined(separator: ",")
    #expect(Self.message([header, broken]) == "text after a quoted CSV field")
    #expect(Self.message([header + ",id", row]) == "the CSV header has 'id' twice")
    #expect(
      Self.message(["v,id,repository"])
        == "not a git-heatmap commits export: the CSV header has no 'authorName' column")
  }

  /// `record` with the author's name written as `name` (the JSON between the quotes).
  static func withAuthorName(_ name: String) -> String {
    record.replacingOccurrences(of: #""authorName":"Ada""#, with: #""authorName":"\#(name)""#)
  }

  @Test("names read where the line holds them are the names JSON gives, at every length and place")
  func namesInPlace() throws {
    // Lengths across the eight-byte steps of the string scan, with a quote, a backslash, a
    // control escape or a non-ASCII letter at every place.
    for length in 0...19 {
      let plain = String(repeating: "a", count: length)
      #expect(
        try Self.parse([Self.withAuthorName(plain)]).get().first??.author.mapped.name == plain)
      for place in 0..<length {
        let head = String(repeating: "a", count: place)
        let tail = String(repeating: "b", count: length - place - 1)
        let cases: [(json: String, text: String)] = [
          (head + #"\""# + tail, head + "\"" + tail),
          (head + #"\\"# + tail, head + "\\" + tail),
          (head + #"\u0007"# + tail, head + "\u{7}" + tail),
          (head + "é" + tail, head + "é" + tail),
          (head + #"\u00e9"# + tail, head + "é" + tail),
        ]
        for (json, text) in cases {
          let record = try? Self.parse([Self.withAuthorName(json)]).get().first ?? nil
          #expect(record?.author.mapped.name == text, "\(json) at \(place) of \(length)")
          #expect(record?.author.written.name == text, "\(json) at \(place) of \(length)")
        }
      }
    }
  }

  @Test("bytes that are not UTF-8 read as U+FFFD, as a string reads them, and as one person")
  func bytesNotUTF8() throws {
    // A lone continuation byte, a truncated four-byte letter, and an overlong form.
    for bad: [UInt8] in [[0x80], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80]] {
      var line = Array(Self.withAuthorName("Zo").utf8)
      let at = try #require(line.firstRange(of: Array("Zo".utf8)))
      line.replaceSubrange(at, with: Array("Z".utf8) + bad + Array("o".utf8))
      var parser = CommitRecordParser()
      let record = try line.withUnsafeBytes { raw throws(CommitRecordParser.Failure) in
        try parser.parse(raw)
      }
      let expected = String(decoding: Array("Z".utf8) + bad + Array("o".utf8), as: UTF8.self)
      #expect(record?.author.mapped.name == expected)
      #expect(record?.author.mapped.name.contains("\u{FFFD}") == true)
    }
  }

  @Test("a name with bytes that are not UTF-8 is one person's bytes wherever they fall in a word")
  func bytesNotUTF8InPlace() throws {
    // The string scan passes eight bytes a step and jumps to the closing quote within a word:
    // the bytes it jumps over still say whether the name is ASCII.
    for bad: [UInt8] in [[0x80], [0xF0, 0x9F, 0x98], [0xC0, 0xAF]] {
      for place in 0..<12 {
        for after in 0...3 {
          let name =
            [UInt8](repeating: 0x61, count: place) + bad + [UInt8](repeating: 0x62, count: after)
          var line = Array(Self.withAuthorName("Zo").utf8)
          let at = try #require(line.firstRange(of: Array("Zo".utf8)))
          line.replaceSubrange(at, with: name)
          var parser = CommitRecordParser()
          var found: [UInt8]?
          line.withUnsafeBytes { raw in
            do {
              try parser.parse(raw) { view in found = Array(view.person(0).name) }
            } catch {
              Issue.record("\(error)")
            }
          }
          let expected = Array(String(decoding: name, as: UTF8.self).utf8)
          #expect(found == expected, "\(bad) at \(place), \(after) after")
        }
      }
    }
  }

  @Test(
    "numbers are read as Int64 reads them: its least value, nothing past its greatest",
    arguments: [
      ("-9223372036854775808", Int64?.some(Int64.min)), ("9223372036854775807", .some(Int64.max)),
      ("9223372036854775808", nil), ("-9223372036854775809", nil), ("-", nil),
      ("007", .some(7)), ("-0", .some(0)), ("99999999999999999999", nil),
      // Eighteen digits and fewer are read without overflow checks; nineteen with them.
      ("999999999999999999", .some(999_999_999_999_999_999)),
      ("-999999999999999999", .some(-999_999_999_999_999_999)),
      ("1000000000000000000", .some(1_000_000_000_000_000_000)),
      ("12 ", .some(12)), ("-12\t", .some(-12)), ("1.5", nil), ("1e3", nil),
      ("--1", nil), ("", nil),
    ])
  func integers(_ text: String, _ value: Int64?) throws {
    let line = Self.record.replacingOccurrences(
      of: #""authorTime":1700000000"#, with: #""authorTime":\#(text)"#)
    let result = Self.parse([line])
    if let value {
      #expect(try result.get().first??.authorDate?.seconds == value)
    } else {
      #expect(Self.message([line])?.hasPrefix("expected a whole number") == true)
    }
  }

  @Test("a key written with escapes is the key, and given twice is refused by its name")
  func escapedKeys() throws {
    let escaped = Self.record.replacingOccurrences(of: #""parents":1"#, with: #""p\u0061rents":2"#)
    #expect(try Self.parse([escaped]).get().first??.parentCount == 2)
    let twice = String(Self.record.dropLast()) + #","\u0076":1}"#
    #expect(Self.message([twice]) == "'v' is given twice")
    // Keys in any order are found, not only in the order the export writes them.
    let reversed =
      #"{"parents":0,"committerOffset":0,"committerTime":5,"committerEmail":"c","committerName":"C","authorOffset":0,"authorTime":5,"authorEmail":"a","authorName":"A","id":"\#(Self.id)","repository":"r","v":1}"#
    let record = try #require(try Self.parse([reversed]).get().first ?? nil)
    #expect(record.author.mapped == Identity(name: "A", email: "a"))
    #expect(record.committer.mapped == Identity(name: "C", email: "c"))
  }

  /// A file holding `lines`, already unlinked: its descriptor.
  static func unlinkedFile(_ lines: [String]) throws -> Int32 {
    var template = Array("\(FileManager.default.temporaryDirectory.path)/pieces-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    try #require(descriptor >= 0)
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    let text = Array(lines.joined(separator: "\n").utf8)
    #expect(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.count)
    return descriptor
  }

  /// The activity of an export's `lines` read in pieces of `pieceSize` commits (nil: held
  /// whole), under `filter`, parsed in batches of `batchBytes`; with `countingLimit`, counted
  /// while surveying up to that many records, as `--from` counts (`passes` says how many
  /// passes were made). Each of `files` holds all of `lines`... unless `copies` is false: then
  /// the lines are shared out among the files. The tally keeps `people` of each person.
  static func activity(
    _ lines: [String], pieceSize: Int?, filter: AuthorFilter, batchBytes: Int = 1 << 20,
    countingLimit: Int? = nil, files: Int = 1, copies: Bool = false,
    people: DailyActivity.Tally.PeopleKept = .days, readsPeople: Bool = true
  ) throws -> (activity: DailyActivity, passes: Int) {
    let shares = (0..<files).map { file in
      copies ? lines : lines.enumerated().filter { $0.offset % files == file }.map(\.element)
    }
    let descriptors = try shares.map { try unlinkedFile($0) }
    defer { for descriptor in descriptors { close(descriptor) } }
    let days = DayRange(
      first: Day(year: 2023, month: 1, day: 1), last: Day(year: 2024, month: 12, day: 31))
    let options = ActivityOptions(filter: filter)
    var empty = DailyActivity.Tally(days: days, options: options, deduplicates: false)
    empty.keepsPeople = people
    var tally = empty
    var commits = ExportedCommits()
    commits.batchBytes = batchBytes
    commits.readsPeople = readsPeople
    if let pieceSize {
      commits.pieceSize = pieceSize
      commits.pieces = { tally.add($0, mailmap: Mailmap()) }
    }
    if let countingLimit {
      commits.countsWhileSurveying = true
      commits.countingLimit = countingLimit
    }
    for descriptor in descriptors {
      #expect(lseek(descriptor, 0, SEEK_SET) == 0)
      try commits.survey(descriptor: descriptor, name: "pieces")
    }
    let surveyed = commits.surveyed()
    if surveyed.recount { tally = empty }
    for descriptor in descriptors where surveyed.needsReading {
      #expect(lseek(descriptor, 0, SEEK_SET) == 0)
      try commits.read(descriptor: descriptor, name: "pieces")
    }
    let result = commits.finish()
    // In pieces, the last was handed over by `finish`; held whole, the history is counted now.
    if pieceSize == nil { tally.add(result.history, mailmap: Mailmap()) }
    if let ranks = result.repositoryRanks { tally.rankRepositories(ranks) }
    return (tally.activity(), surveyed.needsReading ? 2 : 1)
  }

  /// Record `n` of a made-up export: 9 people, some mailmapped to one name, some committed by
  /// another, three repositories' worth (met in the order r2, r1, r0).
  static func pieceRecord(_ n: Int) -> String {
    let who = n * 7 % 9
    let id = String(repeating: "0", count: 32) + String(format: "%08x", n + 1)
    let written = who % 3 == 0 ? #","writtenAuthorName":"Old \#(who)""# : ""
    let committer = n % 4 == 0 ? "Bot" : "Person \(who)"
    return
      #"{"v":1,"repository":"r\#(2 - n % 3)","id":"\#(id)","authorName":"Person \#(who % 7)","authorEmail":"p\#(who)@x"\#(written),"authorTime":\#(1_690_000_000 + n * 86_400),"authorOffset":0,"committerName":"\#(committer)","committerEmail":"c@x","committerTime":\#(1_690_000_000 + n * 86_400),"committerOffset":0,"parents":1}"#
  }

  @Test("a tally keeps of each person only what the output needs; the days count the same")
  func peopleKept() throws {
    let lines = (0..<60).map(Self.pieceRecord)
    var byCommitter = AuthorFilter()
    byCommitter.committerPatterns = ["Bot"]
    var written = AuthorFilter(patterns: ["Old"])
    written.matchesWritten = true
    let filters = [
      AuthorFilter(), AuthorFilter(patterns: ["Person [1-4]"]),
      AuthorFilter(exclusions: ["Person 3"]), byCommitter, written,
    ]
    for filter in filters {
      for pieceSize in [nil, 1, 7] {
        let all = try Self.activity(lines, pieceSize: pieceSize, filter: filter).activity
        let totals = try Self.activity(
          lines, pieceSize: pieceSize, filter: filter, people: .totals
        ).activity
        let none = try Self.activity(
          lines, pieceSize: pieceSize, filter: filter, people: .none
        ).activity
        #expect(all.total > 0 && !all.authors.isEmpty)
        for kept in [totals, none] {
          #expect(kept.counts == all.counts, "\(filter) \(String(describing: pieceSize))")
          #expect(kept.countsByRepository == all.countsByRepository)
          #expect(kept.outside == all.outside)
        }
        #expect(none.authors.isEmpty)
        // Without a filter, no one need be told apart: every commit by one nameless person.
        if filter.isEmpty {
          let nameless = try Self.activity(
            lines, pieceSize: pieceSize, filter: filter, people: .none, readsPeople: false
          ).activity
          #expect(nameless.counts == all.counts && nameless.outside == all.outside)
          #expect(nameless.countsByRepository == all.countsByRepository)
        }
        // The same people, in the same order, with the same totals, and no days.
        #expect(totals.authors.map(\.author) == all.authors.map(\.author))
        #expect(totals.authors.map(\.commits) == all.authors.map(\.commits))
        #expect(totals.authors.map(\.total) == all.authors.map(\.total))
        #expect(totals.authors.allSatisfy { $0.activeDays.isEmpty })
      }
    }
  }

  @Test("read in pieces of any size, exports count as when held whole, filtered or not")
  func pieces() throws {
    // 60 commits of 9 people, some mailmapped to one name, some committed by another, two
    // exports' worth of repositories; each piece meets people the earlier ones met.
    let lines = (0..<60).map(Self.pieceRecord)
    var filters = [AuthorFilter(), AuthorFilter(patterns: ["Person [1-4]"])]
    var byCommitter = AuthorFilter()
    byCommitter.committerPatterns = ["Bot"]
    filters.append(byCommitter)
    var written = AuthorFilter(patterns: ["Old"])
    written.matchesWritten = true
    filters.append(written)
    for filter in filters {
      let whole = try Self.activity(lines, pieceSize: nil, filter: filter).activity
      #expect(whole.total > 0)
      for size in [1, 2, 3, 7, 59, 60, 61] {
        let pieces = try Self.activity(lines, pieceSize: size, filter: filter).activity
        #expect(pieces.counts == whole.counts, "pieces of \(size)")
        #expect(pieces.authors == whole.authors, "pieces of \(size)")
      }
    }
  }

  /// The message of the first pass over `lines` parsed in batches of `batchBytes`, nil when it
  /// reads them all.
  static func surveyFailure(_ lines: [String], batchBytes: Int) throws -> String? {
    let descriptor = try unlinkedFile(lines)
    defer { close(descriptor) }
    #expect(lseek(descriptor, 0, SEEK_SET) == 0)
    var commits = ExportedCommits()
    commits.batchBytes = batchBytes
    do {
      try commits.survey(descriptor: descriptor, name: "batches")
      return nil
    } catch {
      return error.message
    }
  }

  @Test("parsed in batches on other threads: the same counts, and the first failure in the file")
  func batches() throws {
    let lines = (0..<600).map(Self.pieceRecord)
    let whole = try Self.activity(lines, pieceSize: nil, filter: AuthorFilter()).activity
    // A commit a day from 22 July 2023: 529 of them up to the window's end, 31 December 2024.
    #expect(whole.total == 529)
    for size in [1, 300, 5000] {
      let batched = try Self.activity(
        lines, pieceSize: 50, filter: AuthorFilter(patterns: ["Person [2-5]"]), batchBytes: size
      ).activity
      let filtered = try Self.activity(
        lines, pieceSize: nil, filter: AuthorFilter(patterns: ["Person [2-5]"])
      ).activity
      #expect(batched.counts == filtered.counts && batched.authors == filtered.authors, "\(size)")
    }
    // A record that is not one, at line 300: named wherever its batch is, and before a line too
    // long to read that comes after it; the long line alone is named too.
    var bad = lines
    bad[299] = #"{"v":1}"#
    let tooLong = String(repeating: "x", count: (16 << 20) + 1)
    for size in [1, 300, 5000, 1 << 20] {
      #expect(
        try Self.surveyFailure(bad, batchBytes: size)
          == "batches:300: the record has no 'repository'", "\(size)")
      #expect(
        try Self.surveyFailure(bad + [tooLong], batchBytes: size)
          == "batches:300: the record has no 'repository'", "\(size)")
      #expect(
        try Self.surveyFailure(lines + [tooLong], batchBytes: size)?.hasPrefix(
          "batches:601: the line is longer than 16 MiB") == true, "\(size)")
      #expect(try Self.surveyFailure(lines, batchBytes: size) == nil)
    }
  }

  @Test(
    "counted while surveying: one pass without copies, two with them or past the limit, the same counts"
  )
  func onePass() throws {
    let lines = (0..<300).map(Self.pieceRecord)
    let filter = AuthorFilter(patterns: ["Person [1-5]"])
    // One repository: no counts by repository, as with two passes.
    let solo = lines.map { line in
      ["r0", "r1", "r2"].reduce(line) {
        $0.replacingOccurrences(of: #""repository":"\#($1)""#, with: #""repository":"solo""#)
      }
    }
    let soloCounted = try Self.activity(solo, pieceSize: 40, filter: filter, countingLimit: 1_000)
    #expect(soloCounted.passes == 1 && soloCounted.activity.countsByRepository.isEmpty)
    #expect(
      soloCounted.activity.counts
        == (try Self.activity(solo, pieceSize: 40, filter: filter).activity.counts))
    for files in [1, 3] {
      for copies in [false, true] {
        let twoPasses = try Self.activity(
          lines, pieceSize: 40, filter: filter, files: files, copies: copies)
        #expect(twoPasses.passes == 2)
        for limit in [10, 299, 1_000] {
          let counted = try Self.activity(
            lines, pieceSize: 40, filter: filter, countingLimit: limit, files: files,
            copies: copies)
          // One pass only when no commit is in two files and the limit holds every record.
          let onePass = !(copies && files > 1) && limit >= lines.count * (copies ? files : 1)
          let label = "\(files) files, copies \(copies), limit \(limit)"
          #expect(counted.passes == (onePass ? 1 : 2), "\(label)")
          #expect(counted.activity.counts == twoPasses.activity.counts, "\(label)")
          #expect(counted.activity.authors == twoPasses.activity.authors, "\(label)")
          #expect(
            counted.activity.countsByRepository == twoPasses.activity.countsByRepository,
            "\(label)")
          #expect(counted.activity.total > 0)
        }
      }
    }
  }
}
