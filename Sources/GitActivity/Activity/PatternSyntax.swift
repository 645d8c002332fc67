/// How `--grep`, `--author` and `--committer` patterns are read, as git reads them: basic
/// regular expressions by default (`-G`, `grep.patternType=basic`), extended (`-E`), or plain
/// text (`-F`). Perl-compatible patterns (`-P`) are not among them: this build has no PCRE.
public enum PatternSyntax: String, Hashable, Sendable, CaseIterable {
  case basic, extended, fixed
}

extension POSIXRegex {
  /// `pattern` read in `syntax`, folding case or not (git folds a pattern without syntax
  /// through PCRE2's rules: `FixedPattern`), matched line by line with `isPerLine`.
  convenience init(
    _ pattern: String, syntax: PatternSyntax, locale: String?, ignoresCase: Bool,
    isPerLine: Bool
  ) throws(Failure) {
    try self.init(
      syntax == .fixed ? MessageFilter.escaped(pattern) : pattern, locale: locale,
      isExtended: syntax != .basic, ignoresCase: ignoresCase, isPerLine: isPerLine,
      caselessText: ignoresCase ? pattern : nil)
  }
}
