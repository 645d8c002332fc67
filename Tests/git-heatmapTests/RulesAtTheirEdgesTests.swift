import Foundation
import GitActivity
import TestSupport
import Testing

/// Rules written in prose, tried at their edges, each against git where git has the rule: the
/// binary probe's 8,000 bytes, the trailer block's quarter, CSV's doubled quotes.
@Suite("Rules at their edges: the binary probe, the trailer quarter, CSV quotes")
struct RulesAtTheirEdgesTests {
  typealias Lines = LinesAgainstGitTests

  @Test(
    "a NUL at byte 7,999 makes a file binary; at 8,000 or 8,001 it is text, as git's probe reads",
    arguments: [7_998, 7_999, 8_000, 8_001])
  func binaryProbe(offset: Int) throws {
    let repo = try TemporaryRepository()
    // Lines of 10 bytes, then the NUL at `offset` (counted from 0), then more lines.
    var bytes = [UInt8]()
    while bytes.count < offset { bytes += Array("line \(bytes.count % 1_000)\n".utf8) }
    bytes = Array(bytes.prefix(offset)) + [0] + Array("\nafter\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: repo.path + "/probe.dat"))
    try repo.git(["add", "-A"])
    _ = try repo.commit("probe", date: "1700000000 +0000")
    try LinesWhereRulesBendTests.expectSameLines(repo, [], atLeast: 1)
    let log = try repo.git(["log", "--numstat", "--format="])
    #expect(log.hasPrefix(offset < 8_000 ? "-\t-\t" : "\(bytes.filter { $0 == 10 }.count)\t0\t"))
  }

  @Test(
    "a trailer block is one when a quarter of its lines are trailers, exactly 25 % included",
    arguments: [5, 6, 7])
  func trailerQuarter(otherLines: Int) throws {
    let repo = try TemporaryRepository()
    let body = (1...otherLines).map { "word \($0)" }.joined(separator: "\n")
    // Two trailers (one of git's own, which makes the block count) against `otherLines`.
    let message =
      "Subject\n\n\(body)\nSigned-off-by: Sam <sam@example.com>\nCo-authored-by: Ann <ann@example.com>\n"
    try TrailerTests.commitVerbatim(message, in: repo)
    let git = try repo.git(["log", "-1", "--format=%(trailers:key=Co-authored-by,valueonly)"])
    let gitFinds = git.contains("Ann <ann@example.com>")
    // 2 × 3 ≥ 6: the block at exactly a quarter is one.
    #expect(gitFinds == (otherLines <= 6))
    let result = heatmap(
      [
        "--co-authors", "--authors", "--format", "csv", "--since", "2023-11-01", "--until",
        "2023-11-30", "--no-cache",
      ], in: repo.path, environment: repo.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("ann@example.com") == gitFinds, "\(result.stdout)")
  }

  @Test("a CSV field with quotes doubles each one, and Python's csv reads the name back")
  func csvQuotes() throws {
    let repo = try TemporaryRepository()
    // Quotes inside the names (git strips them at a name's ends).
    let names = ["Ada \"the\" Lovelace", "a,\"b\" c", "x\"\"y", "one \" quote"]
    for (index, name) in names.enumerated() {
      _ = try repo.commit(
        "c\(index)", date: "\(1_700_000_000 + index * 86_400) +0000", author: name,
        email: "p\(index)@example.com")
    }
    let result = heatmap(
      ["--authors", "--format", "csv", "--since", "2023-11-01", "--until", "2023-11-30"],
      in: repo.path, environment: repo.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"Ada \"\"the\"\" Lovelace\","), "\(result.stdout)")
    let file = repo.root.appendingPathComponent("authors.csv")
    try result.stdout.write(to: file, atomically: true, encoding: .utf8)
    let read = try TemporaryRepository.run(
      "/usr/bin/python3",
      [
        "-c", "import csv,sys\nfor row in list(csv.reader(open(sys.argv[1])))[1:]: print(row[0])",
        file.path,
      ],
      in: repo.root.path, environment: repo.environment)
    #expect(Set(read.split(separator: "\n").map(String.init)) == Set(names), "\(read)")
  }
}
