import CGit2
import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// The pack reader against libgit2: every commit of real repositories, made by git in every way it
/// stores commits, read through both, every parsed field compared.
@Suite("Reading commits out of the packs")
struct PackReaderTests {
  /// What a walk takes from one commit, with identities as bytes (each reader numbers its own).
  struct Read: Equatable, CustomStringConvertible {
    var author: Timestamp?
    var committer: Timestamp?
    var authorIdentity: RawIdentity?
    var committerIdentity: RawIdentity?
    var parents: [ObjectID]
    var tree: ObjectID?
    var coAuthors: [RawIdentity]

    var description: String {
      "\(String(describing: author)) \(String(describing: committer)) "
        + "\(String(describing: authorIdentity)) \(parents) \(coAuthors.count)"
    }
  }

  /// Reads `ids` in `path` with the packs read directly or not at all; also says how many came
  /// out of the packs, stored whole and as deltas.
  static func read(
    _ ids: [ObjectID], in path: String, directly: Bool, coAuthors: Bool,
    shortWalkReads: Int? = nil
  ) throws -> (reads: [Read], whole: Int, deltified: Int) {
    let repository = try Repository.openGit(at: path, environment: Tools.gitEnvironment)
    let store =
      directly ? PackStore(objectsDirectory: repository.objectsDirectory) : nil
    let reader = try ObjectReader(
      repository: repository, packs: store, shortWalkReads: shortWalkReads)
    var interner = IdentityInterner()
    var parents: [ObjectID] = []
    var raw: [(CommitFacts, [ObjectID], ObjectID?, [Int32])] = []
    for id in ids {
      let read = try reader.readFacts(
        id, substitutions: Substitutions(), interner: &interner, parents: &parents,
        trailerKeys: coAuthors ? [] : nil)
      raw.append((read.facts, parents, read.tree, read.coAuthors))
    }
    let identities = interner.rawIdentities()
    func identity(_ index: Int32) -> RawIdentity? { index >= 0 ? identities[Int(index)] : nil }
    let reads = raw.map { (facts, parents, tree, people) in
      Read(
        author: facts.author, committer: facts.committer,
        authorIdentity: identity(facts.identity),
        committerIdentity: identity(facts.committerIdentity), parents: parents, tree: tree,
        coAuthors: people.compactMap(identity))
    }
    let counts = reader.commitsFromPacks
    return (reads, counts.whole, counts.deltified)
  }

  /// Reads `ids` both ways, with and without messages (and, without, as a long walk reads them
  /// from the first read as well as a short one), expects every field equal, and returns how
  /// many commits the direct reader took from the packs.
  @discardableResult
  static func compare(_ ids: [ObjectID], in path: String) throws -> (whole: Int, deltified: Int) {
    var counts = (whole: 0, deltified: 0)
    for (coAuthors, shortWalkReads) in [(false, nil), (false, 0), (true, nil)] as [(Bool, Int?)] {
      let expected = try read(ids, in: path, directly: false, coAuthors: coAuthors)
      #expect(expected.whole == 0 && expected.deltified == 0)
      let direct = try read(
        ids, in: path, directly: true, coAuthors: coAuthors, shortWalkReads: shortWalkReads)
      for (index, (want, got)) in zip(expected.reads, direct.reads).enumerated() where want != got {
        Issue.record("\(ids[index].hex): libgit2 \(want), packs \(got)")
      }
      counts = (direct.whole, direct.deltified)
    }
    return counts
  }

