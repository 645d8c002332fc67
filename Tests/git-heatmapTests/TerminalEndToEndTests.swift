import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// The built executable, beside the test bundle.
func builtExecutable() throws -> String {
  // Another build (an older commit's, say, to see a new test fail there) may be named instead.
  if let other = ProcessInfo.processInfo.environment["GIT_HEATMAP_TEST_BINARY"], !other.isEmpty {
    return other
  }
  let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  var directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
  if directory.lastPathComponent == "MacOS" || directory.pathExtension == "xctest" {
    directory.deleteLastPathComponent()
  }
  let path = directory.appendingPathComponent("git-heatmap").path
  guard FileManager.default.isExecutableFile(atPath: path) else {
    throw TemporaryRepository.CommandError(description: "git-heatmap is not built at \(path)")
  }
  return path
}

/// Ends a tmux server and the processes in its panes for sure. A process the test runner starts
/// inherits a mask that blocks most signals, and a tmux server started so does not end on
/// `kill-server`; SIGKILL cannot be blocked.
func endTmuxServer(_ run: ([String]) throws -> String) {
  let panes = (try? run(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? ""
  let server = (try? run(["display-message", "-p", "#{pid}"])) ?? ""
  for pid in (panes + "\n" + server).split(separator: "\n").compactMap({ Int32($0) }) {
    kill(pid, SIGKILL)
  }
  _ = try? run(["kill-server"])
}

/// Starts a tmux server (`tmux -L socket`), running `command` in a detached session. The server
/// outlives the command that starts it: it must not hold open any descriptor that Foundation's
/// Process watches, or waiting for the starter lasts as long as the server; so the starting
/// shell closes every inherited descriptor above 2 first.
func startTmuxServer(
  _ tmuxArguments: [String], environment: [String: String], directory: String = "/"
) throws {
  let start = (["tmux"] + tmuxArguments)
    .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
  let starter = Process()
  starter.executableURL = URL(fileURLWithPath: "/bin/bash")
  let closeInherited =
    "for fd in $(ls /proc/$$/fd); do [ $fd -gt 2 ] && eval \"exec $fd>&-\" 2>/dev/null; done; "
  starter.arguments = ["-c", closeInherited + start]
  starter.environment = environment
  starter.currentDirectoryURL = URL(fileURLWithPath: directory)
  starter.standardInput = FileHandle.nullDevice
  starter.standardOutput = FileHandle.nullDevice
  starter.standardError = FileHandle.nullDevice
  try starter.run()
  starter.waitUntilExit()
}

@Suite("The terminal graph, end to end", .serialized)
struct TerminalEndToEndTests {
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let now = Int64(Date().timeIntervalSince1970)
    for index in 0..<40 {
      try repo.commit(date: "\(now - Int64(index * index) * 7_000) +0000")
    }
    return repo
  }

  /// Runs the binary in a tmux pane of the given size and returns the screen, with and without
  /// its colors.
  static func inTmux(
    columns: Int, rows: Int, directory: String, command: [String], environment: [String: String],
    configuration: String = "", after: String = ""
  ) throws -> (plain: String, colored: String) {
    let socket = "heatmap-test-\(UUID().uuidString.prefix(8))"
    let configFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      socket + ".conf"
    ).path
    try configuration.write(toFile: configFile, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: configFile) }
    let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
      separator: " ")
    let marker = FileManager.default.temporaryDirectory.appendingPathComponent(socket + ".done")
      .path
    let script = "cd '\(directory)' && \(quoted); \(after) touch '\(marker)'; sleep 60"
    var tmuxEnvironment = environment
    tmuxEnvironment["TMUX"] = nil
    let run = { (arguments: [String]) throws -> String in
      try TemporaryRepository.run(
        "/usr/bin/tmux", ["-L", socket, "-f", configFile] + arguments, in: directory,
        environment: tmuxEnvironment)
    }
    try startTmuxServer(
      [
        "-L", socket, "-f", configFile, "new-session", "-d", "-s", "t", "-x", "\(columns)",
        "-y", "\(rows)", script,
      ], environment: tmuxEnvironment, directory: directory)
    defer { endTmuxServer(run) }
    defer { try? FileManager.default.removeItem(atPath: marker) }
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: marker) && Date() < deadline {
      usleep(50_000)
    }
    let plain = try run(["capture-pane", "-t", "t", "-p"])
    let colored = try run(["capture-pane", "-t", "t", "-p", "-e"])
    return (plain, colored)
  }

  /// The legend's five cells as tmux shows them (`capture-pane -e`): each cell's colour on
  /// `background` (xterm's palette for 16 and 256 colours, dim half way to the background) and
  /// its glyph.
  static func legendCells(_ colored: String, background: RGB) -> [(color: RGB, glyph: Character)] {
    guard let line = colored.split(separator: "\n").first(where: { $0.contains("Less") }) else {
      return []
    }
    let text = String(line)
    let sixteen: [RGB] = [
      "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
      "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
    ].compactMap(RGB.init(parsing:))
    func indexed(_ index: Int) -> RGB {
      if index < 16 { return sixteen[index] }
      if index >= 232 {
        let value = UInt8(8 + 10 * (index - 232))
        return RGB(red: value, green: value, blue: value)
      }
      let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
      let cube = index - 16
      return RGB(red: steps[cube / 36], green: steps[cube / 6 % 6], blue: steps[cube % 6])
    }
    var (foreground, dim) = (RGB?.none, false)
    var cells: [(RGB, Character)] = []
    var index = text.startIndex
    let afterLess = text.range(of: "Less")?.upperBound ?? text.startIndex
    let beforeMore = text.range(of: "More")?.lowerBound ?? text.endIndex
    while index < text.endIndex {
      if text[index] == "\u{1B}", let end = text[index...].firstIndex(of: "m") {
        let codes = text[text.index(index, offsetBy: 2)..<end].split(
          separator: ";", omittingEmptySubsequences: false
        ).map { Int($0) ?? 0 }
        var k = 0
        while k < codes.count {
          switch codes[k] {
          case 0: (foreground, dim) = (nil, false)
          case 2: dim = true
          case 22: dim = false
          case 39: foreground = nil
          case 30...37: foreground = sixteen[codes[k] - 30]
          case 90...97: foreground = sixteen[codes[k] - 82]
          case 38 where k + 2 < codes.count && codes[k + 1] == 5:
            foreground = indexed(codes[k + 2])
            k += 2
          case 38 where k + 4 < codes.count && codes[k + 1] == 2:
            foreground = RGB(
              red: UInt8(clamping: codes[k + 2]), green: UInt8(clamping: codes[k + 3]),
              blue: UInt8(clamping: codes[k + 4]))
            k += 4
          default: break
          }
          k += 1
        }
        index = text.index(after: end)
        continue
      }
      if index >= afterLess && index < beforeMore && text[index] != " ", let color = foreground {
        cells.append((dim ? color.mixed(with: background, fraction: 0.5) : color, text[index]))
      }
      index = text.index(after: index)
    }
    return cells
  }

  @Test(
    "in tmux at 16, 256 and 24-bit colour on a light and a dark background: neighbouring levels apart, each busier one standing out more",
    .enabled(
      if: Tools.isInstalled("/usr/bin/tmux"), "tmux is not installed (Scripts/test installs it)"),
    arguments: ["xterm", "xterm-256color", "truecolor"].flatMap { depth in
      ["#ffffff", "#101010"].map { (depth, $0) }
    })
  func levelsApart(depth: String, background hex: String) throws {
    let term = depth == "xterm" ? "xterm" : "xterm-256color"
    let colorTerm = depth == "truecolor" ? "truecolor" : nil
    let repo = try Self.repository()
    var environment = repo.environment
    environment["TERM"] = term
    environment["COLORTERM"] = colorTerm
    for key in ["COLUMNS", "NO_COLOR", "CLICOLOR_FORCE", "FORCE_COLOR", "COLORFGBG"] {
      environment[key] = nil
    }
    let screen = try Self.inTmux(
      columns: 100, rows: 20, directory: repo.path,
      command: [try builtExecutable(), "--weeks", "20"], environment: environment,
      configuration: "set -g window-style 'bg=\(hex)'\n")
    let background = try #require(RGB(parsing: hex))
    let cells = Self.legendCells(screen.colored, background: background)
    try #require(cells.count == 5, "\(screen.colored)")
    let sizes: [Character: Int] = ["·": 0, "▪": 1, "■": 2, "▆": 3]
    func deltaE(_ x: RGB, _ y: RGB) -> Double {
      let (a, b) = (x.oklab, y.oklab)
      return
        ((a.lightness - b.lightness) * (a.lightness - b.lightness) + (a.a - b.a) * (a.a - b.a)
        + (a.b - b.b) * (a.b - b.b)).squareRoot()
    }
    for level in 1...4 {
      let (before, after) = (cells[level - 1], cells[level])
      let apart = deltaE(before.color, after.color)
      let grows = (sizes[after.glyph] ?? 0) > (sizes[before.glyph] ?? 0)
      #expect(apart >= 0.04 || grows, "\(term) \(hex): levels \(level - 1) and \(level)")
      guard level >= 2 else { continue }
      let (was, now) = (
        before.color.contrast(with: background), after.color.contrast(with: background)
      )
      #expect(
        now > was + 0.05 || (abs(now - was) <= 0.05 && grows),
        "\(term) \(colorTerm ?? "") \(hex): level \(level) \(now) against \(was)")
    }
  }

  @Test(
    "in a real 80×20 terminal: colors, a graph that fits, the newest weeks",
    .enabled(
      if: Tools.isInstalled("/usr/bin/tmux"), "tmux is not installed (Scripts/test installs it)"))
  func tmux() throws {
    let repo = try Self.repository()
    var environment = repo.environment
    environment["TERM"] = "xterm-256color"
    environment["COLORTERM"] = "truecolor"
    environment["COLUMNS"] = nil
    environment["NO_COLOR"] = nil
    let screen = try Self.inTmux(
      columns: 80, rows: 20, directory: repo.path, command: [try builtExecutable()],
      environment: environment)
    let lines = screen.plain.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "40 commits in the last year")
    #expect(lines[3].hasPrefix("Mon "))
    #expect(lines[5].hasPrefix("Wed "))
    #expect(lines[7].hasPrefix("Fri "))
    #expect(lines[9].hasPrefix("newest 38 of 53 weeks"))
    #expect(lines[9].hasSuffix("Less ■ ■ ■ ■ ■ More"))
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(screen.colored.contains("\u{1B}[38;2;"))
  }

  @Test(
    "the terminal's own background (OSC 11) picks the palette and fits it, graph and calendar; modes restored",
    arguments: [("#ffffff", "235;237;240", "0;15"), ("#101010", "22;27;34", "15;0")])
  func askedBackground(background: String, emptyCell: String, staleColorFGBG: String) throws {
    let repo = try Self.repository()
    var environment = repo.environment
    environment["TERM"] = "xterm-256color"
    environment["COLORTERM"] = "truecolor"
    // A COLORFGBG that says the opposite: what the terminal answers wins.
    environment["COLORFGBG"] = staleColorFGBG
    for key in ["COLUMNS", "NO_COLOR", "CLICOLOR_FORCE", "FORCE_COLOR"] { environment[key] = nil }
    for layout in ["github", "calendar"] {
      let screen = try Self.inTmux(
        columns: 100, rows: 40, directory: repo.path,
        command: [try builtExecutable(), "--layout", layout, "--weeks", "4"],
        environment: environment, configuration: "set -g window-style 'bg=\(background)'\n",
        after: "stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' ';")
      if layout == "github" {
        // The graph's empty days are the reported background lifted as GitHub's are from its
        // own (white is GitHub's own: unchanged).
        let fitted = try #require(
          RGB(parsing: background).map {
            (background == "#ffffff" ? Palette.github : Palette.githubDark).fitted(toBackground: $0)
              .levels[0]
          })
        #expect(
          screen.colored.contains("38;2;\(fitted.red);\(fitted.green);\(fitted.blue)m"),
          "\(background)")
      } else {
        #expect(screen.colored.contains("48;2;\(emptyCell)m"), "\(background) calendar")
      }
      // The terminal is given back in canonical mode with echo.
      #expect(screen.plain.contains("icanon echo"), "\(screen.plain)")
    }
  }

  @Test("NO_COLOR, a pipe, TERM=dumb and --color never write no escape byte; --color always does")
  func noColor() throws {
    let repo = try Self.repository()
    let binary = try builtExecutable()
    var base = repo.environment
    for key in ["NO_COLOR", "CLICOLOR_FORCE", "FORCE_COLOR", "COLORTERM", "COLUMNS"] {
      base[key] = nil
    }
    func run(_ arguments: [String], _ extra: [String: String]) throws -> String {
      try TemporaryRepository.run(
        binary, arguments, in: repo.path, environment: base.merging(extra) { $1 })
    }
    #expect(!(try run([], ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"])).utf8.contains(0x1B))
    #expect(!(try run([], [:])).utf8.contains(0x1B))
    #expect(!(try run(["--color", "never"], ["FORCE_COLOR": "1"])).utf8.contains(0x1B))
    #expect(try run([], ["CLICOLOR_FORCE": "1"]).utf8.contains(0x1B))
    #expect(try run(["--color", "always"], ["NO_COLOR": "1"]).utf8.contains(0x1B))
    #expect(!(try run(["--format", "summary", "--color", "always"], [:])).utf8.contains(0x1B))
  }

  @Test("the color decision, case by case")
  func colorDecision() {
    typealias Case = (
      mode: String, environment: [String: String], isTerminal: Bool,
      expected: TerminalOptions.ColorDepth
    )
    let cases: [Case] = [
      ("auto", ["TERM": "xterm"], true, .basic16),
      ("auto", ["TERM": "xterm-256color"], true, .indexed256),
      ("auto", ["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, .truecolor),
      ("auto", ["TERM": "xterm", "TERM_PROGRAM": "Apple_Terminal"], true, .indexed256),
      ("auto", ["TERM": "dumb"], true, .none),
      ("auto", ["TERM": "xterm", "NO_COLOR": "1"], true, .none),
      ("auto", ["TERM": "xterm", "NO_COLOR": ""], true, .basic16),
      ("auto", ["TERM": "xterm"], false, .none),
      ("auto", ["CLICOLOR_FORCE": "1"], false, .basic16),
      ("auto", ["FORCE_COLOR": "3"], false, .truecolor),
      ("auto", ["FORCE_COLOR": "0"], false, .none),
      ("never", ["FORCE_COLOR": "1"], true, .none),
      ("always", ["NO_COLOR": "1"], false, .basic16),
    ]
    for item in cases {
      #expect(
        Appearance.colorDepth(
          mode: GitColorConfig.Mode(rawValue: item.mode)!, environment: item.environment,
          stdoutIsTerminal: item.isTerminal)
          == item.expected, "\(item)")
    }
    #expect(
      Appearance.width(environment: ["COLUMNS": "100"], terminalColumns: 60, isTerminal: true)
        == 100)
    #expect(
      Appearance.width(environment: ["COLUMNS": "x"], terminalColumns: 60, isTerminal: true) == 60)
    #expect(Appearance.width(environment: [:], terminalColumns: nil, isTerminal: true) == 80)
    // Not a terminal: nothing is cut, unless COLUMNS says so.
    #expect(
      Appearance.width(environment: [:], terminalColumns: nil, isTerminal: false)
        == Appearance.unlimitedWidth)
    #expect(
      Appearance.width(environment: ["COLUMNS": "40"], terminalColumns: nil, isTerminal: false)
        == 40)
    let white = RGB(red: 255, green: 255, blue: 255)
    let solarizedLight = RGB(red: 0xFD, green: 0xF6, blue: 0xE3)
    let black = RGB(red: 0, green: 0, blue: 0)
    #expect(
      Appearance.terminalIsDark(environment: ["COLORFGBG": "0;15"], reportedBackground: nil)
        == false)
    #expect(
      Appearance.terminalIsDark(environment: ["COLORFGBG": "15;0"], reportedBackground: nil)
        == true)
    #expect(Appearance.terminalIsDark(environment: [:], reportedBackground: nil) == true)
    // What the terminal reports wins over a stale COLORFGBG.
    #expect(
      Appearance.terminalIsDark(environment: ["COLORFGBG": "15;0"], reportedBackground: white)
        == false)
    #expect(
      Appearance.terminalIsDark(environment: [:], reportedBackground: solarizedLight) == false)
    #expect(
      Appearance.terminalIsDark(environment: ["COLORFGBG": "0;15"], reportedBackground: black)
        == true)
    #expect(
      TerminalBackground.parse(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8)) == white)
    #expect(TerminalBackground.parse(Array("\u{1B}]11;rgb:0/0/0\u{07}".utf8)) == black)
    #expect(
      TerminalBackground.parse(Array("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\\u{1B}[?62c".utf8))
        == solarizedLight)
    #expect(TerminalBackground.parse(Array("\u{1B}[?1;2c".utf8)) == nil)
  }

  @Test("a long window is drawn one calendar year per graph, each with its total")
  func longWindow() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1577880000 +0000")  // 2020-01-01
    try repo.commit(date: "1609502400 +0000")  // 2021-01-01
    try repo.commit(date: "1609588800 +0000")  // 2021-01-02
    let result = heatmap(
      ["--since", "2020-01-01", "--until", "2021-06-30", "--color", "never"], in: repo.path,
      environment: ["COLUMNS": "120"])
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "3 commits between 1 January 2020 and 30 June 2021")
    #expect(lines.contains("2020: 1 commit"))
    #expect(lines.contains("2021: 2 commits"))
  }

  @Test("the summary a screen reader reads: one line for the window, one per month")
  func summary() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1741003200 +0000")  // Monday 2025-03-03
    try repo.commit(date: "1741089600 +0000")  // Tuesday 2025-03-04
    try repo.commit(date: "1741093200 +0000")
    let result = heatmap(
      ["--format", "summary", "--since", "2025-02-01", "--until", "2025-04-30"], in: repo.path,
      now: CalendarEndToEndTests.june2025)
    #expect(
      result.stdout == """
        Activity between 1 February and 30 April 2025: 3 commits on 2 days
        Longest streak 2 days, from Monday, 3 March 2025 to Tuesday, 4 March 2025. Busiest day Tuesday, 4 March 2025 (2 commits).
        February 2025: no commits
        March 2025: 3 commits on 2 days, busiest day Tuesday, 4 March 2025 (2 commits)
        April 2025: no commits

        """)
  }
}

