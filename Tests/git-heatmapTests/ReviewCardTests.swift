import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

/// `--review`: the year in review. Every figure on the card is one the plain command gives
/// (the JSON's commits, streaks and busiest day, `--languages`, the year before's count by
/// git), the card fits its longest names and largest numbers, and under `--counts-only` no
/// name leaves.
@Suite("The year in review card")
struct ReviewCardTests {
  /// Two years of commits by three people, with lines in two languages: made once, each test
  /// given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var moment = 1_672_574_400  // Sunday, 1 January 2023, 12:00 UTC
    var index = 0
    while moment < 1_735_000_000 {
      let person = ["Ada", "Grace", "Linus"][index % 3]
      try repo.write("src/main.py", (0...(index % 17)).map { "print(\($0))\n" }.joined())
      if index % 4 == 0 {
        try repo.write("web/page.html", "<p>\(index)</p>\n")
      }
      try repo.git(["add", "-A"])
      try repo.commit(
        "change \(index)", date: "\(moment) +0000", author: person,
        email: person.lowercased() + "@example.com")
      moment += 86_400 * (1 + index % 3)
      index += 1
    }
    return repo
  }

  static let now = Date(timeIntervalSince1970: 1_735_000_000)  // 24 December 2024

  @Test(
    "every figure equals the plain command's: commits, lines, streaks, busiest day, languages, the year before"
  )
  func figuresAgree() throws {
    let repo = try Self.repository()
    let year = ["--year", "2024"]
    let summary = heatmap(["--review", "--format", "summary"] + year, in: repo.path, now: Self.now)
    #expect(summary.status == 0, "\(summary.stderr)")
    let card = summary.stdout
    let json = heatmap(
      ["--format", "json"] + year, in: repo.path, now: Self.now)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let commits = try #require(object["total"] as? Int)
    #expect(card.contains("Commits: \(Wording.grouped(commits))."), "\(card)")
    let streaks = try #require(object["streaks"] as? [String: Any])
    let longest = try #require((streaks["longest"] as? [String: Any])?["length"] as? Int)
    #expect(card.contains("Longest streak: \(Wording.count(longest, "day"))."))
    #expect(card.contains("Active days: \(object["activeDays"] as? Int ?? -1)."))
    let busiest = try #require(object["busiestDay"] as? [String: Any])
    let busiestDate = try #require(busiest["date"] as? String)
    let parts = busiestDate.split(separator: "-").compactMap { Int($0) }
    let day = Day(year: parts[0], month: parts[1], day: parts[2])
    #expect(
      card.contains(
        "Busiest day: \(Weekday(rawValue: day.weekday)?.shortName ?? "") \(day.dayOfMonth) \(HeatmapGrid.fullMonthNames[day.month - 1]) (\(Wording.count(busiest["count"] as? Int ?? 0, "commit")))"
      ),
      "\(card)")
    // Languages: the shares --languages gives.
    let languages = heatmap(
      ["--languages", "--format", "json"] + year, in: repo.path, now: Self.now)
    let table = try #require(
      try JSONSerialization.jsonObject(with: Data(languages.stdout.utf8)) as? [String: Any])
    let rows = try #require(table["languages"] as? [[String: Any]])
    #expect(rows.count == 2)
    for row in rows {
      let share = try #require(row["share"] as? Double)
      #expect(card.contains("\(row["name"] as? String ?? "?") \(String(format: "%.1f", share))%"))
    }
    // The year before, by git's own count of commits dated in 2023.
    // (git's --since reads a day as that day at the current time: the days are filtered here.)
    let before = try repo.gitDays().filter { $0.key.hasPrefix("2023-") }.values.reduce(0, +)
    #expect(card.contains("commits on the year before (\(Wording.grouped(before)))"), "\(card)")
    #expect(card.contains("People: Ada ("))
  }

  @Test(
    "the year before is counted in the card's own pass as a read of that year counts it: filters, bots, its last second",
    arguments: [
      [], ["--author", "Ada"], ["--no-bots"], ["--bots", "only"],
      ["--no-merges", "--author", "Grace"],
    ])
  func yearBeforeFiltered(_ filter: [String]) throws {
    let repo = try Self.repository()
    // At the edges of 2023: its last second (a bot's and Ada's commits), 2024's first.
    try repo.commit(
      "bump", date: "1704067199 +0000", author: "dependabot[bot]",
      email: "49699333+dependabot[bot]@users.noreply.github.com")
    try repo.commit("last", date: "1704067199 +0000", author: "Ada", email: "ada@example.com")
    try repo.commit("first", date: "1704067200 +0000", author: "Ada", email: "ada@example.com")
    let card = heatmap(
      ["--review", "--year", "2024", "--format", "summary"] + filter, in: repo.path, now: Self.now)
    #expect(card.status == 0, "\(card.stderr)")
    let plain = heatmap(
      ["--year", "2023", "--format", "json", "--no-cache"] + filter, in: repo.path, now: Self.now)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
    let before = try #require(object["total"] as? Int)
    #expect(before > 0)
    #expect(
      card.stdout.contains("on the year before (\(Wording.grouped(before)))"), "\(card.stdout)")
  }

  @Test(
    "the year before is counted in the review's own read: its commits equal a read of that year, its lines are neither counted nor cached"
  )
  func yearBeforeInOneRead() throws {
    let repo = try Self.repository()
    // Cached: the review's read is the first, so a lines cache it wrote wrongly would show.
    let card = heatmap(
      ["--review", "--year", "2024", "--format", "summary"], in: repo.path, now: Self.now)
    #expect(card.status == 0, "\(card.stderr)")
    func json(_ arguments: [String]) throws -> [String: Any] {
      let result = heatmap(arguments + ["--format", "json"], in: repo.path, now: Self.now)
      #expect(result.status == 0, "\(result.stderr)")
      return try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }
    let before = try json(["--year", "2023", "--no-cache"])
    let commitsBefore = try #require(before["total"] as? Int)
    #expect(commitsBefore > 100)
    #expect(
      card.stdout.contains("commits on the year before (\(Wording.grouped(commitsBefore)))"),
      "\(card.stdout)")
    // The card's lines are the plain command's.
    let lines = try json(["--year", "2024", "--measure", "lines"])
    let added = try #require(lines["insertions"] as? Int)
    let removed = try #require(lines["deletions"] as? Int)
    #expect(
      card.stdout.contains(
        "Lines: +\(ReportText.compact(added)) \u{2212}\(ReportText.compact(removed))."),
      "\(card.stdout)")
    // 2023's lines from the cache the review left are git's numstat (none cached at zero).
    let numstat = try repo.git([
      "log", "--numstat", "--format=", "--since=2023-01-01T00:00:00Z",
      "--until=2023-12-31T23:59:59Z",
    ])
    var gitAdded = 0
    var gitRemoved = 0
    for line in numstat.split(separator: "\n") {
      let parts = line.split(separator: "\t")
      if parts.count == 3, let plus = Int(parts[0]), let minus = Int(parts[1]) {
        gitAdded += plus
        gitRemoved += minus
      }
    }
    let cached = try json(["--year", "2023", "--measure", "lines"])
    #expect(gitAdded > 0)
    #expect(cached["insertions"] as? Int == gitAdded && cached["deletions"] as? Int == gitRemoved)
  }

  @Test(
    "--from an export: the same card as the repository's (languages aside), the year before too")
  func fromExport() throws {
    let repo = try Self.repository()
    let export = repo.path + "/../review-export.jsonl"
    let exported = heatmap(
      ["--format", "commits", "--measure", "lines", "-o", export], in: repo.path, now: Self.now)
    #expect(exported.status == 0, "\(exported.stderr)")
    let year = ["--year", "2024", "--format", "summary"]
    let direct = heatmap(["--review"] + year, in: repo.path, now: Self.now)
    let drawn = heatmap(["--review", "--from", export] + year, in: repo.path, now: Self.now)
    #expect(direct.status == 0 && drawn.status == 0, "\(drawn.stderr)")
    // An export holds no files: its card has no languages.
    let languages = #/Languages by lines changed: .*?%\. /#
    #expect(direct.stdout.contains(languages))
    #expect(direct.stdout.replacing(languages, with: "") == drawn.stdout)
    #expect(drawn.stdout.contains("commits on the year before ("))
    let page = heatmap(
      ["--review", "--from", export, "--year", "2024", "--format", "html"], in: repo.path,
      now: Self.now)
    #expect(page.status == 0, "\(page.stderr)")
    #expect(Self.pageCard(page.stdout) != nil)
  }

  /// The card a page holds, decoded from its `data:` URL; nil when the page has none.
  static func pageCard(_ page: String) -> String? {
    let prefix = "src=\"data:image/svg+xml;base64,"
    guard let start = page.range(of: prefix)?.upperBound,
      let end = page[start...].firstIndex(of: "\""),
      let bytes = Data(base64Encoded: String(page[start..<end]))
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("--format html: the year's page with the card as a section, the description its text")
  func pageSection() throws {
    let repo = try Self.repository()
    let year = ["--year", "2024"]
    let page = heatmap(["--review", "--format", "html"] + year, in: repo.path, now: Self.now)
    #expect(page.status == 0, "\(page.stderr)")
    let svg = heatmap(
      ["--review", "--format", "svg", "--theme", "auto"] + year, in: repo.path, now: Self.now)
    #expect(Self.pageCard(page.stdout) == svg.stdout)
    let summary = heatmap(["--review", "--format", "summary"] + year, in: repo.path, now: Self.now)
    let description = summary.stdout.trimmingCharacters(in: .newlines)
    #expect(page.stdout.contains(#"alt="\#(TextEscaping.xml(description))""#))
    #expect(page.stdout.contains(#"<h2 id="review-heading">Year in review</h2>"#))
    // The page is the year's: its heading counts the card's commits.
    let commits = try #require(
      description.split(separator: ".").first { $0.contains("Commits: ") }?
        .split(separator: " ").last)
    #expect(
      page.stdout.contains("<p id=\"headline\" aria-live=\"polite\">\(commits) commits in 2024"))
    // Only the review's page lets in an image, and only from a data: URL.
    #expect(page.stdout.contains("img-src data:;"))
    let plain = heatmap(["--format", "html"] + year, in: repo.path, now: Self.now)
    #expect(plain.stdout.contains("img-src 'none';") && !plain.stdout.contains("review-section"))
  }

  /// A card of the largest figures and the longest names, drawn by the library directly.
  static func extremeCard(theme: SVGOptions.Theme) -> String {
    let days = DayRange(
      first: Day(year: 2026, month: 1, day: 1), last: Day(year: 2026, month: 12, day: 31))
    let counts = (0..<days.count).map { $0 % 3 == 0 ? 9_999 : 0 }
    var activity = DailyActivity(days: days, counts: counts, authors: [])
    activity.insertions = counts.map { $0 * 27 }
    activity.deletions = counts.map { $0 * 25 }
    let window = WindowRequest(year: 2026).resolve(today: Day(year: 2026, month: 12, day: 24))
    let long = String(repeating: "W", count: 40)
    let report = ActivityReport(
      repositories: [long, long + "2"], window: window, zone: .author, activity: activity,
      today: Day(year: 2026, month: 12, day: 24))
    var card = ReviewCard(report: report, punchcard: nil)
    card.repositories = [(long, 9_999_999), (long + "2", 9_999_998)]
    card.people = [(long, 9_999_999), (long + "b", 1)]
    card.languages = [
      LanguageLines(
        language: Language(
          name: "Rich Text Format And Something Long", type: "markup", color: "#aabbcc"),
        insertions: 9_999_999, deletions: 9_999_999, changes: 1)
    ]
    card.previous = (9_999_999, nil)
    var options = SVGOptions()
    options.theme = theme
    return SVGRenderer(options: options).render(card)
  }

  @Test(
    "the longest names and largest numbers fit: no text past the card's edge, light and dark",
    arguments: [SVGOptions.Theme.github, .githubDark, .auto])
  func fits(_ theme: SVGOptions.Theme) throws {
    let svg = Self.extremeCard(theme: theme)
    let lint = try Tools.svglint(svg)
    #expect(lint == nil, "\(lint ?? "")")
    let width = 840.0
    for match in svg.matches(
      of:
        /<text class="[a-z]+" x="([0-9.]+)" y="[0-9.]+" font-size="([0-9.]+)"( font-weight="600")?( text-anchor="end")?>([^<]*)<\/text>/
    ) {
      let x = Double(match.1) ?? 0
      let size = Double(match.2) ?? 12
      let text = String(match.5).replacingOccurrences(of: "&amp;", with: "&")
      let right =
        match.4 == nil ? x + FontMetrics.width(of: text, size: size, bold: match.3 != nil) : x
      #expect(right <= width - 20, "\(text) ends at \(right)")
    }
    #expect(svg.contains("M \u{2212}"), "tens of millions of lines are written short")
    // Drawn at 1x: the card has its pixels, text and cells.
    let picture = try Tools.rasterize(svg)
    #expect(picture.width == 840)
  }

  @Test("under --counts-only no repository or person is named; the terminal says the same figures")
  func countsOnlyAndTerminal() throws {
    let repo = try Self.repository()
    let marker = "SECRET-REPO-7F3A"
    let folder = repo.root.appendingPathComponent(marker).path
    try FileManager.default.moveItem(atPath: repo.path, toPath: folder)
    let moved = TemporaryRepository(existing: folder, root: repo.root)
    for format in ["svg", "summary", "html"] {
      let result = heatmap(
        ["--review", "--year", "2024", "--counts-only", "--format", format], in: moved.path,
        now: Self.now)
      #expect(result.status == 0, "\(result.stderr)")
      // The page's card is an image in base64: read as well as the page.
      let text = result.stdout + (Self.pageCard(result.stdout) ?? "")
      #expect(format != "html" || Self.pageCard(result.stdout) != nil)
      for secret in [marker, "Ada", "Grace", "Linus", "example.com", "main.py"] {
        #expect(!text.contains(secret), "\(format) names \(secret)")
        #expect(!result.stderr.contains(secret), "\(format) names \(secret) on stderr")
      }
    }
    let terminal = heatmap(
      ["--review", "--year", "2024", "--color", "never"], in: moved.path,
      environment: ["COLUMNS": "120"], now: Self.now
    ).stdout
    #expect(terminal.hasPrefix("2024 in review · \(marker)"))
    #expect(terminal.contains("Languages by lines changed") && terminal.contains("Python"))
    let refused = heatmap(["--review", "--layout", "punchcard"], in: moved.path)
    #expect(refused.status == 64)
  }
}
