/// A pattern with no regular-expression syntax in it, matched case-insensitively as git
/// matches one (git hands such a pattern to PCRE2 rather than to `regcomp`): ASCII letters fold
/// always; other letters fold only when the locale is UTF-8 and the pattern has a letter past
/// ASCII, by Unicode's simple case folding, the Turkish dotted and dotless i excepted (PCRE2
/// folds them only when asked to).
struct FixedPattern: Sendable {
  private let scalars: [Unicode.Scalar]
  private let foldsUnicode: Bool

  /// The bytes git's `is_regex_special` names.
  static let special = Set("$()*+.?[\\]^{|}".unicodeScalars)

  /// Nil when `pattern` has regular-expression syntax.
  init?(_ pattern: String, isUTF8Locale: Bool) {
    guard !pattern.unicodeScalars.contains(where: Self.special.contains) else { return nil }
    foldsUnicode = isUTF8Locale && !pattern.unicodeScalars.allSatisfy(\.isASCII)
    let folds = foldsUnicode
    scalars = pattern.unicodeScalars.map { Self.fold($0, unicode: folds) }
  }

  /// Whether the pattern occurs in `text`. A NUL in the text ends it, as in git.
  func matches(_ text: String) -> Bool {
    if scalars.isEmpty { return true }
    var folded: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
      if scalar.value == 0 { break }
      folded.append(Self.fold(scalar, unicode: foldsUnicode))
    }
    guard folded.count >= scalars.count else { return false }
    for start in 0...(folded.count - scalars.count)
    where folded[start..<(start + scalars.count)].elementsEqual(scalars) {
      return true
    }
    return false
  }

  private static func fold(_ scalar: Unicode.Scalar, unicode: Bool) -> Unicode.Scalar {
    if scalar.isASCII {
      return scalar.value >= 0x41 && scalar.value <= 0x5A
        ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar
    }
    guard unicode, scalar.value != 0x130, scalar.value != 0x131 else { return scalar }
    func single(_ text: String) -> Unicode.Scalar? {
      let scalars = text.unicodeScalars
      return scalars.count == 1 ? scalars.first : nil
    }
    let upper = single(scalar.properties.uppercaseMapping) ?? scalar
    if upper.value == 0x130 || upper.value == 0x131 { return scalar }
    return single(upper.properties.lowercaseMapping)
      ?? single(scalar.properties.lowercaseMapping) ?? scalar
  }
}
