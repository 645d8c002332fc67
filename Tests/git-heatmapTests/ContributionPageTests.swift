import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// The contribution page (`--format html`) opened in a real browser: headless Chromium from
/// Debian, driven through chromedriver by `Tests/Browser/page.py`, which clicks, types, tabs and
/// switches years as a user would and reports what the page showed. What it showed is compared
/// with git (a day's commits) and with the command's own CSV, JSON and SVG (counts, levels,
/// statistics, the punch card), which the other suites compare with git.
@Suite("The contribution page in a browser", .serialized)
struct ContributionPageTests {
  static let people = [
    "Alice Zed <alice@example.com>", "Bob Young <bob@example.com>",
    "Carol Xu <carol@example.com>", "Dave Wu <dave@example.com>",
  ]
  static let offsets = ["+0000", "+0530", "-0700", "+0200", "-0330"]

  /// Two years of commits by four people in five zones, every seventh with a co-author.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    var time = 1_672_531_200  // 2023-01-01
    var commits: [TemporaryRepository.ImportedCommit] = []
    for index in 0..<420 {
      time += 3_600 * (1 + next(60))
      let person = people[next(people.count)]
      var message = "change \(index): \(["parse", "draw", "count", "fix"][next(4)]) things"
      if index % 7 == 0 { message += "\n\nCo-authored-by: Erin Vale <erin@example.com>" }
      commits.append(
        .init(
          author: person, time: time, offset: offsets[next(offsets.count)], message: message))
    }
    try repo.importLine(commits)
    try repo.git(["reset", "-q", "--hard"])
    return repo
  }

  /// The browser driver's answers to `plan`, one per step.
  static func browse(_ page: String, _ plan: [[String: Any]]) throws -> [Any] {
    let planFile = page + ".plan.json"
    try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planFile))
    defer { try? FileManager.default.removeItem(atPath: planFile) }
    let output = try TemporaryRepository.run(
      "/usr/bin/python3",
      [Tools.projectRoot.appendingPathComponent("Tests/Browser/page.py").path, page, planFile],
      in: URL(fileURLWithPath: page).deletingLastPathComponent().path,
      environment: ProcessInfo.processInfo.environment)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any])
  }

  /// A page written by the command into a fresh folder beside the repository.
  static func page(_ repo: TemporaryRepository, _ arguments: [String] = []) throws -> String {
    let path = repo.path + "/../page-\(UUID().uuidString).html"
    let result = heatmap(["-o", path] + arguments, in: repo.path, environment: repo.environment)
    #expect(result.status == 0, "\(result.stderr)")
    return path
  }

  /// A graph's cells as the driver reports them: date → (count, level).
  static func cells(_ answer: Any) -> [String: (count: Int, level: Int)] {
    var result: [String: (Int, Int)] = [:]
    for cell in (answer as? [String: Any])?["cells"] as? [[Any]] ?? [] {
      if let date = cell[0] as? String, let count = cell[1] as? Int, let level = cell[2] as? Int {
        result[date] = (count, level)
      }
    }
    return result
  }

  /// Every day of a `date,count` CSV.
  static func csvDays(_ csv: String) -> [String: Int] {
    var days: [String: Int] = [:]
    for line in csv.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: ",")
      if parts.count >= 2, let count = Int(parts[1]) { days[String(parts[0])] = count }
    }
    return days
  }

  func command(_ repo: TemporaryRepository, _ arguments: [String]) -> String {
    let result = heatmap(arguments, in: repo.path, environment: repo.environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  @Test(
    "clicking a day lists git's commits of it; another year, a person, the punch card and a month equal the command's"
  )
  func againstGit() throws {
    let repo = try Self.repository()
    let page = try Self.page(repo, ["--format", "html"])
    defer { try? FileManager.default.removeItem(atPath: page) }
    // The busiest day of 2024 in git's own count.
    let gitDays = try repo.gitDays()
    let busiest = try #require(
      gitDays.filter { $0.key.hasPrefix("2024") }.max { ($0.value, $0.key) < ($1.value, $1.key) })
    let plan: [[String: Any]] = [
      ["do": "open"], ["do": "cells"], ["do": "click", "date": busiest.key],
      ["do": "keys", "keys": ["ARROW_RIGHT", "ARROW_UP"] as [String]],
      ["do": "year", "label": "2023"], ["do": "type", "text": "alice"],
      ["do": "clear"], ["do": "month", "value": "2023-3"], ["do": "logs"],
    ]
    let answers = try Self.browse(page, plan)
    try #require(answers.count == 9)

    // The opening view is the command's default window, cell for cell and level for level.
    let shown = Self.cells(answers[1])
    let svg = try #require(SVGCells.parse(command(repo, ["--format", "svg"])))
    #expect(shown.count == svg.cells.count && shown.count > 360)
    for cell in svg.cells {
      #expect(shown[cell.date]?.count == cell.count && shown[cell.date]?.level == cell.level)
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(command(repo, ["--format", "json"]).utf8))
        as? [String: Any])
    let statistics = (answers[1] as? [String: Any])?["statistics"] as? String ?? ""
    let busiestDay = json["busiestDay"] as? [String: Any]
    #expect(statistics.contains("\(json["activeDays"] as? Int ?? -1) active days"))
    let busiestDate = try #require(Day(iso: busiestDay?["date"] as? String ?? ""))
    #expect(
      statistics.contains(
        "busiest day \(ReportText.date(busiestDate)) (\(busiestDay?["count"] as? Int ?? -1) commits)"
      ))
    let headline = (answers[1] as? [String: Any])?["headline"] as? String ?? ""
    #expect(headline == "\(json["total"] as? Int ?? -1) commits in the last year")

    // The day's commits are git's, newest first as --day lists them.
    let listed = try #require((answers[2] as? [String: Any])?["commits"] as? [[String: Any]])
    let gitIDs = try repo.git(["log", "--date=format:%Y-%m-%d", "--format=%ad %H"])
      .split(separator: "\n").filter { $0.hasPrefix(busiest.key) }.map { String($0.suffix(40)) }
    #expect(listed.count == busiest.value && busiest.value > 1)
    #expect(
      Set(listed.compactMap { $0["hash"] as? String }) == Set(gitIDs.map { String($0.prefix(10)) }))
    let dayList = command(repo, ["--day", busiest.key]).split(separator: "\n").dropFirst()
      .map { String($0.prefix(10)) }
    #expect(listed.compactMap { $0["hash"] as? String } == dayList)
    let totals = (answers[2] as? [String: Any])?["totals"] as? String ?? ""
    #expect(totals.hasPrefix("\(busiest.value) commits on the day"))

    // The arrow keys move a week right and a day up, and the list follows.
    let moved = try #require(answers[3] as? [String: Any])
    let target = try #require(Day(iso: busiest.key)).advanced(by: 6).iso
    #expect(moved["selected"] as? String == target && moved["focused"] as? String == target)
    #expect(((moved["commits"] as? [Any])?.count ?? -1) == gitDays[target] ?? 0)

    // 2023, as --year 2023 counts it.
    let year = Self.cells(answers[4])
    let yearCSV = Self.csvDays(command(repo, ["--year", "2023", "--format", "csv"]))
    #expect(year.count == 365 && year.mapValues(\.count) == yearCSV)
    let yearSVG = try #require(
      SVGCells.parse(command(repo, ["--year", "2023", "--format", "svg"])))
    #expect(yearSVG.cells.allSatisfy { year[$0.date]?.level == $0.level })
    let punchcard = (answers[4] as? [String: Any])?["punchcard"] as? [Int] ?? []
    let punchCSV = command(repo, ["--year", "2023", "--layout", "punchcard", "--format", "csv"])
      .split(separator: "\n").dropFirst().compactMap {
        $0.split(separator: ",").last.flatMap { Int($0) }
      }
    #expect(punchcard == punchCSV && punchcard.reduce(0, +) > 100, "\(punchcard) \(punchCSV)")

    // Typing a person redraws the year for the people who match, as --author does.
    let alice = Self.cells(answers[5])
    let aliceCSV = Self.csvDays(
      command(repo, ["--year", "2023", "--author", "alice", "--format", "csv"]))
    #expect(alice.mapValues(\.count) == aliceCSV && aliceCSV.values.reduce(0, +) > 20)
    let rows = (answers[5] as? [String: Any])?["people"] as? [[String]] ?? []
    #expect(rows.count == 1 && rows.first?.first?.hasPrefix("Alice Zed") == true)
    #expect(Self.cells(answers[6]).mapValues(\.count) == yearCSV)

    // March 2023 as a calendar: a tile a day, each with the day's count.
    let month = try #require(answers[7] as? [String: Any])
    let tiles = month["tiles"] as? [[Any]] ?? []
    #expect(month["caption"] as? String == "March 2023" && tiles.count == 31)
    for tile in tiles {
      let day = Int(tile[0] as? String ?? "") ?? 0
      let date = String(format: "2023-03-%02d", day)
      #expect(tile[1] as? Int == yearCSV[date])
    }

    // Nothing asked of the network or the disk but the page itself, and no console message.
    let logs = try #require(answers[8] as? [String: Any])
    #expect((logs["console"] as? [Any])?.isEmpty == true, "\(logs["console"] ?? "")")
    #expect(
      logs["requests"] as? [String] == ["file://" + URL(fileURLWithPath: page).standardized.path])
  }

  @Test(
    "with --measure lines the page counts lines, switches to commits, and lists each commit's +a −d"
  )
  func lines() throws {
    let repo = try TemporaryRepository()
    for index in 1...6 {
      try repo.write("file.txt", (0..<(index * 7)).map { "line \($0 * index)\n" }.joined())
      try repo.git(["add", "-A"])
      try repo.commit("change \(index)", date: "\(1_734_500_000 + index * 86_400) +0000")
    }
    let page = try Self.page(repo, ["--format", "html", "--measure", "lines"])
    defer { try? FileManager.default.removeItem(atPath: page) }
    let busiest = "2024-12-24"
    let answers = try Self.browse(
      page,
      [
        ["do": "open"], ["do": "cells"], ["do": "click", "date": busiest],
        ["do": "measure", "value": "commits"],
      ])
    try #require(answers.count == 4)
    let linesCSV = Self.csvColumn(command(repo, ["--measure", "lines", "--format", "csv"]), 1)
    let shown = Self.cells(answers[1])
    #expect(shown.count > 360)
    #expect(
      shown.filter { $0.value.count > 0 }.mapValues(\.count) == linesCSV.filter { $0.value > 0 })
    let headline = (answers[1] as? [String: Any])?["headline"] as? String ?? ""
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(command(repo, ["--measure", "lines", "--format", "json"]).utf8))
        as? [String: Any])
    #expect(
      headline
        == "\(json["insertions"] as? Int ?? -1) lines added and \(json["deletions"] as? Int ?? -1) removed in 6 commits in the last year"
    )
    // The day's commit with its lines, as --day lists it.
    let listed = try #require((answers[2] as? [String: Any])?["commits"] as? [[String: Any]])
    let dayLine = command(repo, ["--day", busiest, "--measure", "lines"]).split(separator: "\n")
    #expect(listed.count == 1 && dayLine.count == 2)
    let change = listed.first?["change"] as? String ?? ""
    #expect(!change.isEmpty && dayLine[1].contains(change), "\(change) in \(dayLine[1])")
    // Counting commits again: the commit graph.
    let commits = Self.cells(answers[3]).filter { $0.value.count > 0 }.mapValues(\.count)
    #expect(
      commits == Self.csvColumn(command(repo, ["--format", "csv"]), 1).filter { $0.value > 0 })
  }

  /// One column of a CSV by day.
  static func csvColumn(_ csv: String, _ column: Int) -> [String: Int] {
    var days: [String: Int] = [:]
    for line in csv.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: ",")
      if parts.count > column, let value = Int(parts[column]) { days[String(parts[0])] = value }
    }
    return days
  }

  @Test("co-authors count in the page as --co-authors counts them, and the filter finds them")
  func coAuthors() throws {
    let repo = try Self.repository()
    let page = try Self.page(repo, ["--format", "html", "--co-authors"])
    defer { try? FileManager.default.removeItem(atPath: page) }
    let answers = try Self.browse(
      page, [["do": "open"], ["do": "year", "label": "2023"], ["do": "type", "text": "erin"]])
    let erin = Self.cells(answers[2]).mapValues(\.count)
    let expected = Self.csvDays(
      command(repo, ["--year", "2023", "--co-authors", "--author", "erin", "--format", "csv"]))
    #expect(erin == expected && expected.values.reduce(0, +) > 10)
    let rows = (answers[2] as? [String: Any])?["people"] as? [[String]] ?? []
    #expect(rows.first?.first?.hasPrefix("Erin Vale") == true)
    #expect(Int(rows.first?[1] ?? "") == expected.values.reduce(0, +))
  }

  @Test(
    "a page of any selection counts as the command does: paths, --date committer, a zone, --from")
  func selections() throws {
    let repo = try TemporaryRepository()
    for index in 0..<40 {
      try repo.write(index % 3 == 0 ? "docs/\(index).md" : "src/\(index).c", "\(index)")
      try repo.git(["add", "-A"])
      // Author and committer days differ, and the zone moves late commits to the next day.
      try repo.commit(
        date: "\(1_717_400_000 + index * 50_000) +0000",
        committerDate: "\(1_717_400_000 + index * 50_000 + 100_000) -0800")
    }
    let export = repo.path + "/../export.ndjson.gz"
    #expect(heatmap(["--format", "commits", "-o", export], in: repo.path).status == 0)
    for arguments in [
      ["--date", "committer", "--timezone", "+05:30", "--", "src/"], ["--", "docs/*.md"],
      ["--from", export], ["--from", export, "--date", "committer", "--timezone", "-03:00"],
    ] {
      let page = try Self.page(repo, ["--format", "html"] + arguments)
      defer { try? FileManager.default.removeItem(atPath: page) }
      let shown = Self.cells(try Self.browse(page, [["do": "open"], ["do": "cells"]])[1])
        .mapValues(\.count)
      let expected = Self.csvDays(command(repo, ["--format", "csv"] + arguments))
      #expect(shown == expected && expected.values.reduce(0, +) >= 13, "\(arguments)")
    }
  }

  @Test("every control is reached with Tab and shows its focus; light, dark, print, reduced motion")
  func keyboardThemesAndPaper() throws {
    let repo = try Self.repository()
    let page = try Self.page(
      repo, ["--format", "html", "--commit-url", "https://example.com/c/%H"])
    defer { try? FileManager.default.removeItem(atPath: page) }
    let shots = FileManager.default.temporaryDirectory.path + "/page-\(UUID().uuidString)"
    defer {
      for suffix in ["-light.png", "-dark.png"] {
        try? FileManager.default.removeItem(atPath: shots + suffix)
      }
    }
    let style = """
      var d = document.querySelector('table.grid td.day'), s = getComputedStyle(d);
      return { transition: s.transitionDuration, filter: getComputedStyle(document.getElementById('filter')).display,
               years: getComputedStyle(document.getElementById('years')).display,
               background: getComputedStyle(document.body).backgroundColor,
               text: getComputedStyle(document.body).color, adjust: s.printColorAdjust || s.webkitPrintColorAdjust };
      """
    let busiest = try #require(
      try repo.gitDays().filter { $0.key.hasPrefix("2024") }.max {
        ($0.value, $0.key) < ($1.value, $1.key)
      }
    ).key
    let answers = try Self.browse(
      page,
      [
        ["do": "open"], ["do": "click", "date": busiest], ["do": "tab", "count": 40],
        ["do": "screenshot", "scheme": "light", "path": shots + "-light.png"],
        ["do": "screenshot", "scheme": "dark", "path": shots + "-dark.png"],
        ["do": "eval", "script": style],
        [
          "do": "screenshot", "scheme": "light", "media": "print", "motion": "reduce",
          "path": shots + "-light.png",
        ],
        ["do": "eval", "script": style],
      ])
    let visited = try #require(answers[2] as? [[String: Any]])
    func reached(_ test: ([String: Any]) -> Bool) -> Bool { visited.contains(where: test) }
    #expect(reached { $0["id"] as? String == "filter" })
    #expect(reached { $0["date"] is String })  // the graph, one stop for the whole grid
    #expect(Set(visited.compactMap { $0["date"] as? String }) == [busiest])
    #expect(reached { $0["tag"] as? String == "a" })  // a commit's link
    #expect(reached { $0["id"] as? String == "month" })
    #expect(reached { $0["tag"] as? String == "div" })  // the people table's scroll box
    #expect(reached { $0["tag"] as? String == "button" && $0["text"] as? String == "2023" })
    // Each stop shows where the focus is.
    for stop in visited where stop["tag"] as? String != "body" {
      #expect(!(stop["outline"] as? String ?? "none").hasPrefix("none"), "\(stop)")
      #expect(stop["visible"] as? Bool == true, "\(stop)")
    }
    #expect((answers[3] as? [String: Any])?["background"] as? String == "rgb(255, 255, 255)")
    #expect((answers[4] as? [String: Any])?["background"] as? String == "rgb(13, 17, 23)")
    let screen = try #require(answers[5] as? [String: Any])
    #expect(screen["transition"] as? String == "0.15s" && screen["filter"] as? String != "none")
    let paper = try #require(answers[7] as? [String: Any])
    #expect(paper["transition"] as? String == "0s")
    #expect(paper["filter"] as? String == "none" && paper["years"] as? String == "none")
    #expect(paper["background"] as? String == "rgb(255, 255, 255)")
    #expect(paper["text"] as? String == "rgb(0, 0, 0)" && paper["adjust"] as? String == "exact")
    let image = try Data(contentsOf: URL(fileURLWithPath: shots + "-dark.png"))
    #expect(image.count > 10_000 && image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test(
    "at 375, 768 and 1280 px, light and dark: no sideways page, the newest week in view, every stop named, text at 4.5:1 or more; without JavaScript the heading, total, statistics and graph"
  )
  func everyWidthAndNoScript() throws {
    let repo = try Self.repository()
    let page = try Self.page(repo, ["--format", "html", "--year", "2024"])
    defer { try? FileManager.default.removeItem(atPath: page) }
    var plan: [[String: Any]] = []
    let sizes = [375, 768, 1280].flatMap { width in ["light", "dark"].map { (width, $0) } }
    for (width, scheme) in sizes {
      let device: [String: Any] = ["do": "device", "width": width, "scheme": scheme]
      plan += [device, ["do": "open"], ["do": "month", "value": "2024-3"], ["do": "layout"]]
    }
    let answers = try Self.browse(page, plan)
    var scripted: [String: Any] = [:]
    for (index, (width, scheme)) in sizes.enumerated() {
      let layout = try #require(answers[index * 4 + 3] as? [String: Any])
      let size = "\(width) px, \(scheme)"
      // The page is as wide as the screen; only the graph scrolls, inside its box.
      #expect(layout["viewport"] as? Int == width, "\(size)")
      #expect(layout["page"] as? Int == width, "\(size)")
      // It opens on the newest weeks, as GitHub and the terminal do.
      #expect(layout["newest"] as? String == "2024-12-31", "\(size)")
      #expect(layout["newestVisible"] as? Bool == true, "\(size)")
      #expect(layout["days"] as? Int == 366, "\(size)")
      #expect((layout["unnamed"] as? [Any])?.isEmpty == true, "\(size): \(layout["unnamed"] ?? "")")
      let lowest = try #require(layout["lowestContrast"] as? [String: Any])
      #expect((lowest["ratio"] as? Double ?? 0) >= 4.5, "\(size): \(lowest)")
      #expect((layout["checked"] as? Int ?? 0) > 100, "\(size)")
      // A month's tiles: one stop in the Tab order, each a named cell.
      #expect(layout["calendarTiles"] as? Int == 31, "\(size)")
      #expect(layout["calendarInTabOrder"] as? Int == 1, "\(size)")
      #expect(layout["calendarNamed"] as? Bool == true, "\(size)")
      if width == 375 && scheme == "light" { scripted = layout }
    }
    let narrow = try #require(answers[3] as? [String: Any])
    #expect((narrow["graphWidth"] as? Int ?? 999) < 375)

    // Without JavaScript: the same heading, statistics and graph, level for level; the
    // controls that need the script are not shown.
    let plain = try Self.browse(
      page,
      [
        ["do": "javascript-off"], ["do": "device", "width": 375, "scheme": "light"],
        ["do": "load"], ["do": "layout"],
      ])
    #expect((plain[1] as? [String: Any])?["ready"] is NSNull)
    let layout = try #require(plain[2] as? [String: Any])
    #expect(layout["headline"] as? String == scripted["headline"] as? String)
    let total = try repo.gitDays().filter { $0.key.hasPrefix("2024") }.values.reduce(0, +)
    #expect(layout["headline"] as? String == "\(total) commits in 2024")
    #expect(layout["statistics"] as? String == scripted["statistics"] as? String)
    #expect(!(layout["statistics"] as? String ?? "").isEmpty)
    let levels = (layout["levels"] as? [[Any]])?.map { "\($0[0])=\($0[1])" }
    #expect(levels == (scripted["levels"] as? [[Any]])?.map { "\($0[0])=\($0[1])" })
    #expect(levels?.count == 366)
    #expect(layout["shown"] as? [String] == ["graph-area"])
    #expect(layout["page"] as? Int == 375 && layout["newestVisible"] as? Bool == true)
    let lowest = try #require(layout["lowestContrast"] as? [String: Any])
    #expect((lowest["ratio"] as? Double ?? 0) >= 4.5, "\(lowest)")
  }

  @Test("links follow --commit-url, and several repositories are grouped, broken down and toggled")
  func repositoriesAndLinks() throws {
    let base = try TemporaryRepository()
    let first = TemporaryRepository(existing: base.root.path + "/api", root: base.root)
    let second = TemporaryRepository(existing: base.root.path + "/web", root: base.root)
    for (index, repo) in [first, second].enumerated() {
      try FileManager.default.createDirectory(atPath: repo.path, withIntermediateDirectories: true)
      try repo.git(["init", "-q", "-b", "main"])
      for day in 0..<(13 - index * 5) {
        try repo.commit(date: "\(1_717_400_000 + day * 86_400 + index * 60) +0000")
      }
    }
    let page = base.root.path + "/page.html"
    let made = heatmap(
      [
        "--repo", "api", "--repo", "web", "-o", page, "--commit-url",
        "https://example.com/%h/x?full=%H",
      ], in: base.root.path, environment: base.environment)
    #expect(made.status == 0, "\(made.stderr)")
    let day = "2024-06-03"
    let answers = try Self.browse(
      page,
      [
        ["do": "open"], ["do": "cells"], ["do": "click", "date": day],
        ["do": "toggle", "repository": 1],
      ])
    #expect(
      (answers[1] as? [String: Any])?["breakdown"] as? String == "13 commits in api, 8 in web")
    let listed = try #require(answers[2] as? [String: Any])
    #expect(listed["groups"] as? [String] == ["api: 1 commit", "web: 1 commit"])
    let ids = try [first, second].map {
      try $0.git([
        "log", "-1", "--format=%H", "--until=2024-06-03T23:59:59Z", "--since=2024-06-03T00:00:00Z",
      ])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let hrefs = (listed["commits"] as? [[String: Any]] ?? []).compactMap { $0["href"] as? String }
    #expect(hrefs == ids.map { "https://example.com/\($0.prefix(10))/x?full=\($0)" })
    let apiOnly = heatmap(
      ["--repo", "api", "--format", "csv"], in: base.root.path, environment: base.environment)
    #expect(Self.cells(answers[3]).mapValues(\.count) == Self.csvDays(apiOnly.stdout))
    // A hidden repository keeps its count.
    #expect(
      (answers[3] as? [String: Any])?["breakdown"] as? String
        == "13 commits in api, 8 in web (hidden)")

    // Repositories are named as a person names them, whatever path reached them.
    let inside = base.root.path + "/page-inside.html"
    let named = heatmap(
      ["--repo", ".", "--repo", "../web/", "-o", inside], in: first.path,
      environment: base.environment)
    #expect(named.status == 0, "\(named.stderr)")
    let html = try String(contentsOfFile: inside, encoding: .utf8)
    #expect(html.contains("\"repositories\":[\"api\",\"web\"]"))
    #expect(html.contains("<title>api, web · contributions</title>"))
    let text = heatmap(
      ["--repo", ".", "--repo", "../web", "--year", "2024"], in: first.path,
      environment: base.environment)
    #expect(text.stdout.contains("2 repositories: 13 commits in api, 8 in web"), "\(text.stdout)")
  }

  @Test("hostile names and subjects are text: no markup, no script, nothing blocked")
  func hostile() throws {
    let repo = try TemporaryRepository()
    let traps = [
      "<img src=x onerror=\"window.__pwned=1\">", "</script><script>window.__pwned=2</script>",
      "<!--<script>window.__pwned=3</script>", "Line\u{2028}Sep \u{202E}gnp.exe",
      "\"><svg onload=window.__pwned=4>", "&lt;b&gt; & \\u003c",
    ]
    for (index, trap) in traps.enumerated() {
      try repo.commit(
        "\(trap) subject\n\nCo-authored-by: \(trap) Co <co\(index)@example.com>",
        date: "\(1_734_000_000 + index * 3_600) +0000", author: trap, email: "p\(index)@example.com"
      )
    }
    let page = try Self.page(repo, ["--format", "html", "--co-authors", "--title", traps[1]])
    defer { try? FileManager.default.removeItem(atPath: page) }
    let html = try String(contentsOfFile: page, encoding: .utf8)
    // One inline script and the data, nothing else that could run.
    #expect(html.components(separatedBy: "<script").count == 3)
    #expect(!html.contains("<img") && !html.contains("<svg") && !html.contains("\u{2028}"))
    let answers = try Self.browse(
      page,
      [
        ["do": "open"], ["do": "click", "date": "2024-12-12"],
        [
          "do": "eval",
          "script":
            "return { pwned: window.__pwned === undefined ? null : window.__pwned, images: document.images.length, svgs: document.querySelectorAll('svg').length, title: document.getElementById('title').textContent, people: Array.from(document.querySelectorAll('#author-table tbody th bdi:first-child')).map(function (b) { return b.textContent; }) }",
        ],
        ["do": "logs"],
      ])
    let listed = (answers[1] as? [String: Any])?["commits"] as? [[String: Any]] ?? []
    #expect(Set(listed.compactMap { $0["subject"] as? String }).contains(traps[0] + " subject"))
    let page2 = try #require(answers[2] as? [String: Any])
    #expect(page2["pwned"] is NSNull && page2["images"] as? Int == 0 && page2["svgs"] as? Int == 0)
    #expect(page2["title"] as? String == traps[1])
    // Every author as git wrote the name (git drops `<` and `>` from names), shown as text, with
    // the line separator and the override made harmless as on a terminal.
    let people = Set(page2["people"] as? [String] ?? [])
    let authors = try repo.git(["log", "--format=%an"]).split(separator: "\n").map(String.init)
    #expect(authors.count == traps.count)
    for author in authors {
      let shown = TextEscaping.terminal(author).replacingOccurrences(of: "\u{2028}", with: " ")
      #expect(people.contains(shown), "\(author)")
    }
    #expect(
      people.contains("Line Sep <U+202E>gnp.exe") && people.contains("&lt;b&gt; & \\u003c"))
    let logs = try #require(answers[3] as? [String: Any])
    #expect((logs["console"] as? [Any])?.isEmpty == true, "\(logs["console"] ?? "")")
  }

  @Test("the same commits give the same bytes, and the policy names the page's script and style")
  func deterministicAndSealed() throws {
    let repo = try Self.repository()
    let first = try String(
      contentsOfFile: try Self.page(repo, ["--format", "html"]), encoding: .utf8)
    let second = try String(
      contentsOfFile: try Self.page(repo, ["--format", "html"]), encoding: .utf8)
    #expect(first == second)
    let policy = try #require(first.firstMatch(of: /Content-Security-Policy" content="([^"]*)"/))
      .output.1
    #expect(policy.hasPrefix("default-src 'none';"))
    for (tag, directive) in [("style", "style-src"), ("script", "script-src")] {
      let body = try #require(
        first.components(separatedBy: "<\(tag)>").last?.components(separatedBy: "</\(tag)>").first)
      let file = repo.path + "/../\(tag)-\(UUID().uuidString)"
      try body.write(toFile: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: file) }
      // git's own tool for the digest: openssl is not on every machine, sha256sum is coreutils.
      let hex = try TemporaryRepository.run(
        "/usr/bin/sha256sum", [file], in: repo.path, environment: [:]
      ).prefix(64)
      var bytes: [UInt8] = []
      var index = hex.startIndex
      while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
      }
      #expect(policy.contains("\(directive) 'sha256-\(Data(bytes).base64EncodedString())'"))
    }
  }

  @Test("the page's options: the extension picks it, and what is not for it is refused")
  func options() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1734000000 +0000")
    let path = repo.path + "/../p-\(UUID().uuidString).html"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let made = heatmap(["-o", path], in: repo.path)
    #expect(made.status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    let refusals: [([String], String)] = [
      (
        ["--commit-url", "https://x/%H"],
        "'--commit-url' links the commits of the contribution page: add --format html"
      ),
      (
        ["--format", "html", "--commit-url", "javascript:alert(1)//%H"],
        "expected an http or https URL"
      ),
      (["--format", "html", "--commit-url", "https://x/commit"], "expected an http or https URL"),
      (
        ["--format", "html", "--layout", "punchcard"], "'--layout' is not for the contribution page"
      ),
      (["--format", "html", "--by-author"], "'--by-author' is not for the contribution page"),
      (["--format", "html", "--day", "2024-12-12"], "'--day' lists commits"),
    ]
    for (arguments, message) in refusals {
      let result = heatmap(arguments, in: repo.path)
      #expect(
        result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }
}
