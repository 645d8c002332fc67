import Foundation

/// Directory listings and folder creation on byte paths.
public enum RawDirectory {
  /// The names in `directory` (not `.` and `..`), or nil when it cannot be read.
  package static func names(_ directory: String) -> [String]? {
    guard let handle = RawPath.withCString(directory, { opendir($0) }) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        RawPath.string(raw.prefix { $0 != 0 })
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes `directory` and the folders above it that are missing, as `mkdir -p`.
  static func create(_ directory: String) {
    var status = stat()
    if RawPath.withCString(directory, { stat($0, &status) }) == 0 { return }
    let parent = (directory as NSString).deletingLastPathComponent
    if !parent.isEmpty && parent != directory { create(parent) }
    _ = RawPath.withCString(directory) { mkdir($0, 0o777) }
  }

  /// What `path` is, following links; nil when it is not there.
  package enum FileType {
    case regular, directory
    /// A FIFO, a socket or a device, where reading could wait for ever.
    case special
  }

  /// What `path` is, in one `stat`.
  package static func type(_ path: String) -> FileType? {
    var status = stat()
    guard RawPath.withCString(path, { stat($0, &status) }) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .directory
    default: return .special
    }
  }

  /// Whether `path` is a FIFO, a socket or a device.
  public static func isSpecial(_ path: String) -> Bool { type(path) == .special }

  /// Whether `path` exists, and whether it is a directory (following links).
  public static func kind(_ path: String) -> (exists: Bool, isDirectory: Bool) {
    var status = stat()
    guard RawPath.withCString(path, { stat($0, &status) }) == 0 else { return (false, false) }
    return (true, status.st_mode & S_IFMT == S_IFDIR)
  }
}
