import Foundation

/// Replaces a file whole: the bytes go to a temporary file beside it, which is renamed over the
/// target only once every byte is written and the file is closed, so a reader sees the old file
/// or the new one, never half of one. An interrupted run leaves no temporary behind
/// (`TemporaryFiles`); the temporary of a run killed outright is swept by `sweep`.
public enum AtomicFile {
  /// The temporary name for `path`: hidden, beside it, with this process's id so that a sweep
  /// can tell a dead writer's leftovers from a live one's.
  static func temporaryName(for path: String) -> (directory: String, prefix: String, path: String) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let prefix = "." + name + ".tmp-"
    let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    return (directory.isEmpty ? "/" : directory, prefix, directory + "/" + prefix + unique)
  }

  /// Writes what `produce` gives to `path`, atomically. `permissions` are the mode bits the new
  /// file gets (those of the file it replaces, say); nil means 0666 less the umask, as a new
  /// file gets. `displayPath` names the file in errors.
  public static func replace(
    _ path: String, permissions: mode_t? = nil, displayPath: String? = nil,
    _ produce: (DescriptorWriter) -> Void
  ) throws(FileError) {
    let temporary = temporaryName(for: path).path
    let token = TemporaryFiles.register(temporary)
    defer { TemporaryFiles.unregister(token) }
    let descriptor = RawPath.withCString(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else {
      throw FileError(
        path: displayPath ?? path, code: errno,
        step: "cannot make the temporary file it is written to first, in its folder")
    }
    let writer = DescriptorWriter(descriptor: descriptor)
    if let permissions, fchmod(descriptor, permissions & 0o7777) != 0 {
      let code = errno
      close(descriptor)
      RawPath.withCString(temporary) { _ = unlink($0) }
      throw FileError(path: displayPath ?? path, code: code)
    }
    produce(writer)
    var code = writer.failure
    if close(descriptor) != 0 && code == 0 { code = errno }
    if code == 0 {
      let renamed = RawPath.withCString(temporary) { from in
        RawPath.withCString(path) { to in rename(from, to) }
      }
      if renamed != 0 { code = errno }
    }
    if code != 0 {
      RawPath.withCString(temporary) { _ = unlink($0) }
      throw FileError(path: displayPath ?? path, code: code)
    }
  }

  /// Removes the temporaries of `path` that dead processes left.
  static func sweep(_ path: String) {
    let name = temporaryName(for: path)
    TemporaryFiles.sweep(directory: name.directory, prefixes: [name.prefix])
  }

  /// The whole of a regular file, read with `read(2)` into memory that this process owns: a
  /// file that another process truncates or rewrites meanwhile gives short or mixed bytes (which
  /// a checksum catches), never a signal, as a memory mapping would (SIGBUS). Nil when the file
  /// cannot be opened, is not a regular file, or is larger than `limit`.
  package static func contents(of path: String, limit: Int = Int(Int32.max)) -> [UInt8]? {
    try? read(path, limit: limit)
  }

  /// Calls `body` with the whole of a regular file, read as `contents(of:)` reads it (into
  /// memory this process owns, never a mapping of the file), into an anonymous mapping whose
  /// pages the kernel supplies at once (`MAP_POPULATE`) rather than one fault at a time: the
  /// history cache's 6 MB for git/git. Nil when the file cannot be read whole, or grew while it
  /// was read.
  /// Only a file that this user owns and no one else can write, in a folder no one else can
  /// write, is read (a cache another user could have written is not believed); nil otherwise.
  static func withContents<T>(
    of path: String, _ body: (UnsafeRawBufferPointer) -> T?
  ) -> T? {
    guard let (descriptor, size) = try? openRegular(path, followsLinks: true) else { return nil }
    defer { close(descriptor) }
    guard isOwned(descriptor, path: path), size < Int(Int32.max) else { return nil }
    // A byte more than the file's size: reading it means the file grew meanwhile, which no
    // writer of these files does (they replace them), and the contents are not used.
    let room = size + 1
    guard
      let mapped = mmap(
        nil, room, PROT_READ | PROT_WRITE, Platform.populatedAnonymous, -1, 0),
      mapped != MAP_FAILED
    else { return nil }
    defer { munmap(mapped, room) }
    let (got, failure) = fill(descriptor, mapped, room: room)
    guard failure == 0, got < room else { return nil }
    return body(UnsafeRawBufferPointer(start: mapped, count: got))
  }

  /// Whether the open file `descriptor` (at `path`) is this user's and no one else can write
  /// it or its folder: the only cache files believed.
  private static func isOwned(_ descriptor: Int32, path: String) -> Bool {
    var file = stat()
    var folder = stat()
    let directory = (path as NSString).deletingLastPathComponent
    return fstat(descriptor, &file) == 0 && file.st_uid == geteuid() && file.st_mode & 0o022 == 0
      && RawPath.withCString(directory, { stat($0, &folder) }) == 0 && folder.st_uid == geteuid()
      && folder.st_mode & 0o022 == 0
  }

  /// The whole of a file `withContents` would read, as an array (read straight into it): for
  /// a file whose bytes are kept after they are checked. Nil where `withContents` gives nil.
  static func ownedContents(of path: String) -> [UInt8]? {
    guard let (descriptor, size) = try? openRegular(path, followsLinks: true) else { return nil }
    defer { close(descriptor) }
    guard isOwned(descriptor, path: path), size < Int(Int32.max),
      let bytes = try? readAll(descriptor, size: size, limit: size, path: path),
      // More than the file's size read means it grew meanwhile: not used.
      bytes.count <= size
    else { return nil }
    return bytes
  }

  /// The whole of a regular file, as `contents(of:)`, or why not: `ENOENT`, `ELOOP` for a
  /// symbolic link when `followsLinks` is false (git opens a work tree's `.mailmap` so), `EISDIR`
  /// or `EINVAL` for what is not a regular file, `EFBIG` past `limit`.
  public static func read(_ path: String, followsLinks: Bool = true, limit: Int = Int(Int32.max))
    throws(FileError) -> [UInt8]
  {
    let (descriptor, size) = try openRegular(path, followsLinks: followsLinks)
    defer { close(descriptor) }
    return try readAll(descriptor, size: size, limit: limit, path: path)
  }

  /// The whole of the open file `descriptor`, `size` bytes by its status, read as `read` reads
  /// a file.
  private static func readAll(_ descriptor: Int32, size: Int, limit: Int, path: String)
    throws(FileError) -> [UInt8]
  {
    guard size <= limit else { throw FileError(path: path, code: EFBIG) }
    var bytes: [UInt8] = []
    // A byte more than the file's size, so that a file that did not grow meanwhile is read, its
    // end included, in one pass; read straight into the array's new storage, not zero-filled
    // first (6 MB for git/git's cache).
    var capacity = max(min(size, limit) + 1, 4096)
    while true {
      let start = bytes.count
      let room = capacity - start
      var got = 0
      var failure: Int32 = 0
      bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        let base = buffer.baseAddress.unsafelyUnwrapped
        bytes.withUnsafeBufferPointer { old in
          if let source = old.baseAddress { base.initialize(from: source, count: start) }
        }
        (got, failure) = fill(descriptor, base + start, room: room)
        initialized = start + got
      }
      if failure != 0 { throw FileError(path: path, code: failure) }
      if got < room { return bytes }
      guard capacity < limit else { throw FileError(path: path, code: EFBIG) }
      capacity = min(capacity * 2, limit)
    }
  }

  /// `path` opened for reading, with its size, when it is a regular file: else why not, as
  /// `read` says. `O_NONBLOCK`, so that a FIFO is refused rather than waited on for a writer.
  private static func openRegular(_ path: String, followsLinks: Bool) throws(FileError) -> (
    descriptor: Int32, size: Int
  ) {
    let descriptor = RawPath.withCString(path) {
      open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followsLinks ? 0 : O_NOFOLLOW))
    }
    guard descriptor >= 0 else { throw FileError(path: path, code: errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw FileError(path: path, code: code)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw FileError(path: path, code: status.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL)
    }
    return (descriptor, Int(status.st_size))
  }

  /// Reads `descriptor` into `buffer` until `room` bytes or its end, again after a signal: how
  /// many bytes, and the `errno` of a read that failed (0 when none did).
  private static func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, room: Int)
    -> (count: Int, failure: Int32)
  {
    var got = 0
    while got < room {
      let count = Foundation.read(descriptor, buffer + got, room - got)
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return (got, errno) }
      if count == 0 { break }
      got += count
    }
    return (got, 0)
  }
}
