import Foundation
import Synchronization

extension HistoryCache {
  /// Where a repository's cache lives: in its git directory, or elsewhere when that is not
  /// writable.
  package struct Location: Sendable, Equatable {
    var primary: String
    var fallback: String?

    /// `<git dir>/git-heatmap/history.cache`, else `<fallback directory>/<id>.cache`.
    package init(commonDirectory: String, fallbackDirectory: String?) {
      primary = commonDirectory + "/git-heatmap/history.cache"
      fallback = fallbackDirectory.map { directory in
        let name = commonDirectory.unicodeScalars.map { scalar -> String in
          scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? String(scalar) : "_"
        }.joined()
        let digest = String(HistoryCache.checksum(Array(commonDirectory.utf8)[...]), radix: 16)
        return directory + "/" + String(name.suffix(60)) + "-" + digest + ".cache"
      }
    }
  }

  /// The cache at `location`, or nil when there is none that can be trusted. The file is read,
  /// not mapped: another run may truncate or replace it meanwhile, and then its checksum fails
  /// and it is ignored.
  /// The file last read in this process is decoded once: a second read of the same repository
  /// (where the commits outside an empty window are) takes it from memory while the file is
  /// the same (device, inode, size and time of change).
  package static func load(from location: Location) -> HistoryCache? {
    for path in location.paths {
      let stamp = FileStamp(path)
      if let stamp, let known = decoded.withLock({ $0 }), known.path == path,
        known.stamp == stamp
      {
        return known.cache
      }
      if let cache = AtomicFile.withContents(of: path, { HistoryCache(decoding: $0) }) {
        if let stamp { decoded.withLock { $0 = (path, stamp, cache) } }
        return cache
      }
    }
    return nil
  }

  /// The cache last decoded in this process (one only: a scan of many repositories holds no
  /// more than one cache for it).
  private static let decoded = Locked<(path: String, stamp: FileStamp, cache: HistoryCache)?>(nil)

  /// What tells one file from another, or from itself changed.
  private struct FileStamp: Equatable, Sendable {
    var identity: FileIdentity
    var size: Int64
    var changed: Int64

    init?(_ path: String) {
      guard let status = FileIdentity.status(path) else { return nil }
      identity = FileIdentity(status)
      size = Int64(status.st_size)
      changed = Platform.changeNanoseconds(status)
    }
  }

  /// Writes the cache, atomically, to the first place that takes it; false when none did.
  /// Temporaries that killed runs left there are swept first.
  @discardableResult
  package func save(to location: Location) -> Bool {
    for path in location.paths {
      let directory = (path as NSString).deletingLastPathComponent
      HistoryCache.prepare(directory)
      HistoryCache.sweep(path)
      do {
        try AtomicFile.replace(path, permissions: 0o644) { writer in write(writer.write) }
        return true
      } catch {
        continue
      }
    }
    return false
  }

  /// Makes the cache's folder, writable by this user alone, so that its files are believed
  /// (`AtomicFile.withContents`) whatever the umask (a shared repository's is often 002).
  static func prepare(_ directory: String) {
    RawDirectory.create(directory)
    var status = stat()
    if RawPath.withCString(directory, { stat($0, &status) }) == 0, status.st_uid == geteuid(),
      status.st_mode & 0o022 != 0
    {
      _ = RawPath.withCString(directory) { chmod($0, status.st_mode & 0o755) }
    }
  }

  /// Removes the cache files and the temporaries of dead runs; true when there was a cache.
  @discardableResult
  package static func remove(at location: Location) -> Bool {
    var removed = false
    for path in location.paths {
      sweep(path)
      if RawPath.withCString(path, { unlink($0) }) == 0 { removed = true }
    }
    return removed
  }

  /// Sweeps the temporaries of dead runs beside `path`, also those named as versions before
  /// 0.2 named them (`history.cache.tmp-PID-N`).
  static func sweep(_ path: String) {
    AtomicFile.sweep(path)
    let name = (path as NSString).lastPathComponent
    TemporaryFiles.sweep(
      directory: (path as NSString).deletingLastPathComponent, prefixes: [name + ".tmp-"])
  }
}

extension HistoryCache.Location {
  /// The primary place, then the fallback.
  var paths: [String] { [primary] + (fallback.map { [$0] } ?? []) }
}
