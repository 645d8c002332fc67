/// Lines by language on one thread: each file's numstat line added to its commit's row for
/// its language (`LanguageLines.totals` adds the rows up).
final class LanguageTally: FileTally {
  var classifier: LanguageClassifier
  /// Each commit's rows, by its position among the ids counted.
  var byCommit: [Int: LanguageRows] = [:]
  /// The commits in which a `linguist-language` value that names no language was met: not
  /// cached, so that a later run meets it again and says so.
  var namingUnknown: Set<Int> = []
  private var current = 0

  init(attributes: DiffAttributes) { classifier = LanguageClassifier(attributes: attributes) }

  func begin(commit: Int) { current = commit }

  func add(_ path: [UInt8], insertions: Int, deletions: Int) {
    let unknownBefore = classifier.unknownNames.count
    let found = classifier.language(of: path)
    if classifier.unknownNames.count > unknownBefore { namingUnknown.insert(current) }
    guard let language = found else { return }
    var rows = byCommit[current] ?? LanguageRows()
    rows.add(
      language: UInt16(truncatingIfNeeded: language),
      insertions: UInt32(truncatingIfNeeded: insertions),
      deletions: UInt32(truncatingIfNeeded: deletions))
    byCommit[current] = rows
  }
}

extension LanguageLines {
  /// The lines by language of the commits `rows` hold, most lines first.
  static func totals(_ rows: some Sequence<LanguageRows>) -> [LanguageLines] {
    var sums = Sums()
    for commit in rows { sums.add(commit) }
    return sums.lines
  }

  /// The lines by language of the commits at `indices` of `rows`, most lines first.
  static func totals(_ rows: [LanguageRows], at indices: some Sequence<Int>) -> [LanguageLines] {
    var sums = Sums()
    rows.withUnsafeBufferPointer { rows in
      for index in indices where index < rows.count { sums.add(rows[index]) }
    }
    return sums.lines
  }

  /// Insertions, deletions and files by language index, added up a commit at a time.
  private struct Sums {
    var byLanguage: [(Int, Int, Int)] = []

    mutating func add(_ commit: LanguageRows) {
      for row in commit {
        let language = Int(row.language)
        if language >= byLanguage.count {
          byLanguage += repeatElement((0, 0, 0), count: language + 1 - byLanguage.count)
        }
        byLanguage[language].0 += Int(row.insertions)
        byLanguage[language].1 += Int(row.deletions)
        byLanguage[language].2 += Int(row.files)
      }
    }

    var lines: [LanguageLines] {
      let table = LanguageTable.shared
      return byLanguage.indices.compactMap { language in
        let row = byLanguage[language]
        guard language < table.languages.count, row != (0, 0, 0) else { return nil }
        return LanguageLines(
          language: table.languages[language], insertions: row.0, deletions: row.1,
          changes: row.2)
      }.sorted { ($0.lines, $1.language.name) > ($1.lines, $0.language.name) }
    }
  }
}
