import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

@Suite("--co-authors: a commit counts for its Co-authored-by people, as GitHub counts it")
struct CoAuthorTests {
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let messages: [(String, String, String)] = [
      ("Ada", "pair\n\nCo-authored-by: Bob <bob@x>\nco-authored-by: Cy <cy@x>", "1704196800"),
      ("Ada", "solo", "1704283200"),
      ("Dee", "review\n\nSigned-off-by: Dee <dee@x>\nCo-authored-by: Ada <ada@x>", "1704369600"),
      // Bob twice in one commit, and as the old address the mailmap maps.
      (
        "Cy", "twice\n\nCo-authored-by: Bob <bob@x>\nCo-Authored-By: Robert <bob@old>",
        "1704456000"
      ),
      // Not in the last paragraph: not a trailer.
      ("Cy", "mention\n\nCo-authored-by: Eve <eve@x>\n\nThe end.", "1704542400"),
    ]
    for (author, message, time) in messages {
      try repo.commit(
        message, date: "\(time) +0000", author: author, email: "\(author.lowercased())@x")
    }
    try "Bob <bob@x> Robert <bob@old>\n".write(
      toFile: repo.path + "/.mailmap", atomically: true, encoding: .utf8)
    return repo
  }

  /// Per person, the commits git credits: the author and the co-authors of its trailers (as
  /// `%(trailers:key=Co-authored-by,valueonly)` lists them), mailmapped, once per commit.
  static func expected(_ repo: TemporaryRepository) throws -> [String: Int] {
    let log = try repo.git([
      "log", "--format=%aN <%aE>%x1f%(trailers:key=Co-authored-by,valueonly,separator=%x1f)%x1e",
    ])
    var counts: [String: Int] = [:]
    for record in log.split(separator: "\u{1E}") {
      let people = record.split(separator: "\u{1F}").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }.filter { !$0.isEmpty }
      var mapped = Set<String>()
      for person in people {
        mapped.insert(
          try repo.git(["check-mailmap", person]).trimmingCharacters(in: .whitespacesAndNewlines))
      }
      for person in mapped { counts[person, default: 0] += 1 }
    }
    return counts
  }

  @Test("--authors, --author and the daily total, against git's trailers and the mailmap")
  func againstGit() throws {
    let repo = try Self.repository()
    let year = ["--year", "2024"]
    let table = heatmap(year + ["--authors", "--co-authors", "--format", "csv"], in: repo.path)
    #expect(table.status == 0, "\(table.stderr)")
    var ours: [String: Int] = [:]
    for row in table.stdout.split(separator: "\n").dropFirst() {
      let fields = row.split(separator: ",")
      ours["\(fields[0]) <\(fields[1])>"] = Int(fields[2])
    }
    #expect(ours == (try Self.expected(repo)))
    #expect(ours["Bob <bob@x>"] == 2 && ours["Eve <eve@x>"] == nil)
    // Bob's graph has the commits he co-authored; the total counts each commit once.
    let bob = heatmap(year + ["--co-authors", "--author", "bob", "--format", "csv"], in: repo.path)
    #expect(nonZeroDays(bob.stdout) == ["2024-01-02": 1, "2024-01-05": 1])
    let all = heatmap(year + ["--co-authors", "--format", "csv"], in: repo.path)
    #expect(nonZeroDays(all.stdout).values.reduce(0, +) == 5)
    // Off by default: equal to git log.
    let plain = heatmap(year + ["--authors", "--format", "csv"], in: repo.path)
    #expect(!plain.stdout.contains("Bob"))
    let byAuthor = heatmap(
      year + ["--co-authors", "--by-author", "--format", "json"], in: repo.path)
    #expect(byAuthor.stdout.contains("\"Bob\""))
  }

  @Test("the cache keeps co-authors: a --co-authors run after the first is warm, and stays so")
  func cached() throws {
    let repo = try Self.repository()
    let location = HistoryCache.Location(
      commonDirectory: repo.path + "/.git", fallbackDirectory: nil)
    let table = ["--year", "2024", "--authors", "--co-authors", "--format", "csv"]
    func counts() -> [String: Int] {
      var result: [String: Int] = [:]
      for row in heatmap(table, in: repo.path).stdout.split(separator: "\n").dropFirst() {
        let fields = row.split(separator: ",")
        result["\(fields[0]) <\(fields[1])>"] = Int(fields[2])
      }
      return result
    }
    // A run that does not tell AI-assisted commits apart writes a cache without trailers;
    // --co-authors sets it aside and writes one with them.
    let plainRun = ["--year", "2024", "--assisted", "off"]
    #expect(heatmap(plainRun, in: repo.path).status == 0)
    #expect(HistoryCache.load(from: location)?.hasCoAuthors == false)
    #expect(counts() == (try Self.expected(repo)))
    let cache = try #require(HistoryCache.load(from: location))
    #expect(cache.hasCoAuthors && cache.coAuthors.count == 3)
    // A plain run after it reads the trailers of new commits too, so the cache stays whole.
    try repo.commit(
      "new\n\nCo-authored-by: Eve <eve@x>", date: "1704628800 +0000", author: "Ada",
      email: "ada@x")
    #expect(heatmap(plainRun, in: repo.path).status == 0)
    let kept = try #require(HistoryCache.load(from: location))
    #expect(kept.hasCoAuthors && kept.coAuthors.count == 4 && kept.count == 6)
    // That plain run counts authors only, though the trailers were read.
    let plain = heatmap(["--year", "2024", "--authors", "--format", "csv"], in: repo.path)
    #expect(plain.status == 0 && !plain.stdout.contains("Eve"))
    // Warm: the --co-authors runs find every commit cached and leave the file as it is (a walk
    // that read anything would replace it, with a new inode).
    func inode() throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: location.primary)[.systemFileNumber] as? Int
    }
    let before = try inode()
    #expect(counts() == (try Self.expected(repo)))
    #expect(counts()["Eve <eve@x>"] == 1)
    #expect(try inode() == before)
  }

  @Test("a range over the cache counts some records: those gathered carry their co-authors")
  func rangeOverCache() throws {
    let repo = try Self.repository()
    let year = ["--year", "2024", "--authors", "--co-authors", "--format", "csv"]
    // The cache first, with every commit and its trailers; then ranges that count only some of
    // the cached records, against the same ranges without the cache.
    #expect(heatmap(year, in: repo.path).status == 0)
    for range in ["HEAD~3..HEAD", "HEAD~4..HEAD~1", "HEAD~1", "HEAD"] {
      let warm = heatmap(year + [range], in: repo.path)
      let cold = heatmap(year + [range, "--no-cache"], in: repo.path)
      #expect(warm.status == 0 && warm.stdout == cold.stdout, "\(range)")
    }
    // HEAD~4..HEAD~1: Ada's own commit and Dee's, which credits her; Cy's credits Bob once.
    let some = heatmap(year + ["HEAD~4..HEAD~1"], in: repo.path).stdout
    #expect(some.contains("Ada,ada@x,2,") && some.contains("Bob,bob@x,1,"), "\(some)")
  }

}
