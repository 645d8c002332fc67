/// Where each prefix begins in a list of ids kept in rising order, made in one pass, so that a
/// lookup searches among the few ids that share its prefix (one or two) instead of the whole
/// list. The prefix has as many bits as the list's count has, at most 16: a table of 6,000 ids
/// has 8,193 starts (32 KB), one of 100,000 or more 65,537 (256 KB). The table is for the list
/// it was made from: its owner drops it (for `init()`) whenever the list changes.
struct IDPrefixTable: Sendable {
  private var starts: [UInt32] = []
  /// How far an id's first 64 bits are shifted to give its prefix.
  private var shift: UInt64 = 48

  /// No table: every lookup searches the whole list.
  init() {}

  /// The table of `count` ids in rising order, `high(i)` the first 64 bits of the `i`-th: the
  /// ids under each prefix counted in one pass, then added up into where each prefix starts
  /// (for ids out of order, ranges that may miss them, never past `count`).
  init(count: Int, high: (Int) -> UInt64) {
    let bits = min(16, max(1, Int.bitWidth - count.leadingZeroBitCount))
    let shift = UInt64(64 - bits)
    self.shift = shift
    var starts = [UInt32](repeating: 0, count: (1 << bits) + 1)
    starts.withUnsafeMutableBufferPointer { starts in
      for index in 0..<count { starts[Int(truncatingIfNeeded: high(index) &>> shift) &+ 1] &+= 1 }
      for prefix in 1..<starts.count { starts[prefix] &+= starts[prefix &- 1] }
    }
    self.starts = starts
  }

  /// For each 16-bit value, how many of `count` ids in rising order have a smaller prefix
  /// (`prefix(i)`, the first two bytes of the `i`-th); 65,537 counts, the last `count`.
  static func starts(count: Int, prefix: (Int) -> UInt16) -> [UInt32] {
    var starts = [UInt32](repeating: UInt32(count), count: 65_537)
    var position = 0
    for value in 0..<65_536 {
      while position < count, Int(prefix(position)) < value { position += 1 }
      starts[value] = UInt32(position)
    }
    return starts
  }

  /// How many prefixes the table has (0 without a table).
  var prefixCount: Int { max(0, starts.count - 1) }

  /// The positions that may hold `id`, nil without a table (all of them may).
  @inline(__always)
  func range(of id: ObjectID) -> Range<Int>? {
    guard !starts.isEmpty else { return nil }
    let prefix = Int(id.high >> shift)
    return Int(starts[prefix])..<Int(starts[prefix + 1])
  }
}
