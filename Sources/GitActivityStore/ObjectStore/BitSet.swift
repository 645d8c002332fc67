/// A set of small non-negative numbers (record numbers of the cache, positions in the
/// commit-graph or in a pack's index), a bit each: a walk's visited commits where they have such
/// a number.
package struct BitSet: Sendable {
  private var words: [UInt64]

  /// An empty set for the numbers below `capacity`.
  package init(capacity: Int) {
    words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
  }

  /// Whether the set can hold no number at all (made with capacity 0).
  package var isEmpty: Bool { words.isEmpty }

  /// How many numbers the set holds.
  package var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// Calls `body` with each number in the set, smallest first.
  package func forEach(_ body: (Int) -> Void) {
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        body(index << 6 | rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
  }

  /// Adds `member`; false when it was there already.
  @inline(__always)
  package mutating func insert(_ member: Int) -> Bool {
    let (word, bit) = (member >> 6, UInt64(1) << UInt64(member & 63))
    if words[word] & bit != 0 { return false }
    words[word] |= bit
    return true
  }

  /// Whether `member` is in the set.
  @inline(__always)
  package func contains(_ member: Int) -> Bool {
    words[member >> 6] & (UInt64(1) << UInt64(member & 63)) != 0
  }
}
