import CGit2
import Foundation
import TestSupport
import Testing

@testable import GitActivityStore

/// Our decoder of commits' zlib streams against libdeflate, which backs it: every stream it
/// accepts, libdeflate accepts with the same bytes; every dynamic stream zlib writes, it accepts.
@Suite("Commits inflated by our own decoder, libdeflate deciding the rest")
struct SmallObjectInflaterTests {
  /// What libdeflate gives for `stream` (at most `streamBytes` of it) when it must give `size`
  /// bytes, as `PackCursor` asks it (with room past `size`); nil when it refuses.
  static func libdeflate(_ stream: [UInt8], streamBytes: Int? = nil, size: Int) -> [UInt8]? {
    guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
    defer { libdeflate_free_decompressor(decompressor) }
    var output = [UInt8](repeating: 0, count: size + 320)
    var used = 0
    var produced = 0
    let status = output.withUnsafeMutableBytes { out in
      stream.withUnsafeBytes { input in
        libdeflate_zlib_decompress_ex(
          decompressor, input.baseAddress, streamBytes ?? stream.count, out.baseAddress, out.count,
          &used, &produced)
      }
    }
    return status == LIBDEFLATE_SUCCESS && produced == size ? Array(output.prefix(size)) : nil
  }

  /// What our decoder gives: the stream is followed by `trailing` bytes of other data, as a
  /// pack's next objects follow a commit; nil when it leaves the stream to libdeflate.
  static func ours(
    _ inflater: borrowing SmallObjectInflater, _ stream: [UInt8], streamBytes: Int? = nil,
    trailing: Int = 32, size: Int
  ) -> [UInt8]? {
    let readable = stream + pseudorandomBytes(trailing, seed: UInt64(stream.count))
    var output = [UInt8](repeating: 0xA5, count: size + 320)
    let accepted = output.withUnsafeMutableBufferPointer { out in
      readable.withUnsafeBytes { input in
        inflater.inflate(
          input.baseAddress.unsafelyUnwrapped, streamBytes: streamBytes ?? stream.count,
          readable: readable.count, into: out.baseAddress.unsafelyUnwrapped, size: size,
          room: out.count)
      }
    }
    return accepted ? Array(output.prefix(size)) : nil
  }

