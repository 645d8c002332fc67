/// One option of the command line. The parser, `--help`, the man page and the shell completions
/// are all generated from `OptionTable.all`, so they cannot drift apart.
struct OptionSpec: Sendable {
  enum Kind: Sendable, Equatable {
    case flag
    /// Takes a value, shown as `<placeholder>`.
    case value(placeholder: String)
  }

  enum Group: String, CaseIterable, Sendable {
    case repository = "Repository"
    case revisions = "Revisions"
    case messages = "Messages"
    case authors = "Authors"
    case window = "Window"
    case measure = "Measure"
    case output = "Output"
    case appearance = "Appearance"
    case run = "Run"
  }

  /// The long name without dashes, such as `format`.
  var long: String
  /// A one-letter name without the dash, such as `o`.
  var short: Character?
  var kind: Kind
  /// For a flag that may carry a value after `=` (`--tags[=<pattern>]`): its placeholder.
  var optionalPlaceholder: String?
  /// For an option whose value may be left out (`--color` alone): the value it then has. A
  /// value is then taken only after `=`, or as the next argument when it is one of `choices`.
  var bareValue: String?
  /// Another spelling of another option (`--after` of `--since`; `--no-color` of `--color`
  /// with `aliasValue` never): what it gives is recorded as that option's.
  var aliasOf: String?
  var aliasValue: String?
  /// The accepted values, when the value is one of a list.
  var choices: [String] = []
  /// What completions offer for a free value: files, directories or nothing.
  var completes: Completion = .nothing
  var isRepeatable = false
  /// The default, as `--help` shows it.
  var defaultValue: String?
  /// For a number: the range it must fall in, and whether it must be whole.
  var range: ClosedRange<Double>?
  var isWhole = true
  /// The options without one of which this one means nothing (`--top` goes with `--by-author`
  /// or `--authors`). A configured default for it is used only when one of them is given.
  var requires: [String] = []
  /// Options it cannot be given with. A configured default gives way to any of them on the
  /// command line instead of conflicting.
  var conflicts: [String] = []
  /// Options on the command line that replace a configured default for this one (`--me`
  /// replaces `heatmap.author`).
  var replacedBy: [String] = []
  var help: String
  var group: Group
  /// Whether `git config heatmap.<name>` can set a default for it (`weekStart` for
  /// `--week-start`).
  var isConfigurable = false

  /// The git configuration key for this option, such as `heatmap.weekStart`.
  var configKey: String? {
    guard isConfigurable else { return nil }
    let parts = long.split(separator: "-")
    return "heatmap." + parts[0]
      + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  enum Completion: Sendable { case nothing, files, directories }

  var takesValue: Bool { kind != .flag }

  var placeholder: String? {
    if case .value(let placeholder) = kind { return placeholder }
    return nil
  }

  /// `--format <format>`, `--tags[=<pattern>]`, as messages and help name the option.
  var usage: String {
    if let placeholder, bareValue != nil { return "--\(long)[=<\(placeholder)>]" }
    return "--\(long)"
      + (placeholder.map { " <\($0)>" } ?? optionalPlaceholder.map { "[=<\($0)>]" } ?? "")
  }

  /// Whether the option is one of git's revision pseudo-options, kept in order with the
  /// revisions (`--exclude` applies to the next `--all`, `--not` to what follows).
  var isRevisionWord: Bool {
    group == .revisions
      && ["all", "branches", "tags", "remotes", "glob", "exclude", "not", "reflog", "stdin"]
        .contains(long)
  }
}
