/// The lines one commit changes in each language linguist counts, by a language's number in
/// the generated table: insertions, deletions and files, one row a language, in the order they
/// were met. Kept beside the lines of a read that asks for languages (`--review`), so that its
/// languages need no second diff. Most commits change one or two languages: those rows are kept
/// in the value itself, and only a commit of more allocates (a year of git/git holds 6,000).
package struct LanguageRows: Sendable, Hashable, RandomAccessCollection {
  package struct Row: Sendable, Hashable {
    package var language: UInt16
    package var insertions: UInt32
    package var deletions: UInt32
    package var files: UInt32

    package init(language: UInt16, insertions: UInt32, deletions: UInt32, files: UInt32) {
      self.language = language
      self.insertions = insertions
      self.deletions = deletions
      self.files = files
    }

    static let none = Row(language: 0, insertions: 0, deletions: 0, files: 0)
  }

  /// The first two rows (those beyond `count` are `Row.none`), then the rest.
  private var first = Row.none
  private var second = Row.none
  private var more: [Row] = []
  package private(set) var count = 0

  package init() {}

  package init(_ rows: some Sequence<Row>) {
    for row in rows { append(row) }
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  package subscript(position: Int) -> Row {
    get {
      switch position {
      case 0: first
      case 1: second
      default: more[position - 2]
      }
    }
    set {
      switch position {
      case 0: first = newValue
      case 1: second = newValue
      default: more[position - 2] = newValue
      }
    }
  }

  package mutating func append(_ row: Row) {
    switch count {
    case 0: first = row
    case 1: second = row
    default: more.append(row)
    }
    count += 1
  }

  /// Adds a file's lines to its language's row, a new row for a language not met before.
  package mutating func add(language: UInt16, insertions: UInt32, deletions: UInt32) {
    if let at = firstIndex(where: { $0.language == language }) {
      self[at].insertions &+= insertions
      self[at].deletions &+= deletions
      self[at].files &+= 1
    } else {
      append(Row(language: language, insertions: insertions, deletions: deletions, files: 1))
    }
  }

  /// One language's lines and files, added up over commits.
  package struct Sum: Equatable {
    package var insertions = 0
    package var deletions = 0
    package var files = 0

    package init() {}
  }

  /// Each language's sum over `commits`, by its number.
  package static func sums(of commits: some Sequence<LanguageRows>) -> [Sum] {
    var sums: [Sum] = []
    for commit in commits {
      for row in commit { row.add(to: &sums) }
    }
    return sums
  }
}

extension LanguageRows.Row {
  /// Adds the row to its language's sum (`sums` grows to hold it).
  @inline(__always)
  func add(to sums: inout [LanguageRows.Sum]) {
    let language = Int(self.language)
    if language >= sums.count {
      sums += repeatElement(LanguageRows.Sum(), count: language + 1 - sums.count)
    }
    sums[language].insertions += Int(insertions)
    sums[language].deletions += Int(deletions)
    sums[language].files += Int(files)
  }
}

extension LanguageRows {
  /// Hands each row of a record in the languages cache's form to `body`: per row its language,
  /// insertions, deletions and files, each a number of 7 bits a byte, the low bits first, the
  /// high bit of a byte saying another follows. False (after the rows before) when the bytes
  /// end inside a row or a number is too large for its field: they are then no record.
  @inline(__always)
  static func forEachRow(inRecord bytes: UnsafeRawBufferPointer, _ body: (Row) -> Void) -> Bool {
    var at = 0
    @inline(__always)
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
      else { return false }
      body(
        Row(
          language: UInt16(language), insertions: UInt32(insertions), deletions: UInt32(deletions),
          files: UInt32(files)))
    }
    return true
  }
}
