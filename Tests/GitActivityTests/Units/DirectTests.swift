import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Direct tests of types the end-to-end suites reach only through the command: zones, the POSIX
/// regex wrapper, the id and bit sets, atomic files, the CSV and JSON writers, and git's
/// commit-graph parser (against `git rev-list --parents` and `git log`).
@Suite("Direct tests of the library's small parts")
struct DirectTests {
  @Test("DayZone parses every form and buckets a time as git's format-local does")
  func zones() throws {
    #expect(DayZone(parsing: "author") == .author)
    #expect(DayZone(parsing: "UTC") == .fixed(offsetSeconds: 0))
    #expect(DayZone(parsing: "+05:30") == .fixed(offsetSeconds: 19_800))
    #expect(DayZone(parsing: "-0800") == .fixed(offsetSeconds: -28_800))
    #expect(DayZone(parsing: "Europe/Berlin") == .named("Europe/Berlin"))
    #expect(DayZone(parsing: "Mars/Olympus_Mons") == nil)
    #expect(DayZone(parsing: "+25:00") == nil)
    // 2024-03-31 00:30 UTC: the 31st in UTC and in the author's +0000, the 30th in New York,
    // and in Berlin (the night summer time begins) the 31st.
    let stamp = Timestamp(seconds: 1_711_845_000, offsetMinutes: 0)
    #expect(DayBucketer(zone: .author).day(of: stamp).iso == "2024-03-31")
    #expect(DayBucketer(zone: .named("America/New_York")).day(of: stamp).iso == "2024-03-30")
    #expect(DayBucketer(zone: .named("Europe/Berlin")).day(of: stamp).iso == "2024-03-31")
    #expect(DayBucketer(zone: .fixed(offsetSeconds: -3_600)).day(of: stamp).iso == "2024-03-30")
  }

  @Test("POSIXRegex: extended syntax, case folded, a bad pattern a typed failure")
  func regex() throws {
    let regex = try POSIXRegex("^ada (lovelace)?<")
    #expect(regex.matches("Ada <ada@x>") && regex.matches("ADA LOVELACE<a@x>"))
    #expect(!regex.matches("Grace <g@x>"))
    #expect(throws: POSIXRegex.Failure.self) { try POSIXRegex("a[") }
    // git's default for --author: basic syntax, where "\(" opens a group and "(" is a letter.
    let filter = AuthorFilter()
    #expect(filter.problem(with: "a\\(") != nil && filter.problem(with: "a(|b") == nil)
    var extended = filter
    extended.syntax = .extended
    #expect(extended.problem(with: "a(") != nil && extended.problem(with: "a|b") == nil)
  }

