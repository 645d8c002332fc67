extension HistoryReader {
  /// Lines added and removed in each language by the commits `ids` (hexadecimal), counted as
  /// `--measure lines` counts them with `request`'s selection and line options, each file's
  /// lines given to its language as GitHub's linguist tells it (`LanguageClassifier`), most
  /// lines first. Also the `linguist-language` values that named no language. Not cached: each
  /// run diffs the commits again.
  func languageLines(_ request: ActivityRequest, commits ids: [String]) throws(GitError)
    -> (languages: [LanguageLines], unknownNames: [String])
  {
    let options = try lineCounting(for: request)
    let paths = request.selection.paths
    let pathspec = paths.isEmpty ? nil : try Pathspec(canonical: paths)
    let substitutions = try repository.substitutions(
      replaceRefBase: request.walk.replaceRefBase, graftFile: request.walk.graftFile)
    let objects = ids.compactMap(ObjectID.init(hex:))
    let counted = try LineCounter(repository).lineStats(
      of: objects, pathspec: pathspec, options: options, substitutions: substitutions,
      workers: request.walk.workerCount, progress: request.walk.progress,
      tally: { LanguageTally(attributes: $0) })
    var rows: [LanguageRows] = []
    var unknown = Set<String>()
    for case let tally as LanguageTally in counted.notices.tallies {
      rows += tally.byCommit.values
      unknown.formUnion(tally.classifier.unknownNames)
    }
    return (LanguageLines.totals(rows), unknown.sorted())
  }
}