@Suite("The calendar layout, end to end")
struct CalendarEndToEndTests {
  /// A day after the windows these tests draw (a window may not start after today).
  static let june2025 = Date(timeIntervalSince1970: 1_750_000_000)

  @Test("--format summary with --layout calendar lists every active day under its month")
  func summaryListsDays() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1741003200 +0000")  // Monday 2025-03-03
    try repo.commit(date: "1741089600 +0000")  // Tuesday 2025-03-04
    try repo.commit(date: "1741093200 +0000")
    try repo.commit(date: "1743854400 +0000")  // Saturday 2025-04-05
    let result = heatmap(
      [
        "--format", "summary", "--layout", "calendar", "--since", "2025-03-01", "--until",
        "2025-04-30",
      ],
      in: repo.path, now: Self.june2025)
    #expect(
      result.stdout == """
        Activity between 1 March and 30 April 2025: 4 commits on 3 days
        Longest streak 2 days, from Monday, 3 March 2025 to Tuesday, 4 March 2025. Busiest day Tuesday, 4 March 2025 (2 commits).
        March 2025: 3 commits on 2 days, busiest day Tuesday, 4 March 2025 (2 commits)
          Monday, 3 March 2025: 1 commit
          Tuesday, 4 March 2025: 2 commits
        April 2025: 1 commit on 1 day, busiest day Saturday, 5 April 2025 (1 commit)
          Saturday, 5 April 2025: 1 commit

        """)
    let svg = heatmap(
      [
        "--layout", "calendar", "--format", "svg", "--since", "2025-03-01", "--until", "2025-04-30",
      ], in: repo.path, now: Self.june2025)
    #expect(svg.stdout.contains("<title>Tuesday, 4 March 2025: 2 commits</title>"))
    #expect(try Tools.svglint(svg.stdout) == nil)
    let bad = heatmap(["--layout", "calendar", "--palette", "#fff"], in: repo.path)
    #expect(bad.status == 64)
    let stops = heatmap(
      ["--layout", "calendar", "--palette", "#fff,#000", "--format", "svg"], in: repo.path)
    #expect(stops.status == 0)
  }
}
