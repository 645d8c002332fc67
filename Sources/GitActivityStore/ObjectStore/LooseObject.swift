import CGit2
import Foundation

/// A loose object (`objects/xx/yyyy…`), read and inflated here rather than through libgit2,
/// whose 1.5 reader spins for ever on a zlib stream cut short: its header (`blob 1234\0`)
/// first, then the whole stream inflated at once into exactly the size the header gives, with
/// zlib's checksum checked. A file cut short, damaged or longer than it says is an error in
/// git's words, at once.
package enum LooseObject {
  /// The largest loose object read whole: more is refused rather than allocated (a blob past
  /// `core.bigFileThreshold` is decided from its header and never read).
  static let largest = 1 << 30

  /// An object's type and size, as its header gives them.
  package struct Header {
    var type: Int
    package var size: Int
    var length: Int
  }

  /// The file of object `id` below `objectsDirectory`.
  static func path(of id: ObjectID, in objectsDirectory: String) -> String {
    let hex = id.hex
    return objectsDirectory + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)
  }

  /// The header of loose object `id`; nil when there is no such file.
  package static func header(of id: ObjectID, in objectsDirectory: String) throws(GitError)
    -> Header?
  {
    guard let file = try contents(of: id, in: objectsDirectory, limit: 4096) else { return nil }
    return try parseHeader(file, id: id)
  }

  /// The type (1 commit, 2 tree, 3 blob, 4 tag) and bytes of loose object `id`; nil when there
  /// is no such file.
  package static func read(_ id: ObjectID, in objectsDirectory: String) throws(GitError) -> (
    type: Int, bytes: [UInt8]
  )? {
    guard let file = try contents(of: id, in: objectsDirectory, limit: Int(Int32.max)) else {
      return nil
    }
    let header = try parseHeader(file, id: id)
    guard header.size <= largest else {
      throw corrupt(id, "object of \(header.size) bytes is larger than can be read")
    }
    let total = header.length + header.size
    var out = [UInt8](repeating: 0, count: max(total, 1))
    let status = file.withUnsafeBytes { input in
      out.withUnsafeMutableBytes { output -> libdeflate_result in
        guard let decompressor = libdeflate_alloc_decompressor() else {
          return LIBDEFLATE_BAD_DATA
        }
        defer { libdeflate_free_decompressor(decompressor) }
        var used = 0
        var produced = 0
        let result = libdeflate_zlib_decompress_ex(
          decompressor, input.baseAddress, input.count, output.baseAddress, total, &used,
          &produced)
        return result == LIBDEFLATE_SUCCESS && produced != total ? LIBDEFLATE_SHORT_OUTPUT : result
      }
    }
    guard status == LIBDEFLATE_SUCCESS else {
      throw corrupt(
        id,
        status == LIBDEFLATE_INSUFFICIENT_SPACE
          ? "longer than its header says" : "cut short or damaged")
    }
    return (header.type, Array(out[header.length..<total]))
  }

  private static func corrupt(_ id: ObjectID, _ why: String) -> GitError {
    GitError.corruptLooseObject(id, why)
  }

  /// The file's bytes, at most `limit` of them (the header needs the first few only); nil when
  /// the file is not there.
  private static func contents(of id: ObjectID, in objectsDirectory: String, limit: Int)
    throws(GitError) -> [UInt8]?
  {
    let path = path(of: id, in: objectsDirectory)
    let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw GitError.looseObjectFailed(id, "open", errno: errno)
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw GitError.looseObjectFailed(id, "read", errno: errno)
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// `type size\0` from the first bytes of the stream.
  private static func parseHeader(_ file: [UInt8], id: ObjectID) throws(GitError) -> Header {
    var stream = z_stream()
    guard cgit2_inflate_init(&stream) == Z_OK else { throw corrupt(id, "zlib cannot start") }
    defer { inflateEnd(&stream) }
    var header = [UInt8](repeating: 0, count: 64)
    let produced = file.withUnsafeBytes { input -> Int in
      header.withUnsafeMutableBytes { output -> Int in
        stream.next_in = UnsafeMutablePointer(
          mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = UInt32(clamping: input.count)
        stream.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(output.count)
        _ = CGit2.inflate(&stream, Z_SYNC_FLUSH)
        return output.count - Int(stream.avail_out)
      }
    }
    guard let space = header[0..<produced].firstIndex(of: 0x20),
      let end = header[0..<produced].firstIndex(of: 0), space < end,
      let size = Int(String(decoding: header[(space + 1)..<end], as: UTF8.self)), size >= 0
    else { throw corrupt(id, "invalid header") }
    let types = ["commit": 1, "tree": 2, "blob": 3, "tag": 4]
    guard let type = types[String(decoding: header[0..<space], as: UTF8.self)] else {
      throw corrupt(id, "invalid type")
    }
    return Header(type: type, size: size, length: end + 1)
  }
}
