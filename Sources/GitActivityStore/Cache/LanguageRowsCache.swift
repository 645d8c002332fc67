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

  /// The rows of a record (`forEachRow(inRecord:_:)`); nil when the bytes are no record.
  package init?(_ bytes: UnsafeRawBufferPointer) {
    var rows = LanguageRows()
    guard Self.forEachRow(inRecord: bytes, { rows.append($0) }) else { return nil }
    self = rows
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

  /// Where the file holds `id`'s record (a range of `fileBytes`), when it holds one that is a
  /// record: the languages of a commit kept undecoded until they are added up
  /// (`CommitLanguages`).
  package func languageRecord(for id: ObjectID) -> Range<Int>? {
    guard let range = storedRange(for: id) else { return nil }
    let isRecord = fileBytes.withUnsafeBytes {
      LanguageRows.forEachRow(inRecord: UnsafeRawBufferPointer(rebasing: $0[range])) { _ in }
    }
    return isRecord ? range : nil
  }
}
