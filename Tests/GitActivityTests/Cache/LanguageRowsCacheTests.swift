import Foundation
import Testing

@testable import GitActivityStore

/// The languages cache: records of their own sizes, a commit's rows as numbers of 7 bits a
/// byte. What is saved loads back row for row, for commits of no language to many and numbers
/// up to a field's largest; a record whose bytes are no record is not an answer (the commit is
/// counted again), and a file whose lengths do not add up is not read.
@Suite("The languages cache keeps every commit's rows, of any number")
struct LanguageRowsCacheTests {
  static func id(_ n: Int) -> ObjectID {
    ObjectID(high: UInt64(n) &* 0x9E37_79B9_7F4A_7C15, middle: UInt64(n), low: UInt32(n))
  }

  static func rows(_ count: Int, seed: Int) -> LanguageRows {
    LanguageRows(
      (0..<count).map { index in
        LanguageRows.Row(
          language: index == 0 && seed % 2 == 0 ? UInt16.max : UInt16(index * 37 + seed % 5),
          insertions: seed % 3 == 0 ? UInt32.max : UInt32(seed * 1_000 + index),
          deletions: UInt32(index * 127), files: seed % 7 == 0 ? UInt32.max : 1)
      })
  }

  static func folder() -> (HistoryCache.Location, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "languages-\(UUID().uuidString)")
    return (
      HistoryCache.Location(commonDirectory: directory.path, fallbackDirectory: nil), directory
    )
  }

  /// A table in which commit `n` has `rows[n]`, saved in a folder of its own (the caller
  /// removes `directory`), with its key and where it is.
  static func saved(_ rows: [LanguageRows]) -> (
    key: String, place: HistoryCache.Location, directory: URL
  ) {
    let (location, directory) = folder()
    let key = "lines\u{0}languages"
    let place = LanguageRowsCache.location(for: key, beside: location)
    var table = LanguageRowsCache(key: key)
    for (n, commit) in rows.enumerated() { table.set(commit, for: id(n)) }
    table.save(to: place)
    return (key, place, directory)
  }

  @Test("saved and loaded: every commit's rows, 0 to 12 of them, the largest numbers too")
  func roundTrip() throws {
    let all = (0..<300).map { Self.rows($0 % 13, seed: $0) }
    let (key, place, directory) = Self.saved(all)
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = Dictionary(uniqueKeysWithValues: all.enumerated().map { (Self.id($0), $1) })
    var loaded = LanguageRowsCache.load(key: key, from: place)
    #expect(loaded.wasLoaded && loaded.count == 300)
    for (id, rows) in expected {
      #expect(loaded.languageRows(for: id) == rows)
      #expect(Array(loaded.languageRows(for: id) ?? LanguageRows()) == Array(rows))
    }
    #expect(loaded.languageRows(for: Self.id(300)) == nil)
    // One record more, merged with those on file.
    loaded.set(Self.rows(9, seed: 1), for: Self.id(300))
    loaded.save(to: place)
    let merged = LanguageRowsCache.load(key: key, from: place)
    #expect(merged.count == 301 && merged.languageRows(for: Self.id(300)) == Self.rows(9, seed: 1))
    #expect(merged.languageRows(for: Self.id(12)) == expected[Self.id(12)])
  }

  @Test("commits' languages left in the file's bytes add up as their decoded rows do")
  func undecodedRecordsAddUp() throws {
    let all = (0..<60).map { Self.rows($0 % 5, seed: $0 + 1) }
    let (key, place, directory) = Self.saved(all)
    defer { try? FileManager.default.removeItem(at: directory) }
    let loaded = LanguageRowsCache.load(key: key, from: place)
    // Commits 0 to 39 from the file, 40 to 59 counted by this run, 60 and 61 of no rows.
    var languages = CommitLanguages(count: 62, records: loaded.fileBytes)
    for n in 0..<40 {
      let range = try #require(loaded.languageRecord(for: Self.id(n)))
      languages.setRecord(at: n, range: range)
    }
    for n in 40..<60 { languages.set(all[n], at: n) }
    #expect(loaded.languageRecord(for: Self.id(99)) == nil)
    for n in 0..<60 { #expect(languages.rows(at: n) == all[n], "commit \(n)") }
    #expect(languages.rows(at: 61) == LanguageRows())
    let picked = [3, 3, 17, 41, 58, 60, 61, 500]
    let expected = LanguageRows.sums(of: picked.filter(all.indices.contains).map { all[$0] })
    #expect(languages.sums(at: picked) == expected)
    #expect(expected.contains { $0.insertions > 0 }, "the commits picked have rows")
    // Selected commits keep their records, a commit as often as it is named.
    let selected = languages.selecting([41, 3, 3, 60])
    #expect(selected.count == 4)
    #expect(selected.rows(at: 0) == all[41] && selected.rows(at: 2) == all[3])
    #expect(selected.sums(at: [0, 1, 2, 3]) == LanguageRows.sums(of: [all[41], all[3], all[3]]))
  }

  @Test("a record cut inside a row or holding a number too large is no answer")
  func recordsThatAreNot() {
    func decoded(_ bytes: [UInt8]) -> LanguageRows? {
      bytes.withUnsafeBytes { LanguageRows($0) }
    }
    var writer = ByteWriter()
    Self.rows(3, seed: 3).encode(into: &writer)
    #expect(decoded(writer.bytes) == Self.rows(3, seed: 3))
    #expect(decoded([]) == LanguageRows())
    // Cut at every byte short of the whole: never the rows.
    for length in 1..<writer.bytes.count {
      #expect(decoded(Array(writer.bytes.prefix(length))) != Self.rows(3, seed: 3))
    }
    #expect(decoded([0x01, 0x02, 0x03]) == nil, "three numbers of four")
    #expect(decoded([0x80, 0x80, 0x04, 0, 0, 1]) == nil, "a language past 65,535")
    #expect(decoded([1, 0x80, 0x80, 0x80, 0x80, 0x10, 0, 1]) == nil, "insertions past 2^32 - 1")
    #expect(decoded([1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 1]) != nil, "insertions of 2^32 - 1")
  }

  @Test("a file whose record lengths do not add up is not read")
  func lengthsAddUp() throws {
    let (location, directory) = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let key = "k"
    let place = LanguageRowsCache.location(for: key, beside: location)
    var table = LanguageRowsCache(key: key)
    for n in 0..<5 { table.set(Self.rows(2, seed: n), for: Self.id(n)) }
    var bytes = table.encoded()
    #expect(LanguageRowsCache.load(key: key, from: place).wasLoaded == false)
    table.save(to: place)
    #expect(LanguageRowsCache.load(key: key, from: place).wasLoaded)
    // The second record's end moved before the first's, the checksum made right again.
    let header = LanguageRows.magic.count + 12 + key.utf8.count
    bytes[header + 24 + 20] = 0
    bytes[header + 24 + 21] = 0
    let body = bytes[0..<(bytes.count - 8)]
    let checksum = HistoryCache.checksum(body)
    withUnsafeBytes(of: checksum.littleEndian) { raw in
      for index in 0..<8 { bytes[bytes.count - 8 + index] = raw[index] }
    }
    try Data(bytes).write(to: URL(fileURLWithPath: place.primary))
    #expect(LanguageRowsCache.load(key: key, from: place).wasLoaded == false)
  }
}
