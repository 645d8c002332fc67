/// Myers' algorithm as xdiff runs it (`xdl_do_diff`): the common ends trimmed, lines without a
/// match on the other side (and runs of lines with too many) left out of the search, then the
/// box split at its middle snake until each part is trivial, with xdiff's heuristics cutting
/// the search short in costly boxes unless the minimal diff is asked for.
extension LineClasses {
  /// The shortest snake worth stopping at, and the cost past which the heuristics start.
  private static let snakeCount = 20
  private static let heuristicMinimumCost = 256
  private static let minimumMaximumCost = 256
  private static let heuristicFactor = 4
  /// Lines that match more than this many lines elsewhere are always candidates to drop.
  private static let equalLimit = 1024
  /// How far the scan for a run of droppable lines looks either side.
  private static let scanWindow = 100
  /// The ratio of droppable lines in a run that drops a line with many matches.
  private static let runFactor = 4

  /// xdiff's integer square root approximation (`xdl_bogosqrt`).
  static func roughSquareRoot(_ value: Int) -> Int {
    var result = 1
    var n = value
    while n > 0 {
      result <<= 1
      n >>= 2
    }
    return result
  }

  /// Marks what Myers' algorithm finds changed over the whole of both sides.
  mutating func myers(needsMinimal: Bool) {
    let count1 = first.count
    let count2 = second.count
    // The common ends (`xdl_trim_ends`).
    var start = 0
    let shorter = min(count1, count2)
    while start < shorter && first[start] == second[start] { start += 1 }
    var trailing = 0
    while trailing < shorter - start
      && first[count1 - 1 - trailing] == second[count2 - 1 - trailing]
    {
      trailing += 1
    }
    let end1 = count1 - trailing - 1
    let end2 = count2 - trailing - 1
    // Lines with no match are changed; those with many may be (`xdl_cleanup_records`).
    let kept1 = keptLines(
      side: first, from: start, through: end1, matches: countsInSecond,
      records: wholeRecords?.0 ?? count1, changed: &changedFirst)
    let kept2 = keptLines(
      side: second, from: start, through: end2, matches: countsInFirst,
      records: wholeRecords?.1 ?? count2, changed: &changedSecond)
    let classes1 = kept1.map { first[$0] }
    let classes2 = kept2.map { second[$0] }
    let diagonals = kept1.count + kept2.count + 3
    var maximumCost = Self.roughSquareRoot(diagonals)
    if maximumCost < Self.minimumMaximumCost { maximumCost = Self.minimumMaximumCost }
    var forward = [Int](repeating: 0, count: diagonals)
    var backward = [Int](repeating: 0, count: diagonals)
    classes1.withUnsafeBufferPointer { ha1 in
      classes2.withUnsafeBufferPointer { ha2 in
        forward.withUnsafeMutableBufferPointer { forward in
          backward.withUnsafeMutableBufferPointer { backward in
            let shift = kept2.count + 1
            var search = Search(
              ha1: ha1.baseAddress.unsafelyUnwrapped, ha2: ha2.baseAddress.unsafelyUnwrapped,
              forward: forward.baseAddress.unsafelyUnwrapped + shift,
              backward: backward.baseAddress.unsafelyUnwrapped + shift,
              maximumCost: maximumCost)
            search.compare(
              count1: kept1.count, count2: kept2.count, needsMinimal: needsMinimal,
              changed1: { self.changedFirst[kept1[$0]] = 1 },
              changed2: { self.changedSecond[kept2[$0]] = 1 })
          }
        }
      }
    }
  }

  /// The lines of `side` in `start...end` the search keeps (their indexes), marking the others
  /// changed: a line with no match on the other side always goes, one with many matches
  /// (at least √lines of the whole file, `records`, at most 1,024) goes when it sits in a run of
  /// such lines.
  private func keptLines(
    side: [Int32], from start: Int, through end: Int, matches: [Int32], records: Int,
    changed: inout [UInt8]
  ) -> [Int] {
    guard start <= end else { return [] }
    var limit = Self.roughSquareRoot(records)
    if limit > Self.equalLimit { limit = Self.equalLimit }
    // 0: no match; 1: some; 2: many.
    var kinds = [UInt8](repeating: 0, count: side.count)
    for index in start...end {
      let count = Int(matches[Int(side[index])])
      kinds[index] = count == 0 ? 0 : count >= limit ? 2 : 1
    }
    var kept: [Int] = []
    kept.reserveCapacity(end - start + 1)
    for index in start...end {
      if kinds[index] == 1
        || (kinds[index] == 2 && !Self.inDroppableRun(kinds, index, start, end))
      {
        kept.append(index)
      } else {
        changed[index] = 1
      }
    }
    return kept
  }