  /// The path of a repository's one pack, and where each object starts in it (by hex id), as
  /// `git show-index` reads the pack's index.
  static func onlyPack(of repository: TemporaryRepository) throws -> (
    path: String, offsets: [String: Int]
  ) {
    let packDirectory = repository.path + "/.git/objects/pack"
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: packDirectory).first {
        $0.hasSuffix(".idx")
      })
    let index = try repository.git(
      ["show-index"], input: try Data(contentsOf: URL(fileURLWithPath: packDirectory + "/" + name)))
    var offsets: [String: Int] = [:]
    for line in index.split(separator: "\n") {
      let fields = line.split(separator: " ")
      offsets[String(fields[1])] = Int(fields[0])
    }
    return (packDirectory + "/" + name.dropLast(4) + ".pack", offsets)
  }

  static func ids(_ text: String) -> [ObjectID] {
    text.split(separator: "\n").compactMap { ObjectID(hex: String($0.prefix(40))) }
  }

  /// A history whose commits git stores as deltas: long, similar messages, several authors,
  /// an encoding, trailers, merges.
  static func makeHistory(_ repository: TemporaryRepository, commits: Int, start: Int) throws {
    let paragraph = (0..<40).map { "line \($0) of a long and similar message body" }
      .joined(separator: "\n")
    for index in 0..<commits {
      let author = ["Ada Lovelace", "Grace Hopper", "Édouard Lucas"][index % 3]
      var message = "change \(start + index)\n\n\(paragraph)\nvariation \(index)"
      if index % 4 == 0 { message += "\n\nCo-authored-by: Pair \(index % 3) <pair\(index % 3)@x>" }
      try repository.commit(
        message, date: "\(1_700_000_000 + (start + index) * 3600) +0\(index % 10)00",
        author: author, email: "\(author.prefix(3).lowercased())@example.com")
      if index % 10 == 9 {
        try repository.git(["checkout", "-q", "-b", "side\(start + index)", "HEAD~2"])
        try repository.commit(
          "side \(index)\n\n\(paragraph)", date: "\(1_700_000_000 + index * 3600 + 7) +0000")
        try repository.git(["checkout", "-q", "main"])
        try repository.git(
          ["merge", "-q", "--no-ff", "-m", "merge \(index)", "side\(start + index)"],
          environment: ["GIT_COMMITTER_DATE": "1700000000 +0000"])
      }
    }
  }

  /// Commit objects git would not write itself but reads: a signature header, a repeated
  /// author, a NUL in the header, no blank line, no author date, Latin-1 names, a large message.
  static func unusualCommits(_ repository: TemporaryRepository) throws -> [ObjectID] {
    let tree = try repository.emptyTree()
    let signature = (0..<12).map { _ in " \(String(repeating: "Zm9vYmFy", count: 8))" }
      .joined(separator: "\n")
    var bodies: [[UInt8]] = [
      "tree \(tree)\nauthor A <a@x> 1700000000 +0100\ncommitter C <c@x> 1700000001 +0100\ngpgsig -----BEGIN PGP SIGNATURE-----\n\(signature)\n -----END PGP SIGNATURE-----\n\nsigned\n\nCo-authored-by: Sig <sig@x>\n",
      "tree \(tree)\nauthor First <f@x> 1 +0000\ncommitter C <c@x> 1700000002 +0000\nauthor Later <l@x> 1600000000 -0230\n\nrepeated author\n",
      "tree \(tree)\nauthor A <a@x> 1700000003 +0000\ncommitter C <c@x> 1700000003 +0000",
      "tree \(tree)\nauthor Nobody <n@x>\ncommitter C <c@x> 1700000004 +0000\n\nno author date\n",
      "tree \(tree)\nauthor Big <b@x> 1700000005 +0000\ncommitter C <c@x> 1700000005 +0000\n\n"
        + String(repeating: "a large message\n", count: 8000) + "\nCo-authored-by: End <end@x>\n",
    ].map { Array($0.utf8) }
    bodies.append(
      Array("tree \(tree)\nauthor A <a@x> 1700000006 +0000".utf8) + [0]
        + Array("garbage\ncommitter C <c@x> 1700000006 +0000\n\nnul\n".utf8))
    bodies.append(
      Array("tree \(tree)\nauthor Andr".utf8) + [0xE9]
        + Array(
          " <andre@x> 1700000007 +0200\ncommitter C <c@x> 1700000007 +0200\nencoding ISO-8859-1\n\nlatin\n"
            .utf8))
    // Similar signed commits, so that the pack stores some as deltas of others.
    for index in 0..<20 {
      bodies.append(
        Array(
          "tree \(tree)\nauthor S\(index % 4) <s@x> \(1_700_000_100 + index) +0000\ncommitter C <c@x> \(1_700_000_100 + index) +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n\(signature)\n -----END PGP SIGNATURE-----\n\nsigned \(index)\n\n\(signature)\n"
            .utf8))
    }
    return try bodies.map { bytes in
      let id = try repository.writeRawCommit(Data(bytes))
      return try #require(ObjectID(hex: id))
    }
  }

  @Test(
    "packed whole and as deltas (OFS_DELTA from repack, REF_DELTA from pack-objects), loose, two packs, a multi-pack-index: every field equal to libgit2's"
  )
  func everyWayOfStoring() throws {
    let repository = try TemporaryRepository()
    try PackReaderTests.makeHistory(repository, commits: 40, start: 0)
    // Deltas by offset, as repack writes them, chains allowed deep.
    try repository.git(["repack", "-adfq", "--window=50", "--depth=50"])
    let packed = PackReaderTests.ids(try repository.git(["rev-list", "--all"]))
    let first = try PackReaderTests.compare(packed, in: repository.path)
    #expect(first.whole + first.deltified == packed.count)
    #expect(first.deltified > 0)
    // The same pack with its reverse index (.rev).
    try repository.git(["-c", "pack.writeReverseIndex=true", "repack", "-adfq", "--window=50"])
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: repository.path + "/.git/objects/pack"
      ).contains { $0.hasSuffix(".rev") })
    let withReverse = try PackReaderTests.compare(packed, in: repository.path)
    #expect(withReverse.whole + withReverse.deltified == packed.count)

    // Unusual commits in a pack of their own, written by pack-objects without
    // --delta-base-offset: its deltas name their bases by id (REF_DELTA).
    let unusual = try PackReaderTests.unusualCommits(repository)
    try repository.git(
      ["pack-objects", "-q", "--window=50", "--depth=50", ".git/objects/pack/pack"],
      input: Data(unusual.map { $0.hex + "\n" }.joined().utf8))
    try repository.git(["prune-packed"])
    let second = try PackReaderTests.compare(unusual, in: repository.path)
    #expect(second.whole + second.deltified == unusual.count)
    #expect(second.deltified > 0)

    // Loose commits on top, read through libgit2; then everything with a multi-pack-index.
    try PackReaderTests.makeHistory(repository, commits: 6, start: 100)
    let all = PackReaderTests.ids(try repository.git(["rev-list", "--all"])) + unusual
    let withLoose = try PackReaderTests.compare(all, in: repository.path)
    #expect(withLoose.whole + withLoose.deltified == packed.count + unusual.count)
    try repository.git(["repack", "-dq"])
    try repository.git(["multi-pack-index", "write"])
    let packs = try FileManager.default.contentsOfDirectory(
      atPath: repository.path + "/.git/objects/pack"
    ).filter { $0.hasSuffix(".pack") }
    #expect(packs.count == 3)
    let withIndex = try PackReaderTests.compare(all, in: repository.path)
    #expect(withIndex.whole + withIndex.deltified == all.count)
  }

  @Test(
    "an object a diff is done with leaves the cache and reads back the same; a size read keeps its delta for the next read only"
  )
  func forgetting() throws {
    let repository = try TemporaryRepository()
    var text = ""
    for version in 0..<6 {
      text += (0..<200).map { "version \(version) line \($0)\n" }.joined()
      try repository.write("file.txt", text)
      try repository.git(["add", "file.txt"])
      try repository.commit(date: "\(1_700_000_000 + version) +0000")
    }
    try repository.git(["repack", "-adfq", "--window=50", "--depth=50"])
    let blobs = try repository.git(["rev-list", "--objects", "--all"]).split(separator: "\n")
      .filter { $0.hasSuffix(" file.txt") }.map { String($0.prefix(40)) }
    #expect(blobs.count == 6)
    let store = PackStore(objectsDirectory: repository.path + "/.git/objects")
    // A size read inflates a small delta whole and keeps it for the read that follows: the
    // read of another object next must not take it. Each blob's size is read, then the
    // previous blob's bytes, then its own.
    let sizes = PackCursor(store: store)
    sizes.baseCacheLimit = 1  // nothing kept: every read inflates
    var previous: (ObjectID, [UInt8])?
    for hex in blobs.reversed() {
      let id = try #require(ObjectID(hex: hex))
      let expected = Array(try repository.git(["cat-file", "blob", hex]).utf8)
      #expect(sizes.objectSize(id) == expected.count)
      if let (other, bytes) = previous { #expect(sizes.objectBytes(other, type: 3) == bytes) }
      #expect(sizes.objectBytes(id, type: 3) == expected)
      previous = (id, expected)
    }
    let cursor = PackCursor(store: store)
    cursor.baseCacheLimit = 64 << 20
    for hex in blobs {
      let id = try #require(ObjectID(hex: hex))
      let expected = Array(try repository.git(["cat-file", "blob", hex]).utf8)
      let before = cursor.keptBytes
      let bytes = try #require(cursor.objectBytes(id, type: 3))
      #expect(bytes == expected)
      // Kept: a second read is the cache's.
      let kept = cursor.keptBytes
      #expect(kept >= before + bytes.count)
      #expect(cursor.objectBytes(id, type: 3) == expected)
      #expect(cursor.keptBytes == kept)
      cursor.forget(id)
      #expect(cursor.keptBytes == kept - bytes.count)
      // Forgetting twice, or what the packs do not hold, changes nothing.
      cursor.forget(id)
      cursor.forget(try #require(ObjectID(hex: String(repeating: "ab", count: 20))))
      #expect(cursor.keptBytes == kept - bytes.count)
      #expect(cursor.objectBytes(id, type: 3) == expected)
      #expect(cursor.keptBytes == kept)
    }
  }

  @Test("a repository borrowing objects through info/alternates, and a worktree")
  func alternates() throws {
    let origin = try TemporaryRepository()
    try PackReaderTests.makeHistory(origin, commits: 20, start: 0)
    try origin.git(["repack", "-adq"])
    let clonePath = origin.root.appendingPathComponent("borrower").path
    try origin.git(["clone", "-q", "--shared", origin.path, clonePath])
    let borrower = TemporaryRepository(existing: clonePath, root: origin.root)
    try PackReaderTests.makeHistory(borrower, commits: 5, start: 50)
    try borrower.git(["repack", "-adlq"])
    let all = PackReaderTests.ids(try borrower.git(["rev-list", "--all"]))
    let counts = try PackReaderTests.compare(all, in: borrower.path)
    #expect(counts.whole + counts.deltified == all.count)

    let worktree = origin.root.appendingPathComponent("worktree").path
    try borrower.git(["worktree", "add", "-q", worktree, "HEAD~3"])
    let fromWorktree = try PackReaderTests.compare(all, in: worktree)
    #expect(fromWorktree.whole + fromWorktree.deltified == all.count)
  }

  @Test(
    "a damaged pack: every byte of a commit's entry changed in turn is an error, never other facts",
    arguments: [(false, 0), (true, 0), (false, PackCursor.shortWalk)])
  func damagedPack(reverseIndex: Bool, shortWalkReads: Int) throws {
    let repository = try TemporaryRepository()
    try PackReaderTests.makeHistory(repository, commits: 3, start: 0)
    try repository.git(["-c", "pack.writeReverseIndex=\(reverseIndex)", "repack", "-adfq"])
    let head = try #require(
      ObjectID(hex: try repository.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines)))
    let expected = try PackReaderTests.read(
      [head], in: repository.path, directly: false, coAuthors: false
    )
    .reads
    let (packPath, offsets) = try Self.onlyPack(of: repository)
    let start = try #require(offsets[head.hex])
    let pristine = try Data(contentsOf: URL(fileURLWithPath: packPath))
    let end = offsets.values.filter { $0 > start }.min() ?? pristine.count - 20
    var (errors, equal) = (0, 0)
    for position in start..<end {
      var damaged = pristine
      damaged[position] ^= 0x5A
      try FileManager.default.removeItem(atPath: packPath)
      try damaged.write(to: URL(fileURLWithPath: packPath))
      do {
        // zlib's checksum checks every read.
        let got = try PackReaderTests.read(
          [head], in: repository.path, directly: true, coAuthors: false,
          shortWalkReads: shortWalkReads)
        #expect(got.reads == expected, "byte \(position - start) of the entry")
        equal += 1
      } catch {
        errors += 1
      }
    }
    // Every byte of the entry is checked: its header by the size and type it must give, its
    // stream by zlib's checksum. Any change is an error (read again through libgit2, whose
    // inflate checks the stream); without the checksum, damage inside the name or email of
    // the commit's header gave other identities.
    #expect(errors == end - start && equal == 0)
  }
}

