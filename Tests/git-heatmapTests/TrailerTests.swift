import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Co-author trailers read exactly as git's `%(trailers:key=Co-authored-by,valueonly)` reads
/// them, message shape by message shape: squash merges as GitHub writes them, lines that only
/// look like trailers, git's own trailers, continuations, comments and scissors.
@Suite("Co-authored-by trailers as git's trailer.c finds them")
struct TrailerTests {
  static let messages: [String] = [
    "feat: thing (#123)\n\n* first commit\n\n* second commit\n\n---------\n\nCo-authored-by: Ann <ann@example.com>\nCo-authored-by: Bo <bo@example.com>\n",
    "Squash (#1)\n\n* fix thing\nCo-authored-by: Ann <ann@example.com>\n* other thing\nCo-authored-by: Bo <bo@example.com>\n",
    "Fix\n\nCloses #12\nCo-authored-by: Ann <ann@example.com>\n",
    "Fix\n\nCloses #12\nSigned-off-by: Sam <sam@example.com>\nCo-authored-by: Ann <ann@example.com>\n",
    "Fix\n\nsome words\nmore words\nand more\nSigned-off-by: Sam <sam@example.com>\n",
    "Fix\n\nw1\nw2\nw3\nw4\nw5\nw6\nw7\nSigned-off-by: Sam <sam@example.com>\nCo-authored-by: Ann <ann@example.com>\n",
    "Co-authored-by: Ann <ann@example.com>\n",
    "Subject\nCo-authored-by: Ann <ann@example.com>\n",
    "Subject\n\nCo-authored-by : Ann <ann@example.com>\nco-authored-by: Bo <bo@example.com>\nCO-AUTHORED-BY:Cy <cy@example.com>\n",
    "Subject\n\nCo-authored-by: Ann\n <ann@example.com>\nCo-authored-by: Bo <bo@example.com>\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n\n\n# a comment\n\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n# a comment inside\nCo-authored-by: Bo <bo@example.com>\n",
    "Subject\n\nbody\n\nCo-authored-by: Ann <ann@example.com>\n(cherry picked from commit 0123456789012345678901234567890123456789)\n",
    "Subject\n\nbody\n\nCo-authored-by: Ann <ann@example.com>\n# ------------------------ >8 ------------------------\nCo-authored-by: Bo <bo@example.com>\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n---\n diff --git a/x b/x\nCo-authored-by: Bo <bo@example.com>\n",
    "Subject\n\nCo-authored-by: nobody-at-all\nCo-authored-by: Bo <bo@example.com>\n",
    "Subject\n\n  Co-authored-by: Ann <ann@example.com>\n",
    "Subject\n\nReviewed-by: Rev <rev@example.com>\nCo-authored-by: Ann <ann@example.com>\nLink: https://example.com/x\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\r\nCo-authored-by: Bo <bo@example.com>\r\n",
    "\n\nSubject after blank lines\n\nCo-authored-by: Ann <ann@example.com>\n",
    "Subject\n\nConflicts:\n\tsrc/a.c\nCo-authored-by: Ann <ann@example.com>\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n\nConflicts:\n\tsrc/a.c\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\nnot a trailer\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n  continued value\nnot a trailer\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n\n\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\n \n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>",
    "Subject\n\nSee issue #4\n\nCo-authored-by: Ann <ann@example.com>\n\n",
    "Subject\n\nResolved Conflicts:\nCo-authored-by: Ann <ann@example.com>\n",
    "Subject\n\nCo-authored-by: Ann <ann@example.com>\nConflicts:\n\tsrc/a.c\n\n",
  ]

  /// Lines that random messages are made of: trailers, continuations, comments, blank lines,
  /// `Conflicts:` blocks, scissors and prose with the characters git's rules look at.
  static let lines = [
    "Co-authored-by: Ann <ann@example.com>", "co-authored-by : Bo <bo@example.com>",
    "Signed-off-by: Sam <sam@example.com>", "Reviewed-by: Rev", " continued <cy@example.com>",
    "\tsrc/a.c", "", " ", "# a comment", "Conflicts:", "Resolved Conflicts:", "prose #12",
    "prose: with a colon", "Closes #3", "# ------------------------ >8 ------------------------",
    "(cherry picked from commit 0123456789012345678901234567890123456789)", "---",
  ]