  /// Whether a line with many matches sits among lines without one (`xdl_clean_mmatch`): runs
  /// of lines without a match or with many on both sides of it, within a window, where the
  /// ones without a match are at least three in four.
  private static func inDroppableRun(_ kinds: [UInt8], _ index: Int, _ first: Int, _ last: Int)
    -> Bool
  {
    let start = index - first > scanWindow ? index - scanWindow : first
    let end = last - index > scanWindow ? index + scanWindow : last
    var none0 = 0
    var many0 = 1
    var offset = 1
    while index - offset >= start {
      let kind = kinds[index - offset]
      if kind == 0 {
        none0 += 1
      } else if kind == 2 {
        many0 += 1
      } else {
        break
      }
      offset += 1
    }
    if none0 == 0 { return false }
    var none1 = 0
    var many1 = 1
    offset = 1
    while index + offset <= end {
      let kind = kinds[index + offset]
      if kind == 0 {
        none1 += 1
      } else if kind == 2 {
        many1 += 1
      } else {
        break
      }
      offset += 1
    }
    if none1 == 0 { return false }
    none1 += none0
    many1 += many0
    return many1 * runFactor < many1 + none1
  }

  /// The search over the kept lines: a box split at its middle snake, then its two halves, on
  /// a stack of boxes instead of recursion (boxes are independent).
  private struct Search {
    let ha1: UnsafePointer<Int32>
    let ha2: UnsafePointer<Int32>
    /// The furthest reach of each diagonal, forward and backward; indexed by diagonal (which
    /// may be negative: the pointers sit in the middle of their arrays).
    let forward: UnsafeMutablePointer<Int>
    let backward: UnsafeMutablePointer<Int>
    let maximumCost: Int

    private struct Box {
      var off1: Int
      var lim1: Int
      var off2: Int
      var lim2: Int
      var needsMinimal: Bool
    }

    /// `xdl_recs_cmp` over the whole of both kept sequences.
    mutating func compare(
      count1: Int, count2: Int, needsMinimal: Bool, changed1: (Int) -> Void,
      changed2: (Int) -> Void
    ) {
      var boxes = [Box(off1: 0, lim1: count1, off2: 0, lim2: count2, needsMinimal: needsMinimal)]
      while var box = boxes.popLast() {
        while box.off1 < box.lim1 && box.off2 < box.lim2 && ha1[box.off1] == ha2[box.off2] {
          box.off1 += 1
          box.off2 += 1
        }
        while box.off1 < box.lim1 && box.off2 < box.lim2
          && ha1[box.lim1 - 1] == ha2[box.lim2 - 1]
        {
          box.lim1 -= 1
          box.lim2 -= 1
        }
        if box.off1 == box.lim1 {
          for index in box.off2..<box.lim2 { changed2(index) }
        } else if box.off2 == box.lim2 {
          for index in box.off1..<box.lim1 { changed1(index) }
        } else {
          let split = self.split(box)
          boxes.append(
            Box(
              off1: split.i1, lim1: box.lim1, off2: split.i2, lim2: box.lim2,
              needsMinimal: split.minimalHigh))
          boxes.append(
            Box(
              off1: box.off1, lim1: split.i1, off2: box.off2, lim2: split.i2,
              needsMinimal: split.minimalLow))
        }
      }
    }

