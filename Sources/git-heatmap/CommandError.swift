import GitActivity

/// Everything that ends a run early, with the exit code it ends with: a usage error (the words
/// of the command line, or of a configured default, are off: 64, as EX_USAGE) or a failure (git,
/// files: 1). The one error type of the executable.
struct CommandError: Error, Equatable {
  enum Kind: Equatable {
    case usage
    case failure
    /// Input that is not what it says it is (a day file): 65, as EX_DATAERR.
    case data
  }

  var kind: Kind
  var message: String

  static func usage(_ message: String) -> CommandError {
    CommandError(kind: .usage, message: message)
  }
  static func failure(_ message: String) -> CommandError {
    CommandError(kind: .failure, message: message)
  }
  static func data(_ message: String) -> CommandError {
    CommandError(kind: .data, message: message)
  }

  /// A failure of git's: its message, with anything a terminal would obey taken out. A
  /// pathspec git would not parse is a usage error.
  init(_ error: GitError) {
    self.init(
      kind: error.isUsage ? .usage : .failure, message: TextEscaping.terminal(error.message))
  }

  init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  var exitCode: Int32 {
    switch kind {
    case .usage: Command.ExitCode.usage
    case .failure: Command.ExitCode.failure
    case .data: Command.ExitCode.data
    }
  }

  /// What stderr says: one line, and for a usage error where to read more.
  var report: String {
    // Cleaned here, where every error is printed, whatever it quotes (a file name, a value).
    "\(Command.name): \(TextEscaping.terminal(message))\n"
      + (kind == .usage ? "see '\(Command.name) --help'\n" : "")
  }
}
