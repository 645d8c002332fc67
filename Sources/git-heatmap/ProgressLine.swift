import Foundation
import GitActivity

/// A one-line progress display on stderr for long reads, a phase at a time: `reading commits:
/// 120,000 (61,000/s)`, then `counting lines: 12,345 of 81,966 commits, 0:14 left`, led by
/// `repository 3 of 12 · ` when several are read. It appears only after `delay`, is redrawn in place, and is erased when the walk
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
      var linesStart: Date?
      while !isFinished {
        if !lock.wait(until: deadline) {
          let now = Date()
          let lines = progress.lines
          if lines.of > 0 && linesStart == nil { linesStart = now }
          stderr.write(
            "\r\u{1B}[K" + Self.line(progress, start: start, linesStart: linesStart, now: now))
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

  /// What the line says at `now`: the phase, its count (of its total when known), its rate or
  /// the time left.
  static func line(_ progress: WalkProgress, start: Date, linesStart: Date?, now: Date) -> String {
    let repositories = progress.repositories
    let lead =
      repositories.of > 1
      ? "repository \(min(repositories.read + 1, repositories.of)) of \(repositories.of) · " : ""
    let lines = progress.lines
    if lines.of > 0, let linesStart {
      let elapsed = now.timeIntervalSince(linesStart)
      var text =
        "counting lines: \(Wording.grouped(lines.counted)) of \(Wording.count(lines.of, "commit"))"
      if lines.counted > 0 && elapsed >= 1 {
        let left = Int(elapsed * Double(lines.of - lines.counted) / Double(lines.counted))
        text += String(format: ", %d:%02d left", left / 60, left % 60)
      }
      return lead + text
    }
    let elapsed = now.timeIntervalSince(start)
    let read = progress.commitsRead
    let rate = elapsed > 0 ? Int(Double(read) / elapsed) : 0
    return lead + "reading commits: \(Wording.grouped(read)) (\(Wording.grouped(rate))/s)"
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
