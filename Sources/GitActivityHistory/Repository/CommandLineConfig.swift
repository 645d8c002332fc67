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

  /// The items of `GIT_CONFIG_PARAMETERS` as git 2.39 reads them (`parse_config_env_list`):
  /// shell single-quoted words (`'\''` and `'\!'` inside for a quote and a `!`), each
  /// `'key=value'` or `'key'` (older git: split at the first `=`, the key trimmed) or
  /// `'key'='value'` or `'key'=` (a key alone). Read byte by byte, as git reads it: a quote is a
  /// quote whatever character comes before it. Nil where git says "bogus format", and for an
  /// empty key, which git refuses too.
  static func parse(_ text: String) -> [(name: String, value: String?)]? {
    let bytes = Array(text.utf8)
    var at = 0
    var atEndOrSpace: Bool { at == bytes.count || isSpace(bytes[at]) }
    // git's `sq_dequote_step`: one quoted word from `at`, which is left after it.
    func quoted() -> [UInt8]? {
      guard at < bytes.count, bytes[at] == UInt8(ascii: "'") else { return nil }
      var word: [UInt8] = []
      at += 1
      while at < bytes.count {
        let byte = bytes[at]
        at += 1
        if byte != UInt8(ascii: "'") {
          word.append(byte)
          continue
        }
        // Out of the quotes: `\'` or `\!` and a new opening quote continue the word.
        if at + 2 < bytes.count, bytes[at] == UInt8(ascii: "\\"),
          bytes[at + 1] == UInt8(ascii: "'") || bytes[at + 1] == UInt8(ascii: "!"),
          bytes[at + 2] == UInt8(ascii: "'")
        {
          word.append(bytes[at + 1])
          at += 3
          continue
        }
        return word
      }
      return nil
    }
    func decoded(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
    var items: [(name: String, value: String?)] = []
    while at < bytes.count {
      guard let key = quoted() else { return nil }
      if atEndOrSpace {
        // Old style: the first `=` splits key from value (a key alone without one), and the
        // key is trimmed (git's `git_config_parse_parameter`).
        let equals = key.firstIndex(of: UInt8(ascii: "="))
        var name = key[..<(equals ?? key.endIndex)].drop(while: isSpace)
        while let last = name.last, isSpace(last) { name.removeLast() }
        guard !name.isEmpty else { return nil }
        items.append((decoded(name), equals.map { decoded(key[($0 + 1)...]) }))
      } else if bytes[at] == UInt8(ascii: "=") {
        at += 1
        guard !key.isEmpty else { return nil }
        if at < bytes.count && bytes[at] == UInt8(ascii: "'") {
          guard let value = quoted(), atEndOrSpace else { return nil }
          items.append((decoded(key[...]), decoded(value[...])))
        } else if atEndOrSpace {
          items.append((decoded(key[...]), nil))
        } else {
          return nil
        }
      } else {
        return nil
      }
      while at < bytes.count && isSpace(bytes[at]) { at += 1 }
    }
    return items
  }

  /// Whitespace as C's `isspace` tells it, which git's reader uses.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
