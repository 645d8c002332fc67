/// git's shell-style matching of pathspecs (its `wildmatch`): `?`, `*`, `[…]` with ranges, `!`
/// or `^` negation and `[:class:]`, and `\` to quote. Without `pathname`, `*` and `?` match `/`
/// as well (git's default pathspec); with it (`:(glob)`), they stop at `/`, and `**` between
/// slashes matches any number of folders. `caseFolds` compares ASCII letters without regard to
/// case, as `:(icase)` does. Bytes, not characters: a path is whatever bytes its tree holds.
enum Wildmatch {
  /// Whether `pattern` matches all of `text`.
  static func matches(
    _ pattern: some Collection<UInt8>, _ text: some Collection<UInt8>, pathname: Bool,
    caseFolds: Bool
  ) -> Bool {
    let matcher = Matcher(
      pattern: Array(pattern), text: Array(text), pathname: pathname, caseFolds: caseFolds)
    return matcher.match(0, 0) == .match
  }

  private enum Outcome {
    case match
    case noMatch
    /// No later position of the text can match: stop trying.
    case abortAll
    /// A `*` that cannot cross `/` met one: only an enclosing `**` may go on.
    case abortToStarStar
  }

  private struct Matcher {
    let pattern: [UInt8]
    let text: [UInt8]
    let pathname: Bool
    let caseFolds: Bool

    /// The byte at `index`, or 0 past the end (the strings are C strings in git).
    @inline(__always)
    private func p(_ index: Int) -> UInt8 { index < pattern.count ? pattern[index] : 0 }
    @inline(__always)
    private func t(_ index: Int) -> UInt8 { index < text.count ? text[index] : 0 }
    @inline(__always)
    private func folded(_ byte: UInt8) -> UInt8 {
      caseFolds && isUpper(byte) ? byte + 32 : byte
    }

    func match(_ patternStart: Int, _ textStart: Int) -> Outcome {
      var pi = patternStart
      var ti = textStart
      while p(pi) != 0 {
        defer {
          pi += 1
          ti += 1
        }
        var pc = folded(p(pi))
        let raw = t(ti)
        if raw == 0 && pc != UInt8(ascii: "*") { return .abortAll }
        let tc = folded(raw)
        switch pc {
        case UInt8(ascii: "\\"):
          // The next byte literally (not folded, as in git).
          pi += 1
          pc = p(pi)
          if tc != pc { return .noMatch }
        case UInt8(ascii: "?"):
          if pathname && tc == UInt8(ascii: "/") { return .noMatch }
        case UInt8(ascii: "*"):
          switch star(&pi, &ti) {
          case .some(let outcome): return outcome
          case .none: break
          }
        case UInt8(ascii: "["):
          if let outcome = bracket(&pi, tc) { return outcome }
        default:
          if tc != pc { return .noMatch }
        }
      }
      return ti < text.count ? .noMatch : .match
    }

    /// A run of stars at `pi`: the outcome of the whole match, or nil when the star took up to
    /// the next `/` and the loop goes on from there (`pi` at the `/` of the pattern, `ti` at the
    /// text's).
    private func star(_ pi: inout Int, _ ti: inout Int) -> Outcome? {
      var matchesSlash: Bool
      pi += 1
      if p(pi) == UInt8(ascii: "*") {
        let before = pi - 2
        repeat { pi += 1 } while p(pi) == UInt8(ascii: "*")
        if !pathname {
          matchesSlash = true
        } else if before < 0 || pattern[before] == UInt8(ascii: "/"),
          p(pi) == 0 || p(pi) == UInt8(ascii: "/")
            || (p(pi) == UInt8(ascii: "\\") && p(pi + 1) == UInt8(ascii: "/"))
        {
          // `**/` may match no folder at all: `a/**/b` matches `a/b`.
          if p(pi) == UInt8(ascii: "/") && match(pi + 1, ti) == .match { return .match }
          matchesSlash = true
        } else {
          matchesSlash = false
        }
      } else {
        matchesSlash = !pathname
      }
      if p(pi) == 0 {
        // A trailing `**` matches everything; a trailing `*` only what has no more slashes.
        if !matchesSlash && text[min(ti, text.count)...].contains(UInt8(ascii: "/")) {
          return .noMatch
        }
        return .match
      }
      if !matchesSlash && p(pi) == UInt8(ascii: "/") {
        // One star before a slash matches the rest of this folder's name.
        guard let slash = text[min(ti, text.count)...].firstIndex(of: UInt8(ascii: "/")) else {
          return .noMatch
        }
        ti = slash
        return nil
      }
      var tc = t(ti)
      while tc != 0 {
        let next = p(pi)
        if !isGlobSpecial(next) {
          // What the star takes ends before a byte equal to the pattern's next literal.
          let literal = folded(next)
          while true {
            tc = t(ti)
            if tc == 0 || (!matchesSlash && tc == UInt8(ascii: "/")) { break }
            if folded(tc) == literal { break }
            ti += 1
          }
          if folded(tc) != literal { return .noMatch }
        }
        let outcome = match(pi, ti)
        if outcome != .noMatch {
          if !matchesSlash || outcome != .abortToStarStar { return outcome }
        } else if !matchesSlash && tc == UInt8(ascii: "/") {
          return .abortToStarStar
        }
        ti += 1
        tc = t(ti)
      }
      return .abortAll
    }

