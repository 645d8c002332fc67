import Foundation

/// A file of git's object store mapped read-only: a pack, a pack index, a commit-graph.
///
/// git writes these files whole under a temporary name and renames them into place, and never
/// changes one afterwards, so a mapping stays valid for as long as it is held, even if the file
/// is deleted meanwhile. Every stored property is a `let` and the pages are never written, so one
/// instance may be read from any number of threads.
final class MappedFile: @unchecked Sendable {
  let base: UnsafeRawPointer
  let size: Int

  /// Maps `path`; nil when it cannot be opened or mapped, or is smaller than `minimumSize`.
  init?(path: String, minimumSize: Int) {
    let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size >= max(minimumSize, 1),
      (status.st_mode & S_IFMT) == S_IFREG, status.st_size < Int(Int32.max) * 64
    else { return nil }
    let size = Int(status.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
    else { return nil }
    base = UnsafeRawPointer(mapped)
    self.size = size
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), size)
  }

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: size) }

  /// The big-endian 32-bit word at `offset`.
  @inline(__always)
  func word(at offset: Int) -> UInt32 { base.bigEndianWord(at: offset) }

  /// Gives the pages read so far back to the kernel. They stay in the page cache, and a later
  /// read maps them again; meanwhile they do not count as this process's resident memory. Safe
  /// while other threads read the mapping: a read-only file mapping is only ever re-read.
  func releasePages() {
    madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_DONTNEED)
  }
}

extension UnsafeRawPointer {
  /// The big-endian 32-bit word at `offset`: how git's index, commit-graph and Bloom filter
  /// files store their numbers. For the tables that hold a mapped file's address, not the file.
  @inline(__always)
  func bigEndianWord(at offset: Int) -> UInt32 {
    UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }
}
