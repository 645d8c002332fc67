/// The histogram diff as xdiff runs it (`xdl_do_histogram_diff`): in each range, the longest
/// run of equal lines built around the lines that occur least often on the first side, then
/// the ranges before and after it the same way; where every common line occurs more than 64
/// times, Myers.
extension LineClasses {
  /// Lines a class may occur on the first side of a range before the range falls back.
  private static let maximumChainLength = 64

  /// Marks what the histogram diff finds changed; false when xdiff would give up on the file
  /// (64 classes in one bucket of its table), as git then fails to diff it.
  mutating func histogram() -> Bool {
    // Ranges are one-based, as xdiff's: `line` is the first line, `count` how many.
    var ranges = [(line1: 1, count1: first.count, line2: 1, count2: second.count)]
    while var range = ranges.popLast() {
      while true {
        if range.count1 <= 0 && range.count2 <= 0 { break }
        if range.count1 == 0 || range.count2 == 0 {
          markAll(
            first: range.line1 - 1, max(0, range.count1), second: range.line2 - 1,
            max(0, range.count2))
          break
        }
        guard let found = longestCommonRun(range) else { return false }
        guard let run = found else {
          myers(first: range.line1 - 1, range.count1, second: range.line2 - 1, range.count2)
          break
        }
        if run.begin1 == 0 && run.begin2 == 0 {
          markAll(first: range.line1 - 1, range.count1, second: range.line2 - 1, range.count2)
          break
        }
        ranges.append(
          (range.line1, run.begin1 - range.line1, range.line2, run.begin2 - range.line2))
        let last1 = range.line1 + range.count1 - 1
        let last2 = range.line2 + range.count2 - 1
        range = (run.end1 + 1, last1 - run.end1, run.end2 + 1, last2 - run.end2)
      }
    }
    return true
  }

  /// The run `find_lcs` picks in a range: nil when the table overflows (an error), `.some(nil)`
  /// when the range falls back to Myers, else the run (all zero when nothing is common).
  // Kept whole: xdiff's `find_lcs` step by step, so that it reads beside git's.
  private func longestCommonRun(
    _ range: (line1: Int, count1: Int, line2: Int, count2: Int)
  ) -> (begin1: Int, end1: Int, begin2: Int, end2: Int)?? {
    let (line1, count1, line2, count2) = range
    let last1 = line1 + count1 - 1
    let last2 = line2 + count2 - 1
    var bits = 0
    var size = 1
    while size < count1 && bits < 32 {
      size <<= 1
      bits += 1
    }
    if bits == 0 { bits = 1 }
    let mask = (1 << bits) - 1
    func bucket(_ class_: Int32) -> Int { (Int(class_) + (Int(class_) >> bits)) & mask }
    // Each class's occurrences on the first side, newest first (`scanA`): a record holds the
    // class's first line and its count; `next` links a line to the next one of its class.
    var heads = [Int32](repeating: -1, count: 1 << bits)
    var recordLine: [Int] = []
    var recordCount: [Int] = []
    var recordNext: [Int32] = []
    var lineRecord = [Int32](repeating: 0, count: count1)
    var nextLine = [Int](repeating: 0, count: count1)
    var line = last1
    while line >= line1 {
      let class_ = first[line - 1]
      let slot = bucket(class_)
      var record = heads[slot]
      var chainLength = 0
      var matched = false
      while record >= 0 {
        if first[recordLine[Int(record)] - 1] == class_ {
          nextLine[line - line1] = recordLine[Int(record)]
          recordLine[Int(record)] = line
          recordCount[Int(record)] = min(Int(UInt32.max), recordCount[Int(record)] + 1)
          lineRecord[line - line1] = record
          matched = true
          break
        }
        record = recordNext[Int(record)]
        chainLength += 1
      }
      if !matched {
        if chainLength == Self.maximumChainLength { return nil }
        let new = Int32(recordLine.count)
        recordLine.append(line)
        recordCount.append(1)
        recordNext.append(heads[slot])
        heads[slot] = new
        lineRecord[line - line1] = new
      }
      line -= 1
    }
    func countAt(_ line: Int) -> Int { recordCount[Int(lineRecord[line - line1])] }
    var best = (begin1: 0, end1: 0, begin2: 0, end2: 0)
    var lowest = Self.maximumChainLength + 1
    var hasCommon = false
    // `try_lcs` for each line of the second side, skipping what a run already covered.
    var bLine = line2
    while bLine <= last2 {
      var bNext = bLine + 1
      let class2 = second[bLine - 1]
      var record = heads[bucket(class2)]
      while record >= 0 {
        defer { record = recordNext[Int(record)] }
        let count = recordCount[Int(record)]
        if count > lowest {
          if !hasCommon { hasCommon = first[recordLine[Int(record)] - 1] == class2 }
          continue
        }
        var aStart = recordLine[Int(record)]
        if first[aStart - 1] != class2 { continue }
        hasCommon = true
        while true {
          var next = nextLine[aStart - line1]
          var bStart = bLine
          var aEnd = aStart
          var bEnd = bStart
          var runCount = count
          while line1 < aStart && line2 < bStart && first[aStart - 2] == second[bStart - 2] {
            aStart -= 1
            bStart -= 1
            if 1 < runCount { runCount = min(runCount, countAt(aStart)) }
          }
          while aEnd < last1 && bEnd < last2 && first[aEnd] == second[bEnd] {
            aEnd += 1
            bEnd += 1
            if 1 < runCount { runCount = min(runCount, countAt(aEnd)) }
          }
          if bNext <= bEnd { bNext = bEnd + 1 }
          if best.end1 - best.begin1 < aEnd - aStart || runCount < lowest {
            best = (aStart, aEnd, bStart, bEnd)
            lowest = runCount
          }
          if next == 0 { break }
          var exhausted = false
          while next <= aEnd {
            next = nextLine[next - line1]
            if next == 0 {
              exhausted = true
              break
            }
          }
          if exhausted { break }
          aStart = next
        }
      }
      bLine = bNext
    }
    if hasCommon && Self.maximumChainLength < lowest { return .some(nil) }
    return .some(best)
  }
}
