import CGit2
import Foundation
import TestSupport
import Testing

/// A damaged pack entry is read the same wherever it lies in history. Every commit is inflated
/// whole and checked by zlib's own checksum, as git log checks it: damage is an error at any
/// depth, even where the index's CRC-32 was written to match it, whether messages are read or
/// not (`--assisted off`).
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
    "the same damaged entry at HEAD~4 and at HEAD~4000: an error both times, with the index's CRC-32 made to match too",
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
    // Whether messages are read (AI-assisted commits told apart) or not, every commit is
    // inflated whole, as git log does: zlib's own checksum finds the damage, wherever it is and
    // whatever the index says.
    for assisted in [[], ["--assisted", "off"]] {
      let result = try runBinary(
        Self.window + ["--no-cache"] + assisted, in: repo.path, environment: repo.environment)
      #expect(result.status == 1, "\(assisted)")
      #expect(
        result.stderr.hasPrefix("git-heatmap: cannot read commit \(target)"), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }
}