  @Test("BitSet and ObjectIDSet hold what was inserted, once, through growth")
  func sets() throws {
    var bits = BitSet(capacity: 1_000)
    #expect(bits.insert(3) && bits.insert(999) && !bits.insert(3))
    #expect(bits.contains(999) && !bits.contains(4) && bits.count == 2)
    var seen: [Int] = []
    bits.forEach { seen.append($0) }
    #expect(seen == [3, 999])
    var ids = ObjectIDSet()
    let all = (0..<5_000).map {
      ObjectID(high: UInt64($0) &* 0x9E37_79B9_7F4A_7C15, middle: UInt64($0), low: UInt32($0))
    }
    for id in all { #expect(ids.insert(id).inserted) }
    for id in all.prefix(100) { #expect(!ids.insert(id).inserted) }
    #expect(ids.count == 5_000 && all.allSatisfy { ids.contains($0) })
    #expect(!ids.contains(ObjectID(high: 1, middle: 2, low: 3)))
  }

  @Test("AtomicFile replaces whole with the mode asked, fails with the path, leaves no temporary")
  func atomicFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/file"
    try AtomicFile.replace(path, permissions: 0o640) { $0.write("first\n") }
    #expect(try AtomicFile.read(path) == Array("first\n".utf8))
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o640)
    // A replacement that cannot be made (no such folder) is an error that names the path.
    #expect(throws: FileError.self) {
      try AtomicFile.replace(folder.path + "/missing/file") { $0.write("x") }
    }
    try AtomicFile.replace(path) { $0.write("second\n") }
    #expect(try AtomicFile.read(path) == Array("second\n".utf8))
    #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["file"])
  }

  @Test("the CSV and JSON writers: every day in order, hostile names escaped")
  func writers() throws {
    let days = DayRange(
      first: Day(year: 2024, month: 2, day: 28), last: Day(year: 2024, month: 3, day: 1))
    let author = Author(name: "Eve \"x\", \u{1B}[31m", email: "e@x")
    let activity = DailyActivity(
      days: days, counts: [1, 0, 2],
      authors: [AuthorActivity(author: author, commitOffsets: [0, 2, 2], windowLength: 3)])
    let report = ActivityReport(
      repositories: ["r"], window: Window(days: days, weekStart: .sunday, kind: .between),
      zone: .author, activity: activity, today: days.last)
    #expect(CSVWriter().render(report) == "date,count\n2024-02-28,1\n2024-02-29,0\n2024-03-01,2\n")
    let json = JSONWriter(authorDays: 0).render(report)
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(parsed["total"] as? Int == 3)
    #expect((parsed["days"] as? [[String: Any]])?.compactMap { $0["count"] as? Int } == [1, 0, 2])
    let authors = parsed["authors"] as? [[String: Any]]
    #expect(authors?.first?["name"] as? String == author.name)
    #expect(!json.contains("\u{1B}"))
  }

  @Test("CommitGraph reads git's file: ids, parents, trees and times as git has them")
  func commitGraph() throws {
    let repo = try TemporaryRepository()
    for day in 0..<30 {
      if day == 10 { try repo.git(["checkout", "-q", "-b", "side"]) }
      if day == 20 {
        try repo.git(["checkout", "-q", "main"])
        try repo.git(
          ["merge", "-q", "--no-ff", "--no-edit", "side"],
          environment: [
            "GIT_AUTHOR_DATE": "1700100000 +0000", "GIT_COMMITTER_DATE": "1700100000 +0000",
          ])
      }
      try repo.commit(date: "\(1_700_000_000 + day * 3_600) +0000")
    }
    try repo.git(["commit-graph", "write", "--reachable"])
    let whole = try #require(CommitGraph(objectsDirectory: repo.path + "/.git/objects"))
    try expect(whole, matches: repo, commits: 31)
    // A split graph: the same commits over a chain of layers, each numbered after those below.
    try FileManager.default.removeItem(atPath: repo.path + "/.git/objects/info/commit-graph")
    try repo.git(["commit-graph", "write", "--reachable", "--split=no-merge"])
    for day in 0..<3 {
      try repo.commit(date: "\(1_700_500_000 + day * 3_600) +0000")
      try repo.git(["commit-graph", "write", "--reachable", "--split=no-merge"])
    }
    let chain = try String(
      contentsOfFile: repo.path + "/.git/objects/info/commit-graphs/commit-graph-chain",
      encoding: .utf8)
    #expect(chain.split(separator: "\n").count == 4)
    let split = try #require(CommitGraph(objectsDirectory: repo.path + "/.git/objects"))
    try expect(split, matches: repo, commits: 34)
    #expect(split.count == 34)
  }

  private func expect(_ graph: CommitGraph, matches repo: TemporaryRepository, commits: Int) throws
  {
    let lines = try repo.git(["log", "--all", "--format=%H %T %ct %P"]).split(separator: "\n")
    #expect(lines.count == commits)
    for line in lines {
      let fields = line.split(separator: " ").map(String.init)
      let id = try #require(ObjectID(hex: fields[0]))
      let position = try #require(graph.position(of: id))
      #expect(graph.id(at: position) == id)
      #expect(graph.tree(at: position).hex == fields[1])
      #expect(graph.commitTime(at: position) == Int64(fields[2]))
      #expect(graph.parentIDs(of: position)?.map(\.hex) == Array(fields.dropFirst(3)))
    }
    #expect(graph.position(of: ObjectID(high: 1, middle: 1, low: 1)) == nil)
  }
}
