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
    case authors = "Authors"
    case window = "Window"
    case output = "Output"
    case appearance = "Appearance"
    case run = "Run"
  }

  /// The long name without dashes, such as `format`.
  var long: String
  /// A one-letter name without the dash, such as `o`.
  var short: Character?
  var kind: Kind
  /// The accepted values, when the value is one of a list.
  var choices: [String] = []
  /// What completions offer for a free value: files, directories or nothing.
  var completes: Completion = .nothing
  var isRepeatable = false
  /// The default, as `--help` shows it.
  var defaultValue: String?
  var help: String
  var group: Group

  enum Completion: Sendable { case nothing, files, directories }

  var takesValue: Bool { kind != .flag }

  var placeholder: String? {
    if case .value(let placeholder) = kind { return placeholder }
    return nil
  }

  /// `--format <format>`, as messages and help name the option.
  var usage: String {
    "--\(long)" + (placeholder.map { " <\($0)>" } ?? "")
  }
}

enum OptionTable {
  static let all: [OptionSpec] = [
    OptionSpec(
      long: "directory", short: "C", kind: .value(placeholder: "path"), completes: .directories,
      help: "run as if started in <path>", group: .repository),

    OptionSpec(long: "all", kind: .flag, help: "every ref under refs/, plus HEAD", group: .revisions),
    OptionSpec(long: "branches", kind: .flag, help: "every branch", group: .revisions),
    OptionSpec(long: "no-merges", kind: .flag, help: "leave out merge commits", group: .revisions),
    OptionSpec(
      long: "first-parent", kind: .flag, help: "follow only the first parent of merges",
      group: .revisions),

    OptionSpec(
      long: "author", kind: .value(placeholder: "regex"), isRepeatable: true,
      help: "only authors whose 'Name <email>' matches (case-insensitive; repeatable)",
      group: .authors),
    OptionSpec(
      long: "exclude-author", kind: .value(placeholder: "regex"), isRepeatable: true,
      help: "leave out matching authors (after --author; repeatable)", group: .authors),
    OptionSpec(long: "me", kind: .flag, help: "only you: the user.email of git config", group: .authors),
    OptionSpec(
      long: "no-mailmap", kind: .flag, help: "identities as written, without .mailmap",
      group: .authors),

    OptionSpec(
      long: "weeks", kind: .value(placeholder: "n"), defaultValue: "53",
      help: "how many weeks the graph shows (1-530)", group: .window),
    OptionSpec(
      long: "end", kind: .value(placeholder: "date"), defaultValue: "today",
      help: "the last day of the graph", group: .window),
    OptionSpec(
      long: "since", kind: .value(placeholder: "date"), help: "the first day (YYYY-MM-DD, 'today', '6 months ago')",
      group: .window),
    OptionSpec(long: "until", kind: .value(placeholder: "date"), help: "the last day", group: .window),
    OptionSpec(long: "year", kind: .value(placeholder: "yyyy"), help: "one calendar year", group: .window),
    OptionSpec(
      long: "week-start", kind: .value(placeholder: "day"),
      choices: ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
      defaultValue: "sunday", help: "the weekday of the first row", group: .window),
    OptionSpec(
      long: "date", kind: .value(placeholder: "kind"), choices: ["author", "committer"],
      defaultValue: "author", help: "which date places a commit on a day", group: .window),
    OptionSpec(
      long: "timezone", kind: .value(placeholder: "zone"), defaultValue: "author",
      help: "author, local, utc, an IANA name or +HH:MM", group: .window),

    OptionSpec(
      long: "format", kind: .value(placeholder: "format"),
      choices: ["terminal", "svg", "csv", "json", "summary"], defaultValue: "terminal",
      help: "what to write; -o FILE picks it from the extension", group: .output),
    OptionSpec(
      long: "output", short: "o", kind: .value(placeholder: "file"), completes: .files,
      defaultValue: "stdout", help: "write to <file> ('-' is stdout), atomically", group: .output),

    OptionSpec(
      long: "quiet", short: "q", kind: .flag, help: "no progress or notes on stderr", group: .run),
    OptionSpec(long: "help", short: "h", kind: .flag, help: "show this help", group: .run),
    OptionSpec(long: "version", kind: .flag, help: "show the version", group: .run),
  ]

  static func spec(long: String) -> OptionSpec? {
    all.first { $0.long == long }
  }

  static func spec(short: Character) -> OptionSpec? {
    all.first { $0.short == short }
  }
}