  /// Commits `message` as it is (no cleanup), empty, at a fixed date: git's trailer rules see
  /// every line of it.
  static func commitVerbatim(
    _ message: String, in repo: TemporaryRepository, named name: String = "message"
  ) throws {
    let file = repo.root.appendingPathComponent(name)
    try message.write(to: file, atomically: true, encoding: .utf8)
    try repo.git(
      ["commit", "-q", "--allow-empty", "--cleanup=verbatim", "-F", file.path],
      environment: [
        "GIT_AUTHOR_DATE": "1700000000 +0000", "GIT_COMMITTER_DATE": "1700000000 +0000",
      ])
  }

  /// What git's `%(trailers:key=Co-authored-by,valueonly)` gives for commit `id`, as
  /// `Name <email>` people.
  static func gitCoAuthors(_ id: String, in repo: TemporaryRepository) throws -> [String] {
    let listed = try repo.git(
      ["log", "-1", "--format=%(trailers:key=Co-authored-by,valueonly,separator=%x1f)", id])
    return listed.trimmingCharacters(in: .newlines).split(separator: "\u{1f}")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .compactMap { value in
        guard let open = value.firstIndex(of: "<"), let close = value[open...].firstIndex(of: ">")
        else { return nil }
        let name = value[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(name) <\(value[value.index(after: open)..<close])>"
      }
  }

  /// The co-authors `CommitTrailers.parse` finds in commit `id`, as `Name <email>` people;
  /// expects the same trailers found from where the header parser says the message starts.
  static func parsedCoAuthors(_ id: String, in repo: TemporaryRepository) throws -> [String] {
    let raw = Data(try repo.git(["cat-file", "commit", id]).utf8)
    try raw.withUnsafeBytes { buffer in
      var parents: [ObjectID] = []
      let header = try CommitHeader.parse(buffer, parents: &parents)
      let keys = [Array("assisted-by".utf8)]
      #expect(header.messageStart != nil)
      #expect(
        CommitTrailers.parse(buffer, messageStart: header.messageStart, assistedKeys: keys)
          == CommitTrailers.parse(buffer, assistedKeys: keys))
    }
    return raw.withUnsafeBytes { buffer in
      CommitTrailers.parse(buffer).map { person in
        let name = String(decoding: buffer[person.name], as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(name) <\(String(decoding: buffer[person.email], as: UTF8.self))>"
      }
    }
  }

  @Test("messages made of random lines give the co-authors git's %(trailers) gives")
  func randomMessages() throws {
    let repo = try TemporaryRepository()
    var generator = SeededGenerator(seed: 52)
    var found = 0
    for index in 0..<120 {
      let count = Int.random(in: 1...7, using: &generator)
      var message = "Subject \(index)\n\n"
      for _ in 0..<count { message += Self.lines.randomElement(using: &generator)! + "\n" }
      if Bool.random(using: &generator) { message += "\n" }
      try Self.commitVerbatim(message, in: repo, named: "random-\(index)")
      let id = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
      let expected = try Self.gitCoAuthors(id, in: repo)
      found += expected.count
      #expect(try Self.parsedCoAuthors(id, in: repo) == expected, "\(message.debugDescription)")
    }
    // The messages are varied enough for both outcomes.
    #expect(found > 20)
  }

  @Test("each message shape gives the co-authors git's %(trailers) gives")
  func againstGit() throws {
    let repo = try TemporaryRepository()
    for (index, message) in Self.messages.enumerated() {
      try Self.commitVerbatim(message, in: repo, named: "message-\(index)")
      let id = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)
      let expected = try Self.gitCoAuthors(id, in: repo)
      let found = try Self.parsedCoAuthors(id, in: repo)
      #expect(found == expected, "message \(index): \(message.debugDescription)")
    }
  }
}
