import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("-i: the interactive graph, driven in a real terminal", .serialized)
struct InteractiveTests {
  @Test("without a terminal, --interactive is a usage error")
  func needsTerminal() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let result = heatmap(["--interactive"], in: repo.path)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("git-heatmap: '--interactive' needs a terminal"))
    // A dumb terminal cannot take the alternate screen or a moving cursor.
    let dumb = heatmap(["--interactive"], in: repo.path, environment: ["TERM": "dumb"])
    #expect(dumb.status == 64)
    #expect(dumb.stderr.contains("not TERM=dumb"), "\(dumb.stderr)")
  }

  /// A session running `git-heatmap --interactive`, then printing the terminal's modes when it ends.
  static func session(_ repo: TemporaryRepository, arguments: String = "")
    throws -> ShellSession
  {
    let binary = try builtExecutable()
    let script =
      "'\(binary)' --interactive \(arguments) 2>/dev/null; echo; stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo modes; exec sleep 60"
    var environment = repo.environment
    environment["TERM"] = "xterm-256color"
    environment["COLORTERM"] = "truecolor"
    return try ShellSession(
      command: "bash -c \(ShellSession.quoted(script))", directory: repo.path,
      environment: environment)
  }

  /// The screen once `isReady` says so (polled every 50 ms, five seconds at most): no test
  /// waits a fixed time for a terminal.
  static func screen(_ session: ShellSession, until isReady: (String) -> Bool) throws -> String {
    var screen = ""
    for _ in 0..<100 {
      screen = try session.run(["capture-pane", "-t", "t", "-p"])
      if isReady(screen) { break }
      usleep(50_000)
    }
    return screen
  }

  @Test("moving by day and by year lists git log's commits; resize, help, q restores the terminal")
  func drive() throws {
    let repo = try TemporaryRepository()
    let now = Int(Date().timeIntervalSince1970)
    let yesterday = now - 86_400
    let yearAgo = now - 365 * 86_400
    try repo.commit(date: "\(yesterday) +0000", author: "Ada")
    try repo.commit(date: "\(yesterday + 60) +0000", author: "Bob")
    try repo.commit(date: "\(yearAgo) +0000", author: "Cy")
    let session = try Self.session(repo)
    var screen = try Self.screen(session, showing: "3 commits · ? for keys")
    #expect(screen.contains("3 commits · ? for keys, q to quit"), "\(screen)")
    // The cursor (today, an empty day): brackets either side in the terminal's own text color,
    // not reverse video of the empty day's near-background color.
    #expect(screen.range(of: #"\[[·■]\]"#, options: .regularExpression) != nil, "\(screen)")
    let colored = try session.run(["capture-pane", "-t", "t", "-p", "-e"])
    #expect(!colored.contains("\u{1B}[7m"), "no reverse video")
    // A year and more back: the month labels name their years, and a legend says the levels.
    let monthLine = screen.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    #expect(
      monthLine.range(of: #"[A-Z][a-z]{2} 20\d\d"#, options: .regularExpression) != nil, "\(screen)"
    )
    #expect(screen.contains("Less ") && screen.contains(" More"), "\(screen)")
    // A day back: yesterday's two commits, as git log has them.
    try session.run(["send-keys", "-t", "t", "k"])
    let day = Day(epochSeconds: Int64(yesterday), offsetSeconds: 0)
    let hashes = try repo.git(["log", "--date=format:%Y-%m-%d", "--format=%H %ad"])
      .split(separator: "\n").filter { $0.hasSuffix(day.iso) }.map { String($0.prefix(10)) }
    screen = try Self.screen(session, showing: ReportText.dayTotal(day, count: 2))
    #expect(hashes.count == 2)
    for hash in hashes { #expect(screen.contains(hash), "\(hash) \(screen)") }
    #expect(screen.contains(ReportText.dayTotal(day, count: 2)))
    // A year back, and a day forward again: the commit of a year ago.
    try session.run(["send-keys", "-t", "t", "["])
    try session.run(["send-keys", "-t", "t", "j"])
    let old = Day(epochSeconds: Int64(yearAgo), offsetSeconds: 0)
    let target = day.addingMonths(-12).advanced(by: 1)
    screen = try Self.screen(
      session,
      showing: target == old ? ReportText.dayTotal(old, count: 1) : ReportText.date(target))
    if target == old {
      #expect(screen.contains(ReportText.dayTotal(old, count: 1)), "\(screen)")
    } else {
      #expect(screen.contains(ReportText.date(target)), "\(screen)")
    }
    // A smaller terminal: redrawn to fit.
    try session.run(["resize-window", "-t", "t", "-x", "60", "-y", "24"])
    screen = try Self.screen(session) { screen in
      screen.contains("Mon ") && screen.split(separator: "\n").allSatisfy { $0.count <= 60 }
    }
    #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 60 })
    #expect(screen.contains("Mon "))
    try session.run(["send-keys", "-t", "t", "?"])
    screen = try Self.screen(session, showing: "q/Esc: quit")
    #expect(screen.contains("q/Esc: quit"))
    try session.run(["send-keys", "-t", "t", "q"])
    screen = try Self.screen(session, showing: "modes")
    #expect(screen.contains("icanon echo modes"), "\(screen)")
  }

  /// The graph's lines of a screen: from the month labels to the last weekday row.
  static func graphLines(_ screen: String) -> [String] {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return Array(lines.dropFirst().prefix(8))
  }

  /// Where the cursor's opening bracket is: its row and column on the screen.
  static func cursor(_ screen: String) -> (row: Int, column: Int)? {
    for (row, line) in graphLines(screen).enumerated() {
      if let open = line.firstIndex(of: "[") {
        return (row, line.distance(from: line.startIndex, to: open))
      }
    }
    return nil
  }

  @Test(
    "the cursor moves within the weeks shown, which scroll only at the edges; a short history stays whole"
  )
  func cursorMovesInTheView() throws {
    let now = Int(Date().timeIntervalSince1970)
    // A long history: two years, a commit a week.
    let long = try TemporaryRepository()
    for week in stride(from: 104, through: 1, by: -1) {
      try long.commit(date: "\(now - week * 7 * 86_400) +0000")
    }
    var session = try Self.session(long)
    var screen = try Self.screen(session, showing: "? for keys")
    let start = try #require(Self.cursor(screen), "\(screen)")
    let months = Self.graphLines(screen)[0]
    for _ in 0..<3 { try session.run(["send-keys", "-t", "t", "h"]) }
    screen = try Self.screen(session) { Self.cursor($0)?.column == start.column - 6 }
    // Three weeks back: the bracket three columns (six characters) to the left, the weeks still.
    #expect(Self.cursor(screen)?.column == start.column - 6, "\(screen)")
    #expect(Self.graphLines(screen)[0] == months, "\(screen)")
    // Past the left edge: the view scrolls, the cursor stays at that edge.
    for _ in 0..<80 { try session.run(["send-keys", "-t", "t", "h"]) }
    screen = try Self.screen(session) {
      Self.graphLines($0)[0] != months && Self.cursor($0)?.column == 3
    }
    #expect(Self.graphLines(screen)[0] != months, "\(screen)")
    #expect(Self.cursor(screen)?.column == 3, "\(screen)")
    try session.run(["send-keys", "-t", "t", "q"])
    _ = try Self.screen(session, showing: "modes")

    // A short history, four weeks: every week stays on screen wherever the cursor is.
    let short = try TemporaryRepository()
    try short.commit(date: "\(now - 24 * 86_400) +0000")
    try short.commit(date: "\(now - 86_400) +0000")
    session = try Self.session(short)
    screen = try Self.screen(session, showing: "? for keys")
    let rows = Self.graphLines(screen).map {
      $0.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: " ")
        .trimmingCharacters(in: .whitespaces).count
    }
    let before = try #require(Self.cursor(screen))
    for _ in 0..<2 { try session.run(["send-keys", "-t", "t", "h"]) }
    screen = try Self.screen(session) { Self.cursor($0)?.column == before.column - 4 }
    let after = Self.graphLines(screen).map {
      $0.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: " ")
        .trimmingCharacters(in: .whitespaces).count
    }
    #expect(after == rows, "\(screen)")
    #expect(Self.cursor(screen)?.column == before.column - 4, "\(screen)")
    try session.run(["send-keys", "-t", "t", "q"])
    _ = try Self.screen(session, showing: "modes")
  }

  /// The screen once it shows `text`.
  static func screen(_ session: ShellSession, showing text: String) throws -> String {
    try screen(session) { $0.contains(text) }
  }

  @Test("-i draws from exports too: a day lists the commits git log has for it")
  func fromExports() throws {
    let repo = try TemporaryRepository()
    let yesterday = Int(Date().timeIntervalSince1970) - 86_400
    try repo.commit(date: "\(yesterday) +0000", author: "Ada")
    try repo.commit(date: "\(yesterday + 60) +0000", author: "Bob")
    let export = repo.root.path + "/export.ndjson.gz"
    #expect(heatmap(["--format", "commits", "-o", export], in: repo.path).status == 0)
    let session = try Self.session(repo, arguments: "--from '\(export)'")
    var screen = try Self.screen(session, showing: "2 commits · ? for keys")
    #expect(screen.contains("\(repo.path) — 2 commits · ? for keys, q to quit"), "\(screen)")
    try session.run(["send-keys", "-t", "t", "k"])
    let hashes = try repo.git(["log", "--format=%H"]).split(separator: "\n").map {
      String($0.prefix(10))
    }
    screen = try Self.screen(session, showing: hashes[0])
    for hash in hashes { #expect(screen.contains(hash), "\(hash) \(screen)") }
    try session.run(["send-keys", "-t", "t", "q"])
    screen = try Self.screen(session, showing: "modes")
    #expect(screen.contains("icanon echo modes"), "\(screen)")
  }

  @Test("SIGTERM gives the terminal back too")
  func terminated() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "\(Int(Date().timeIntervalSince1970) - 3_600) +0000")
    let session = try Self.session(repo)
    var screen = try Self.screen(session, showing: "? for keys")
    #expect(screen.contains("? for keys"))
    let shell = try session.run(["list-panes", "-t", "t", "-F", "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let child = try TemporaryRepository.run(
      "/usr/bin/pgrep", ["-P", shell], in: "/", environment: ProcessInfo.processInfo.environment
    ).split(separator: "\n").first.flatMap { Int32($0) }
    let pid = try #require(child)
    kill(pid, SIGTERM)
    screen = try Self.screen(session, showing: "modes")
    #expect(screen.contains("icanon echo modes"), "\(screen)")
  }

  @Test("a day's commits scroll a page at a time with n and p")
  func scrolling() throws {
    let repo = try TemporaryRepository()
    // 10:00 to 10:29 yesterday (UTC, the commits' own zone), whatever the hour now: the cursor
    // goes up one day from today.
    let start = Int(Date().timeIntervalSince1970) / 86_400 * 86_400 - 86_400 + 36_000
    for index in 0..<30 {
      try repo.commit("change \(index)", date: "\(start + index * 60) +0000")
    }
    let session = try Self.session(repo)
    try session.run(["resize-window", "-t", "t", "-x", "100", "-y", "20"])
    try session.run(["send-keys", "-t", "t", "k"])
    var screen = try Self.screen(session, showing: "of 30 (n/p to scroll)")
    #expect(screen.contains("of 30 (n/p to scroll)"), "\(screen)")
    #expect(screen.contains("change 29") && !screen.contains("change 0\n"))
    for _ in 0..<6 { try session.run(["send-keys", "-t", "t", "n"]) }
    screen = try Self.screen(session, showing: "change 0\n")
    #expect(screen.contains("change 0"), "\(screen)")
    // The last page is a whole one, and says so honestly: it ends at 30 of 30, from further
    // up than 30.
    #expect(
      screen.contains(" of 30 (n/p to scroll)") && !screen.contains("commits 30-30"), "\(screen)")
    try session.run(["send-keys", "-t", "t", "p"])
    try session.run(["send-keys", "-t", "t", "q"])
    screen = try Self.screen(session, showing: "modes")
    #expect(screen.contains("icanon echo modes"))
  }
}

