import Foundation
import Synchronization

/// Commit headers read ahead of the walk, in pack order, by a worker that has nothing else to
/// do.
///
/// Without a commit-graph, a single line of history is read one commit after another: each
/// commit names the next. But a pack holds its commits in the order a walk meets them (git
/// writes the newest first, fast-import the oldest first), so the next commits to be asked for
/// are, most of the time, the next entries of the pack. A worker with nothing of its own to read
/// fills a ring of slots with the headers of the commits after the last one asked for (the
/// *frontier*), in the direction the reader goes, with the same checked, partial inflate as any
/// read (`PackCursor.readHeader`): a reader who finds its commit in a slot gets exactly the bytes
/// it would have read. A delta, another object, a header longer than a slot, or a commit whose
/// slot is not ready is read as always (while a helper is inflating it, the reader reads the
/// next ones ahead meanwhile, then asks again): the read-ahead only ever saves work.
///
/// Thread safety: each slot's state is one atomic word, its rank and status together (free,
/// filling, ready, in use). A helper writes a slot's bytes only after it moved the slot from free
/// (or from a stale ready) to filling, and publishes them with a releasing store of ready; a
/// reader reads them only after it moved the slot from ready to in use with an acquiring
/// exchange, and frees it after. No two threads touch a slot's bytes at once, which is why the
/// class is `@unchecked Sendable`.
package final class PackReadAhead: @unchecked Sendable {
  /// Slots in the ring: how far ahead of the frontier helpers read.
  static let slotCount = 1024
  /// The room of a slot: a commit header longer than this is read by its reader. A signed
  /// commit's header holds its signature (a `gpgsig` of about 900 bytes for GitHub's own).
  static let slotSize = 2048
  /// How many times a reader asks again for a slot a helper is filling, reading ahead itself
  /// in between, before it reads the commit itself.
  static let retryLimit = 64
  /// How long a helper with nothing to read waits before it looks again, in microseconds.
  static let idleWait: UInt32 = 50

  private static let free = 0
  private static let filling = 1
  private static let ready = 2
  private static let inUse = 3

  private let store: PackStore
  private let bytes: UnsafeMutableRawPointer
  private let lengths: UnsafeMutablePointer<Int>
  private let slots: UnsafeMutablePointer<Atomic<Int>>
  /// The pack (high bits) and rank of the commit asked for last, or -1.
  private let frontier = Atomic<Int>(-1)
  /// +1 when the reader goes up through the pack, -1 when it goes down.
  private let direction = Atomic<Int>(1)
  /// The sign of the reader's last short step through the pack.
  private let lastStep = Atomic<Int>(1)
  private let servedCount = Atomic<Int>(0)

  package init(store: PackStore) {
    self.store = store
    bytes = .allocate(byteCount: Self.slotCount * Self.slotSize, alignment: 16)
    lengths = .allocate(capacity: Self.slotCount)
    lengths.initialize(repeating: 0, count: Self.slotCount)
    slots = .allocate(capacity: Self.slotCount)
    for index in 0..<Self.slotCount { (slots + index).initialize(to: Atomic(Self.free)) }
  }

  deinit {
    bytes.deallocate()
    lengths.deallocate()
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
  }

  /// A rank's place in the pack order of pack `pack`, as one number.
  private static func key(pack: Int, rank: Int) -> Int { pack << 36 | rank }

  /// How many reads the slots served.
  package var served: Int { servedCount.load(ordering: .relaxed) }

  /// Stops the helpers until the next `take`: a round of the walk has ended.
  package func stop() {
    frontier.store(-1, ordering: .releasing)
  }

  /// What a reader's `take` found.
  enum Taken {
    /// `body` had the header.
    case served
    /// The reader reads it itself and then calls `release`: no helper reads it meanwhile.
    case claimed
    /// The reader reads it itself.
    case missed
    /// A helper is reading it now: the reader may read ahead itself meanwhile, and ask again.
    case pending
  }

  /// A reader asks for the header of the commit of rank `rank` in the pack order of pack
  /// `pack`: the frontier moves there; when a helper has read it, `body` gets its bytes. When a
  /// helper is reading it, `.pending`. Otherwise the reader reads it itself, having claimed its
  /// slot when it could, so that no helper reads it too.
  func take(
    pack: Int, rank: Int, _ body: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) -> Taken {
    let key = Self.key(pack: pack, rank: rank)
    let previous = frontier.exchange(key, ordering: .acquiringAndReleasing)
    // The direction turns after two short steps the other way, not after one: a walk also reads
    // the other side of a merge, a step back in the pack, before it goes on.
    if previous >= 0, previous != key, abs(previous - key) < Self.slotCount {
      let sign = key > previous ? 1 : -1
      if lastStep.exchange(sign, ordering: .relaxed) == sign {
        direction.store(sign, ordering: .relaxed)
      }
    }
    let slot = rank % Self.slotCount
    let state = slots[slot].load(ordering: .acquiring)
    if state == key << 2 | Self.filling { return .pending }
    if state == key << 2 | Self.ready {
      guard
        slots[slot].compareExchange(
          expected: state, desired: key << 2 | Self.inUse, ordering: .acquiringAndReleasing
        ).exchanged
      else { return .missed }
      servedCount.add(1, ordering: .relaxed)
      defer { slots[slot].store(Self.free, ordering: .releasing) }
      try body(UnsafeRawBufferPointer(start: bytes + slot * Self.slotSize, count: lengths[slot]))
      return .served
    }
    guard state & 3 == Self.free || state & 3 == Self.ready,
      slots[slot].compareExchange(
        expected: state, desired: key << 2 | Self.inUse, ordering: .acquiringAndReleasing
      ).exchanged
    else { return .missed }
    return .claimed
  }

  /// A reader has read the commit whose slot it claimed.
  func release(pack: Int, rank: Int) {
    let key = Self.key(pack: pack, rank: rank)
    _ = slots[rank % Self.slotCount].compareExchange(
      expected: key << 2 | Self.inUse, desired: Self.free, ordering: .releasing)
  }

  /// A helper reads ahead with `cursor`, up to `budget` entries past the frontier, going on
  /// from `next` (the helper's own place, kept between calls). Returns false when there was
  /// nothing to read (no frontier, or the ring full), after waiting a moment if `waits`. A reader
  /// waiting for a slot reads ahead this way too (`waits` false).
  package func fill(with cursor: PackCursor, from next: inout Int, budget: Int, waits: Bool = true)
    -> Bool
  {
    var filled = 0
    // Slots looked at since the last one filled: a whole ring of them means every slot ahead is
    // ready or someone's, and nothing more can be read until the frontier moves, which it never
    // does once the walk has stopped (a window, an error).
    var looked = 0
    while filled < budget, looked < Self.slotCount {
      looked += 1
      let current = frontier.load(ordering: .acquiring)
      guard current >= 0 else { break }
      let step = direction.load(ordering: .relaxed)
      // Go on from where this helper was, unless the reader has caught up with it (or it is
      // too far ahead, after the reader jumped back).
      let ahead = (next - current) * step
      if ahead <= 0 || ahead >= Self.slotCount || next >> 36 != current >> 36 {
        next = current + step
      }
      let key = next
      let (pack, rank) = (current >> 36, key & (1 << 36 - 1))
      guard key >= 0, key >> 36 == pack, let position = cursor.position(ofRank: rank, inPack: pack)
      else { break }
      next += step
      let slot = rank % Self.slotCount
      let state = slots[slot].load(ordering: .acquiring)
      // A slot being filled or read is someone's; one ready for this rank is done already.
      if state & 3 == Self.filling || state & 3 == Self.inUse || state == key << 2 | Self.ready {
        continue
      }
      guard
        slots[slot].compareExchange(
          expected: state, desired: key << 2 | Self.filling, ordering: .acquiringAndReleasing
        ).exchanged
      else { continue }
      filled += 1
      looked = 0
      if let length = cursor.readHeader(
        pack: pack, position: position, into: bytes + slot * Self.slotSize, room: Self.slotSize)
      {
        lengths[slot] = length
        slots[slot].store(key << 2 | Self.ready, ordering: .releasing)
      } else {
        slots[slot].store(Self.free, ordering: .releasing)
      }
    }
    if filled == 0 && waits { usleep(Self.idleWait) }
    return filled > 0
  }
}
