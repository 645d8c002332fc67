import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// git's changed-path Bloom filters: a path git finds through them is found, a filter that
/// says "not here" is trusted as git trusts it, and a damaged index is ignored as git ignores it.
@Suite("Changed-path Bloom filters")
struct BloomFilterTests {
  static let window = ["--format", "csv", "--since", "2020-01-01", "--until", "2025-12-31"]
  static let paths = [
    "src/b.c", "src/a.c", "src", "src/lib/x.c", "src/lib", "docs/guide.md", "docs", "README.md",
    "bin/run.sh", "link", "vendor/sub", "Docs/Upper.MD", "star*.txt", "nothing/here",
    "café/thé.txt", "café", "naïve-ñandú/ß", "src/lib/deep/y.c",
  ]

  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try PathspecMagicTests.repository()
    // Paths whose last bytes are not ASCII: git's hash reads them as signed characters.
    for (index, path) in ["café/thé.txt", "naïve-ñandú/ß"].enumerated() {
      try repo.write(path, "\(index)")
      try repo.git(["add", "-A"])
      try repo.commit("non-ASCII \(index)", date: "\(1_610_000_000 + index * 86_400) +0000")
    }
    try repo.git(["commit-graph", "write", "--reachable", "--changed-paths"])
    return repo
  }

  @Test("every single path counts what git log counts with the filters")
  func againstGit() throws {
    let repo = try Self.repository()
    try PathspecTests.expectGitDays(
      repo, specs: Self.paths.map { [$0] }, modes: [[], ["--first-parent"], ["--all"]])
  }

  @Test(
    "a split commit-graph (a chain of layers, each with its filters) counts what git log counts")
  func splitGraph() throws {
    let repo = try Self.repository()
    try repo.git(["commit-graph", "write", "--reachable", "--changed-paths", "--split=no-merge"])
    for index in 0..<3 {
      try repo.write("src/split\(index).c", "\(index)")
      try repo.git(["add", "-A"])
      try repo.commit("split \(index)", date: "\(1_620_000_000 + index * 86_400) +0000")
      try repo.git(["commit-graph", "write", "--reachable", "--changed-paths", "--split=no-merge"])
    }
    let chain = repo.path + "/.git/objects/info/commit-graphs/commit-graph-chain"
    #expect(FileManager.default.fileExists(atPath: chain))
    try PathspecTests.expectGitDays(
      repo, specs: [["src"], ["src/split1.c"], ["docs/guide.md"], ["README.md"]],
      modes: [[], ["--all"]], label: "split")
  }

  @Test("murmur3 as git's version 1, with the sign of the last bytes")
  func murmur() {
    // Values from git's own t0095-bloom.sh (test-tool bloom get_murmur3).
    #expect(BloomFilters.murmur3(seed: 0, Array("".utf8)) == 0x0000_0000)
    #expect(
      BloomFilters.murmur3(seed: 0, Array("Hello world!".utf8)) == 0x627b_0c2c)
    #expect(
      BloomFilters.murmur3(
        seed: 0, Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x2e4f_f723)
    // Bytes past ASCII, in the blocks and the tail: git 2.39 reads them as signed characters
    // (the values of its murmur3 compiled as it compiles it, on x86-64).
    #expect(BloomFilters.murmur3(seed: 0, Array("café".utf8)) == 0x3cb1_15b8)
    #expect(BloomFilters.murmur3(seed: 0, Array("é".utf8)) == 0xe423_d956)
    #expect(BloomFilters.murmur3(seed: 0x293a_e76f, Array("café/thé.txt".utf8)) == 0x47ca_dadc)
  }

  @Test("a filter that lies is trusted as git trusts it; an index past its chunk is ignored")
  func lyingFilters() throws {
    let repo = try Self.repository()
    let graph = repo.path + "/.git/objects/info/commit-graph"
    let pristine = [UInt8](try Data(contentsOf: URL(fileURLWithPath: graph)))
    var bytes = pristine
    let chunks = try #require(bytes.withUnsafeBytes { CommitGraph.chunks($0) })
    let data = try #require(CommitGraph.chunk("BDAT", in: chunks))
    let index = try #require(CommitGraph.chunk("BIDX", in: chunks))
    // Every filter empty of bits: "no path changed" for every commit, which git believes.
    for offset in (data.lowerBound + 12)..<data.upperBound { bytes[offset] = 0 }
    try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: graph)
    try Data(bytes).write(to: URL(fileURLWithPath: graph))
    for path in ["src/b.c", "docs", "café/thé.txt"] {
      let expected = try repo.gitDays(["--", path])
      let result = heatmap(Self.window + ["--", path], in: repo.path)
      #expect(nonZeroDays(result.stdout) == expected, "all bits clear: \(path)")
    }
    // An index whose offsets leave the chunk: those filters are not used (git 2.39 reads past
    // the chunk there and crashes; later versions ignore them, as this does), the others are.
    var broken = pristine
    for offset in index.lowerBound..<(index.lowerBound + 4) { broken[offset] = 0xFF }
    try Data(broken).write(to: URL(fileURLWithPath: graph))
    for path in ["src/b.c", "docs", "café/thé.txt"] {
      let expected = try repo.gitDays(
        ["--", path],
        environment: [
          "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.commitGraph",
          "GIT_CONFIG_VALUE_0": "false",
        ])
      let result = heatmap(Self.window + ["--", path], in: repo.path)
      #expect(nonZeroDays(result.stdout) == expected, "index past its chunk: \(path)")
    }
  }
}