@Suite("The terminal's background is asked without losing a key", .serialized)
struct TypeAheadTests {
  /// The screen once a line of it is exactly `line` (polled, ten seconds at most).
  static func screen(_ session: ShellSession, lineEqualTo line: String) throws -> String {
    var screen = ""
    for _ in 0..<200 {
      screen = try session.run(["capture-pane", "-t", "t", "-p"])
      if screen.split(separator: "\n").contains(where: { $0 == line }) { break }
      usleep(50_000)
    }
    return screen
  }

  /// A 256-color terminal that says nothing of its background but through OSC 11, in color (the
  /// test runner sets NO_COLOR), so that the background is asked for.
  static func terminalEnvironment(_ repo: TemporaryRepository) -> [String: String] {
    var environment = repo.environment
    environment["TERM"] = "xterm-256color"
    environment["COLORTERM"] = nil
    environment["COLORFGBG"] = nil
    environment["NO_COLOR"] = nil
    environment["PS1"] = "$ "
    return environment
  }

  @Test("a command typed while git-heatmap runs in a terminal still runs after it")
  func typedAhead() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "\(Int(Date().timeIntervalSince1970) - 86_400) +0000")
    let environment = Self.terminalEnvironment(repo)
    let session = try ShellSession(
      command: "bash --norc --noprofile", directory: repo.path, environment: environment)
    // The keys are typed while the run waits (the sleep stands for a long walk): they are in
    // the terminal's input when the background is asked for.
    try session.run([
      "send-keys", "-t", "t", "sleep 1; '\(try builtExecutable())' --weeks 4; echo RAN-\("ONE")",
      "Enter",
    ])
    try session.run(["send-keys", "-t", "t", "echo TYPED-\("AHEAD")", "Enter"])
    let screen = try Self.screen(session, lineEqualTo: "TYPED-AHEAD")
    #expect(screen.split(separator: "\n").contains("RAN-ONE"), "\(screen)")
    #expect(screen.split(separator: "\n").contains("TYPED-AHEAD"), "\(screen)")
    #expect(screen.contains("Less "), "the graph was drawn: \(screen)")
  }

  @Test("under git's pager the terminal is still asked, through /dev/tty: light stays light")
  func underPager() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "\(Int(Date().timeIntervalSince1970) - 86_400) +0000")
    let environment = Self.terminalEnvironment(repo)
    // The empty days' colour: the palette fitted to the background the terminal reports.
    let black = ANSIColor.ramp256(
      Palette.githubDark.fitted(toBackground: RGB(red: 0, green: 0, blue: 0)).levels)[0]
    for (background, empty) in [("#ffffff", "38;5;255m"), ("#000000", "38;5;\(black)m")] {
      let session = try ShellSession(
        command: "bash --norc --noprofile", directory: repo.path, environment: environment)
      try session.run(["select-pane", "-t", "t", "-P", "bg=\(background)"])
      // As git runs it under its pager: stdout a pipe, GIT_PAGER_IN_USE set.
      try session.run([
        "send-keys", "-t", "t",
        "GIT_PAGER_IN_USE=true '\(try builtExecutable())' --weeks 2 | cat; echo END-\("RUN")",
        "Enter",
      ])
      _ = try Self.screen(session, lineEqualTo: "END-RUN")
      let colored = try session.run(["capture-pane", "-t", "t", "-p", "-e"])
      #expect(colored.contains(empty), "\(background): \(colored)")
    }
  }
}
