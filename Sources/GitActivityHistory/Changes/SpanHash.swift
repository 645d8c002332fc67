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
    hashes.withUnsafeBufferPointer { sourceHashes in
      weights.withUnsafeBufferPointer { sourceWeights in
        destination.hashes.withUnsafeBufferPointer { destinationHashes in
          destination.weights.withUnsafeBufferPointer { destinationWeights in
            Self.copied(sourceHashes, sourceWeights, destinationHashes, destinationWeights)
          }
        }
      }
    }
  }

  /// `copied(into:)` over the two sorted lists, read without bounds checks.
  private static func copied(
    _ hashes1: UnsafeBufferPointer<UInt32>, _ weights1: UnsafeBufferPointer<UInt32>,
    _ hashes2: UnsafeBufferPointer<UInt32>, _ weights2: UnsafeBufferPointer<UInt32>
  ) -> Int {
    guard let h1 = hashes1.baseAddress, let w1 = weights1.baseAddress,
      let h2 = hashes2.baseAddress, let w2 = weights2.baseAddress
    else { return 0 }
    let (count1, count2) = (hashes1.count, hashes2.count)
    var copied = 0
    var j = 0
    for i in 0..<count1 {
      let hash = h1[i]
      while j < count2 && h2[j] < hash { j &+= 1 }
      if j < count2 && h2[j] == hash {
        copied &+= Int(min(w1[i], w2[j]))
        j &+= 1
      }
    }
    return copied
  }
}
