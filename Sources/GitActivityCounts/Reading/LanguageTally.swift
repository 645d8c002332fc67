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
    totals(LanguageRows.sums(of: rows))
  }

  /// Each language's sums (`LanguageRows.sums`, `CommitLanguages.sums`) named, most lines
  /// first.
  static func totals(_ sums: [LanguageRows.Sum]) -> [LanguageLines] {
    let named = LanguageTable.languages(
      numbered: Set(sums.indices.filter { sums[$0] != LanguageRows.Sum() }))
    return named.map { language, name in
      let sum = sums[language]
      return LanguageLines(
        language: name, insertions: sum.insertions, deletions: sum.deletions,
        changes: sum.files)
    }.sorted { ($0.lines, $1.language.name) > ($1.lines, $0.language.name) }
  }
}
