/// How `--grep`, `--author` and `--committer` patterns are read, as git reads them: basic
/// regular expressions by default (`-G`, `grep.patternType=basic`), extended (`-E`), or plain
/// text (`-F`), or Perl-compatible (`-P`, through PCRE2, as a git built with it reads them).
public enum PatternSyntax: String, Hashable, Sendable, CaseIterable {
  case basic, extended, fixed, perl
}

extension POSIXRegex {
  /// `pattern` read in `syntax`, folding case or not (git folds a pattern without syntax
  /// through PCRE2's rules: `FixedPattern`), matched line by line with `isPerLine`.
  convenience init(
    _ pattern: String, syntax: PatternSyntax, locale: String?, ignoresCase: Bool,
    isPerLine: Bool
  ) throws(Failure) {
    if syntax == .perl {
      try self.init(perl: pattern, locale: locale, ignoresCase: ignoresCase, isPerLine: isPerLine)
      return
    }
    try self.init(
      syntax == .fixed ? MessageFilter.escaped(pattern) : pattern, locale: locale,
      isExtended: syntax != .basic, ignoresCase: ignoresCase, isPerLine: isPerLine,
      caselessText: ignoresCase ? pattern : nil)
  }
}
