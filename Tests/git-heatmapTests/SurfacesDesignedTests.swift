import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// Every surface looked at as a designer would: the terminal's levels told apart in 16 colours
/// on dark and light backgrounds, a steady hue in 256, a grey background's empty days, the
/// calendar's scale, transparent images, headings by author, days still to come and `-i`'s
/// cursor. Colours are computed from what the command wrote (xterm's own palette for the 16
/// colours), never eyeballed.
@Suite("Every surface, designed", .serialized)
struct SurfacesDesignedTests {
  /// A year of commits, one to six a day on most days and one day of 40, by three people.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var commits: [TemporaryRepository.ImportedCommit] = []
    let people = [
      "Ada Lovelace <ada@example.com>", "Grace Brewster Murray Hopper <grace@example.com>",
      "Barbara Liskov <barbara@example.com>",
    ]
    let start = 1_704_067_200  // 2024-01-01
    for day in 0..<350 where day % 5 != 3 {
      let many = day == 200 ? 40 : 1 + (day * 7) % 6
      for index in 0..<many {
        commits.append(
          .init(
            author: people[(day + index) % 3], time: start + day * 86_400 + 36_000 + index * 60,
            offset: "+0000", message: "change \(day).\(index)"))
      }
    }
    try repo.importLine(commits)
    try repo.git(["reset", "-q", "--hard"])
    return repo
  }

  /// One in-process run with a terminal on stdout that reports `background` (OSC 11).
  static func onTerminal(
    _ arguments: [String], in directory: String, environment: [String: String],
    background: RGB?
  ) -> RunResult {
    var context = RunContext(
      arguments: arguments, environment: Tools.hermeticEnvironment.merging(environment) { $1 },
      currentDirectory: directory)
    context.now = Date(timeIntervalSince1970: 1_735_000_000)
    context.localTimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    context.stdoutIsTerminal = true
    context.terminalBackground = { background }
    let out = StringSink()
    let err = StringSink()
    let status = Command.run(context, stdout: out, stderr: err)
    return RunResult(status: status, stdout: out.text, stderr: err.text)
  }

  /// The legend's five cells, `Less … More`: each cell's SGR parameters and glyph.
  static func legend(_ output: String) -> [(codes: String, glyph: String)] {
    guard let line = output.split(separator: "\n").first(where: { $0.contains("Less ") }),
      let regex = try? NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m([^\u{1B}]+)\u{1B}\\[0m")
    else { return [] }
    let text = String(line)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      guard let codes = Range($0.range(at: 1), in: text),
        let glyph = Range($0.range(at: 2), in: text)
      else { return nil }
      return (String(text[codes]), String(text[glyph]))
    }
  }

  /// The colour xterm's default palette shows for 16-colour SGR `codes` on `background`: dim
  /// (2) halfway to the background, bold (1) no change of colour.
  static func xterm(_ codes: String, on background: RGB) -> RGB? {
    let colors: [String: RGB] = [
      "90": RGB(red: 0x7F, green: 0x7F, blue: 0x7F), "32": RGB(red: 0, green: 0xCD, blue: 0),
      "92": RGB(red: 0, green: 0xFF, blue: 0),
    ]
    let parts = codes.split(separator: ";").map(String.init)
    guard let color = parts.compactMap({ colors[$0] }).first else { return nil }
    return parts.contains("2") ? color.mixed(with: background, fraction: 0.5) : color
  }

  /// How much of its cell a glyph fills, in order.
  static let glyphSizes = ["·": 0, "▪": 1, "■": 2, "▆": 3]

  @Test(
    "16 colours: five levels told apart on a dark and a light background, each busier level standing out more",
    arguments: [
      ("15;0", RGB(red: 0, green: 0, blue: 0)), ("0;15", RGB(red: 255, green: 255, blue: 255)),
    ]
  )
  func sixteenColours(_ colorFGBG: String, _ background: RGB) throws {
    let repo = try Self.repository()
    let result = heatmap(
      ["--color", "always", "--year", "2024"], in: repo.path,
      environment: ["TERM": "xterm", "COLORFGBG": colorFGBG])
    let cells = Self.legend(result.stdout)
    try #require(cells.count == 5, "\(result.stdout)")
    // Each level: how far it stands from the background, then how much of the cell it fills.
    let prominence = try cells.map { cell -> (Double, Int) in
      let color = try #require(Self.xterm(cell.codes, on: background), "\(cell)")
      return (color.contrast(with: background), Self.glyphSizes[cell.glyph] ?? -1)
    }
    for level in 2...4 {
      let (before, after) = (prominence[level - 1], prominence[level])
      #expect(
        after.0 > before.0 + 0.05 || (abs(after.0 - before.0) <= 0.05 && after.1 > before.1),
        "background \(colorFGBG): level \(level) \(cells[level]) against \(cells[level - 1])")
    }
    #expect(Set(cells.map { "\($0.codes) \($0.glyph)" }).count == 5)
  }

  @Test(
    "a grey terminal background (Nord, Solarized dark) is the empty days' base, and level 1 keeps GitHub's contrast",
    arguments: ["#2e3440", "#002b36", "#282c34"])
  func greyBackground(_ hex: String) throws {
    let repo = try Self.repository()
    let background = try #require(RGB(parsing: hex))
    let result = Self.onTerminal(
      ["--year", "2024", "--color", "always"], in: repo.path,
      environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], background: background)
    let colors = try Self.legend(result.stdout).map { cell -> RGB in
      let parts = cell.codes.split(separator: ";").compactMap { UInt8($0) }
      try #require(parts.count == 5 && parts[0] == 38 && parts[1] == 2, "\(cell)")
      return RGB(red: parts[2], green: parts[3], blue: parts[4])
    }
    try #require(colors.count == 5, "\(result.stdout) \(result.stderr)")
    let github = Palette.githubDark
    // Empty days: lifted from this background as GitHub's are from its own, not a darker hole.
    let empty = colors[0].contrast(with: background)
    #expect(empty >= 1.04 && empty <= 1.2, "\(colors[0].hex) on \(hex): \(empty)")
    #expect(colors[0].luminance > background.luminance)
    for level in 1...4 {
      let own = github.levels[level].contrast(with: github.background)
      #expect(
        colors[level].contrast(with: background) >= own - 0.02,
        "level \(level) \(colors[level].hex) on \(hex)")
    }
  }

  @Test("a transparent SVG's greens follow the reader's scheme, light on dark and dark on light")
  func transparentGreens() throws {
    let repo = try Self.repository()
    let light = heatmap(
      ["--year", "2024", "--format", "svg", "--transparent"], in: repo.path
    ).stdout
    let dark = heatmap(
      ["--year", "2024", "--format", "svg", "--transparent", "--theme", "github-dark"],
      in: repo.path
    ).stdout
    func block(_ svg: String, _ scheme: String) -> String {
      guard let start = svg.range(of: "@media (prefers-color-scheme: \(scheme))") else { return "" }
      return String(svg[start.upperBound...].prefix(900))
    }
    for level in 1...4 {
      #expect(
        block(light, "dark").contains(".l\(level) { fill: \(Palette.githubDark.levels[level].hex)"),
        "\(block(light, "dark"))")
      #expect(
        block(dark, "light").contains(".l\(level) { fill: \(Palette.github.levels[level].hex)"),
        "\(block(dark, "light"))")
    }
  }

  @Test("a PNG that cannot follow its reader says so")
  func pngNote() throws {
    let repo = try Self.repository()
    for arguments in [["--theme", "auto"], ["--transparent"]] {
      let file = repo.root.appendingPathComponent("graph-\(UUID().uuidString).png").path
      let result = heatmap(["--year", "2024", "-o", file] + arguments, in: repo.path)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr.contains(
          "git-heatmap: note: a PNG cannot follow its reader's light or dark scheme: drawn for a light page"
        ), "\(arguments): \(result.stderr)")
    }
    let plain = heatmap(
      ["--year", "2024", "-o", repo.root.appendingPathComponent("plain.png").path], in: repo.path)
    #expect(!plain.stderr.contains("note:"))
  }

  @Test(
    "graphs by author: headings laid out to the canvas, whole names; the description names each")
  func byAuthorHeadings() throws {
    let repo = try Self.repository()
    let svg = heatmap(
      ["--by-author", "--top", "3", "--weeks", "4", "--format", "svg"],
      in: repo.path
    ).stdout
    let headings = svg.components(separatedBy: "font-weight=\"600\">").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    #expect(headings.filter { $0.contains(" commits (") }.count == 3, "\(headings)")
    #expect(
      headings.contains { $0.hasPrefix("Ada Lovelace · ") && $0.hasSuffix("%)") }, "\(headings)")
    #expect(headings.contains { $0.hasPrefix("Barbara Liskov · ") }, "\(headings)")
    #expect(!headings.contains { $0.contains("…") && $0.hasPrefix("Ada") }, "\(headings)")
    #expect(svg.contains("One graph each for "), "\(svg.prefix(2000))")
  }

  @Test(
    "days after today are drawn as days to come: an outline without a count in SVG, blank in the terminal"
  )
  func daysToCome() throws {
    let repo = try Self.repository()
    // The harness's today is 2024-12-24.
    let svg = heatmap(["--year", "2024", "--format", "svg"], in: repo.path).stdout
    #expect(svg.components(separatedBy: "class=\"future\"").count - 1 == 7)
    #expect(!svg.contains("Wednesday, 25 December 2024"))
    #expect(svg.contains("Tuesday, 24 December 2024: No contributions"))
    let text = heatmap(
      ["--year", "2024", "--color", "never"], in: repo.path, environment: ["COLUMNS": "200"]
    ).stdout
    // Every Monday of 2024 up to the 23rd is drawn (52 of them); the 30th is to come.
    let monday = try #require(text.split(separator: "\n").first { $0.hasPrefix("Mon ") })
    #expect(monday.dropFirst(4).filter { $0 != " " }.count == 52, "\(text)")
  }

  @Test("one style for dates, hours, headings and column names on every surface")
  func oneStyleOfWords() throws {
    let repo = try Self.repository()
    let window = ["--since", "2024-02-01", "--until", "2024-03-31"]
    let phrase = "between 1 February and 31 March 2024"
    // Dates: the window as sentences say it, in the terminal, the SVG and the page.
    let terminal = heatmap(window + ["--color", "never"], in: repo.path).stdout
    #expect(terminal.hasPrefix("168 commits \(phrase)\n"), "\(terminal.prefix(80))")
    let svg = heatmap(window + ["--format", "svg"], in: repo.path).stdout
    #expect(svg.contains(" commits \(phrase)</text>"), "\(svg.suffix(600))")
    let page = heatmap(window + ["--format", "html"], in: repo.path).stdout
    #expect(page.contains("\"phrase\":\"\(phrase)\""))
    #expect(page.contains("\"label\":\"1 February to 31 March 2024\""))
    // Month labels name their year as -i does (`Jan 2024`), not `Jan ’24`.
    #expect(page.contains("name += \" \" + label.year;") && !page.contains("slice(-2)"))
    // Hours: plain hours over the punch card's columns, two-digit ranges in its tooltips, and
    // the SVG says the total and the clock as the terminal does.
    let card = heatmap(window + ["--layout", "punchcard", "--format", "svg"], in: repo.path).stdout
    #expect(card.contains(">9</text>") && !card.contains(":00</text>"))
    #expect(card.contains("s 09:00–10:00: "), "\(card.prefix(3000))")
    #expect(card.contains(">168 commits \(phrase)</text>"), "\(card.suffix(900))")
    #expect(card.contains(">By weekday and hour, on each author&apos;s own clock</text>"))
    // Column names: the terminal's table and the page's, alike.
    let table = heatmap(window + ["--authors", "--color", "never"], in: repo.path).stdout
    let header = try #require(table.split(separator: "\n").dropFirst().first)
    for name in ["Author", "Commits", "Active days", "First day", "Last day"] {
      #expect(header.contains(name), "\(header)")
      // The page's sortable columns hold their name in a button.
      #expect(
        page.contains(">\(name)</th>") || page.contains(">\(name)</button></th>"), "\(name)")
    }
    // Headings are bold wherever there is colour, as the graph's.
    let colored = heatmap(
      window + ["--authors", "--color", "always"], in: repo.path, environment: ["TERM": "xterm"]
    ).stdout
    #expect(colored.hasPrefix("\u{1B}[1m"), "\(colored.prefix(40))")
    // A bare clone is named as its project is: `git.git` is `git`.
    let bare = repo.root.appendingPathComponent("project.git").path
    try repo.git(["clone", "-q", "--bare", repo.path, bare])
    let named = heatmap(window + ["--format", "svg"], in: bare).stdout
    #expect(named.contains("<title id=\"heatmap-title\">project</title>"), "\(named.prefix(600))")
  }

}
