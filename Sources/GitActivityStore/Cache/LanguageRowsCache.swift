/// What each commit changes in each language, kept between runs beside the lines cache
/// (`languages-<digest>.cache`), keyed as the lines are and by linguist's version: a record
/// holds up to `LanguageRows.slots` languages (a commit of more is counted again on each run
/// that asks, and never stored).
package typealias LanguageRowsCache = CommitTable<LanguageRows>

extension LanguageRows: CommitTableRecord {
  /// The languages a record holds.
  static let slots = 8
  /// A count, then each slot: language (2 bytes), insertions, deletions, files (4 each).
  package static let size = 1 + slots * 14
  package static let magic: [UInt8] = Array("GHMLANGS".utf8)
  package static let formatVersion: UInt32 = 2
  package static let fileStem = "languages"
  package static let fileExtension = "cache"
  package static let fileLimit = 8

  /// Whether the rows fit in a record.
  package var fitsRecord: Bool { rows.count <= Self.slots }

  package init(_ bytes: UnsafeRawBufferPointer) {
    let count = min(Int(bytes[0]), Self.slots)
    guard count > 0 else { return }
    func u32(_ at: Int) -> UInt32 {
      UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
    var rows: [Row] = []
    rows.reserveCapacity(count)
    for slot in 0..<count {
      let at = 1 + slot * 14
      rows.append(
        Row(
          language: UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)),
          insertions: u32(at + 2), deletions: u32(at + 6), files: u32(at + 10)))
    }
    self.rows = rows
  }

  package func encode(into writer: inout ByteWriter) {
    let kept = rows.prefix(Self.slots)
    writer.bytes.append(UInt8(kept.count))
    for slot in 0..<Self.slots {
      let row =
        slot < kept.count
        ? kept[kept.startIndex + slot]
        : Row(
          language: 0, insertions: 0, deletions: 0, files: 0)
      writer.bytes += [UInt8(row.language & 0xFF), UInt8(row.language >> 8)]
      writer.u32(row.insertions)
      writer.u32(row.deletions)
      writer.u32(row.files)
    }
  }
}
