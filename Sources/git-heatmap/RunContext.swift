import Foundation
import GitActivity

/// What a run knows of its surroundings: passed in, so that tests can set every part.
struct RunContext {
  var arguments: [String]
  var environment: [String: String]
  var currentDirectory: String
  /// Whether stdout and stderr are terminals.
  var stdoutIsTerminal = false
  var stderrIsTerminal = false
  /// The width TIOCGWINSZ reports for stdout, when it is a terminal.
  var terminalColumns: Int?
  var now = Date()
  /// How long a walk runs before a progress line appears on a terminal.
  var progressDelay: TimeInterval = 0.5
  var localTimeZone = TimeZone.current
  /// For tests: cache writing waits for this before it starts, so that a test can tell that the
  /// output came first.
  var cacheWriteGate: DispatchSemaphore?
  /// Asks the terminal for its background color (OSC 11); tests answer for it.
  var terminalBackground: () -> RGB? = { nil }

  /// The real process: its arguments, environment, directory and terminal.
  static func process() -> RunContext {
    // Arguments, environment and directory as bytes, so that a path that is not UTF-8
    // survives (see `RawPath`); Swift's own views of them repair such bytes away.
    let arguments = (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { RawPath.string(cString: $0) }
    }
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = RawPath.string(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let directory =
      getcwd(&buffer, buffer.count) != nil
      ? RawPath.string(cString: buffer) : FileManager.default.currentDirectoryPath
    var context = RunContext(
      arguments: arguments, environment: environment, currentDirectory: directory)
    context.stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    context.terminalBackground = { TerminalBackground.query() }
    context.stderrIsTerminal = isatty(STDERR_FILENO) == 1
    var size = winsize()
    if context.stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0
    {
      context.terminalColumns = Int(size.ws_col)
    }
    return context
  }
}
