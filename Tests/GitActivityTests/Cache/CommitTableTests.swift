import Foundation
import Testing

@testable import GitActivityStore

/// A table of records by commit is searched where its ids lie in the file, on their first 64
/// bits and then the rest: every id on file is found, at the ends, among ids that share their
/// first 64 bits and among ids bunched together; an id not on file is never given another's
/// record, even in a file whose ids are out of order.
@Suite("Tables by commit find every record they hold, and no other")
struct CommitTableTests {
  static func stats(_ n: Int) -> PackedLineStats {
    PackedLineStats(LineStats(insertions: n, deletions: n % 7, files: 1))
  }

  /// A table of `ids` (commit `ids[n]` holding `stats(n)`), not saved, with where it is kept
  /// in a folder of its own (the caller removes `directory`).
  static func made(_ ids: [ObjectID]) -> (
    table: LineStatsCache, place: HistoryCache.Location, directory: URL
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "table-\(UUID().uuidString)")
    let location = HistoryCache.Location(commonDirectory: directory.path, fallbackDirectory: nil)
    var table = LineStatsCache(key: "k")
    for (n, id) in ids.enumerated() { table.set(Self.stats(n), for: id) }
    return (table, LineStatsCache.location(for: "k", beside: location), directory)
  }

  /// A table of `ids`, saved and loaded again.
  static func roundTrip(_ ids: [ObjectID]) throws -> LineStatsCache {
    let (table, place, directory) = Self.made(ids)
    defer { try? FileManager.default.removeItem(at: directory) }
    table.save(to: place)
    let loaded = LineStatsCache.load(key: "k", from: place)
    try #require(loaded.wasLoaded && loaded.count == ids.count)
    return loaded
  }

  static func spread(_ n: Int) -> ObjectID {
    ObjectID(high: UInt64(n) &* 0x9E37_79B9_7F4A_7C15, middle: UInt64(n), low: UInt32(n))
  }

  @Test("ids spread evenly, bunched, sharing their first bits, and at both ends")
  func everyShape() throws {
    let shapes: [[ObjectID]] = [
      (0..<5_000).map(Self.spread),
      // All within a sliver of the range, with one at each end.
      (0..<2_000).map { ObjectID(high: 0x7000_0000_0000_0000 + UInt64($0), middle: 0, low: 0) }
        + [
          ObjectID(high: 0, middle: 0, low: 0),
          ObjectID(high: .max, middle: .max, low: .max),
        ],
      // The same first 64 bits for all: only the rest tells them apart.
      (0..<1_000).map { ObjectID(high: 42, middle: UInt64($0) &* 0x1234_5678_9ABC, low: 7) },
      // Doubling gaps.
      (0..<63).map { ObjectID(high: 1 << UInt64($0), middle: 0, low: 0) },
      [Self.spread(1)],
    ]
    #expect(LineStatsCache(key: "k").lineStats(for: Self.spread(1)) == nil)
    for ids in shapes {
      let table = try Self.roundTrip(ids)
      for (n, id) in ids.enumerated() {
        #expect(table.lineStats(for: id) == Self.stats(n), "\(id)")
      }
      // Ids not on file: between those on file, past each end, and beside them.
      let known = Set(ids)
      for id in ids.prefix(300) {
        for other in [
          ObjectID(high: id.high, middle: id.middle, low: id.low &+ 1),
          ObjectID(high: id.high &+ 1, middle: id.middle, low: id.low),
          ObjectID(high: id.high &- 1, middle: .max, low: .max),
        ] where !known.contains(other) {
          #expect(table.lineStats(for: other) == nil, "\(other)")
        }
      }
    }
  }

  @Test("a file of ids out of order, its checksum right, gives no record for another id")
  func outOfOrder() throws {
    let ids = (0..<500).map(Self.spread)
    let (table, place, directory) = Self.made(ids)
    defer { try? FileManager.default.removeItem(at: directory) }
    var bytes = table.encoded()
    // Reverse the records (an id and its record each), then make the checksum right.
    let width = 20 + (try #require(PackedLineStats.size))
    let header = bytes.count - 8 - ids.count * width
    let records = (0..<ids.count).map { bytes[(header + $0 * width)..<(header + ($0 + 1) * width)] }
    bytes.replaceSubrange(header..<(bytes.count - 8), with: records.reversed().flatMap { $0 })
    let checksum = HistoryCache.checksum(bytes[0..<(bytes.count - 8)])
    withUnsafeBytes(of: checksum.littleEndian) { raw in
      for index in 0..<8 { bytes[bytes.count - 8 + index] = raw[index] }
    }
    try FileManager.default.createDirectory(
      atPath: (place.primary as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: place.primary))
    let loaded = LineStatsCache.load(key: "k", from: place)
    #expect(loaded.wasLoaded)
    var found = 0
    for (n, id) in ids.enumerated() {
      if let stats = loaded.lineStats(for: id) {
        #expect(stats == Self.stats(n))
        found += 1
      }
    }
    #expect(found < ids.count, "out of order, some lookups miss (and those commits count again)")
  }
}
