import GitActivity

/// The command line split into options (by long name) and positional arguments.
struct ParsedArguments: Equatable {
  /// Every value given for each option, in order; a flag maps to an array of empty strings.
  var values: [String: [String]] = [:]
  var positionals: [String] = []
  /// The positionals and git's revision pseudo-options (`--all`, `--tags=v*`, `--not` …), in
  /// the order given, as git's revision parser reads them.
  var revisionWords: [String] = []
  /// What follows `--`: paths, as git log takes them; nil when there is no `--`.
  var paths: [String]?

  /// The options whose values came from `git config heatmap.*`, for messages that name the key.
  var configured: Set<String> = []
  /// The values of the configuration lists that are not options (`OptionTable.configuredLists`:
  /// `heatmap.me`, `heatmap.bot` …), by lowercase key, each with the file it came from.
  var configuredLists: [String: [ConfiguredValue]] = [:]

  /// A configured value and where it came from, for messages that name the file.
  struct ConfiguredValue: Equatable {
    var value: String
    var origin: String
  }

  /// The values of configuration list `key` (`heatmap.bot`), lowest precedence first.
  func configuredList(_ key: String) -> [ConfiguredValue] {
    configuredLists[key.lowercased()] ?? []
  }
  /// git's own color settings, as configured.
  var gitColor = GitColorConfig()
  /// git's own settings the command reads as git log does, by lowercase name, the last value:
  /// `grep.patterntype`, `grep.extendedregexp`, `log.follow`, `log.mailmap`.
  var gitSettings: [String: String] = [:]

  /// Each option as it came, configured defaults first: for those where the last of several
  /// wins (`-E` after `-F`, `--no-min-parents` after `--min-parents`).
  var order: [String] = []

  func has(_ option: OptionName) -> Bool { values[option.rawValue] != nil }

  /// Which of `options` came last, nil when none came.
  func lastOf(_ options: [OptionName]) -> OptionName? {
    guard let index = order.lastIndex(where: { name in options.contains { $0.rawValue == name } })
    else { return nil }
    return OptionName(rawValue: order[index])
  }
  func last(_ option: OptionName) -> String? { values[option.rawValue]?.last }
  func all(_ option: OptionName) -> [String] { values[option.rawValue] ?? [] }
  /// Whether the configuration, not the command line, gave `option`.
  func isConfigured(_ option: OptionName) -> Bool { configured.contains(option.rawValue) }
  /// For the option table's generic rules, which hold names as the table spells them.
  func has(long: String) -> Bool { values[long] != nil }

  /// A usage error for a value an option refuses, naming the option as the user gave it: the
  /// flag, or the configuration key.
  func invalid(_ option: OptionName, _ value: String, expected: String) -> CommandError {
    let long = option.rawValue
    guard let spec = OptionTable.spec(long: long) else {
      return .usage("invalid value '\(value)' for '--\(long)': \(expected)")
    }
    if configured.contains(long), let key = spec.configKey {
      return .usage("invalid value '\(value)' for '\(key)' in git config: \(expected)")
    }
    return .usage("invalid value '\(value)' for '\(spec.usage)': \(expected)")
  }

  /// An option's number, checked against the range the table gives it; nil when not given.
  func number(_ option: OptionName) throws(CommandError) -> Double? {
    guard let text = last(option) else { return nil }
    guard let spec = OptionTable.spec(long: option.rawValue), let range = spec.range else {
      return Double(text)
    }
    let value = spec.isWhole ? Int(text).map(Double.init) : Double(text)
    guard let value, value.isFinite, range.contains(value) else {
      let (low, high) = (Int(range.lowerBound), Int(range.upperBound))
      throw invalid(
        option, text,
        expected: "expected a \(spec.isWhole ? "whole " : "")number from \(low) to \(high)")
    }
    return value
  }

  /// An option's whole number, checked against its range; nil when not given.
  func whole(_ option: OptionName) throws(CommandError) -> Int? {
    try number(option).map { Int($0) }
  }

  /// The rules the option table declares between options: those that cannot be given together,
  /// and those that mean nothing without another.
  func checkCombinations() throws(CommandError) {
    for spec in OptionTable.all where has(long: spec.long) {
      for other in spec.conflicts where has(long: other) {
        throw .usage("'--\(spec.long)' cannot be combined with '--\(other)'")
      }
    }
    for spec in OptionTable.all where has(long: spec.long) {
      if !spec.requires.isEmpty && !spec.requires.contains(where: { has(long: $0) }) {
        let options = spec.requires.map { "'--\($0)'" }.joined(separator: " or ")
        throw .usage("'--\(spec.long)' goes with \(options)")
      }
    }
  }
}