    /// Where to split a box (`xdl_split`): the middle snake where the forward and backward
    /// searches meet, or, past the heuristics' thresholds, a good snake or the furthest reach.
    // Kept whole: xdiff's `xdl_split` step by step; its loops are the diff's hottest code.
    private func split(_ box: Box) -> (i1: Int, i2: Int, minimalLow: Bool, minimalHigh: Bool) {
      let (off1, lim1, off2, lim2) = (box.off1, box.lim1, box.off2, box.lim2)
      // Locals, not reads through `self` in the loops.
      let (ha1, ha2, forward, backward) = (self.ha1, self.ha2, self.forward, self.backward)
      let dmin = off1 - lim2
      let dmax = lim1 - off2
      let fmid = off1 - off2
      let bmid = lim1 - lim2
      let odd = (fmid - bmid) & 1 != 0
      var fmin = fmid
      var fmax = fmid
      var bmin = bmid
      var bmax = bmid
      forward[fmid] = off1
      backward[bmid] = lim1
      var cost = 1
      while true {
        var gotSnake = false
        if fmin > dmin {
          fmin -= 1
          forward[fmin - 1] = -1
        } else {
          fmin += 1
        }
        if fmax < dmax {
          fmax += 1
          forward[fmax + 1] = -1
        } else {
          fmax -= 1
        }
        // Each pass is made in two copies, with and without the test for meeting the other
        // search (needed in one of them: by the parity of the box): fewer registers in use.
        if odd {
          if let met = Self.forwardPass(
            meets: true, ha1, ha2, forward, backward, fmin, fmax, bmin, bmax, lim1, lim2,
            &gotSnake)
          {
            return (met.i1, met.i2, true, true)
          }
        } else {
          _ = Self.forwardPass(
            meets: false, ha1, ha2, forward, backward, fmin, fmax, bmin, bmax, lim1, lim2,
            &gotSnake)
        }
        if bmin > dmin {
          bmin -= 1
          backward[bmin - 1] = Int.max
        } else {
          bmin += 1
        }
        if bmax < dmax {
          bmax += 1
          backward[bmax + 1] = Int.max
        } else {
          bmax -= 1
        }
        if odd {
          _ = Self.backwardPass(
            meets: false, ha1, ha2, forward, backward, fmin, fmax, bmin, bmax, off1, off2,
            &gotSnake)
        } else {
          if let met = Self.backwardPass(
            meets: true, ha1, ha2, forward, backward, fmin, fmax, bmin, bmax, off1, off2,
            &gotSnake)
          {
            return (met.i1, met.i2, true, true)
          }
        }
        if box.needsMinimal {
          cost += 1
          continue
        }
        if gotSnake && cost > heuristicMinimumCost {
          if let found = goodForwardSnake(box, fmin, fmax, fmid, cost) {
            return (found.i1, found.i2, true, false)
          }
          if let found = goodBackwardSnake(box, bmin, bmax, bmid, cost) {
            return (found.i1, found.i2, false, true)
          }
        }
        if cost >= maximumCost {
          return furthestReach(box, fmin, fmax, bmin, bmax)
        }
        cost += 1
      }
    }

    /// One forward pass of `split`, over diagonals `fmax` down to `fmin`: each diagonal's
    /// furthest reach, then its snake. With `meets`, where it meets the backward search.
    // Wrapping arithmetic: every index here stays within the boxes (as in xdiff's C).
    @inline(__always)
    private static func forwardPass(
      meets: Bool, _ ha1: UnsafePointer<Int32>, _ ha2: UnsafePointer<Int32>,
      _ forward: UnsafeMutablePointer<Int>, _ backward: UnsafeMutablePointer<Int>, _ fmin: Int,
      _ fmax: Int, _ bmin: Int, _ bmax: Int, _ lim1: Int, _ lim2: Int, _ gotSnake: inout Bool
    ) -> (i1: Int, i2: Int)? {
      var d = fmax
      // A reach read twice, by this diagonal and the next: the second time from a register.
      var above = forward[d &+ 1]
      while d >= fmin {
        let below = forward[d &- 1]
        var i1 = below >= above ? below &+ 1 : above
        above = below
        let previous = i1
        var i2 = i1 &- d
        while i1 < lim1 && i2 < lim2 && ha1[i1] == ha2[i2] {
          i1 &+= 1
          i2 &+= 1
        }
        if i1 &- previous > LineClasses.snakeCount { gotSnake = true }
        forward[d] = i1
        if meets && bmin <= d && d <= bmax && backward[d] <= i1 { return (i1, i2) }
        d &-= 2
      }
      return nil
    }

