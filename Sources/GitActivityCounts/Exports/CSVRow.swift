/// RFC 4180 fields of one CSV line (no line breaks inside fields: the export escapes them).
enum CSVRow {
  static func fields(_ line: UnsafeRawBufferPointer) throws(CommitRecordParser.Failure)
    -> [[UInt8]]
  {
    var fields: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    let count = line.count
    while true {
      current.removeAll(keepingCapacity: true)
      if index < count && line[index] == 0x22 {
        index += 1
        while true {
          guard index < count else {
            throw CommitRecordParser.Failure(message: CommitRecordParser.Words.unendedQuote)
          }
          if line[index] == 0x22 {
            if index + 1 < count && line[index + 1] == 0x22 {
              current.append(0x22)
              index += 2
              continue
            }
            index += 1
            break
          }
          current.append(line[index])
          index += 1
        }
        guard index == count || line[index] == 0x2C else {
          throw CommitRecordParser.Failure(message: CommitRecordParser.Words.textAfterQuote)
        }
      } else {
        while index < count && line[index] != 0x2C {
          current.append(line[index])
          index += 1
        }
      }
      fields.append(current)
      if index >= count { break }
      index += 1  // the comma
    }
    return fields
  }

  /// A field's text with the export's `\\` and `\uXXXX` escapes undone.
  static func unescape(_ bytes: [UInt8]) throws(CommitRecordParser.Failure) -> String {
    guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
    return try JSONReader.unescape(bytes[...])
  }
}
