extension POSIXRegex {
  /// Every sentence a pattern that does not compile gets (POSIX or PCRE2), written here once.
  enum Words {
    static func invalidRegex(_ reason: String) -> String {
      "not a valid regular expression (\(reason))"
    }
  }
}
