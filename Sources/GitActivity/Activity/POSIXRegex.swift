import Foundation

/// A POSIX extended regular expression, matched case-insensitively, as `git log -E -i --author`
/// matches: compiled by the C library's `regcomp`, whose matcher has no exponential
/// backtracking, so that no pattern can make a run hang (`(a+)+$` against a long name takes
/// time in proportion to the name, not to 2 to its length). Patterns and text are read as
/// UTF-8, whatever the process's locale, so that `é` matches `É`.
final class POSIXRegex: @unchecked Sendable {
  // Thread safety: `regexec` does not modify the compiled pattern, and nothing here changes
  // after `init`.
  private let compiled: UnsafeMutablePointer<regex_t>

  struct Failure: Error {
    var message: String
  }

  init(_ pattern: String) throws(Failure) {
    // Compiled into a local first: a class whose init throws after its properties are set
    // runs deinit, which must then find a pattern to free.
    let candidate = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let status = POSIXRegex.inUTF8 {
      regcomp(candidate, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB)
    }
    guard status == 0 else {
      var buffer = [CChar](repeating: 0, count: 256)
      regerror(status, candidate, &buffer, buffer.count)
      candidate.deallocate()
      let reason = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw Failure(message: "not a valid regular expression (\(reason.lowercased()))")
    }
    compiled = candidate
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
  }

  /// Whether the pattern matches anywhere in `text`. A NUL in the text ends it, as in git.
  func matches(_ text: String) -> Bool {
    POSIXRegex.inUTF8 { regexec(compiled, text, 0, nil, 0) == 0 }
  }

  /// The UTF-8 C locale, made once; nil where the C library has none.
  nonisolated(unsafe) private static let utf8Locale: locale_t? = {
    // glibc's LC_CTYPE_MASK | LC_COLLATE_MASK: what regcomp and regexec consult.
    let mask = Int32(1 << LC_CTYPE) | Int32(1 << LC_COLLATE)
    return newlocale(mask, "C.UTF-8", nil) ?? newlocale(mask, "en_US.UTF-8", nil)
  }()

  /// Runs `body` with this thread in the UTF-8 locale, then puts the thread's locale back.
  private static func inUTF8<T>(_ body: () -> T) -> T {
    guard let locale = utf8Locale else { return body() }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    return body()
  }
}
