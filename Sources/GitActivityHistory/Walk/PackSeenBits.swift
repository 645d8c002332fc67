import Synchronization

/// The commits of the packs a walk has reached, a bit for each object of each pack (by its
/// index position), set by the walk's threads at once without a lock: each addition is one
/// atomic or, and of threads adding the same commit at the same time exactly one is told it is
/// new. That lets a worker step to a commit's only parent without taking the walk's lock.
///
/// A value of two addresses and a count, copied into each worker (no reference counting between the
/// cores); `WalkState`, which makes it, frees it (`deallocate`) once no worker runs.
struct PackSeenBits: @unchecked Sendable {
  private let words: UnsafeMutablePointer<Atomic<UInt64>>
  /// Where each pack's words start.
  private let starts: UnsafeMutablePointer<Int>
  private let wordCount: Int

  /// Bits for packs of `objectCounts` objects each, none set.
  init(objectCounts: [Int]) {
    starts = .allocate(capacity: max(objectCounts.count, 1))
    var total = 0
    for (pack, objects) in objectCounts.enumerated() {
      starts[pack] = total
      total += (objects + 63) / 64
    }
    wordCount = total
    words = .allocate(capacity: max(total, 1))
    for word in 0..<total { (words + word).initialize(to: Atomic(0)) }
  }

  /// Marks the object at index `position` of pack `pack` seen; false when it was already.
  @inline(__always)
  func insert(pack: Int, position: Int) -> Bool {
    let bit = UInt64(1) &<< UInt64(position & 63)
    let word = words + starts[pack] + position >> 6
    // A plain load first: a commit seen already costs no write to a line the other thread reads.
    if word.pointee.load(ordering: .relaxed) & bit != 0 { return false }
    return word.pointee.bitwiseOr(bit, ordering: .relaxed).oldValue & bit == 0
  }

  /// Frees the bits; no copy may be used after.
  func deallocate() {
    words.deinitialize(count: wordCount)
    words.deallocate()
    starts.deallocate()
  }
}
