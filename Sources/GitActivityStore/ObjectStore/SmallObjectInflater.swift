import CGit2

/// Inflates the zlib stream of a small object as a pack stores it: a commit (649 bytes for the
/// median commit of git/git), a small tree, a delta; one or a few dynamic Huffman blocks.
///
/// On such a stream libdeflate spends about a third of its time building decode tables: a
/// table of 2,048 entries for every block, made through loops in which each step waits for the
/// one before. This decoder builds tables no larger than the block's longest code needs (at most
/// 1,024 entries, longer codes in subtables, as zlib does), sorts the symbols by length as it
/// reads their lengths, and decodes as libdeflate's fast loop does: a refill of the bit buffer
/// that does not branch, up to five literals per refill, matches copied a word at a time. (On
/// streams of many kilobytes libdeflate's decoding, which uses BMI2 where the processor has it,
/// is the faster: `PackCursor` gives those to libdeflate.)
///
/// It accepts a stream only when it is sure of it:
/// - a zlib header without a preset dictionary;
/// - dynamic blocks only, with complete codes (zlib refuses over-subscribed and incomplete ones
///   alike, except incomplete codes of one symbol, which this decoder leaves to libdeflate);
/// - no distance that reaches before the output, and exactly `size` bytes;
/// - the Adler-32 after the last block, within the stream's bytes, matching.
///
/// Anything else (a stored or fixed block, a code zlib accepts that is not complete, damage, a
/// stream that reads near the end of the readable bytes) makes `inflate` answer false, and the
/// caller asks libdeflate, which decides. So no stream that libdeflate refuses is accepted
/// here, and an accepted stream gives the bytes libdeflate gives (`SmallObjectInflaterTests` holds
/// both, on real and damaged streams).
///
/// One per thread: it owns its tables.
package struct SmallObjectInflater: ~Copyable {
  // A table entry, litlen and distance alike: bits 0–7, the bits the entry's code takes from
  // the stream; bits 8–15, the extra bits that follow it (a length's or a distance's), or for
  // a subtable, how many bits index it.
  // Litlen entries: bits 16–27, a literal, a length's base or a subtable's start; then flags.
  private static let literal: UInt32 = 1 << 31
  private static let litlenSubtable: UInt32 = 1 << 30
  private static let endOfBlock: UInt32 = 1 << 29
  // Distance entries: bits 16–31, a distance's base or a subtable's start; bit 15, a subtable.
  private static let distanceSubtable: UInt32 = 1 << 15

  private static let litlenRootBits = 10
  private static let distanceRootBits = 8
  private static let precodeRootBits = 7
  // Room for any complete code's root table and subtables (zlib's `enough` gives 1,332 entries
  // for 286 symbols at 10 root bits, and 402 for 30 symbols at 8); more is checked, not assumed.
  private static let litlenCapacity = 2048
  private static let distanceCapacity = 1024

  private let litlen: UnsafeMutablePointer<UInt32>
  private let distance: UnsafeMutablePointer<UInt32>
  private let precode: UnsafeMutablePointer<UInt32>
  /// Each symbol's entry without its code's length: litlen symbols (0–287), then distance
  /// symbols (288–319), then precode symbols (320–338).
  private let values: UnsafeMutablePointer<UInt32>
  /// The code lengths of a block's precode (19), and after them the order in which a dynamic
  /// block gives them (19).
  private let precodeLengths: UnsafeMutablePointer<UInt8>
  /// How many codes of each length (1–15) a block's litlen code has (0–15), its distance code
  /// (16–31) and its precode (32–47); index 0 of each stays 0 once the lengths are read.
  private let perLength: UnsafeMutablePointer<UInt16>
  /// The symbols with a code of each length, in order, as `perLength` counts them: row
  /// `16 × code + length`, `bucketSize` symbols to a row (rows 0, 16 and 32 take the symbols
  /// without a code). A distance symbol counts from the litlen symbols' count.
  private let buckets: UnsafeMutablePointer<UInt16>
  private static let bucketSize = 320
  /// Each byte with its bits in reverse order.
  private let reversedBytes: UnsafeMutablePointer<UInt8>
  /// How many subtables this inflater has built, litlen and distance (for tests).
  private let subtables: UnsafeMutablePointer<Int>
  var subtablesBuilt: (litlen: Int, distance: Int) { (subtables[0], subtables[1]) }

  package init() {
    litlen = .allocate(capacity: Self.litlenCapacity)
    distance = .allocate(capacity: Self.distanceCapacity)
    precode = .allocate(capacity: 1 << Self.precodeRootBits)
    values = .allocate(capacity: 339)
    precodeLengths = .allocate(capacity: 38)
    for (index, symbol) in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
      .enumerated()
    {
      precodeLengths[19 + index] = UInt8(symbol)
    }
    perLength = .allocate(capacity: 48)
    buckets = .allocate(capacity: 48 * Self.bucketSize)
    reversedBytes = .allocate(capacity: 256)
    subtables = .allocate(capacity: 2)
    subtables.initialize(repeating: 0, count: 2)
    for byte in 0..<256 {
      var reversed = 0
      for bit in 0..<8 where byte & (1 << bit) != 0 { reversed |= 0x80 >> bit }
      reversedBytes[byte] = UInt8(reversed)
    }
    Self.makeValues(values)
  }

  deinit {
    litlen.deallocate()
    distance.deallocate()
    precode.deallocate()
    values.deallocate()
    precodeLengths.deallocate()
    perLength.deallocate()
    buckets.deallocate()
    reversedBytes.deallocate()
    subtables.deallocate()
  }

  /// Each symbol's table entry without its code's length (see `values`).
  private static func makeValues(_ values: UnsafeMutablePointer<UInt32>) {
    for byte in 0..<256 { values[byte] = literal | UInt32(byte) << 16 }
    values[256] = endOfBlock
    // Lengths 3–258: a base and extra bits per symbol, as RFC 1951 lists them (3.2.5).
    var base = 3
    for symbol in 257...284 {
      let extra = symbol < 265 ? 0 : (symbol - 261) / 4
      values[symbol] = UInt32(base) << 16 | UInt32(extra) << 8
      base += 1 << extra
    }
    values[285] = 258 << 16
    // 286 and 287 never appear: a block that counts them is left to libdeflate.
    values[286] = 0
    values[287] = 0
    base = 1
    for symbol in 0..<30 {
      let extra = symbol < 4 ? 0 : symbol / 2 - 1
      values[288 + symbol] = UInt32(base) << 16 | UInt32(extra) << 8
      base += 1 << extra
    }
    values[318] = 0
    values[319] = 0
    for symbol in 0..<19 { values[320 + symbol] = UInt32(symbol) << 16 }
  }

  /// The bits of a stream, least significant first, 56 or more of them after each `refill`.
  private struct Bits {
    /// The next byte not yet in `buffer`.
    var next: UnsafeRawPointer
    /// The last place an eight-byte load may start.
    let limit: UnsafeRawPointer
    var buffer: UInt64 = 0
    /// How many bits of `buffer` are the stream's next bits (those above may be too; they are
    /// counted again when loaded again).
    var count = 0

    /// Tops the buffer up to 56–63 bits without a branch on how many (libdeflate's refill).
    /// False when that would read past `limit`.
    @inline(__always)
    mutating func refill() -> Bool {
      guard next <= limit else { return false }
      buffer |= UInt64(littleEndian: next.loadUnaligned(as: UInt64.self)) &<< UInt64(count)
      next += (63 &- count) &>> 3
      count |= 56
      return true
    }

    @inline(__always)
    func peek(_ bits: Int) -> Int { Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(bits)) &- 1)) }

    @inline(__always)
    mutating func drop(_ bits: Int) {
      buffer &>>= UInt64(bits)
      count &-= bits
    }
  }

  /// Inflates the zlib stream at `stream`, which must end (its checksum included) within
  /// `streamBytes` bytes, into `output`, where it must give exactly `size` bytes. `readable` bytes
  /// from `stream` on may be read (at least `streamBytes`), and `room` bytes of `output` written
  /// (at least `size` + 16: matches are copied a word at a time). True when the stream is
  /// inflated and checked; false when it is not, or not of the shape this decoder takes.
  package func inflate(
    _ stream: UnsafeRawPointer, streamBytes: Int, readable: Int,
    into output: UnsafeMutablePointer<UInt8>, size: Int, room: Int
  ) -> Bool {
    guard streamBytes >= 6, readable >= streamBytes, readable >= 16, room >= size + 16 else {
      return false
    }
    let method = UInt16(stream.load(as: UInt8.self))
    let flags = UInt16(stream.load(fromByteOffset: 1, as: UInt8.self))
    guard method & 0x0F == 8, method >> 4 <= 7, (method << 8 | flags) % 31 == 0, flags & 0x20 == 0
    else { return false }
    var bits = Bits(next: stream + 2, limit: stream + (readable - 8))
    var out = output
    let end = output + size
    var isFinal = false
    repeat {
      guard bits.refill() else { return false }
      isFinal = bits.peek(1) == 1
      guard bits.buffer >> 1 & 3 == 2 else { return false }
      bits.drop(3)
      guard let (litlenBits, distanceBits) = readCodes(&bits),
        decodeBlock(&bits, &out, start: output, end: end, litlenBits, distanceBits)
      else { return false }
    } while !isFinal
    guard out == end else { return false }
    // The checksum starts at the next whole byte.
    bits.drop(bits.count & 7)
    let checksum = bits.next - bits.count / 8
    guard checksum + 4 <= stream + streamBytes else { return false }
    let expected = UInt32(bigEndian: checksum.loadUnaligned(as: UInt32.self))
    return libdeflate_adler32(1, output, size) == expected
  }

  /// Reads a dynamic block's codes and builds their tables; their root bits, or nil.
  private func readCodes(_ bits: inout Bits) -> (litlen: Int, distance: Int)? {
    let litlenCount = 257 + bits.peek(5)
    let distanceCount = 1 + bits.peek(10) >> 5
    let precodeCount = 4 + bits.peek(14) >> 10
    bits.drop(14)
    // zlib refuses more; libdeflate decides on them.
    guard litlenCount <= 286, distanceCount <= 30 else { return nil }
    precodeLengths.update(repeating: 0, count: 19)
    perLength.update(repeating: 0, count: 48)
    for index in 0..<precodeCount {
      if bits.count < 3 { guard bits.refill() else { return nil } }
      precodeLengths[Int(precodeLengths[19 &+ index])] = UInt8(truncatingIfNeeded: bits.peek(3))
      bits.drop(3)
    }
    for symbol in 0..<19 {
      let row = 32 + Int(precodeLengths[symbol])
      buckets[row * Self.bucketSize + Int(perLength[row])] = UInt16(symbol)
      perLength[row] += 1
    }
    perLength[32] = 0
    let precodeBits = buildTable(
      precode, rootBits: Self.precodeRootBits, capacity: 1 << Self.precodeRootBits,
      buckets: buckets + 32 * Self.bucketSize, perLength: perLength + 32, values: values + 320,
      subtable: 0)
    guard precodeBits > 0,
      readLengths(&bits, litlenCount, distanceCount, precodeBits: precodeBits)
    else { return nil }
    let litlenBits = buildTable(
      litlen, rootBits: Self.litlenRootBits, capacity: Self.litlenCapacity, buckets: buckets,
      perLength: perLength, values: values, subtable: Self.litlenSubtable)
    // Distance symbols are counted from `litlenCount`.
    let distanceBits = buildTable(
      distance, rootBits: Self.distanceRootBits, capacity: Self.distanceCapacity,
      buckets: buckets + 16 * Self.bucketSize, perLength: perLength + 16,
      values: values + 288 - litlenCount, subtable: Self.distanceSubtable)
    guard litlenBits > 0, distanceBits > 0 else { return nil }
    return (litlenBits, distanceBits)
  }

  /// Reads the litlen and distance code lengths through the precode, and puts their symbols by
  /// length into `buckets`, counted in `perLength`. False on a repeat with nothing before it or
  /// past the end, or when the end-of-block symbol has no code (zlib refuses such a block).
  private func readLengths(
    _ bitsOut: inout Bits, _ litlenCount: Int, _ distanceCount: Int, precodeBits: Int
  ) -> Bool {
    let total = litlenCount + distanceCount
    var index = 0
    var previous = 0
    var endOfBlockLength = 0
    // In locals, as in `decodeBlock`.
    let (precode, buckets, perLength) = (self.precode, self.buckets, self.perLength)
    var bits = bitsOut
    defer { bitsOut = bits }
    while index < total {
      // A precode symbol takes at most 7 bits, its repeat count 7 more.
      if bits.count < 14 { guard bits.refill() else { return false } }
      let entry = precode[bits.peek(precodeBits)]
      bits.drop(Int(entry & 0xFF))
      let symbol = Int(entry >> 16)
      if symbol < 16 {
        if index == 256 { endOfBlockLength = symbol }
        let row = index < litlenCount ? symbol : 16 &+ symbol
        buckets[row &* Self.bucketSize &+ Int(perLength[row])] = UInt16(truncatingIfNeeded: index)
        perLength[row] &+= 1
        previous = symbol
        index &+= 1
        continue
      }
      let repeats: Int
      switch symbol {
      case 16:
        guard index > 0 else { return false }
        repeats = 3 &+ bits.peek(2)
        bits.drop(2)
      case 17:
        previous = 0
        repeats = 3 &+ bits.peek(3)
        bits.drop(3)
      default:
        previous = 0
        repeats = 11 &+ bits.peek(7)
        bits.drop(7)
      }
      guard repeats <= total &- index else { return false }
      if index <= 256 && 256 < index &+ repeats { endOfBlockLength = previous }
      if previous != 0 {
        // A repeat may run from the litlen code into the distance code.
        for symbol in index..<(index &+ repeats) {
          let row = symbol < litlenCount ? previous : 16 &+ previous
          buckets[row &* Self.bucketSize &+ Int(perLength[row])] =
            UInt16(truncatingIfNeeded: symbol)
          perLength[row] &+= 1
        }
      }
      index &+= repeats
    }
    perLength[0] = 0
    perLength[16] = 0
    return endOfBlockLength != 0
  }

  /// `code`'s low `length` bits in reverse order.
  @inline(__always)
  private func reverse(_ code: Int, _ length: Int) -> Int {
    let reversed = Int(reversedBytes[code & 0xFF]) << 8 | Int(reversedBytes[code >> 8 & 0xFF])
    return reversed &>> (16 &- length)
  }

  /// Builds the decode table of a canonical code whose symbols are in `buckets` by length,
  /// counted in `perLength` (which it uses up): a root table indexed by the stream's next bits
  /// (as many as the longest code, at most `rootBits`), and subtables for longer codes, flagged
  /// `subtable`. Returns the root table's bits, or 0 when the code is not complete (zlib refuses
  /// such codes but one; libdeflate decides on that one) or the table would outgrow `capacity`.
  ///
  /// The root table is built as libdeflate builds it, in canonical order: each length's codes
  /// go into a table of that many bits, one entry each, and the table is doubled (copied onto
  /// its own end) before the next length. No loop runs a number of times that depends on the
  /// code, which a processor cannot predict.
  private func buildTable(
    _ table: UnsafeMutablePointer<UInt32>, rootBits: Int, capacity: Int,
    buckets: UnsafeMutablePointer<UInt16>, perLength: UnsafeMutablePointer<UInt16>,
    values: UnsafeMutablePointer<UInt32>, subtable: UInt32
  ) -> Int {
    var left = 1
    var shortest = 0
    var longest = 0
    for length in 1...15 {
      let codes = Int(perLength[length])
      left = left << 1 - codes
      guard left >= 0 else { return 0 }
      if codes != 0 {
        longest = length
        if shortest == 0 { shortest = length }
      }
    }
    guard left == 0 else { return 0 }
    let bits = min(rootBits, longest)
    var code = 0
    var size = 1 << shortest
    for length in shortest...bits {
      if length > shortest {
        (table + size).update(from: table, count: size)
        size <<= 1
        code <<= 1
      }
      let bucket = buckets + length * Self.bucketSize
      for index in 0..<Int(perLength[length]) {
        table[reverse(code, length)] = values[Int(bucket[index])] | UInt32(length)
        code &+= 1
      }
    }
    if longest == bits { return bits }
    return buildSubtables(
      table, bits: bits, longest: longest, capacity: capacity, code: code, buckets: buckets,
      perLength: perLength, values: values, subtable: subtable)
  }

  /// The subtables of `buildTable`, for the codes longer than the root table's `bits`, the
  /// first of which follows `code`: one per root entry their codes begin with, with as many
  /// bits as the codes under it need (zlib's sizing). Returns `bits`, or 0.
  private func buildSubtables(
    _ table: UnsafeMutablePointer<UInt32>, bits: Int, longest: Int, capacity: Int, code: Int,
    buckets: UnsafeMutablePointer<UInt16>, perLength: UnsafeMutablePointer<UInt16>,
    values: UnsafeMutablePointer<UInt32>, subtable: UInt32
  ) -> Int {
    var code = code
    var next = 1 << bits
    var prefix = -1
    var start = 0
    var subtableSize = 0
    for length in (bits + 1)...longest {
      code <<= 1
      let bucket = buckets + length * Self.bucketSize
      for index in 0..<Int(perLength[length]) {
        let rest = length - bits
        let head = reverse(code >> rest, bits)
        if head != prefix {
          var subtableBits = rest
          var room = 1 << subtableBits
          while subtableBits + bits < longest {
            room -= Int(perLength[subtableBits + bits])
            if room <= 0 { break }
            subtableBits += 1
            room <<= 1
          }
          guard next + (1 << subtableBits) <= capacity else { return 0 }
          table[head] =
            subtable | UInt32(next) << 16 | UInt32(subtableBits) << 8 | UInt32(bits)
          (prefix, start, subtableSize) = (head, next, 1 << subtableBits)
          subtables[subtable == Self.litlenSubtable ? 0 : 1] += 1
          next += subtableSize
        }
        // What is left of this length is what zlib's sizing counts.
        perLength[length] -= 1
        let entry = values[Int(bucket[index])] | UInt32(rest)
        var slot = reverse(code & ((1 << rest) - 1), rest)
        repeat {
          table[start + slot] = entry
          slot += 1 << rest
        } while slot < subtableSize
        code += 1
      }
    }
    return bits
  }

  /// Decodes one block's symbols into `out` up to its end-of-block symbol. False on a distance
  /// before `start`, output past `end`, or a read past the readable bytes.
  @inline(__always)
  private func decodeBlock(
    _ bitsOut: inout Bits, _ outOut: inout UnsafeMutablePointer<UInt8>,
    start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>,
    _ litlenBits: Int, _ distanceBits: Int
  ) -> Bool {
    // In locals, so that they stay in registers: `bits` has been lent to calls that are not
    // inlined, and a pointer to it, or to this inflater's tables, could be written through
    // `out` for all the compiler knows.
    let (litlen, distance) = (self.litlen, self.distance)
    var bits = bitsOut
    var out = outOut
    defer {
      bitsOut = bits
      outOut = out
    }
    let litlenMask = (1 &<< UInt64(litlenBits)) &- 1
    let distanceMask = (1 &<< UInt64(distanceBits)) &- 1
    // Each round starts refilled, with the entry of the next code loaded: the load of the
    // next round's entry is made before this round's match is copied, not after.
    guard bits.refill() else { return false }
    var entry = litlen[Int(truncatingIfNeeded: bits.buffer & litlenMask)]
    while true {
      // Up to five literals per round: `out` passes `end` by at most five bytes before
      // this check, inside the room past `end`.
      guard out <= end else { return false }
      if entry & Self.literal != 0 {
        // A literal in the root table takes at most 10 bits: five fit in 56. The entry after
        // the fifth is looked up before the refill: the 14 bits left are enough to index the
        // table (the refill adds bits above them, the same as were there).
        var literals = 0
        repeat {
          Self.put(entry, &bits, &out)
          entry = litlen[Int(truncatingIfNeeded: bits.buffer & litlenMask)]
          literals &+= 1
        } while literals < 5 && entry & Self.literal != 0
        // A length and a distance take up to 48 bits.
        guard bits.refill() else { return false }
        if entry & Self.literal != 0 { continue }
      }
      if entry & Self.litlenSubtable != 0 {
        bits.drop(Int(entry & 0xFF))
        let index = Int(entry >> 16 & 0xFFF) &+ bits.peek(Int(entry >> 8 & 0xFF))
        entry = litlen[index]
        if entry & Self.literal != 0 {
          Self.put(entry, &bits, &out)
          guard bits.refill() else { return false }
          entry = litlen[Int(truncatingIfNeeded: bits.buffer & litlenMask)]
          continue
        }
      }
      if entry & Self.endOfBlock != 0 {
        bits.drop(Int(entry & 0xFF))
        return out <= end
      }
      let (length, back) = Self.match(entry, &bits, distance, distanceMask)
      guard back <= out - start, length <= end - out, bits.refill() else { return false }
      entry = litlen[Int(truncatingIfNeeded: bits.buffer & litlenMask)]
      Self.copy(to: out, back: back, length: length)
      out += length
    }
  }

  /// Writes the literal of `entry` and takes its code from `bits`.
  @inline(__always)
  private static func put(
    _ entry: UInt32, _ bits: inout Bits, _ out: inout UnsafeMutablePointer<UInt8>
  ) {
    bits.drop(Int(entry & 0xFF))
    out.pointee = UInt8(truncatingIfNeeded: entry >> 16)
    out += 1
  }

  /// The length of the match whose litlen `entry` is next in `bits`, and its distance: both
  /// codes and their extra bits taken (at most 48 bits).
  @inline(__always)
  private static func match(
    _ entry: UInt32, _ bits: inout Bits, _ distance: UnsafeMutablePointer<UInt32>,
    _ distanceMask: UInt64
  ) -> (Int, Int) {
    let lengthBits = Int(entry & 0xFF)
    let length =
      Int(entry >> 16 & 0xFFF)
      &+ Int(truncatingIfNeeded: (bits.buffer &>> UInt64(lengthBits)))
      & ((1 &<< Int(entry >> 8 & 0xFF)) &- 1)
    bits.drop(lengthBits &+ Int(entry >> 8 & 0xFF))
    var code = distance[Int(truncatingIfNeeded: bits.buffer & distanceMask)]
    if code & distanceSubtable != 0 {
      bits.drop(Int(code & 0xFF))
      code = distance[Int(code >> 16) &+ bits.peek(Int(code >> 8 & 0x3F))]
    }
    let codeBits = Int(code & 0xFF)
    let extra = Int(code >> 8 & 0x3F)
    let back =
      Int(code >> 16)
      &+ Int(truncatingIfNeeded: (bits.buffer &>> UInt64(codeBits)))
      & ((1 &<< extra) &- 1)
    bits.drop(codeBits &+ extra)
    return (length, back)
  }

  /// Copies `length` bytes from `back` bytes before `out` to `out`, overlapping as DEFLATE means:
  /// a word at a time when the source is a word or more behind (writing up to 7 bytes past
  /// `length`).
  @inline(__always)
  private static func copy(to out: UnsafeMutablePointer<UInt8>, back: Int, length: Int) {
    let target = UnsafeMutableRawPointer(out)
    let source = UnsafeRawPointer(out - back)
    if back >= 8 {
      var offset = 0
      repeat {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
          as: UInt64.self)
        offset &+= 8
      } while offset < length
    } else {
      for index in 0..<length { out[index] = out[index &- back] }
    }
  }
}
