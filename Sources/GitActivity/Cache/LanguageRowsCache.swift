/// What each commit changes in each language, kept between runs beside the lines cache
/// (`languages-<digest>.cache`), keyed as the lines are and by linguist's version: a record
/// holds up to `LanguageRows.slots` languages (a commit of more is counted again on each run
/// that asks, and never stored).
typealias LanguageRowsCache = CommitTable<LanguageRows>

extension LanguageRows: CommitTableRecord {
  /// The languages a record holds.
  static let slots = 8
  /// A count, then each slot: language (2 bytes), insertions, deletions, files (4 each).
  static let size = 1 + slots * 14
  static let magic: [UInt8] = Array("GHMLANGS".utf8)
  static let formatVersion: UInt32 = 2
  static let fileStem = "languages"
  static let fileExtension = "cache"
  static let fileLimit = 8

  /// Whether the rows fit in a record.
  var fitsRecord: Bool { rows.count <= Self.slots }

  init(_ bytes: UnsafeRawBufferPointer) {
    func u32(_ at: Int) -> UInt32 {
      UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
        | UInt32(bytes[at + 3]) << 24
    }
    let count = min(Int(bytes[0]), Self.slots)
    rows = (0..<count).map { slot in
      let at = 1 + slot * 14
      return Row(
        language: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8, insertions: u32(at + 2),
        deletions: u32(at + 6), files: u32(at + 10))
    }
  }

  func encode(into writer: inout ByteWriter) {
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
