/// Where each 16-bit prefix begins in a list of ids kept in rising order: 65,537 starts, made in
/// one pass, so that a lookup searches among the few ids that share its first two bytes (one or
/// two in a history of 100,000 commits) instead of the whole list. The table is for the list it
/// was made from: its owner drops it (for `init()`) whenever the list changes.
struct IDPrefixTable: Sendable {
  private var starts: [UInt32] = []

  /// No table: every lookup searches the whole list.
  init() {}

  /// The table of `count` ids in rising order, `prefix(i)` the first two bytes of the `i`-th.
  init(count: Int, prefix: (Int) -> UInt16) {
    starts = Self.starts(count: count, prefix: prefix)
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

  /// The positions that may hold `id`, nil without a table (all of them may).
  @inline(__always)
  func range(of id: ObjectID) -> Range<Int>? {
    guard !starts.isEmpty else { return nil }
    let prefix = Int(id.high >> 48)
    return Int(starts[prefix])..<Int(starts[prefix + 1])
  }
}
