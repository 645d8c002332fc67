/// The configuration given on git's own command line, `git -c key=value heatmap`, which git passes
/// to subcommands in the environment: `GIT_CONFIG_PARAMETERS` (shell-quoted `'key=value'` or
/// `'key'='value'` items) and `GIT_CONFIG_COUNT` with `GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`.
/// libgit2 1.5 reads neither; it is the highest level of configuration, above the repository's.
struct CommandLineConfig: Sendable, Equatable {
  /// The entries in the order given, later ones winning; names with the section and key in
  /// lowercase, as git normalizes them. A value of nil is a key given without `=` (true).
  var entries: [(name: String, value: String?)] = []

  init() {}

  static func == (lhs: CommandLineConfig, rhs: CommandLineConfig) -> Bool {
    lhs.entries.map(\.name) == rhs.entries.map(\.name)
      && lhs.entries.map(\.value) == rhs.entries.map(\.value)
  }

  /// The configuration `environment` carries; a malformed `GIT_CONFIG_PARAMETERS` is an error,
  /// as it is for git ("bogus format in GIT_CONFIG_PARAMETERS").
  init(environment: [String: String]) throws(GitError) {
    if let parameters = environment["GIT_CONFIG_PARAMETERS"], !parameters.isEmpty {
      guard let items = Self.parse(parameters) else {
        throw GitError.bogusConfigParameters
      }
      entries += items.map { (Self.normalized($0.name), $0.value) }
    }
    if let countText = environment["GIT_CONFIG_COUNT"], !countText.isEmpty {
      guard let count = Int(countText), count >= 0 else {
        throw GitError.bogusConfigCount
      }
      for index in 0..<count {
        guard let key = environment["GIT_CONFIG_KEY_\(index)"], !key.isEmpty else {
          throw GitError.missingConfig("key", index)
        }
        guard let value = environment["GIT_CONFIG_VALUE_\(index)"] else {
          throw GitError.missingConfig("value", index)
        }
        entries.append((Self.normalized(key), value))
      }
    }
  }

  /// The last value given for `name` (compared as git compares: section and key without regard
  /// to case, subsection exactly); `.some(nil)` for a key given without a value.
  func value(of name: String) -> String?? {
    let wanted = Self.normalized(name)
    return entries.last { $0.name == wanted }.map(\.value)
  }

  /// `Section.Sub.Key` as git keeps it: section and key lowercased, the subsection as written.
  static func normalized(_ name: String) -> String {
    guard let first = name.firstIndex(of: "."), let last = name.lastIndex(of: ".") else {
      return name.lowercased()
    }
    let section = name[..<first].lowercased()
    let key = name[name.index(after: last)...].lowercased()
    if first == last { return section + "." + key }
    return section + String(name[first..<last]) + "." + key
  }

  /// The items of `GIT_CONFIG_PARAMETERS`: shell single-quoted words (`'\''` inside for a
  /// quote), each `'key=value'` (older git) or `'key'='value'` or `'key'` alone.
  static func parse(_ text: String) -> [(name: String, value: String?)]? {
    var characters = Substring(text)
    var items: [(name: String, value: String?)] = []
    func quoted() -> String? {
      guard characters.first == "'" else { return nil }
      characters = characters.dropFirst()
      var result = ""
      while true {
        guard let character = characters.first else { return nil }
        characters = characters.dropFirst()
        if character != "'" {
          result.append(character)
          continue
        }
        // A closing quote; `\'` and a new opening quote continue the word.
        if characters.hasPrefix("\\''") {
          result.append("'")
          characters = characters.dropFirst(3)
          continue
        }
        return result
      }
    }
    while true {
      while characters.first == " " { characters = characters.dropFirst() }
      if characters.isEmpty { return items }
      guard let word = quoted() else { return nil }
      if characters.first == "=" {
        characters = characters.dropFirst()
        if characters.first == "'" {
          guard let value = quoted() else { return nil }
          items.append((word, value))
        } else {
          items.append((word, ""))
        }
      } else if let equals = word.firstIndex(of: "=") {
        items.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
      } else {
        items.append((word, nil))
      }
      guard characters.isEmpty || characters.first == " " else { return nil }
    }
  }
}
