import GitActivity

/// Parses arguments against `OptionTable`: `--opt=value`, `--opt value`, `-o value`, `-ovalue`,
/// bundled short flags (`-qh`), and `--`, after which everything is positional.
struct ArgumentParser {
  var table: [OptionSpec] = OptionTable.all

  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    var cursor = Cursor(table: table, arguments: arguments)
    var endsOptions = false
    while cursor.index < arguments.count {
      let argument = arguments[cursor.index]
      if argument == "--" {
        cursor.result.paths = Array(arguments[(cursor.index + 1)...])
        break
      }
      if endsOptions || argument == "--end-of-options" {
        // git's --end-of-options: what follows is no option, whatever its first character.
        if endsOptions {
          cursor.result.positionals.append(argument)
          cursor.result.revisionWords.append(argument)
        }
        endsOptions = true
        cursor.index += 1
        continue
      }
      if argument.hasPrefix("--") {
        try cursor.long(argument)
      } else if argument.count > 1, argument.hasPrefix("-"),
        argument.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
        let spec = table.first(where: { $0.long == "max-count" })
      {
        // git's -<n>: --max-count=<n>.
        try cursor.record(spec, String(argument.dropFirst()))
      } else if argument.hasPrefix("-") && argument.count > 1 {
        try cursor.short(argument)
      } else {
        cursor.result.positionals.append(argument)
        cursor.result.revisionWords.append(argument)
      }
      cursor.index += 1
    }
    return cursor.result
  }

  /// Where a parse is in its arguments, and what it has read.
  private struct Cursor {
    let table: [OptionSpec]
    let arguments: [String]
    var index = 0
    var result = ParsedArguments()

    init(table: [OptionSpec], arguments: [String]) {
      self.table = table
      self.arguments = arguments
    }

    /// An option's value: after `=` or the letter, else the next argument.
    mutating func take(_ spec: OptionSpec, inline: String?) throws(CommandError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else {
        throw CommandError.usage("missing value for '\(spec.usage)'")
      }
      return arguments[index]
    }

    mutating func record(_ spec: OptionSpec, _ value: String) throws(CommandError) {
      if let target = spec.aliasOf, let targetSpec = table.first(where: { $0.long == target }) {
        try record(targetSpec, spec.aliasValue ?? value)
        return
      }
      if !spec.choices.isEmpty && !spec.choices.contains(value) {
        throw CommandError.usage(
          "invalid value '\(value)' for '--\(spec.long)': expected \(ArgumentParser.list(spec.choices))"
        )
      }
      result.values[spec.long, default: []].append(value)
      result.order.append(spec.long)
    }

    /// The value of an option that may go without one (`--color`): after `=`, else the next
    /// argument when it is one of the choices, else the bare value.
    mutating func optionalValue(_ spec: OptionSpec, inline: String?, bare: String) -> String {
      if let inline { return inline }
      if index + 1 < arguments.count, spec.choices.contains(arguments[index + 1]) {
        index += 1
        return arguments[index]
      }
      return bare
    }

    /// `--name`, `--name=value` or `--name value`.
    mutating func long(_ argument: String) throws(CommandError) {
      let body = argument.dropFirst(2)
      let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      guard let spec = table.first(where: { $0.long == name }) else {
        throw CommandError.usage(ArgumentParser(table: table).unknown("--" + name))
      }
      if spec.takesValue {
        let value: String
        if let bare = spec.bareValue {
          value = optionalValue(spec, inline: inline, bare: bare)
        } else {
          value = try take(spec, inline: inline)
        }
        try record(spec, value)
        if spec.isRevisionWord { result.revisionWords.append("--\(spec.long)=\(value)") }
      } else {
        if inline != nil && spec.optionalPlaceholder == nil {
          throw CommandError.usage("'--\(spec.long)' does not take a value")
        }
        try record(spec, inline ?? "")
        if spec.isRevisionWord {
          result.revisionWords.append("--\(spec.long)" + (inline.map { "=" + $0 } ?? ""))
        }
      }
    }

    /// `-x`, bundled flags (`-qh`), and a letter's value joined to it (`-ofile`, `-M50%`).
    mutating func short(_ argument: String) throws(CommandError) {
      var letters = Substring(argument.dropFirst())
      while let letter = letters.first {
        letters = letters.dropFirst()
        guard let spec = table.first(where: { $0.short == letter }) else {
          throw CommandError.usage(ArgumentParser(table: table).unknown("-" + String(letter)))
        }
        if spec.takesValue {
          try record(spec, try take(spec, inline: letters.isEmpty ? nil : String(letters)))
          return
        }
        // git's -M50%, -C90: what follows the letter is the flag's optional value.
        if spec.optionalPlaceholder != nil && !letters.isEmpty {
          try record(spec, String(letters))
          return
        }
        try record(spec, "")
      }
    }
  }

  /// git log's options that choose commits in ways a graph of days cannot honour, or that are
  /// not built, each with why: refused by name rather than as unknown.
  static let unsupportedGitLogOptions: [String: String] = {
    var reasons: [String: String] = [:]
    let groups: [(String, [String])] = [
      (
        "a graph counts commits, not the changes inside them; give paths after --",
        ["S", "G", "pickaxe-regex", "pickaxe-all", "find-object", "L"]
      ),
      (
        "breaking rewrites changes how renames pair, not which commits count, and is not built",
        ["B", "break-rewrites"]
      ),
      (
        "a graph of days draws no graph of commits; git log --graph shows the same commits",
        ["graph"]
      ),
      (
        "it matches reflog messages, which a graph of days does not read",
        ["grep-reflog"]
      ),
      (
        "git-heatmap follows git log's default history simplification only",
        [
          "simplify-by-decoration", "full-history", "simplify-merges", "sparse", "dense",
          "show-pulls", "ancestry-path", "boundary", "merge", "bisect", "exclude-hidden",
        ]
      ),
      (
        "a graph counts each commit once, whichever side of a range it is on",
        ["cherry-pick", "cherry-mark", "cherry", "left-only", "right-only", "left-right"]
      ),
      (
        "the order of commits changes which -n counts; git-heatmap counts in git log's default order",
        ["topo-order", "date-order", "author-date-order", "reverse", "do-walk", "in-commit-order"]
      ),
    ]
    for (reason, names) in groups {
      for name in names { reasons[name] = reason }
    }
    return reasons
  }()

  /// `unknown option '--versoin' (did you mean '--version'?)`, or for one of git log's options
  /// git-heatmap does not take, why.
  fileprivate func unknown(_ option: String) -> String {
    let name = option.drop { $0 == "-" }.split(separator: "=").first.map(String.init) ?? ""
    if let reason = Self.unsupportedGitLogOptions[name] {
      return "option '\(option)' of git log is not supported: \(reason)"
    }
    var message = "unknown option '\(option)'"
    if let suggestion = suggestion(for: option) {
      message += " (did you mean '\(suggestion)'?)"
    }
    return message
  }

  /// The nearest option name, when it is near enough to be a typo.
  func suggestion(for option: String) -> String? {
    let name = option.drop { $0 == "-" }.split(separator: "=").first.map(String.init) ?? ""
    guard !name.isEmpty else { return nil }
    let candidates = table.map { "--" + $0.long }
    let scored = candidates.map { ($0, Self.editDistance(name, String($0.dropFirst(2)))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(1, min(3, name.count / 3))
    if best.1 <= limit { return best.0 }
    // A prefix of exactly one option is a clear intent too.
    let prefixed = candidates.filter { $0.dropFirst(2).hasPrefix(name) }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

  /// Damerau–Levenshtein distance (optimal string alignment), so a swap costs one.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  /// `terminal, svg, csv, json or summary`.
  static func list(_ values: [String]) -> String {
    guard values.count > 1 else { return values.first ?? "" }
    return values.dropLast().joined(separator: ", ") + " or " + (values.last ?? "")
  }
}
