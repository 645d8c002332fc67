extension Repository {
  /// Lines added and removed in each language by the commits `ids` (hexadecimal), counted as
  /// `--measure lines` counts them with `request`'s selection and line options, each file's
  /// lines given to its language as GitHub's linguist tells it (`LanguageClassifier`), most
  /// lines first. Also the `linguist-language` values that named no language. Not cached: each
  /// run diffs the commits again.
  public func languageLines(_ request: ActivityRequest, commits ids: [String]) throws(GitError)
    -> (languages: [LanguageLines], unknownNames: [String])
  {
    let options = try lineCounting(for: request)
    let paths = request.selection.paths
    let pathspec = paths.isEmpty ? nil : try Pathspec(canonical: paths)
    let substitutions = try self.substitutions(
      replaceRefBase: request.walk.replaceRefBase, graftFile: request.walk.graftFile)
    let objects = ids.compactMap(ObjectID.init(hex:))
    let counted = try lineStats(
      of: objects, pathspec: pathspec, options: options, substitutions: substitutions,
      workers: request.walk.workerCount, progress: request.walk.progress,
      tally: { LanguageTally(attributes: $0) })
    var languages: [Int: [Int]] = [:]
    var unknown = Set<String>()
    for case let tally as LanguageTally in counted.notices.tallies {
      for (language, row) in tally.counts {
        languages[language] = zip(languages[language] ?? [0, 0, 0], row).map { $0 + $1 }
      }
      unknown.formUnion(tally.classifier.unknownNames)
    }
    let table = LanguageTable.shared
    let rows = languages.map { language, row in
      LanguageLines(
        language: table.languages[language], insertions: row[0], deletions: row[1], changes: row[2])
    }
    return (
      rows.sorted { ($0.lines, $1.language.name) > ($1.lines, $0.language.name) },
      unknown.sorted()
    )
  }
}

/// Lines by language on one thread: each file's numstat line added to its language's.
final class LanguageTally: FileTally {
  var classifier: LanguageClassifier
  /// Insertions, deletions and files changed, by language.
  var counts: [Int: [Int]] = [:]

  init(attributes: DiffAttributes) { classifier = LanguageClassifier(attributes: attributes) }

  func add(_ path: [UInt8], insertions: Int, deletions: Int) {
    guard let language = classifier.language(of: path) else { return }
    var row = counts[language] ?? [0, 0, 0]
    row[0] += insertions
    row[1] += deletions
    row[2] += 1
    counts[language] = row
  }
}
