extension DiffFilter {
  /// Every sentence `--diff-filter` says of a value it does not take, written here once.
  enum Words {
    static func unknownChangeClass(_ letter: Character, in value: String) -> String {
      "unknown change class '\(letter)' in --diff-filter=\(value)"
    }
  }
}
