/// One author's commits in a window, kept sparse: a long window with thousands of authors
/// would otherwise hold a full row of days for each of them.
public struct AuthorActivity: Hashable, Sendable {
  /// Whose commits these are.
  package var author: Author
  /// The days with commits, as (position in the window, count), oldest first.
  package var activeDays: [(offset: Int, count: Int)] {
    zip(offsets, dayCounts).map { (Int($0), Int($1)) }
  }
  /// The author's measure over the window: all of their commits, or their lines.
  package var total: Int
  /// All of the author's commits in the window, whatever the measure.
  package var commits: Int
  /// The lines of their commits, when lines were counted.
  package var lines: LineStats?
  /// Whether the author is a person, a bot or a coding agent (`Automation`).
  package var kind = Automation.Kind.person
  /// How many of their commits in the window are AI-assisted; nil when commits were not told
  /// apart.
  package var assisted: Int?
  /// How many days the window has.
  private(set) var windowLength: Int
  private var offsets: [Int32]
  private var dayCounts: [Int32]

  /// An author's activity from one count per day of the window.
  public init(author: Author, counts: [Int]) {
    self.author = author
    windowLength = counts.count
    offsets = counts.indices.filter { counts[$0] > 0 }.map { Int32(clamping: $0) }
    dayCounts = offsets.map { Int32(clamping: counts[Int($0)]) }
    total = counts.map { Swift.max($0, 0) }.saturatingSum
    commits = total
  }

  /// The same activity in a window of `length` days: days beyond it are dropped.
  func fitted(to length: Int) -> AuthorActivity {
    guard windowLength != length || offsets.contains(where: { $0 < 0 }) else { return self }
    var fitted = self
    let kept = offsets.indices.filter { offsets[$0] >= 0 && Int(offsets[$0]) < length }
    fitted.offsets = kept.map { offsets[$0] }
    fitted.dayCounts = kept.map { dayCounts[$0] }
    fitted.windowLength = length
    // At most 3.7 million days of Int32 counts: the sum fits.
    fitted.total = fitted.dayCounts.reduce(0) { $0 + Int($1) }
    fitted.commits = Swift.min(fitted.commits, fitted.total)
    return fitted
  }

  /// An author's totals without their days (`DailyActivity.Tally.PeopleKept.totals`).
  init(author: Author, commits: Int, total: Int, windowLength: Int) {
    self.author = author
    self.windowLength = windowLength
    self.commits = commits
    self.total = total
    offsets = []
    dayCounts = []
  }

  /// An author's activity under a measure other than commits: each commit's window position
  /// and weight (its lines), in any order; a day is active when it weighs something.
  init(author: Author, commitOffsets: [Int32], weights: [Int32], windowLength: Int) {
    self.author = author
    self.windowLength = windowLength
    commits = commitOffsets.count
    var perDay: [Int32: Int] = [:]
    for (offset, weight) in zip(commitOffsets, weights) where weight > 0 {
      perDay[offset, default: 0] += Int(weight)
    }
    let sorted = perDay.keys.sorted()
    offsets = sorted
    dayCounts = sorted.map { Int32(clamping: perDay[$0] ?? 0) }
    total = perDay.values.reduce(0, +)
  }

  /// An author's activity from the window positions of their commits, in any order.
  init(author: Author, commitOffsets: consuming [Int32], windowLength: Int) {
    self.author = author
    self.windowLength = windowLength
    total = commitOffsets.count
    commits = total
    var offsets: [Int32] = []
    var dayCounts: [Int32] = []
    if commitOffsets.count == 1 {
      // Most authors of a long history: one commit, one day; the positions' array serves.
      self.offsets = commitOffsets
      self.dayCounts = [1]
      return
    }
    if commitOffsets.count >= 64 && windowLength <= 8 * commitOffsets.count {
      // Many commits for the window's length: counted in place of the days, one pass each,
      // instead of sorted.
      var perDay = [Int32](repeating: 0, count: windowLength)
      for offset in commitOffsets { perDay[Int(offset)] += 1 }
      for (offset, count) in perDay.enumerated() where count > 0 {
        offsets.append(Int32(offset))
        dayCounts.append(count)
      }
    } else {
      // Sorted in place (the caller handed the array over), then each day once.
      commitOffsets.sort()
      offsets.reserveCapacity(commitOffsets.count)
      dayCounts.reserveCapacity(commitOffsets.count)
      for offset in commitOffsets {
        if offsets.last == offset {
          dayCounts[dayCounts.count - 1] += 1
        } else {
          offsets.append(offset)
          dayCounts.append(1)
        }
      }
    }
    self.offsets = offsets
    self.dayCounts = dayCounts
  }

  /// Commits per day of the window, oldest first.
  package var counts: [Int] {
    var counts = [Int](repeating: 0, count: windowLength)
    for (offset, count) in zip(offsets, dayCounts) { counts[Int(offset)] = Int(count) }
    return counts
  }

  public static func == (lhs: AuthorActivity, rhs: AuthorActivity) -> Bool {
    lhs.author == rhs.author && lhs.windowLength == rhs.windowLength && lhs.offsets == rhs.offsets
      && lhs.dayCounts == rhs.dayCounts && lhs.commits == rhs.commits && lhs.lines == rhs.lines
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(author)
    hasher.combine(offsets)
  }
}