    /// One backward pass of `split`, over diagonals `bmax` down to `bmin`. With `meets`, where
    /// it meets the forward search.
    @inline(__always)
    private static func backwardPass(
      meets: Bool, _ ha1: UnsafePointer<Int32>, _ ha2: UnsafePointer<Int32>,
      _ forward: UnsafeMutablePointer<Int>, _ backward: UnsafeMutablePointer<Int>, _ fmin: Int,
      _ fmax: Int, _ bmin: Int, _ bmax: Int, _ off1: Int, _ off2: Int, _ gotSnake: inout Bool
    ) -> (i1: Int, i2: Int)? {
      var d = bmax
      var above = backward[d &+ 1]
      while d >= bmin {
        let below = backward[d &- 1]
        var i1 = below < above ? below : above &- 1
        above = below
        let previous = i1
        var i2 = i1 &- d
        while i1 > off1 && i2 > off2 && ha1[i1 &- 1] == ha2[i2 &- 1] {
          i1 &-= 1
          i2 &-= 1
        }
        if previous &- i1 > LineClasses.snakeCount { gotSnake = true }
        backward[d] = i1
        if meets && fmin <= d && d <= fmax && i1 <= forward[d] { return (i1, i2) }
        d &-= 2
      }
      return nil
    }

    private var snakeCount: Int { LineClasses.snakeCount }
    private var heuristicMinimumCost: Int { LineClasses.heuristicMinimumCost }

    /// A forward diagonal far along its way that ends in a snake of `snakeCount` lines.
    private func goodForwardSnake(_ box: Box, _ fmin: Int, _ fmax: Int, _ fmid: Int, _ cost: Int)
      -> (i1: Int, i2: Int)?
    {
      var best = 0
      var found: (Int, Int)?
      var d = fmax
      while d >= fmin {
        let distance = d > fmid ? d - fmid : fmid - d
        let i1 = forward[d]
        let i2 = i1 - d
        let value = (i1 - box.off1) + (i2 - box.off2) - distance
        if value > LineClasses.heuristicFactor * cost && value > best
          && box.off1 + snakeCount <= i1 && i1 < box.lim1
          && box.off2 + snakeCount <= i2 && i2 < box.lim2
        {
          var k = 1
          while ha1[i1 - k] == ha2[i2 - k] {
            if k == snakeCount {
              best = value
              found = (i1, i2)
              break
            }
            k += 1
          }
        }
        d -= 2
      }
      return best > 0 ? found : nil
    }

    /// A backward diagonal far along its way that starts a snake of `snakeCount` lines.
    private func goodBackwardSnake(_ box: Box, _ bmin: Int, _ bmax: Int, _ bmid: Int, _ cost: Int)
      -> (i1: Int, i2: Int)?
    {
      var best = 0
      var found: (Int, Int)?
      var d = bmax
      while d >= bmin {
        let distance = d > bmid ? d - bmid : bmid - d
        let i1 = backward[d]
        let i2 = i1 - d
        let value = (box.lim1 - i1) + (box.lim2 - i2) - distance
        if value > LineClasses.heuristicFactor * cost && value > best
          && box.off1 < i1 && i1 <= box.lim1 - snakeCount
          && box.off2 < i2 && i2 <= box.lim2 - snakeCount
        {
          var k = 0
          while ha1[i1 + k] == ha2[i2 + k] {
            if k == snakeCount - 1 {
              best = value
              found = (i1, i2)
              break
            }
            k += 1
          }
        }
        d -= 2
      }
      return best > 0 ? found : nil
    }

    /// The point furthest along either search, when the search has cost too much.
    private func furthestReach(_ box: Box, _ fmin: Int, _ fmax: Int, _ bmin: Int, _ bmax: Int)
      -> (i1: Int, i2: Int, minimalLow: Bool, minimalHigh: Bool)
    {
      var forwardBest = -1
      var forwardBest1 = -1
      var d = fmax
      while d >= fmin {
        var i1 = min(forward[d], box.lim1)
        var i2 = i1 - d
        if box.lim2 < i2 {
          i1 = box.lim2 + d
          i2 = box.lim2
        }
        if forwardBest < i1 + i2 {
          forwardBest = i1 + i2
          forwardBest1 = i1
        }
        d -= 2
      }
      var backwardBest = Int.max
      var backwardBest1 = Int.max
      d = bmax
      while d >= bmin {
        var i1 = max(box.off1, backward[d])
        var i2 = i1 - d
        if i2 < box.off2 {
          i1 = box.off2 + d
          i2 = box.off2
        }
        if i1 + i2 < backwardBest {
          backwardBest = i1 + i2
          backwardBest1 = i1
        }
        d -= 2
      }
      if (box.lim1 + box.lim2) - backwardBest < forwardBest - (box.off1 + box.off2) {
        return (forwardBest1, forwardBest - forwardBest1, true, false)
      }
      return (backwardBest1, backwardBest - backwardBest1, false, true)
    }
  }
}
