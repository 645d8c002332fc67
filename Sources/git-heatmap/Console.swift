import Foundation

/// Where a run writes its text. The executable passes the real stdout and stderr; tests pass
/// buffers.
protocol TextSink: AnyObject {
  func write(_ text: String)
}

/// Standard output or standard error of this process.
final class FileDescriptorSink: TextSink {
  let descriptor: Int32

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // A closed pipe: nothing more can be said.
        }
        offset += written
      }
    }
  }
}

/// Collects what a run writes, for tests; safe to write from several threads.
final class StringSink: TextSink, @unchecked Sendable {
  private let lock = NSLock()
  private var collected = ""
  var text: String { lock.withLock { collected } }
  func write(_ text: String) { lock.withLock { collected += text } }
}

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

  /// The real process: its arguments, environment, directory and terminal.
  static func process() -> RunContext {
    var context = RunContext(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
    context.stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    context.stderrIsTerminal = isatty(STDERR_FILENO) == 1
    var size = winsize()
    if context.stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0
    {
      context.terminalColumns = Int(size.ws_col)
    }
    return context
  }
}
