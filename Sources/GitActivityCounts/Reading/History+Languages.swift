extension History {
  /// The lines by language of the commits at `indices`, most lines first, when the read
  /// counted them (`ActivityRequest.countsLanguages`); nil when it did not.
  public func languageLines(ofCommits indices: some Sequence<Int>) -> [LanguageLines]? {
    guard !commits.isEmpty, languages.count == commits.count else { return nil }
    return LanguageLines.totals(languages.sums(at: Array(indices)))
  }
}
