import Foundation
import GitActivity
import TestSupport
import Testing

/// Lines a reader can read: Code frequency (additions up, deletions down, a week a bar), days
/// that removed more drawn red, levels that one import does not flatten, and words that say the
/// measure on every surface. The oracle for every figure is `git log --numstat`.
@Suite("Code frequency and the words of each measure")
struct CodeFrequencyTests {
  /// Ordinary days of a few lines for ten weeks, one import of 50,000 lines, one removal of
  /// 40,000, and a merge: all in 2024, one commit a day.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var day = 1_704_196_800  // Tuesday, 2 January 2024, 12:00 UTC
    func commit(_ message: String) throws {
      try repo.git(["add", "-A"])
      try repo.commit(message, date: "\(day) +0000")
      day += 86_400
    }
    for index in 0..<70 {
      let size = 3 + (index * 7) % 23
      try repo.write(
        "notes/\(index % 5).txt", (0..<size).map { "note \(index) \($0)\n" }.joined())
      try commit("ordinary \(index)")
    }
    try repo.write("vendor/big.txt", (0..<50_000).map { "vendored \($0)\n" }.joined())
    try commit("import")
    day += 20 * 86_400
    try repo.write("vendor/big.txt", (0..<10_000).map { "vendored \($0)\n" }.joined())
    try commit("remove most of it")
    try repo.git(["checkout", "-q", "-b", "side", "HEAD~3"])
    try repo.write("side.txt", "side\n")
    try commit("side")
    try repo.git(["checkout", "-q", "main"])
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "merge side", "side"],
      environment: ["GIT_AUTHOR_DATE": "\(day) +0000", "GIT_COMMITTER_DATE": "\(day) +0000"])
    return repo
  }

  static let year = ["--year", "2024"]

  /// git's lines per week starting on Sunday: (added, removed) by the week's first day in 2024.
  static func gitWeeks(_ repo: TemporaryRepository) throws -> [String: [Int]] {
    let log = try repo.git(["log", "--numstat", "--format=D %ad", "--date=format:%Y-%m-%d"])
    var weeks: [String: [Int]] = [:]
    var current = ""
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    for line in log.split(separator: "\n") {
      if line.hasPrefix("D ") {
        let date = formatter.date(from: String(line.dropFirst(2))) ?? Date()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let weekday = calendar.component(.weekday, from: date)
        var start = date.addingTimeInterval(-Double(weekday - 1) * 86_400)
        // The first week of the year starts on 1 January, as the graph's first column does.
        start = max(start, formatter.date(from: "2024-01-01") ?? start)
        current = formatter.string(from: start)
        continue
      }
      let fields = line.split(separator: "\t")
      guard fields.count == 3, let added = Int(fields[0]), let removed = Int(fields[1]) else {
        continue
      }
      weeks[current, default: [0, 0]][0] += added
      weeks[current, default: [0, 0]][1] += removed
    }
    return weeks
  }

  @Test("each week's lines added and removed equal git log --numstat's, in CSV and JSON")
  func weeksAgainstGit() throws {
    let repo = try Self.repository()
    let expected = try Self.gitWeeks(repo)
    let csv = heatmap(Self.year + ["--layout", "frequency", "--format", "csv"], in: repo.path)
    #expect(csv.status == 0, "\(csv.stderr)")
    var ours: [String: [Int]] = [:]
    for line in csv.stdout.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: ",")
      if let added = Int(parts[1]), let removed = Int(parts[2]), added + removed > 0 {
        ours[String(parts[0])] = [added, removed]
      }
    }
    #expect(ours == expected)
    #expect(csv.stdout.hasPrefix("week,insertions,deletions\n"))
    let json = heatmap(Self.year + ["--layout", "frequency", "--format", "json"], in: repo.path)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let weeks = try #require(object["weeks"] as? [[String: Any]])
    #expect(weeks.count == 53)
    let weekly: Int = weeks.compactMap { $0["insertions"] as? Int }.reduce(0, +)
    let daily: Int = ours.values.map { (row: [Int]) -> Int in row[0] }.reduce(0, +)
    #expect(weekly == daily)
  }

  @Test(
    "the import and the removal are both visible and told apart; ordinary days are not one level")
  func readerSeesImportAndRemoval() throws {
    let repo = try Self.repository()
    let svg = heatmap(Self.year + ["--measure", "lines", "--format", "svg"], in: repo.path).stdout
    let cells = try #require(SVGCells.parse(svg)).cells
    let byDate = Dictionary(uniqueKeysWithValues: cells.map { ($0.date, $0) })
    // 2024-03-12: the import, 50,000 lines added; 2024-04-02: 40,000 removed.
    #expect(byDate["2024-03-12"]?.level == 4)
    #expect(svg.contains(#"class="l4" data-date="2024-03-12""#), "the import is green")
    #expect(svg.contains(#"class="r4" data-date="2024-04-02""#), "the removal is red")
    #expect(svg.contains(">more removed than added</text>"))
    let ordinary = cells.filter { $0.date < "2024-03-12" && $0.count > 0 }.map(\.level)
    #expect(Set(ordinary).count >= 3, "ordinary days spread over the levels: \(Set(ordinary))")
    // Code frequency: both big weeks drawn to the edge, cut, with their figures.
    let chart = heatmap(
      Self.year + ["--layout", "frequency", "--format", "svg"], in: repo.path
    ).stdout
    #expect(
      chart.contains(">50.0k</text>") && chart.contains(">40.0k</text>"), "\(chart.prefix(400))")
    #expect(chart.components(separatedBy: #"class="notch""#).count - 1 == 2)
    let heights = chart.matches(
      of: /class="add" x="[0-9.]+" y="[0-9.]+" width="10" height="([0-9.]+)"/
    )
    .compactMap { Double($0.1) }
    #expect(heights.count >= 10 && Set(heights).count >= 4, "ordinary weeks differ: \(heights)")
    #expect(try Tools.svglint(chart) == nil)
    #expect(chart.contains("<title>Week of Sunday, 7 January 2024: "))
    #expect(chart.contains("No contributions"))
    // The terminal draws the same chart: up in one colour, down in another.
    let terminal = heatmap(
      Self.year + ["--layout", "frequency", "--color", "always"], in: repo.path,
      environment: ["TERM": "xterm-256color", "COLUMNS": "140"]
    ).stdout
    #expect(terminal.contains("█") && terminal.contains("▀") && terminal.contains("added"))
    #expect(terminal.contains("a full bar is"))
  }

  @Test(
    "every heading, title and sentence says the measure",
    arguments: ["commits", "lines", "insertions", "deletions"])
  func wordsOfTheMeasure(_ measure: String) throws {
    let repo = try Self.repository()
    let unit =
      [
        "commits": "commits", "lines": "lines", "insertions": "lines added",
        "deletions": "lines removed",
      ][measure] ?? ""
    let arguments = Self.year + ["--measure", measure, "--author", "Ada"]
    let svg = heatmap(arguments + ["--format", "svg"], in: repo.path)
    #expect(
      svg.stdout.contains("<title id=\"heatmap-title\">\(repo.root.lastPathComponent)") == false)
    #expect(svg.stdout.contains(" · \(unit) by Ada</title>"), "\(svg.stdout.prefix(600))")
    let description = try #require(svg.stdout.firstMatch(of: /<desc[^>]*>([^<]*)<\/desc>/)).1
    #expect(
      description.contains(measure == "commits" ? " commits" : " lines added and "),
      "\(description)")
    let summary = heatmap(arguments + ["--format", "summary"], in: repo.path).stdout
    if measure == "commits" {
      #expect(summary.contains("commits"))
    } else {
      #expect(summary.contains("lines added and"), "\(summary)")
      #expect(summary.contains("Busiest day") && summary.contains(" lines"))
    }
    let terminal = heatmap(arguments + ["--color", "never"], in: repo.path).stdout
    #expect(terminal.contains(measure == "commits" ? "commits" : "lines added and"))
  }

  @Test("--day under lines lists the most lines first and a merge's +0 −0 last")
  func dayOrder() throws {
    let repo = try TemporaryRepository()
    try repo.write("a", "1\n")
    try repo.git(["add", "-A"])
    try repo.commit("small", date: "1704196800 +0000")
    try repo.git(["checkout", "-q", "-b", "side"])
    try repo.write("b", (0..<30).map { "\($0)\n" }.joined())
    try repo.git(["add", "-A"])
    try repo.commit("big", date: "1704200400 +0000")
    try repo.git(["checkout", "-q", "main"])
    try repo.write("c", "1\n2\n3\n")
    try repo.git(["add", "-A"])
    try repo.commit("middle", date: "1704204000 +0000")
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "merge", "side"],
      environment: [
        "GIT_AUTHOR_DATE": "1704207600 +0000", "GIT_COMMITTER_DATE": "1704207600 +0000",
      ])
    let listed = heatmap(
      ["--day", "2024-01-02", "--measure", "lines", "--format", "csv"], in: repo.path
    ).stdout
    // The subject is the sixth column.
    let subjects = listed.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst(5).first.map(String.init)
        ?? ""
    }
    #expect(subjects.count == 4)
    #expect(subjects.last?.contains("merge") == true, "\(listed)")
    #expect(subjects.first?.contains("big") == true, "\(listed)")
    // Commits: newest first, as before.
    let plain = heatmap(["--day", "2024-01-02", "--format", "csv"], in: repo.path).stdout
    #expect(plain.split(separator: "\n").dropFirst().first?.contains("merge") == true, "\(plain)")
  }

  @Test("a measure of lines takes quantile levels by default; --scale still chooses")
  func quantileByDefault() throws {
    let repo = try Self.repository()
    func levels(_ arguments: [String]) throws -> [Int] {
      let svg = heatmap(
        Self.year + ["--measure", "lines", "--format", "svg"] + arguments, in: repo.path)
      return try #require(SVGCells.parse(svg.stdout)).cells.filter { $0.count > 0 }.map(\.level)
    }
    let quantile = try levels([])
    let quartered = Dictionary(grouping: quantile, by: { $0 }).mapValues(\.count)
    // A quarter of the active days a level (ties aside).
    #expect(quartered.count == 4 && quartered.values.allSatisfy { $0 >= quantile.count / 8 })
    // A linear scale, chosen, puts every ordinary day at level 1 beside the import.
    #expect(Set(try levels(["--scale", "linear"])).count <= 2)
  }
}
