/// What each commit changes in each language, kept between runs beside the lines cache
/// (`languages-<digest>.cache`), keyed as the lines are and by linguist's version. Each record
/// is of its own size: a commit's rows as numbers of 7 bits a byte (most take one byte each),
/// so that the file is about as large as the lines' and a commit of any number of languages is
/// kept.
package typealias LanguageRowsCache = CommitTable<LanguageRows>

extension LanguageRows: CommitTableRecord {
  package static let size: Int? = nil
  package static let magic: [UInt8] = Array("GHMLANGS".utf8)
  package static let formatVersion: UInt32 = 3
  package static let fileStem = "languages"
  package static let fileExtension = "cache"
  package static let fileLimit = 8

  /// Each row: its language, insertions, deletions and files, each as a number of 7 bits a
  /// byte, the low bits first, the high bit of a byte saying another follows. Nil when the
  /// bytes end inside a row or a number is too large for its field.
  package init?(_ bytes: UnsafeRawBufferPointer) {
    var at = 0
    func number(limit: UInt64) -> UInt64? {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while at < bytes.count, shift < 35 {
        let byte = bytes[at]
        at += 1
        value |= UInt64(byte & 0x7F) << shift
        guard value <= limit else { return nil }
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      return nil
    }
    while at < bytes.count {
      guard let language = number(limit: UInt64(UInt16.max)),
        let insertions = number(limit: UInt64(UInt32.max)),
        let deletions = number(limit: UInt64(UInt32.max)),
        let files = number(limit: UInt64(UInt32.max))
      else { return nil }
      append(
        Row(
          language: UInt16(language), insertions: UInt32(insertions), deletions: UInt32(deletions),
          files: UInt32(files)))
    }
  }

  package func encode(into writer: inout ByteWriter) {
    func number(_ value: UInt32) {
      var value = value
      while value >= 0x80 {
        writer.bytes.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      writer.bytes.append(UInt8(value))
    }
    for row in self {
      number(UInt32(row.language))
      number(row.insertions)
      number(row.deletions)
      number(row.files)
    }
  }
}

extension CommitTable where Record == LanguageRows {
  /// What is known of `id`'s languages: `record(for:)` compiled for this record, so that a
  /// reader in another module calls no generic code once a commit.
  package func languageRows(for id: ObjectID) -> LanguageRows? { record(for: id) }
}
