extension DailyActivity {
  /// This activity with the counts of `file` added on the days they share (a day file says
  /// nothing of people: the authors stay as they are). Lines are added when both count them,
  /// the AI-assisted split when this activity tells it; what falls outside the window is left.
  /// Returns how many of the file's days fell inside.
  @discardableResult
  public mutating func add(_ file: DayFile) -> Int {
    let weighs = measure != .commits
    if weighs && dayCommits.isEmpty { dayCommits = counts.map { _ in 0 } }
    if file.hasLines && insertions.isEmpty {
      insertions = counts.map { _ in 0 }
      deletions = insertions
    }
    var inside = 0
    for entry in file.days {
      guard let position = days.index(of: entry.day) else { continue }
      inside += 1
      func add(_ value: Int, to array: inout [Int]) {
        if position < array.count { array[position] = array[position].addingClamped(value) }
      }
      switch measure {
      case .commits: add(entry.commits, to: &counts)
      case .lines: add(entry.insertions.addingClamped(entry.deletions), to: &counts)
      case .insertions: add(entry.insertions, to: &counts)
      case .deletions: add(entry.deletions, to: &counts)
      }
      if weighs { add(entry.commits, to: &dayCommits) }
      if file.hasLines {
        add(entry.insertions, to: &insertions)
        add(entry.deletions, to: &deletions)
      }
      add(entry.assisted, to: &assistedCommits)
      add(entry.bots, to: &botCommits)
    }
    return inside
  }
}
