import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@Suite("The commit header parser")
struct CommitHeaderTests {
  func parse(_ text: String) throws -> (CommitHeader, [ObjectID], [UInt8]) {
    let bytes = Array(text.utf8)
    var parents: [ObjectID] = []
    let header = try bytes.withUnsafeBytes { try CommitHeader.parse($0, parents: &parents) }
    return (header, parents, bytes)
  }

  func text(_ range: Range<Int>?, in bytes: [UInt8]) -> String? {
    range.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  @Test("parents, author, committer and encoding; the last author line wins, as in git log")
  func fields() throws {
    let a = String(repeating: "a", count: 40)
    let b = String(repeating: "B", count: 40)
    let (header, parents, bytes) = try parse(
      "tree \(a)\nparent \(a)\nparent \(b)\nauthor First <f@x> 1 +0000\nauthor Ada  <ada@x> 1700000000 -0130\ncommitter C <c@x> 1700000100 +0200\nencoding latin1\n\nparent \(a)\n"
    )
    #expect(parents.map(\.hex) == [a, b.lowercased()])
    let author = try #require(header.author)
    #expect(text(author.name, in: bytes) == "Ada")
    #expect(text(author.email, in: bytes) == "ada@x")
    #expect(author.time == 1_700_000_000)
    #expect(author.offsetMinutes == -90)
    #expect(header.committer?.time == 1_700_000_100)
    #expect(header.committer?.offsetMinutes == 120)
    #expect(text(header.encoding, in: bytes) == "latin1")
  }

  @Test("a malformed parent line is an error, not a silent end of history")
  func badParent() {
    #expect(throws: CommitHeader.Problem.badParent) {
      try parse("tree x\nparent 1234\nauthor A <a> 1 +0000\n")
    }
  }

  @Test(
    "person lines split as git's split_ident_line does",
    arguments: [
      ("A <a> 100 +0100", "A", "a", 100, 60),
      ("A <a> 100", "A", "a", nil, 0),
      ("A <a>", "A", "a", nil, 0),
      ("A <a> x +0100", "A", "a", nil, 0),
      ("A <a> 100 0100", "A", "a", nil, 0),
      ("A <a> 100 +", "A", "a", nil, 0),
      ("A <a> 100 +0090", "A", "a", 100, 90),
      ("A <a> 100 -1234", "A", "a", 100, -754),
      ("A <b> <a> 100 +0000", "A", "b", 100, 0),
      ("<a> 5 +0000", "", "a", 5, 0),
      ("A <a> 18446744073709551616 +0000", "A", "a", 0, 0),
      ("A <a> 9223372036854775806 +0000", "A", "a", 0, 0),
      ("A <a> 100 +99999999999", "A", "a", 100, 0),
      ("A\t <a>\t100\t+0000", "A", "a", 100, 0),
    ] as [(String, String, String, Int64?, Int32)])
  func identLines(line: String, name: String, email: String, time: Int64?, offset: Int32) throws {
    let (header, _, bytes) = try parse("author \(line)\n")
    let author = try #require(header.author)
    #expect(text(author.name, in: bytes) == name)
    #expect(text(author.email, in: bytes) == email)
    #expect(author.time == time)
    #expect(author.offsetMinutes == offset)
  }

  @Test(
    "the message starts after the header's empty line when that is the first \\n\\n; not after a NUL",
    arguments: [
      ("tree x\nauthor A <a> 1 +0000\n\ntitle\n", 29 as Int?),
      ("tree x\nauthor A <a> 1 +0000\n\n", 29),
      ("tree x\n\n\n", 8),
      // A NUL ends a line for the header, but git's trailers read from the first \n\n.
      ("tree x\nauthor A <a>\0x\n\ntitle\n", nil),
      ("tree x\n\0\n\ntitle\n", nil),
      // An empty first line: the first \n\n may come later.
      ("\n\ntitle\n", nil),
      ("tree x\nauthor A <a> 1 +0000\n", nil),
    ])
  func messageStart(text: String, expected: Int?) throws {
    let (header, _, bytes) = try parse(text)
    #expect(header.messageStart == expected)
    // Where it is given, it is where the first \n\n ends.
    if let start = header.messageStart {
      let pairs = bytes.indices.dropLast().filter { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }
      #expect(pairs.first.map { $0 + 2 } == start)
    }
  }

  @Test("no angle brackets, no identity; a NUL byte ends its line, and an empty line the header")
  func degenerate() throws {
    // As git's pretty parser: the line after a NUL is read (git log counts such a commit).
    #expect(try parse("tree x\nx-extra a\0b\nauthor A <a> 1 +0000\n").0.author?.time == 1)
    #expect(
      try parse("author A <a> 1 +0000\0junk\ncommitter C <c> 2 +0000\n").0.committer?.time == 2)
    #expect(try parse("author nobody 100 +0000\n").0.author == nil)
    #expect(try parse("author A <a\n").0.author == nil)
    #expect(try parse("tree x\n\0author A <a> 1 +0000\n").0.author == nil)
    #expect(try parse("").0.author == nil)
    #expect(try parse("author A <a> 1 +00\0\nauthor B <b> 2 +0000\n").0.author?.time == 1)
  }
}

@Suite("The mailmap, as git reads it")
struct MailmapTests {
  @Test("all four line forms, case-insensitive emails and names, later lines win")
  func forms() {
    let mailmap = Mailmap(
      parsing: """
        # comment <ignored@x>
        Proper Name <commit@x>
        <proper@x> <Other@X>
        Both <both@x> <old@x>
        Named <named@x> Old Name <shared@x>
        Default <default@x> <shared@x>
        Proper Name Two <commit@x>
        """)
    #expect(mailmap.resolve(name: "x", email: "COMMIT@x") == ("Proper Name Two", "COMMIT@x"))
    #expect(mailmap.resolve(name: "x", email: "other@x") == ("x", "proper@x"))
    #expect(mailmap.resolve(name: "x", email: "old@x") == ("Both", "both@x"))
    #expect(mailmap.resolve(name: "old name", email: "shared@x") == ("Named", "named@x"))
    #expect(mailmap.resolve(name: "Someone", email: "shared@x") == ("Default", "default@x"))
    #expect(mailmap.resolve(name: "x", email: "unknown@x") == ("x", "unknown@x"))
  }

  @Test("malformed lines are passed over, CRLF endings work")
  func malformed() {
    let mailmap = Mailmap(parsing: "no brackets\n<>\nName <\n<a@x\r\nGood <good@x> <bad@x>\r\n")
    #expect(mailmap.resolve(name: "n", email: "bad@x") == ("Good", "good@x"))
    #expect(mailmap.entries.count == 1)
  }
}
