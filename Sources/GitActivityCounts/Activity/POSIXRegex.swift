import Foundation

/// A POSIX extended regular expression, matched case-insensitively, as `git log -E -i --author`
/// matches: compiled by the C library's `regcomp`, whose matcher has no exponential
/// backtracking, so that no pattern can make a run hang (`(a+)+$` against a long name takes
/// time in proportion to the name, not to 2 to its length). Case is folded in the locale named
/// (as git folds in the user's), else as UTF-8 does, whatever the process's locale.
final class POSIXRegex: @unchecked Sendable {
  // Thread safety: `regexec` does not modify the compiled pattern, and nothing here changes
  // after `init`.
  private let compiled: UnsafeMutablePointer<regex_t>?
  private let locale: locale_t?
  /// With `-P`: the pattern as PCRE2 compiled it, which matches instead.
  private let perl: PerlRegex?
  /// A pattern without regular-expression syntax, which git matches through PCRE2 instead.
  private let fixed: FixedPattern?

  struct Failure: Error {
    var message: String
  }

  convenience init(_ pattern: String, locale name: String? = nil) throws(Failure) {
    try self.init(
      pattern, locale: name, isExtended: true, ignoresCase: true, isPerLine: false,
      caselessText: pattern)
  }

  /// A pattern in the basic or the extended syntax (`isExtended`), folding case or not, and with
  /// `isPerLine`, matched line by line (`^` and `$` at each line, `.` never a newline), as git's
  /// `--grep` matches a message.
  /// `caselessText`: the pattern as given, matched by `FixedPattern` instead when it has no
  /// syntax (git's shortcut for a case-folded pattern of plain text).
  init(
    _ pattern: String, locale name: String?, isExtended: Bool, ignoresCase: Bool,
    isPerLine: Bool, caselessText: String? = nil
  ) throws(Failure) {
    let locale = name.map(POSIXRegex.locale(named:)) ?? POSIXRegex.utf8Locale
    let flags =
      REG_NOSUB | (isExtended ? REG_EXTENDED : 0) | (ignoresCase ? REG_ICASE : 0)
      | (isPerLine ? REG_NEWLINE : 0)
    // Compiled into a local first: a class whose init throws after its properties are set
    // runs deinit, which must then find a pattern to free.
    let candidate = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let status = POSIXRegex.within(locale) {
      regcomp(candidate, pattern, flags)
    }
    guard status == 0 else {
      var buffer = [CChar](repeating: 0, count: 256)
      regerror(status, candidate, &buffer, buffer.count)
      candidate.deallocate()
      let reason = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw Failure(message: Words.invalidRegex(reason.lowercased()))
    }
    compiled = candidate
    self.locale = locale
    perl = nil
    // git's shortcut for a case-folded pattern without syntax; other patterns go to regexec.
    fixed = caselessText.flatMap { FixedPattern($0, isUTF8Locale: POSIXRegex.isUTF8(locale)) }
  }

  /// A Perl-compatible pattern (`-P`), folding case or not, matched by PCRE2 as git matches it.
  init(perl pattern: String, locale name: String?, ignoresCase: Bool, isPerLine: Bool)
    throws(Failure)
  {
    let locale = name.map(POSIXRegex.locale(named:)) ?? POSIXRegex.utf8Locale
    perl = try PerlRegex(
      pattern, ignoresCase: ignoresCase, isUTF8Locale: POSIXRegex.isUTF8(locale),
      isPerLine: isPerLine)
    compiled = nil
    self.locale = locale
    fixed = nil
  }

  deinit {
    if let compiled {
      regfree(compiled)
      compiled.deallocate()
    }
  }

  /// Whether the pattern matches anywhere in `text`. A NUL in the text ends it, as in git
  /// (except under `-P`, where git gives PCRE2 each line's length).
  func matches(_ text: String) -> Bool {
    if let perl { return perl.matches(text) }
    if let fixed { return fixed.matches(text) }
    guard let compiled else { return false }
    return POSIXRegex.within(locale) { regexec(compiled, text, 0, nil, 0) == 0 }
  }

  /// The first `-P` match of this pattern that PCRE2 could not finish (git's
  /// `pcre2_match failed with error code -47: match limit exceeded`); nil for other syntaxes,
  /// whose matchers always finish.
  var matchFailure: String? { perl?.failure.withLock { $0 } }

  /// Whether `locale` (nil: the UTF-8 default) encodes text as UTF-8 (git's `is_utf8_locale`).
  private static func isUTF8(_ locale: locale_t?) -> Bool {
    guard let locale, let codeset = nl_langinfo_l(nl_item(CODESET), locale) else { return true }
    let name = String(cString: codeset).lowercased()
    return name == "utf-8" || name == "utf8"
  }

  /// What regcomp and regexec consult: character classes and collation.
  private static let mask = Platform.regexLocaleMask

  /// The UTF-8 C locale, made once; nil where the C library has none.
  nonisolated(unsafe) private static let utf8Locale: locale_t? =
    newlocale(mask, "C.UTF-8", nil) ?? newlocale(mask, "en_US.UTF-8", nil)

  /// Locales by name, each made once and kept for the process (a regex holds its own).
  private static let locales = Locked<[String: LocaleHandle]>([:])

  /// `@unchecked Sendable`: a locale made by `newlocale` is never changed or freed afterwards
  /// (the table keeps it for the process), and the `_l` functions only read it.
  private struct LocaleHandle: @unchecked Sendable {
    let value: locale_t?
  }

  /// The locale `name` names, as `setlocale` would take it; `C` when the system has no such
  /// locale (where `setlocale` fails, the process stays in `C`, as git's does).
  private static func locale(named name: String) -> locale_t? {
    locales.withLock { known in
      if let handle = known[name] { return handle.value }
      let made = newlocale(mask, name, nil) ?? newlocale(mask, "C", nil)
      known[name] = LocaleHandle(value: made)
      return made
    }
  }

  /// Runs `body` with this thread in `locale`, then puts the thread's locale back.
  private static func within<T>(_ locale: locale_t?, _ body: () -> T) -> T {
    guard let locale else { return body() }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    return body()
  }
}
