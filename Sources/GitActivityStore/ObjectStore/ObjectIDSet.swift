/// A set of object ids for the walks' visited commits: open addressing with linear probing in
/// one flat array, hashed by one multiplication of the id's first eight bytes with a per-process
/// random seed. `Set<ObjectID>` runs SipHash for every insertion, 5 % of a walk of a single-line
/// history; this is a few instructions. The seed keeps crafted ids from piling into one run of
/// slots. Memory: 24 bytes a slot, at most twice the count.
package struct ObjectIDSet {
  private var slots: [ObjectID]
  private var occupied: [UInt64]
  private var shift: UInt64
  private(set) var count = 0

  private static let seed = UInt64.random(in: 1...UInt64.max) | 1

  package init() {
    slots = []
    occupied = []
    shift = 64
  }

  /// Inserts `id`; says whether it was new.
  @discardableResult
  package mutating func insert(_ id: ObjectID) -> (inserted: Bool, memberAfterInsert: ObjectID) {
    if (count + 1) * 2 > slots.count { grow() }
    var index = slot(for: id)
    while occupied[index >> 6] & (1 << UInt64(index & 63)) != 0 {
      if slots[index] == id { return (false, id) }
      index = (index + 1) & (slots.count - 1)
    }
    slots[index] = id
    occupied[index >> 6] |= 1 << UInt64(index & 63)
    count += 1
    return (true, id)
  }

  package func contains(_ id: ObjectID) -> Bool {
    guard !slots.isEmpty else { return false }
    var index = slot(for: id)
    while occupied[index >> 6] & (1 << UInt64(index & 63)) != 0 {
      if slots[index] == id { return true }
      index = (index + 1) & (slots.count - 1)
    }
    return false
  }

  @inline(__always)
  private func slot(for id: ObjectID) -> Int {
    Int(truncatingIfNeeded: ((id.high ^ Self.seed) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  private mutating func grow() {
    let old = slots
    let oldOccupied = occupied
    let capacity = max(1024, old.count * 2)
    slots = [ObjectID](repeating: ObjectID(high: 0, middle: 0, low: 0), count: capacity)
    occupied = [UInt64](repeating: 0, count: capacity / 64)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    count = 0
    for index in old.indices where oldOccupied[index >> 6] & (1 << UInt64(index & 63)) != 0 {
      insert(old[index])
    }
  }
}
