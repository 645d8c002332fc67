/// How commits become day counts.
public struct ActivityOptions: Hashable, Sendable {
  /// Which calendar a day is read in.
  public var zone: DayZone = .author
  /// `--date committer`: place commits by their committer date.
  public var usesCommitterDate = false
  /// `--no-merges`.
  public var excludesMerges = false
  /// `--author`, `--me`, `--exclude-author`.
  public var filter = AuthorFilter()

  public init(
    zone: DayZone = .author, usesCommitterDate: Bool = false, excludesMerges: Bool = false,
    filter: AuthorFilter = AuthorFilter()
  ) {
    self.zone = zone
    self.usesCommitterDate = usesCommitterDate
    self.excludesMerges = excludesMerges
    self.filter = filter
  }
}

/// One author's commits in a window.
public struct AuthorActivity: Hashable, Sendable {
  public var author: Author
  /// Commits per day of the window, oldest first.
  public var counts: [Int]
  public var total: Int

  public init(author: Author, counts: [Int]) {
    self.author = author
    self.counts = counts
    self.total = HeatmapMath.sum(counts)
  }
}

/// Commits per day over a window, and per author: what every renderer draws.
public struct DailyActivity: Hashable, Sendable {
  public var days: DayRange
  /// Commits per day, oldest first, one entry per day of `days`.
  public var counts: [Int]
  /// Everyone with a commit in the window, most commits first, then by name and email.
  public var authors: [AuthorActivity]

  public init(days: DayRange, counts: [Int], authors: [AuthorActivity]) {
    self.days = days
    self.counts = counts
    self.authors = authors
  }

  /// Counts the commits of `histories` that fall in `days`. A commit present in several
  /// histories (clones, forks) counts once. The mailmap applies to each history's identities.
  public init(
    histories: [(history: History, mailmap: Mailmap)], days: DayRange, options: ActivityOptions
  ) {
    let bucketer = DayBucketer(zone: options.zone)
    let matcher = AuthorFilter.Matcher(options.filter)
    var counts = [Int](repeating: 0, count: days.count)
    var authorNumbers: [Author: Int] = [:]
    var authorList: [Author] = []
    var authorCounts: [[Int]] = []
    var seen = Set<ObjectID>()
    let deduplicates = histories.count > 1

    for (history, mailmap) in histories {
      // Decide once per distinct identity: its author number, or -1 when filtered out.
      let numbers: [Int] = history.identities.map { identity in
        let mapped = mailmap.resolve(name: identity.name, email: identity.email)
        let author = Author(name: mapped.name, email: mapped.email)
        guard matcher.accepts(author, rawEmail: identity.email) else { return -1 }
        if let number = authorNumbers[author] { return number }
        authorNumbers[author] = authorList.count
        authorList.append(author)
        authorCounts.append([])
        return authorList.count - 1
      }
      for (index, commit) in history.commits.enumerated() {
        if options.excludesMerges && commit.isMerge { continue }
        guard commit.identity >= 0 else { continue }
        let number = numbers[Int(commit.identity)]
        guard number >= 0,
          let stamp = options.usesCommitterDate ? commit.committer : commit.author,
          let position = days.index(of: bucketer.day(of: stamp))
        else { continue }
        if deduplicates && !seen.insert(history.objectIDs[index]).inserted { continue }
        counts[position] += 1
        if authorCounts[number].isEmpty {
          authorCounts[number] = [Int](repeating: 0, count: days.count)
        }
        authorCounts[number][position] += 1
      }
    }
    self.days = days
    self.counts = counts
    self.authors = zip(authorList, authorCounts)
      .filter { !$0.1.isEmpty }
      .map { AuthorActivity(author: $0.0, counts: $0.1) }
      .sorted { ($1.total, $0.author) < ($0.total, $1.author) }
  }

  public var total: Int { HeatmapMath.sum(counts) }
}
