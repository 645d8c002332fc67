/// Commits by weekday and hour of the day: seven rows from the week start, 24 columns from
/// midnight, each commit at its author's own clock (or the zone asked for).
public struct Punchcard: Hashable, Sendable {
  /// The weekday of the first row.
  package let weekStart: Weekday
  /// Commits per row and hour: `counts[row][hour]`.
  public let counts: [[Int]]
  /// The level of each count, 0 to 4, on one scale for the whole card.
  package let levels: [[Int]]

  /// The busiest hour: its row, its hour, and its commits; nil without commits.
  package var busiest: (row: Int, hour: Int, count: Int)? {
    var best: (row: Int, hour: Int, count: Int)?
    for row in 0..<7 {
      for hour in 0..<24 where counts[row][hour] > (best?.count ?? 0) {
        best = (row, hour, counts[row][hour])
      }
    }
    return best
  }

  /// All commits on the card.
  public var total: Int { counts.flatMap { $0 }.saturatingSum }

  /// The weekday of `row`.
  package func weekday(ofRow row: Int) -> Weekday { weekStart.advanced(by: row) }

  /// A card from counts made elsewhere: seven rows of 24 hours; a missing row or hour counts
  /// as none, one past them is left out, and a negative count is none.
  public init(counts given: [[Int]], weekStart: Weekday, scale: LevelScale) {
    let counts = (0..<7).map { row in
      (0..<24).map { hour in
        row < given.count && hour < given[row].count ? max(0, given[row][hour]) : 0
      }
    }
    self.counts = counts
    self.weekStart = weekStart
    // A level never exceeds the count: on a sparse card (every hour 0 or 1 commit) a lone commit
    // is the lightest level, not, as the scale alone would have it, the darkest.
    let values = counts.flatMap { $0 }
    let flat = zip(scale.levels(for: values), values).map { min($0, $1) }
    levels = (0..<7).map { row in Array(flat[(row * 24)..<(row * 24 + 24)]) }
  }

  /// The card of the commits `activity` counted (it must have recorded them:
  /// `ActivityOptions.recordsPositions`), read from `histories` in `options`' zone and date.
  public init(
    activity: DailyActivity, histories: [History], options: ActivityOptions, weekStart: Weekday,
    scale: LevelScale
  ) {
    let bucketer = DayBucketer(zone: options.zone)
    var counts = [[Int]](repeating: [Int](repeating: 0, count: 24), count: 7)
    for position in activity.countedPositions {
      let facts = histories[position.history].commits[position.index]
      guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
        continue
      }
      let row = bucketer.day(of: stamp).daysIntoWeek(startingOn: weekStart)
      counts[row][bucketer.secondOfDay(of: stamp) / 3_600] += 1
    }
    self.init(counts: counts, weekStart: weekStart, scale: scale)
  }
}