  /// `input` through zlib's deflate at `level` with `strategy`, as git writes objects (git uses
  /// the default strategy; the others make fixed and Huffman-only blocks).
  static func zlib(_ input: [UInt8], level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY) -> [UInt8]
  {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, 15, 8, strategy, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return [] }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 16)
    var input = input
    let written = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = UInt32(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = UInt32(target.count)
        return deflate(&stream, Z_FINISH) == Z_STREAM_END ? Int(stream.total_out) : 0
      }
    }
    return Array(output.prefix(written))
  }

  /// `input` through libdeflate's compressor at `level` (0–12), whose blocks differ from zlib's:
  /// it runs code lengths from the litlen code on into the distance code.
  static func libdeflateCompress(_ input: [UInt8], level: Int32) -> [UInt8] {
    guard let compressor = libdeflate_alloc_compressor(level) else { return [] }
    defer { libdeflate_free_compressor(compressor) }
    var output = [UInt8](
      repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count) + 16)
    let written = output.withUnsafeMutableBytes { target in
      input.withUnsafeBytes { source in
        libdeflate_zlib_compress(
          compressor, source.baseAddress, source.count, target.baseAddress, target.count)
      }
    }
    return Array(output.prefix(written))
  }

  /// A commit-like text of about `size` bytes: header lines, a subject, paragraphs of words,
  /// trailers.
  static func commitText(size: Int, using generator: inout SeededGenerator) -> [UInt8] {
    let words = [
      "the", "commit", "graph", "reads", "parents", "from", "a", "pack", "index", "and", "merge",
      "refs", "heads", "diff", "blob", "tree", "of", "to", "in", "fix", "tests", "t4013",
      "Signed-off-by:", "Co-authored-by:", "Jörg", "naïve", "résumé", "€", "日本語",
    ]
    var text =
      "tree \(String(repeating: "3f", count: 20))\nparent \(String(repeating: "a1", count: 20))\n"
      + "author A U Thor <author@example.com> 1700000000 +0100\n"
      + "committer C O Mitter <committer@example.com> 1700000100 +0100\n\n"
    while text.utf8.count < size {
      text += words.randomElement(using: &generator) ?? ""
      text += Int.random(in: 0..<12, using: &generator) == 0 ? "\n" : " "
    }
    return Array(text.utf8.prefix(size))
  }

  /// Whether every block of a zlib stream of at most one block is dynamic: the first block's
  /// type, read from the first byte after the header (enough for inputs of a few KiB).
  static func firstBlockIsDynamic(_ stream: [UInt8]) -> Bool {
    stream.count > 2 && (stream[2] >> 1) & 3 == 2
  }

  @Test(
    "zlib's streams of commit-sized texts at every level: each dynamic one accepted with its bytes, the others left to libdeflate"
  )
  func zlibStreams() {
    let inflater = SmallObjectInflater()
    var generator = SeededGenerator(seed: 1951)
    var accepted = 0
    var wrong: [String] = []
    for size in stride(from: 0, through: 4_000, by: 37) {
      let text = Self.commitText(size: size, using: &generator)
      for level: Int32 in 1...9 {
        let stream = Self.zlib(text, level: level)
        let got = Self.ours(inflater, stream, size: text.count)
        if got != nil { accepted += 1 }
        if let got, got != text { wrong.append("size \(size) level \(level): other bytes") }
        if (got != nil) != Self.firstBlockIsDynamic(stream) {
          wrong.append("size \(size) level \(level): accepted \(got != nil)")
        }
        // A size one off either way is refused, as libdeflate refuses it.
        for other in [text.count - 1, text.count + 1] where other >= 0 {
          if Self.ours(inflater, stream, size: other) != nil { wrong.append("size \(other)") }
        }
      }
    }
    #expect(wrong.count == 0, "\(wrong.prefix(5))")
    #expect(accepted > 900)
  }

  @Test(
    "codes longer than the root tables (subtables, litlen and distance), several blocks, fixed and stored blocks, libdeflate's own streams"
  )
  func everyShapeOfStream() {
    let inflater = SmallObjectInflater()
    var generator = SeededGenerator(seed: 1950)
    var inputs: [[UInt8]] = []
    // Skewed: one byte most of the time, every other byte value rarely, so that the rare ones
    // have codes of up to 15 bits; repeats at every distance, mostly near.
    for size in [300, 2_000, 20_000, 70_000, 200_000] {
      var bytes: [UInt8] = []
      while bytes.count < size {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<60: bytes.append(UInt8(ascii: "e"))
        case 60..<70: bytes.append(UInt8.random(in: 0...255, using: &generator))
        default:
          let back = Int.random(
            in: 1...min(bytes.count + 1, 1 << Int.random(in: 1...15, using: &generator)),
            using: &generator)
          let start = max(0, bytes.count - back)
          bytes +=
            bytes[start..<min(bytes.count, start + Int.random(in: 3...258, using: &generator))]
        }
      }
      inputs.append(Array(bytes.prefix(size)))
    }
    inputs += [[], [0], Array(repeating: 7, count: 100_000), pseudorandomBytes(50_000, seed: 9)]
    var wrong: [String] = []
    var accepted = 0
    for (index, input) in inputs.enumerated() {
      var streams: [(String, [UInt8])] = []
      for level: Int32 in [0, 1, 6, 9] {
        streams.append(("zlib \(level)", Self.zlib(input, level: level)))
      }
      streams.append(("fixed", Self.zlib(input, level: 6, strategy: Z_FIXED)))
      streams.append(("huffman", Self.zlib(input, level: 6, strategy: Z_HUFFMAN_ONLY)))
      streams.append(("rle", Self.zlib(input, level: 6, strategy: Z_RLE)))
      for level: Int32 in [0, 1, 6, 12] {
        streams.append(("libdeflate \(level)", Self.libdeflateCompress(input, level: level)))
      }
      for (name, stream) in streams {
        let got = Self.ours(inflater, stream, size: input.count)
        if got != nil { accepted += 1 }
        if let got, got != input { wrong.append("input \(index), \(name): other bytes") }
        if name == "fixed" || name.hasSuffix(" 0"), got != nil {
          wrong.append("input \(index), \(name): accepted")
        }
        // Skewed inputs of 20,000 bytes and more: several dynamic blocks, each accepted.
        if (2...4).contains(index), name != "fixed", !name.hasSuffix(" 0"), got == nil {
          wrong.append("input \(index), \(name): refused")
        }
      }
    }
    #expect(wrong.count == 0, "\(wrong.prefix(5))")
    #expect(accepted >= 35, "\(accepted)")
    let subtables = inflater.subtablesBuilt
    #expect(subtables.litlen > 0 && subtables.distance > 0, "\(subtables)")
  }

  @Test(
    "damaged streams: nothing accepted that libdeflate refuses, nothing different from what it gives"
  )
  func damagedStreams() {
    let inflater = SmallObjectInflater()
    var generator = SeededGenerator(seed: 1952)
    var (refused, bothAccepted, leftToLibdeflate) = (0, 0, 0)
    var wrong: [String] = []
    for round in 0..<1_500 {
      let text = Self.commitText(
        size: Int.random(in: 50...2_500, using: &generator), using: &generator)
      let stream =
        round % 3 == 0
        ? Self.libdeflateCompress(text, level: 6) : Self.zlib(text, level: 6)
      for _ in 0..<12 {
        var damaged = stream
        var size = text.count
        var streamBytes: Int?
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
          let bit = Int.random(in: 0..<(damaged.count * 8), using: &generator)
          damaged[bit / 8] ^= UInt8(1 << (bit % 8))
        case 1:
          damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
            in: 0...255, using: &generator)
        case 2: damaged.removeLast(Int.random(in: 1...min(8, damaged.count), using: &generator))
        case 3: streamBytes = damaged.count - Int.random(in: 1...4, using: &generator)
        case 4: damaged.remove(at: Int.random(in: 2..<damaged.count, using: &generator))
        default: size += Int.random(in: -3...3, using: &generator)
        }
        guard size >= 0 else { continue }
        let ours = Self.ours(inflater, damaged, streamBytes: streamBytes, size: size)
        let theirs = Self.libdeflate(damaged, streamBytes: streamBytes, size: size)
        switch (ours, theirs) {
        case (nil, nil): refused += 1
        case (nil, _): leftToLibdeflate += 1
        case (let ours?, let theirs?) where ours == theirs: bothAccepted += 1
        case (_?, let theirs):
          wrong.append(
            "round \(round): ours accepted, libdeflate \(theirs == nil ? "refused" : "differs")")
        }
      }
    }
    #expect(wrong.count == 0, "\(wrong.prefix(5))")
    // Both sides were reached: most damage is refused by both; a bit flipped past the checksum
    // and a size change of 0 leave streams both accept.
    #expect(refused > 10_000)
    #expect(bothAccepted > 100)
    #expect(leftToLibdeflate < 100, "\(leftToLibdeflate)")
  }

  @Test(
    "the checksum must lie within the stream's bytes, and a stream read to the very end of what is readable is left to libdeflate"
  )
  func limits() {
    let inflater = SmallObjectInflater()
    var generator = SeededGenerator(seed: 1953)
    let text = Self.commitText(size: 700, using: &generator)
    let stream = Self.zlib(text, level: 6)
    #expect(Self.ours(inflater, stream, size: text.count) == text)
    // One byte of the checksum outside: refused by both, though the bytes are readable.
    #expect(Self.ours(inflater, stream, streamBytes: stream.count - 1, size: text.count) == nil)
    #expect(Self.libdeflate(stream, streamBytes: stream.count - 1, size: text.count) == nil)
    // Nothing readable after the stream: no eight-byte load may pass its end.
    #expect(Self.ours(inflater, stream, trailing: 0, size: text.count) == nil)
    #expect(Self.libdeflate(stream, size: text.count) == text)
    // Not a zlib header, or one with a preset dictionary.
    for header in [[0x78, 0x9D], [0x79, 0x9C], [0x78, 0xBB]] as [[UInt8]] {
      var other = stream
      other.replaceSubrange(0..<2, with: header)
      #expect(Self.ours(inflater, other, size: text.count) == nil)
    }
  }

  @Test(
    "a packed history: every commit and small blob stored whole inflated by our decoder, a large blob and a damaged commit left to libdeflate"
  )
  func throughThePacks() throws {
    let repository = try TemporaryRepository()
    var generator = SeededGenerator(seed: 1954)
    try repository.importLine(
      (0..<150).map { index in
        TemporaryRepository.ImportedCommit(
          author: "A <a@x>", time: 1_700_000_000 + index * 60,
          message: String(
            decoding: Self.commitText(size: 100 + index * 13, using: &generator), as: UTF8.self))
      })
    // A blob under `ownInflationLimit` and one over it, kept by a tag.
    let small = Self.commitText(size: 2_000, using: &generator)
    let large = Self.commitText(size: PackCursor.ownInflationLimit + 5_000, using: &generator)
    var blobs: [(String, [UInt8])] = []
    for bytes in [small, large] {
      let id = try repository.git(["hash-object", "-w", "--stdin"], input: Data(bytes))
        .trimmingCharacters(in: .whitespacesAndNewlines)
      try repository.git(["tag", "blob-\(blobs.count)", id])
      blobs.append((id, bytes))
    }
    // Every object stored whole, as zlib writes it.
    try repository.git(["repack", "-adq", "--window=0"])
    let ids = try repository.git(["rev-list", "--branches"]).split(separator: "\n").map(String.init)
    let store = PackStore(objectsDirectory: repository.path + "/.git/objects")
    let cursor = PackCursor(store: store)
    for hex in ids {
      let expected = Array(try repository.git(["cat-file", "commit", hex]).utf8)
      var got: [UInt8] = []
      #expect(try cursor.readCommit(try #require(ObjectID(hex: hex))) { got = Array($0) })
      #expect(got == expected)
    }
    #expect(cursor.wholeCommits == ids.count)
    #expect(cursor.ownInflations == ids.count && cursor.leftInflations == 0)
    // Any small object, a blob here, is ours too; a larger one is libdeflate's alone.
    for (hex, bytes) in blobs {
      #expect(cursor.objectBytes(try #require(ObjectID(hex: hex)), type: 3) == bytes)
    }
    #expect(cursor.ownInflations == ids.count + 1 && cursor.leftInflations == 0)

    // A byte in the middle of one commit's stream changed: refused, and libdeflate decided.
    let (packPath, offsets) = try PackReaderTests.onlyPack(of: repository)
    let victim = ids[ids.count / 2]
    var pack = try Data(contentsOf: URL(fileURLWithPath: packPath))
    let place = try #require(offsets[victim]) + 40
    pack[place] ^= 0x10
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: packPath)
    try pack.write(to: URL(fileURLWithPath: packPath))
    let damaged = PackCursor(store: PackStore(objectsDirectory: repository.path + "/.git/objects"))
    #expect(try damaged.readCommit(try #require(ObjectID(hex: victim))) { _ in } == false)
    #expect(damaged.ownInflations == 0 && damaged.leftInflations == 1)
  }
}
