import Foundation
import GitActivity
import TestSupport
import Testing

/// Exports, caches, names and messages made to attack the reader (issue 36's rows), each as the
/// attacker tried it.
@Suite("Hostile inputs: exports, caches, names and messages that attack the reader")
struct HostileInputsTests {
  static let window = ["--since", "2023-01-01", "--until", "2024-12-24"]

  /// A commit of `author` bytes (no encoding header) on top of `parent`, dated `time`.
  static func rawCommit(
    _ repo: TemporaryRepository, author: [UInt8], email: String, time: Int, parent: String?
  ) throws -> String {
    let tree = try repo.emptyTree()
    var raw = Data("tree \(tree)\n".utf8)
    if let parent { raw += Data("parent \(parent)\n".utf8) }
    raw += Data("author ".utf8) + Data(author)
    raw += Data(" <\(email)> \(time) +0000\ncommitter C <c@x> \(time) +0000\n\nm\n".utf8)
    return try repo.writeRawCommit(raw)
  }

  @Test("a Latin-1 byte and the private-use character it is kept as are two people, everywhere")
  func rawBytesAreNotCharacters() throws {
    let repo = try TemporaryRepository()
    let latin1: [UInt8] = [0x4A, 0xFC, 0x72, 0x67, 0x65, 0x6E]  // J\xfcrgen
    let privateUse = Array("J\u{F7FC}rgen".utf8)  // valid UTF-8, U+F7FC
    var parent: String?
    for (index, author) in [latin1, privateUse, privateUse].enumerated() {
      parent = try Self.rawCommit(
        repo, author: author, email: "j@example.com", time: 1_704_800_000 + index * 86_400,
        parent: parent)
    }
    try repo.git(["update-ref", "refs/heads/main", parent ?? ""])
    let shortlog = try repo.git(["shortlog", "-sne", "HEAD"])
    #expect(shortlog.split(separator: "\n").count == 2, "git sees two people: \(shortlog)")
    let table = heatmap(Self.window + ["--authors", "--format", "json"], in: repo.path)
    #expect(table.status == 0, "\(table.stderr)")
    let rows = try #require(
      (try JSONSerialization.jsonObject(with: Data(table.stdout.utf8)) as? [String: Any])?[
        "authors"] as? [[String: Any]])
    #expect(rows.map { $0["commits"] as? Int ?? -1 }.sorted() == [1, 2])
    let names = Set(rows.compactMap { $0["name"] as? String })
    #expect(names == ["J\u{FFFD}rgen", "J\u{F7FC}rgen"], "\(names)")
    // The export keeps them apart, and a draw from it finds two people again.
    let export = heatmap(["--format", "commits"], in: repo.path)
    let lines = export.stdout.split(separator: "\n")
    #expect(lines.count == 3 && lines.filter { $0.contains(#"J\uf7fcrgen"#) }.count == 1)
    #expect(lines.filter { $0.contains(#"J\uf700\uf7fcrgen"#) }.count == 2)
    let file = repo.root.appendingPathComponent("all.ndjson")
    try Data(export.stdout.utf8).write(to: file)
    let drawn = heatmap(
      Self.window + ["--from", file.path, "--authors", "--format", "csv"], in: repo.root.path)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout.split(separator: "\n").count == 3, "\(drawn.stdout)")
    // Images show the byte as U+FFFD, never the marker.
    let svg = heatmap(Self.window + ["--by-author", "--format", "svg"], in: repo.path).stdout
    #expect(
      !svg.unicodeScalars.contains { (0xF780...0xF7FB).contains($0.value) || $0 == "\u{F700}" })
    #expect(svg.contains("J\u{FFFD}rgen"))
  }
}
