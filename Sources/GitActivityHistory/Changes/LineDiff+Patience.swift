/// The patience diff as xdiff runs it (`xdl_do_patience_diff`): in each range, the lines that
/// occur once on each side, in the longest sequence common to both sides' orders, anchor the
/// match; the ranges between them are diffed the same way, and a range with no such line falls
/// back to Myers.
extension LineClasses {
  /// One distinct line of the first side's range: where it is on each side (`line2` 0 when not
  /// on the second, -1 when on either side more than once).
  private struct Unique {
    var line1: Int
    var line2: Int
    var previous = -1
    var next = -1
  }

  mutating func patience() {
    var ranges = [(start1: 0, count1: first.count, start2: 0, count2: second.count)]
    var slots = [Int32](repeating: -1, count: classCount)
    while let range = ranges.popLast() {
      patience(range, slots: &slots, gaps: &ranges)
    }
  }

  /// One range (0-based starts): the trivial cases, the unique lines' longest common
  /// sequence, and the ranges between its lines handed back in `gaps`.
  // Kept whole: xdiff's `patience_diff` in its order, so that it reads beside git's.
  private mutating func patience(
    _ range: (start1: Int, count1: Int, start2: Int, count2: Int), slots: inout [Int32],
    gaps: inout [(start1: Int, count1: Int, start2: Int, count2: Int)]
  ) {
    let (start1, count1, start2, count2) = range
    if count1 == 0 || count2 == 0 {
      markAll(first: start1, count1, second: start2, count2)
      return
    }
    // The distinct lines of the first range, in the order they first appear there.
    var entries: [Unique] = []
    entries.reserveCapacity(count1)
    for line in start1..<start1 + count1 {
      let class_ = Int(first[line])
      let slot = slots[class_]
      if slot >= 0 {
        entries[Int(slot)].line2 = -1
      } else {
        slots[class_] = Int32(entries.count)
        entries.append(Unique(line1: line, line2: 0))
      }
    }
    var hasMatches = false
    for line in start2..<start2 + count2 {
      let slot = slots[Int(second[line])]
      guard slot >= 0 else { continue }
      hasMatches = true
      entries[Int(slot)].line2 = entries[Int(slot)].line2 != 0 ? -1 : line + 1
    }
    for line in start1..<start1 + count1 { slots[Int(first[line])] = -1 }
    guard hasMatches else {
      markAll(first: start1, count1, second: start2, count2)
      return
    }
    // The longest increasing run of second-side positions, by patience sorting
    // (`find_longest_common_sequence`); `line2` is kept one-based, 0 meaning absent.
    var sequence: [Int] = []
    for index in entries.indices {
      let line2 = entries[index].line2
      guard line2 > 0 else { continue }
      var left = -1
      var right = sequence.count
      while left + 1 < right {
        let middle = left + (right - left) / 2
        if entries[sequence[middle]].line2 > line2 { right = middle } else { left = middle }
      }
      entries[index].previous = left < 0 ? -1 : sequence[left]
      if left + 1 == sequence.count { sequence.append(index) } else { sequence[left + 1] = index }
    }
    guard var entry = sequence.last else {
      myers(first: start1, count1, second: start2, count2)
      return
    }
    entries[entry].next = -1
    while entries[entry].previous >= 0 {
      entries[entries[entry].previous].next = entry
      entry = entries[entry].previous
    }
    // Between the anchors (`walk_common_sequence`), lines equal on both sides are taken as
    // far as they go; what remains is a range of its own.
    let end1 = start1 + count1
    let end2 = start2 + count2
    var line1 = start1
    var line2 = start2
    var anchor = entry
    while true {
      var next1: Int
      var next2: Int
      if anchor >= 0 {
        next1 = entries[anchor].line1
        next2 = entries[anchor].line2 - 1
        while next1 > line1 && next2 > line2 && first[next1 - 1] == second[next2 - 1] {
          next1 -= 1
          next2 -= 1
        }
      } else {
        next1 = end1
        next2 = end2
      }
      while line1 < next1 && line2 < next2 && first[line1] == second[line2] {
        line1 += 1
        line2 += 1
      }
      if next1 > line1 || next2 > line2 {
        gaps.append((line1, next1 - line1, line2, next2 - line2))
      }
      if anchor < 0 { return }
      while entries[anchor].next >= 0
        && entries[entries[anchor].next].line1 == entries[anchor].line1 + 1
        && entries[entries[anchor].next].line2 == entries[anchor].line2 + 1
      {
        anchor = entries[anchor].next
      }
      line1 = entries[anchor].line1 + 1
      line2 = entries[anchor].line2
      anchor = entries[anchor].next
    }
  }
}