/// git's sorted id tables (pack indexes, the commit-graph), where every walk looks commits up.
@Suite("Looking ids up in a sorted table")
struct SortedObjectIDsTests {
  /// A table file as an index holds one: a 256-entry fanout, then the ids, sorted; the file is
  /// returned too, as the table holds only its address.
  static func table(_ ids: [[UInt8]]) throws -> (file: MappedFile, table: SortedObjectIDs) {
    let sorted = ids.sorted { $0.lexicographicallyPrecedes($1) }
    var bytes: [UInt8] = []
    for byte in 0..<256 {
      let count = UInt32(sorted.count { Int($0[0]) <= byte })
      withUnsafeBytes(of: count.bigEndian) { bytes += $0 }
    }
    for id in sorted { bytes += id }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "git-heatmap-test-ids-\(UUID().uuidString)"
    ).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    // The mapping outlives the file's name.
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try #require(MappedFile(path: path, minimumSize: 1))
    return (file, try #require(SortedObjectIDs(file, fanout: 0, ids: 256 * 4)))
  }

  @Test(
    "every id is found at its place and no other id is, spread evenly or bunched on purpose",
    arguments: ["even", "bunched", "one bucket"])
  func lookups(spread: String) throws {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random() -> UInt8 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: seed >> 56)
    }
    var ids: Set<[UInt8]> = []
    while ids.count < 20_000 {
      var id = (0..<20).map { _ in random() }
      switch spread {
      case "bunched":
        // Most ids share their first nine bytes, as ids made to defeat a guess would; a few
        // lie far above them in the same bucket.
        if ids.count % 50 != 0 { for index in 0..<9 { id[index] = index == 0 ? 0x42 : 0 } }
        id[0] = 0x42
      case "one bucket":
        // Ids equal in their first eight bytes, differing only after.
        for index in 0..<8 { id[index] = 7 }
      default:
        break
      }
      ids.insert(id)
    }
    let (file, table) = try Self.table(Array(ids))
    defer { withExtendedLifetime(file) {} }
    let sorted = ids.sorted { $0.lexicographicallyPrecedes($1) }
    #expect(table.count == sorted.count)
    // The finer fanout: each 16-bit prefix's count of ids below it.
    let counts = table.prefixCounts()
    #expect(counts.count == 65_537 && counts[65_536] == UInt32(sorted.count))
    for prefix in [0, 0x0707, 0x4200, 0x4201, 0x8000, 0xFFFF] {
      #expect(counts[prefix] == UInt32(sorted.count { Int($0[0]) << 8 | Int($0[1]) < prefix }))
    }
    // Wrong answers are gathered and expected once: 100,000 lookups, each an #expect, cost
    // more than the lookups.
    var wrong: [String] = []
    try counts.withUnsafeBufferPointer { counts in
      for (position, bytes) in sorted.enumerated() {
        let id = bytes.withUnsafeBytes { ObjectID(rawBytes: $0.baseAddress!) }
        if table.position(of: id) != position { wrong.append("\(id) not at \(position)") }
        if table.position(of: id, prefixCounts: counts) != position {
          wrong.append("\(id) not at \(position) by prefix")
        }
        // One step up in the last byte, and in the second (another 16-bit prefix).
        for changed in [19, 1] {
          var other = bytes
          other[changed] &+= 1
          guard !ids.contains(other) else { continue }
          let otherID = other.withUnsafeBytes { ObjectID(rawBytes: $0.baseAddress!) }
          if table.position(of: otherID, prefixCounts: counts) != nil {
            wrong.append("\(otherID) found by prefix")
          }
        }
      }
      _ = try #require(counts.baseAddress)
    }
    for bytes in sorted {
      // The same id one step up in its last byte, and in its first eight: absent unless present.
      for changed in [19, 7] {
        var other = bytes
        other[changed] &+= 1
        guard !ids.contains(other) else { continue }
        let otherID = other.withUnsafeBytes { ObjectID(rawBytes: $0.baseAddress!) }
        if table.position(of: otherID) != nil { wrong.append("\(otherID) found") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(5))")
  }
}
