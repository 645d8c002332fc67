import CGit2
import Foundation
import TestSupport
import Testing

/// A damaged pack entry is read the same wherever it lies in history. Commits are checked as
/// `git verify-pack` checks entries, by the index's CRC-32 of the entry, and inflated to the
/// end of their header: damage is an error at any depth, as in git, unless the index's CRC-32
/// was written to match it, which git log alone sees (it inflates every commit whole). That is
/// the limit the README states for runs that read headers only (`--assisted off`), and it too
/// is the same at every depth; a run that reads messages sees it as git does.
@Suite("Damage deep in history")
struct DamageDepthTests {
  static let window = ["--format", "csv", "--since", "2020-01-01", "--until", "2021-12-31"]

  /// 5,000 commits in one pack without deltas, made once; each test damages a copy.
  static let shared = SharedRepository {
    let repo = try TemporaryRepository()
    // Messages of a kilobyte of words that compress badly, so that the damage lies far past
    // the part of the stream that holds the header.
    let words = pseudorandomBytes(5000 * 1024, seed: 0x9E37_79B9_7F4A_7C15).map {
      Character(Unicode.Scalar(UInt8(ascii: "a") + $0 % 26))
    }
    try repo.importLine(
      (0..<5000).map { index in
        TemporaryRepository.ImportedCommit(
          author: "A <a@example.com>", time: 1_600_000_000 + index * 3600, offset: "+0000",
          committer: "A <a@example.com>",
          message: "commit \(index) " + String(words[(index * 1024)..<(index * 1024 + 1024)]))
      })
    try repo.git(["repack", "-adq", "--depth=0", "--window=0"])
    return repo
  }

  @Test(
    "the same damaged entry at HEAD~4 and at HEAD~4000: an error both times; with the index's CRC-32 made to match, the stated limit both times",
    arguments: [4, 4000], [false, true])
  func sameAtEveryDepth(depth: Int, matchesChecksum: Bool) throws {
    let repo = try Self.shared.copy()
    let intact = try runBinary(
      Self.window + ["--no-cache"], in: repo.path, environment: repo.environment)
    #expect(intact.status == 0 && intact.stdout.count > 1_000)
    let target = try repo.git(["rev-parse", "main~\(depth)"]).trimmingCharacters(in: .newlines)
    let folder = repo.path + "/.git/objects/pack/"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let indexName = try #require(names.first { $0.hasSuffix(".idx") })
    let packName = try #require(names.first { $0.hasSuffix(".pack") })
    let listing = try repo.git(
      ["show-index"], input: try Data(contentsOf: URL(fileURLWithPath: folder + indexName)))
    let offsets = listing.split(separator: "\n").compactMap { line -> (Int, String)? in
      let parts = line.split(separator: " ")
      guard parts.count >= 2, let offset = Int(parts[0]) else { return nil }
      return (offset, String(parts[1]))
    }
    let start = try #require(offsets.first { $0.1 == target }?.0)
    var pack = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + packName)))
    let end = offsets.map(\.0).filter { $0 > start }.min() ?? pack.count - 20
    // A byte of the compressed message, past the header's part of the stream.
    pack[end - 8] ^= 0x01
    let crc = pack[start..<end].withUnsafeBufferPointer {
      UInt32(crc32(0, $0.baseAddress, UInt32($0.count)))
    }
    var index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + indexName)))
    let count = offsets.count
    let ids = try repo.git(["show-index"], input: Data(index)).split(separator: "\n")
      .map { String($0.split(separator: " ")[1]) }.sorted()
    let position = try #require(ids.firstIndex(of: target))
    let crcAt = 8 + 256 * 4 + count * 20 + position * 4
    index.replaceSubrange(
      crcAt..<(crcAt + 4), with: withUnsafeBytes(of: crc.bigEndian) { Array($0) })
    for (name, bytes) in [(packName, pack)] + (matchesChecksum ? [(indexName, index)] : []) {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: folder + name)
      try Data(bytes).write(to: URL(fileURLWithPath: folder + name))
    }
    #expect((try? repo.git(["log", "--format=%H"])) == nil, "git itself refuses the history")
    // A run that tells AI-assisted commits apart reads every message whole, as git log does:
    // zlib's own checksum finds the damage, wherever it is and whatever the index says.
    let whole = try runBinary(
      Self.window + ["--no-cache"], in: repo.path, environment: repo.environment)
    #expect(whole.status == 1)
    #expect(whole.stderr.hasPrefix("git-heatmap: cannot read commit \(target)"), "\(whole.stderr)")
    #expect(whole.stdout.isEmpty)
    // One that does not reads headers only.
    let result = try runBinary(
      Self.window + ["--no-cache", "--assisted", "off"], in: repo.path,
      environment: repo.environment)
    if matchesChecksum {
      // Damage past the header that the index's CRC-32 vouches for is not seen: the count is
      // the intact history's (whoever can write the pack and its index can write any history).
      #expect(
        result.status == 0
          && nonZeroDays(String(decoding: result.stdout, as: UTF8.self))
            == nonZeroDays(String(decoding: intact.stdout, as: UTF8.self)),
        "\(result.stderr)")
    } else {
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("git-heatmap: cannot read commit \(target)"))
      #expect(result.stdout.isEmpty)
    }
  }
}
