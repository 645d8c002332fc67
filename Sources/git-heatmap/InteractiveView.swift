import Foundation
import GitActivity

/// `git heatmap -i`: the graph on the terminal's alternate screen, with a cursor on a day that
/// keys move, scrolling back through the whole history, and the selected day's commits below.
///
/// The terminal is always given back: alternate screen left, cursor shown, modes restored, on
/// `q`, on Esc, on SIGINT, SIGTERM and SIGHUP (through `TemporaryFiles`' handler) and on any error.
struct InteractiveView {
  /// The days of the whole history, oldest first, and their counts.
  let days: DayRange
  let counts: [Int]
  let thresholds: LevelScale.Thresholds
  let weekStart: Weekday
  /// The commits of the day at an offset in `days`, newest first (read when first asked for).
  let commits: (Int) -> [DayCommit]
  let options: TerminalOptions
  let title: String
  let today: Day

  /// The terminal's modes before the view took it, for the signal handler to put back.
  /// In memory of its own, as `TerminalBackground.saved` is, for the same reason.
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(
    capacity: 1)
  nonisolated(unsafe) private static var isActive = false

  /// Puts the terminal back: main screen, cursor shown, the modes it had. Safe in a signal
  /// handler (only `write` and `tcsetattr`).
  static func restore() {
    guard isActive else { return }
    isActive = false
    let leave = "\u{1B}[?25h\u{1B}[?1049l"
    _ = leave.withCString { Foundation.write(STDOUT_FILENO, $0, strlen($0)) }
    tcsetattr(STDIN_FILENO, TCSANOW, saved)
  }

  /// Runs until `q` or Esc.
  func run() {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    Self.saved.pointee = original
    Self.isActive = true
    TemporaryFiles.beforeExit = { InteractiveView.restore() }
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    defer { Self.restore() }
    write("\u{1B}[?1049h\u{1B}[?25l")
    var cursor = today
    var viewEnd: Day?
    var showsHelp = false
    var listStart = 0
    var lastSize = (0, 0)
    var needsDraw = true
    while true {
      let size = Self.terminalSize()
      if needsDraw || size != lastSize {
        draw(
          cursor: cursor, size: size, showsHelp: showsHelp, listStart: &listStart,
          viewEnd: &viewEnd)
        lastSize = size
        needsDraw = false
      }
      guard let key = Self.readKey() else { continue }
      needsDraw = true
      let before = cursor
      switch key {
      case "q", "escape", "ctrl-c": return
      case "?": showsHelp.toggle()
      case "h", "left": cursor = cursor.advanced(by: -7)
      case "l", "right": cursor = cursor.advanced(by: 7)
      case "k", "up": cursor = cursor.advanced(by: -1)
      case "j", "down": cursor = cursor.advanced(by: 1)
      case "pageup": cursor = cursor.addingMonths(-1)
      case "pagedown": cursor = cursor.addingMonths(1)
      case "[": cursor = cursor.addingMonths(-12)
      case "]": cursor = cursor.addingMonths(12)
      // The day's commits, a page at a time.
      case "n", " ": listStart += Self.pageSize
      case "p", "b": listStart = max(0, listStart - Self.pageSize)
      default: needsDraw = false
      }
      cursor = min(max(cursor, days.first), days.last)
      if cursor != before { listStart = 0 }
    }
  }

  /// The weeks on screen: the cursor moves within them, and they scroll only when it would
  /// leave them (by as little as it takes), as a list's view does; a history shorter than the
  /// screen is shown whole, the weeks after the cursor too. `end` is the first day of the last
  /// week shown, to pass back as `previousEnd` with the next cursor.
  static func shownWeeks(
    days: DayRange, cursor: Day, previousEnd: Day?, weeks: Int, weekStart: Weekday
  ) -> (first: Day, last: Day, end: Day) {
    func week(_ day: Day) -> Day { day.advanced(by: -day.daysIntoWeek(startingOn: weekStart)) }
    let (firstWeek, lastWeek, cursorWeek) = (week(days.first), week(days.last), week(cursor))
    let span = 7 * (max(weeks, 1) - 1)
    var end = previousEnd ?? lastWeek
    if cursorWeek > end { end = cursorWeek }
    if cursorWeek.number < end.number - span { end = cursorWeek.advanced(by: span) }
    // As many weeks as fit, the newest the history's.
    end = max(end, firstWeek.advanced(by: span))
    end = min(end, lastWeek)
    return (max(end.advanced(by: -span), days.first), min(end.advanced(by: 6), days.last), end)
  }

  /// The screen for `cursor`: a title, the weeks that fit ending with the cursor's, the legend,
  /// the day's, week's and month's totals, and the day's commits.
  /// How many commits `n` and `p` scroll by.
  static let pageSize = 5

