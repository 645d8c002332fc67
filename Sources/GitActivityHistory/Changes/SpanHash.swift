/// How much of one file's content another holds, as git estimates it for rename detection
/// (`diffcore-delta.c`): each file cut into chunks that end at a newline or after 64 bytes, a
/// chunk hashed and weighed by its length (a carriage return before a newline not counted in a
/// text file), and two files compared by the weight of the chunks they share.
struct SpanHash: Sendable {
  /// Chunk hashes, ascending, each once, with the bytes of the file they stand for.
  private(set) var hashes: [UInt32] = []
  private(set) var weights: [UInt32] = []

  private static let hashBase: UInt32 = 107_927

  /// The chunks of `bytes`; `isText` skips the CR of each CRLF. A last chunk that ends
  /// neither at a newline nor at 64 bytes is not counted, as in git.
  init(_ bytes: UnsafeRawBufferPointer, isText: Bool) {
    var found: [UInt64] = []
    var accumulator1: UInt32 = 0
    var accumulator2: UInt32 = 0
    var length: UInt32 = 0
    let count = bytes.count
    var index = 0
    while index < count {
      let byte = bytes[index]
      index += 1
      if isText && byte == 0x0D && index < count && bytes[index] == 0x0A { continue }
      let old1 = accumulator1
      accumulator1 = (accumulator1 << 7) ^ (accumulator2 >> 25)
      accumulator2 = (accumulator2 << 7) ^ (old1 >> 25)
      accumulator1 &+= UInt32(byte)
      length += 1
      if length < 64 && byte != 0x0A { continue }
      let hash = (accumulator1 &+ accumulator2 &* 0x61) % Self.hashBase
      found.append(UInt64(hash) << 32 | UInt64(length))
      length = 0
      accumulator1 = 0
      accumulator2 = 0
    }
    found.sort()
    hashes.reserveCapacity(found.count)
    weights.reserveCapacity(found.count)
    for chunk in found {
      let hash = UInt32(truncatingIfNeeded: chunk >> 32)
      let weight = UInt32(truncatingIfNeeded: chunk)
      if hashes.last == hash {
        weights[weights.count - 1] &+= weight
      } else {
        hashes.append(hash)
        weights.append(weight)
      }
    }
  }

  /// The bytes of `self` (the source) that `destination` holds too: for each chunk hash the
  /// smaller of the two weights (`diffcore_count_changes`' `src_copied`).
  func copied(into destination: SpanHash) -> Int {
    var copied = 0
    var j = 0
    for i in hashes.indices {
      let hash = hashes[i]
      while j < destination.hashes.count && destination.hashes[j] < hash { j += 1 }
      if j < destination.hashes.count && destination.hashes[j] == hash {
        copied += Int(min(weights[i], destination.weights[j]))
        j += 1
      }
    }
    return copied
  }
}
