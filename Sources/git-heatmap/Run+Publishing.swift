import Foundation
import GitActivity

/// Publishing without secrets: the day file (`--format days`), the key that makes its source id
/// and the pseudonyms of `--pseudonymize`, and what `--counts-only` keeps off stderr.
extension Run {
  /// `--format days`: the report's days as a day file (CSV when `-o` names a `.csv`).
  func dayFileOutput(_ report: ActivityReport) -> Output {
    let file = DayFile(activity: report.activity, source: sourceID(report.readings))
    let isCSV = invocation.output.file?.lowercased().hasSuffix(".csv") ?? false
    return Output(text: isCSV ? file.csv() : file.json())
  }

  /// A day file's source id: a keyed hash (the machine's key, `sourceKey`) of the repositories
  /// read, so that the same repositories on the same machine always give the same id and no
  /// one can tell from it which repositories they are. Empty when there is no key to use.
  func sourceID(_ readings: [RepositoryHistory]) -> String {
    guard let key = sourceKey() else { return "" }
    let places = readings.map { $0.commonDirectory.isEmpty ? $0.name : $0.commonDirectory }
    return HMAC(key: key).hex(places.sorted().joined(separator: "\n"), length: 16)
  }

  /// The machine's key for source ids: 32 random bytes in the cache folder (`source.key`,
  /// made on first use, readable by its owner only); nil when none can be read or made.
  func sourceKey() -> [UInt8]? {
    guard let folder = fallbackCacheDirectory() else { return nil }
    let path = folder + "/source.key"
    if let key = try? AtomicFile.read(path, limit: 4096), key.count >= 16 { return key }
    var key = [UInt8](repeating: 0, count: 32)
    guard getentropy(&key, key.count) == 0 else { return nil }
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    do {
      try AtomicFile.replace(path, permissions: 0o600) { writer in
        key.withUnsafeBytes { writer.write($0) }
      }
    } catch {
      return nil
    }
    // Another run may have made one first: the key is what the file holds.
    return (try? AtomicFile.read(path, limit: 4096)) ?? key
  }

  /// The key of `--pseudonymize`: the bytes of the file (at least 16, at most 4 KiB).
  func pseudonymKey(_ file: String) throws(CommandError) -> [UInt8] {
    let path = absolute(file)
    let key: [UInt8]
    do {
      key = try AtomicFile.read(path, limit: 4096)
    } catch {
      throw .failure("cannot read the key '\(RawPath.display(file))': \(error.reason)")
    }
    guard key.count >= 16 else {
      throw .usage(
        "the key '\(RawPath.display(file))' has \(key.count) bytes: a key needs at least 16 (head -c 32 /dev/urandom > key)"
      )
    }
    return key
  }
}

/// A day file `--from` read, with the name it was given by.
struct NamedDayFile {
  var file: DayFile
  var name: String
}
