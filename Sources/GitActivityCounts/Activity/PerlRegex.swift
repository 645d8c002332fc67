import CGit2
import Foundation

/// A Perl-compatible regular expression (`-P`, `grep.patternType=perl`), compiled by PCRE2 with
/// the options git 2.39's `compile_pcre2_pattern` gives it: multiline, caseless with `-i`, and
/// UTF-8 with invalid sequences tolerated when the locale is UTF-8; JIT-compiled where PCRE2
/// has a JIT. Matched line by line for `--grep`, as git's `grep_buffer` matches a message.
final class PerlRegex: @unchecked Sendable {
  // Thread safety: a compiled pattern (and its JIT code) is read-only after `init`; each match
  // makes its own match data; `failure` is behind its lock.
  private let code: OpaquePointer
  private let isPerLine: Bool
  /// Whether PCRE2 JIT-compiled the pattern (git's error names `pcre2_jit_match` then).
  private let isCompiledToMachineCode: Bool

  /// `pattern` in PCRE2's syntax; `isUTF8Locale` as git's `is_utf8_locale` says.
  init(_ pattern: String, ignoresCase: Bool, isUTF8Locale: Bool, isPerLine: Bool)
    throws(POSIXRegex.Failure)
  {
    var options = UInt32(PCRE2_MULTILINE)
    if ignoresCase { options |= UInt32(PCRE2_CASELESS) }
    if isUTF8Locale { options |= UInt32(PCRE2_UTF) | UInt32(PCRE2_MATCH_INVALID_UTF) }
    var error: Int32 = 0
    var offset = 0
    let bytes = Array(pattern.utf8)
    let compiled = bytes.withUnsafeBufferPointer { buffer in
      pcre2_compile_8(buffer.baseAddress, buffer.count, options, &error, &offset, nil)
    }
    guard let compiled else {
      var message = [UInt8](repeating: 0, count: 256)
      let length = pcre2_get_error_message_8(error, &message, message.count)
      let reason = String(decoding: message.prefix(max(0, Int(length))), as: UTF8.self)
      throw POSIXRegex.Failure(message: POSIXRegex.Words.invalidRegex(reason))
    }
    // As git: JIT when the library has one; a pattern that refuses it (`(*NO_JIT)`) is matched
    // by the interpreter, which pcre2_match chooses by itself.
    var jitSize = 0
    isCompiledToMachineCode =
      pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
      && pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_JITSIZE), &jitSize) == 0 && jitSize > 0
    code = compiled
    self.isPerLine = isPerLine
  }

  deinit {
    pcre2_code_free_8(code)
  }

  /// Whether the pattern matches in `text`: anywhere, or (`isPerLine`) within one of its lines.
  func matches(_ text: String) -> Bool {
    guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return false }
    defer { pcre2_match_data_free_8(data) }
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return match(data, base: nil, count: 0) }
      guard isPerLine else { return match(data, base: base, count: bytes.count) }
      var start = 0
      while start <= bytes.count {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if match(data, base: base + start, count: end - start) { return true }
        start = end + 1
      }
      return false
    }
  }

  private func match(_ data: OpaquePointer, base: UnsafePointer<UInt8>?, count: Int) -> Bool {
    var empty: UInt8 = 0
    let status = withUnsafePointer(to: &empty) { fallback in
      pcre2_match_8(code, base ?? fallback, count, 0, 0, data, nil)
    }
    if status < PCRE2_ERROR_NOMATCH {
      // git dies here (a match limit reached, say): the first failure is kept, for the read to
      // fail with it rather than count a different number.
      var message = [UInt8](repeating: 0, count: 256)
      let length = pcre2_get_error_message_8(status, &message, message.count)
      let reason = String(decoding: message.prefix(max(0, Int(length))), as: UTF8.self)
      failure.withLock {
        let function = isCompiledToMachineCode ? "pcre2_jit_match" : "pcre2_match"
        if $0 == nil { $0 = "\(function) failed with error code \(status): \(reason)" }
      }
    }
    return status >= 0
  }

  /// The first match of this pattern PCRE2 could not finish, in git's words: kept with the
  /// pattern, which each read compiles for itself, so that no other read sees it.
  let failure = Locked<String?>(nil)
}
