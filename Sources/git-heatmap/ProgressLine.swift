import Foundation
import GitActivity

/// A one-line progress display on stderr for long walks: `reading history: 120,000 commits
/// (61,000/s)`. It appears only after `delay`, is redrawn in place, and is erased when the walk
/// ends, so it never mixes with output. The caller decides whether it may appear at all.
///
/// Thread safety: `isFinished` and `shown` are only touched while `lock` is held; the display
/// thread and the walking thread share nothing else but the `WalkProgress` counter, which is
/// atomic.
final class ProgressLine: @unchecked Sendable {
  private let progress: WalkProgress
  private let stderr: TextSink
  private let delay: TimeInterval
  private let lock = NSCondition()
  private var isFinished = false
  private var shown = false
  private var thread: Thread?

  init(progress: WalkProgress, stderr: TextSink, delay: TimeInterval = 0.5) {
    self.progress = progress
    self.stderr = stderr
    self.delay = delay
  }

  /// Whether a run may show progress: stderr is a terminal, not in CI, not `--quiet`.
  static func isWanted(context: RunContext, isQuiet: Bool) -> Bool {
    context.stderrIsTerminal && !isQuiet && (context.environment["CI"] ?? "").isEmpty
      && context.environment["TERM"] != "dumb"
  }

  func start() {
    let start = Date()
    let thread = Thread { [self] in
      lock.lock()
      var deadline = start.addingTimeInterval(delay)
      while !isFinished {
        if !lock.wait(until: deadline) {
          let elapsed = Date().timeIntervalSince(start)
          let read = progress.commitsRead
          let rate = elapsed > 0 ? Int(Double(read) / elapsed) : 0
          stderr.write(
            "\r\u{1B}[Kreading history: \(Wording.count(read, "commit")) (\(Wording.grouped(rate))/s)"
          )
          shown = true
          deadline = Date().addingTimeInterval(0.1)
        }
      }
      if shown { stderr.write("\r\u{1B}[K") }
      lock.unlock()
    }
    self.thread = thread
    thread.start()
  }

  /// Stops the display and erases it; returns once the line is gone.
  func finish() {
    lock.lock()
    isFinished = true
    lock.broadcast()
    lock.unlock()
    while thread?.isFinished == false { usleep(1_000) }
    // The thread's block holds this object: let go of the thread to break the cycle.
    thread = nil
  }
}