  func draw(
    cursor: Day, size: (columns: Int, rows: Int), showsHelp: Bool, listStart: inout Int,
    viewEnd: inout Day?
  ) {
    let (columns, rows) = size
    var lines: [String] = []
    lines.append(TextWidth.truncate(title, to: columns))
    let weeks = max(1, (columns - 4) / 2)
    let view = Self.shownWeeks(
      days: days, cursor: cursor, previousEnd: viewEnd, weeks: weeks, weekStart: weekStart)
    viewEnd = view.end
    let (first, last) = (view.first, view.last)
    let window = DayRange(first: first, last: last)
    let slice = Array(counts[days.first.distance(to: first)...days.first.distance(to: last)])
    let grid = HeatmapGrid(
      days: window, counts: slice, weekStart: weekStart, thresholds: thresholds)
    let renderer = TerminalRenderer(options: options)
    lines += renderer.draw(grid, highlight: first.distance(to: cursor), namesYears: true)
    lines.append(
      renderer.legendLine(
        note: nil, gridWidth: 4 + 2 * grid.columnCount - 1, width: size.columns))
    let offset = days.first.distance(to: cursor)
    let dayCount = counts[offset]
    let weekStartDay = cursor.advanced(by: -cursor.daysIntoWeek(startingOn: weekStart))
    let weekTotal = (0..<7).map { weekStartDay.advanced(by: $0) }.filter(days.contains).map {
      counts[days.first.distance(to: $0)]
    }.saturatingSum
    let monthTotal = days.days.filter { $0.year == cursor.year && $0.month == cursor.month }.map {
      counts[days.first.distance(to: $0)]
    }.saturatingSum
    lines.append("")
    lines.append(
      "\(ReportText.dayTotal(cursor, count: dayCount)) · week \(Wording.count(weekTotal, "commit")) · \(HeatmapGrid.fullMonthNames[cursor.month - 1]) \(Wording.count(monthTotal, "commit"))"
    )
    if showsHelp {
      lines += [
        "", "←/→ h/l: a week   ↑/↓ k/j: a day", "PgUp/PgDn: a month   [ ]: a year",
        "n/p: the day's other commits   ?: keys   q/Esc: quit",
      ]
    } else {
      let all = commits(offset)
      let room = max(1, rows - 1 - lines.count - 1)
      // The last page is a whole page: never "commits 6-6 of 6".
      listStart = min(listStart, max(0, all.count - room))
      let shownCommits = all.dropFirst(listStart).prefix(room)
      if listStart + shownCommits.count < all.count || listStart > 0 {
        lines.append(
          "  commits \(listStart + 1)-\(listStart + shownCommits.count) of \(all.count) (n/p to scroll)"
        )
      }
      for commit in shownCommits {
        lines.append(
          "  \(commit.id.prefix(10))  \(commit.time)  \(TextEscaping.terminal(commit.author.name))  \(TextEscaping.terminal(commit.subject))"
        )
      }
    }
    let shown = lines.prefix(max(rows - 1, 1)).map { line in
      TextWidth.columns(of: line) <= columns || line.contains("\u{1B}")
        ? line : TextWidth.truncate(line, to: columns)
    }
    write("\u{1B}[H\u{1B}[2J" + shown.joined(separator: "\r\n"))
  }

  private func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      guard let base = buffer.baseAddress else { return }
      while offset < buffer.count {
        let count = Foundation.write(STDOUT_FILENO, base + offset, buffer.count - offset)
        if count <= 0 { return }
        offset += count
      }
    }
  }

  /// The terminal's columns and rows.
  static func terminalSize() -> (Int, Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// The next key, or nil when none came within a quarter second (so that a resize redraws).
  static func readKey() -> String? {
    func byte(timeout: Int32) -> UInt8? {
      var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, timeout) > 0 else { return nil }
      var value: UInt8 = 0
      return Foundation.read(STDIN_FILENO, &value, 1) == 1 ? value : nil
    }
    guard let first = byte(timeout: 250) else { return nil }
    switch first {
    case 0x03: return "ctrl-c"
    case 0x1B:
      guard let second = byte(timeout: 50) else { return "escape" }
      guard second == UInt8(ascii: "["), let third = byte(timeout: 50) else { return nil }
      switch third {
      case UInt8(ascii: "A"): return "up"
      case UInt8(ascii: "B"): return "down"
      case UInt8(ascii: "C"): return "right"
      case UInt8(ascii: "D"): return "left"
      case UInt8(ascii: "5"): _ = byte(timeout: 50); return "pageup"
      case UInt8(ascii: "6"): _ = byte(timeout: 50); return "pagedown"
      default: return nil
      }
    default:
      return String(UnicodeScalar(first))
    }
  }
}
