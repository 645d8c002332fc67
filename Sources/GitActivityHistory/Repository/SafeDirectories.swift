import CGit2
import Foundation

/// git's `safe.directory`: which repositories that another user owns this user trusts. Read
/// as git 2.39 reads it, from the system and global files (as `GIT_CONFIG_SYSTEM`,
/// `GIT_CONFIG_GLOBAL` and `GIT_CONFIG_NOSYSTEM` name them) and `git -c`, never from the
/// repository's own: `*` trusts every repository, a path the one there, `~/` expanded, and an
/// empty value forgets the values before it.
enum SafeDirectories {
  /// Whether `path` (a work tree, or a bare repository's directory) is trusted.
  /// The corresponding C function is `git_config_multivar_iterator_new`.
  static func trust(
    _ path: String, environment: [String: String], commandLine: CommandLineConfig
  ) -> Bool {
    var values: [String] = []
    var config: OpaquePointer?
    if git_config_open_default(&config) == 0, let config {
      defer { git_config_free(config) }
      try? ConfigurationFiles.apply(environment, to: config, repository: nil)
      var iterator: OpaquePointer?
      if git_config_multivar_iterator_new(&iterator, config, "safe.directory", nil) == 0,
        let iterator
      {
        defer { git_config_iterator_free(iterator) }
        var found: [(level: Int32, value: String)] = []
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let entry {
          let value = entry.pointee.value.map { String(cString: $0) } ?? ""
          found.append((entry.pointee.level.rawValue, value))
        }
        // libgit2 lists the highest level first; git reads the system file first.
        values = found.enumerated()
          .sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }
          .map(\.element.value)
      }
    }
    values += commandLine.entries.filter { $0.name.lowercased() == "safe.directory" }
      .map { $0.value ?? "" }
    let home = environment["HOME"] ?? ProcessInfo.processInfo.environment["HOME"]
    var isSafe = false
    for value in values {
      if value.isEmpty {
        isSafe = false
      } else if value == "*" {
        isSafe = true
      } else if names(value, path, home: home) {
        isSafe = true
      }
    }
    return isSafe
  }

  /// Whether the configured `value` names `path`.
  private static func names(_ value: String, _ path: String, home: String?) -> Bool {
    var value = value
    if value.hasPrefix("~/"), let home { value = home + value.dropFirst(1) }
    if RawPath.withoutTrailingSlashes(value) == RawPath.withoutTrailingSlashes(path) {
      return true
    }
    guard let left = RawPath.resolved(value), let right = RawPath.resolved(path) else {
      return false
    }
    return left == right
  }
}