    /// A bracket expression at `pi` against the text's byte `tc`: nil when it matches (`pi` at
    /// its `]`), else the outcome.
    private func bracket(_ pi: inout Int, _ tc: UInt8) -> Outcome? {
      pi += 1
      var pc = p(pi)
      if pc == UInt8(ascii: "^") { pc = UInt8(ascii: "!") }
      let negated = pc == UInt8(ascii: "!")
      if negated {
        pi += 1
        pc = p(pi)
      }
      var previous: UInt8 = 0
      var matched = false
      repeat {
        if pc == 0 { return .abortAll }
        if pc == UInt8(ascii: "\\") {
          pi += 1
          pc = p(pi)
          if pc == 0 { return .abortAll }
          if tc == pc { matched = true }
        } else if pc == UInt8(ascii: "-") && previous != 0 && p(pi + 1) != 0
          && p(pi + 1) != UInt8(ascii: "]")
        {
          pi += 1
          pc = p(pi)
          if pc == UInt8(ascii: "\\") {
            pi += 1
            pc = p(pi)
            if pc == 0 { return .abortAll }
          }
          if tc <= pc && tc >= previous {
            matched = true
          } else if caseFolds && isLower(tc) {
            let upper = tc - 32
            if upper <= pc && upper >= previous { matched = true }
          }
          pc = 0
        } else if pc == UInt8(ascii: "[") && p(pi + 1) == UInt8(ascii: ":") {
          pi += 2
          let start = pi
          while p(pi) != 0 && p(pi) != UInt8(ascii: "]") { pi += 1 }
          pc = p(pi)
          if pc == 0 { return .abortAll }
          let length = pi - start - 1
          if length < 0 || pattern[pi - 1] != UInt8(ascii: ":") {
            // No `:]`: the `[` is an ordinary member.
            pi = start - 2
            pc = UInt8(ascii: "[")
            if tc == pc { matched = true }
            continue
          }
          guard let inClass = Self.characterClass(pattern[start..<(start + length)], tc, caseFolds)
          else { return .abortAll }
          if inClass { matched = true }
          pc = 0
        } else if tc == pc {
          matched = true
        }
        previous = pc
        pi += 1
        pc = p(pi)
      } while pc != UInt8(ascii: "]")
      if matched == negated || (pathname && tc == UInt8(ascii: "/")) { return .noMatch }
      return nil
    }

    /// Whether `byte` is in the POSIX class `name` (ASCII only, as git's ctype); nil for a name
    /// that is no class.
    private static func characterClass(_ name: ArraySlice<UInt8>, _ byte: UInt8, _ caseFolds: Bool)
      -> Bool?
    {
      let isDigit = byte >= 0x30 && byte <= 0x39
      let isAlpha = isUpper(byte) || isLower(byte)
      let isPrint = byte >= 0x20 && byte < 0x7F
      let isSpace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
      switch String(decoding: name, as: UTF8.self) {
      case "alnum": return isAlpha || isDigit
      case "alpha": return isAlpha
      case "blank": return byte == 0x20 || byte == 0x09
      case "cntrl": return byte < 0x20 || byte == 0x7F
      case "digit": return isDigit
      case "graph": return isPrint && byte != 0x20
      case "lower": return isLower(byte)
      case "print": return isPrint
      case "punct": return isPrint && byte != 0x20 && !isAlpha && !isDigit
      case "space": return isSpace
      case "upper": return isUpper(byte) || (caseFolds && isLower(byte))
      case "xdigit":
        let lowered = byte | 0x20
        return isDigit || (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "f"))
      default: return nil
      }
    }
  }

  /// The bytes that make a pattern more than a literal (git's `is_glob_special`).
  static func isGlobSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "\\")
  }

  @inline(__always)
  private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
  @inline(__always)
  private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
}
