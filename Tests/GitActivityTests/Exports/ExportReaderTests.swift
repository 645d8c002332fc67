import Foundation
import Testing

@testable import GitActivity

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

  @Test(
    "what is not a record is refused with its column",
    arguments: [
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
    ])
  func refused(_ line: String, _ expected: String) {
    #expect(Self.message([line]) == expected)
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
}
