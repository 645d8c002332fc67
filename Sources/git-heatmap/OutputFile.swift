import Foundation
import GitActivity

/// Writes `-o FILE` the way a careful tool must, by what is at the path:
/// - nothing, or a regular file: atomically (`AtomicFile`), keeping a replaced file's mode bits,
///   so that a failure leaves the old file (or none) and never half of a new one;
/// - a symbolic link: followed, so the file it names is replaced and the link stays a link;
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: this process's descriptor N;
/// - a character or block device, a FIFO: opened and written in place (`-o /dev/null` must never
///   replace the device); a socket: connected to and written;
/// - a directory: an error.
enum OutputFile {
  /// Where the bytes go, once links are followed.
  enum Target: Equatable {
    case replace(path: String, permissions: mode_t?)
    case inPlace(path: String)
    case socket(path: String)
    case descriptor(Int32)
  }

  /// Writes `bytes` (text, or a PNG) to what is at `path`.
  static func write(_ bytes: [UInt8], to path: String, displayPath: String) throws(CommandError) {
    try write(to: path, displayPath: displayPath) { write in write(bytes) }
  }

  /// Writes what `produce` hands its function, a piece at a time, to what is at `path`; a file is
  /// still replaced only once the last piece is written.
  static func write(
    to path: String, displayPath: String, produce: (([UInt8]) -> Void) -> Void
  ) throws(CommandError) {
    let target = try target(for: path, displayPath: displayPath)
    func pour(into writer: DescriptorWriter) {
      produce { bytes in bytes.withUnsafeBytes { writer.write($0) } }
    }
    switch target {
    case .replace(let resolved, let permissions):
      do {
        try AtomicFile.replace(resolved, permissions: permissions, displayPath: displayPath) {
          writer in pour(into: writer)
        }
      } catch {
        throw CommandError.failure(error.message)
      }
    case .inPlace(let resolved):
      let descriptor = RawPath.withCString(resolved) { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
      guard descriptor >= 0 else { throw failure(displayPath, errno) }
      try finish(descriptor: descriptor, displayPath: displayPath, pour)
    case .socket(let resolved):
      try finish(descriptor: try connect(resolved, displayPath), displayPath: displayPath, pour)
    case .descriptor(let number):
      let writer = DescriptorWriter(descriptor: number)
      pour(into: writer)
      if writer.failure != 0 { throw failure(displayPath, writer.failure) }
    }
  }

  /// What is at `path`, following symbolic links one at a time (at most 40, as the kernel does).
  static func target(for path: String, displayPath: String) throws(CommandError) -> Target {
    var current = path
    for _ in 0..<40 {
      if let number = descriptorNumber(current) { return .descriptor(number) }
      var status = stat()
      guard RawPath.withCString(current, { lstat($0, &status) }) == 0 else {
        guard errno == ENOENT else { throw failure(displayPath, errno) }
        let directory = (current as NSString).deletingLastPathComponent
        guard RawDirectory.kind(directory).isDirectory else {
          throw CommandError.failure(
            "cannot write '\(RawPath.display(displayPath))': no such directory '\(RawPath.display(directory))'"
          )
        }
        return .replace(path: current, permissions: nil)
      }
      switch status.st_mode & S_IFMT {
      case S_IFLNK:
        guard let link = readLink(current) else { throw failure(displayPath, errno) }
        current =
          link.hasPrefix("/")
          ? link : (current as NSString).deletingLastPathComponent + "/" + link
      case S_IFREG:
        return .replace(path: current, permissions: status.st_mode & 0o7777)
      case S_IFDIR:
        throw CommandError.failure(
          "cannot write '\(RawPath.display(displayPath))': it is a directory")
      case S_IFSOCK:
        return .socket(path: current)
      default:
        return .inPlace(path: current)
      }
    }
    throw failure(displayPath, ELOOP)
  }

  /// N for `/dev/stdout` (1), `/dev/stderr` (2), `/dev/fd/N` and `/proc/self/fd/N` (also with
  /// this process's own id): names whose link target is not a path that can be replaced.
  static func descriptorNumber(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"]
    where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
  }

  private static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = RawPath.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
    guard count > 0 else { return nil }
    return RawPath.string(buffer[0..<count].map { UInt8(bitPattern: $0) })
  }

  private static func connect(_ path: String, _ displayPath: String) throws(CommandError) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw failure(displayPath, errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = RawPath.bytes(path)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(descriptor)
      throw failure(displayPath, ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
    }
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard status == 0 else {
      let code = errno
      close(descriptor)
      throw failure(displayPath, code)
    }
    return descriptor
  }

  private static func finish(
    descriptor: Int32, displayPath: String, _ pour: (DescriptorWriter) -> Void
  ) throws(CommandError) {
    let writer = DescriptorWriter(descriptor: descriptor)
    pour(writer)
    var code = writer.failure
    if close(descriptor) != 0 && code == 0 { code = errno }
    if code != 0 { throw failure(displayPath, code) }
  }

  private static func failure(_ displayPath: String, _ code: Int32) -> CommandError {
    CommandError.failure(FileError(path: displayPath, code: code).message)
  }
}
