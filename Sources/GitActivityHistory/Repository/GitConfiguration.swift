import CGit2

/// git's configuration as git itself layers it (system, global, repository), read through
/// libgit2.
public enum GitConfiguration {
  /// One configuration entry, with the file it came from as a person names it
  /// (`~/.gitconfig`, `.git/config`, `the command line`).
  public struct Entry: Sendable {
    /// The key, as git spells it (`section.name`, lowercase).
    public var name: String
    /// The value as written.
    public var value: String
    /// Where the value was read, in words.
    public var origin: String
  }

  /// Every entry of `sections`, lowest precedence first (see `entriesWithOrigins`), without
  /// where each came from.
  public static func entries(
    sections: [String], from start: String, environment: [String: String]
  ) throws(GitError) -> [(name: String, value: String)] {
    try entriesWithOrigins(sections: sections, from: start, environment: environment).map {
      ($0.name, $0.value)
    }
  }

  /// Every entry of `sections`, lowest precedence first, with names as libgit2 gives them (section
  /// and key in lowercase). It reads the repository found from `start` (with `GIT_DIR`), or the
  /// user's and system's files when there is none. The corresponding C function is
  /// `git_config_iterator_new`.
  public static func entriesWithOrigins(
    sections: [String], from start: String, environment: [String: String]
  ) throws(GitError) -> [Entry] {
    try LibGit2.ensureInitialized()
    var config: OpaquePointer?
    // Outside a repository, the user's and the system's files; a repository that is there but
    // cannot be opened (a broken config file, another owner) is an error, not "no repository".
    var repository: Repository?
    do {
      repository = try Repository.discoverGit(from: start, environment: environment)
    } catch  where error.isNotFound {
      repository = nil
    }
    if let repository {
      try GitError.check(
        git_repository_config_snapshot(&config, repository.pointer),
        "git_repository_config_snapshot", kind: .other)
    } else {
      var live: OpaquePointer?
      try GitError.check(git_config_open_default(&live), "git_config_open_default", kind: .other)
      defer { git_config_free(live) }
      if let live { try ConfigurationFiles.apply(environment, to: live, repository: nil) }
      try GitError.check(git_config_snapshot(&config, live), "git_config_snapshot", kind: .other)
    }
    guard let config else { return [] }
    defer { git_config_free(config) }
    let prefixes = sections.map { $0.lowercased() + "." }
    var result: [Entry] = []
    try forEachEntry(of: config) { key, entry throws(GitError) in
      guard prefixes.contains(where: key.lowercased().hasPrefix) else { return }
      let value = entry.value.map { String(cString: $0) } ?? ""
      var origin = Self.file(
        of: entry.level, environment: environment, gitDirectory: repository?.commonDirectory)
      if entry.include_depth > 0 { origin = "a file included from \(origin)" }
      result.append(Entry(name: key, value: value, origin: origin))
    }
    // The iterator lists files from the highest precedence down; git's order is the reverse.
    // `git -c` comes last: it wins.
    let commandLine = try CommandLineConfig(environment: environment).entries.filter { entry in
      prefixes.contains(where: entry.name.hasPrefix)
    }
    return result.reversed()
      + commandLine.map { Entry(name: $0.name, value: $0.value ?? "true", origin: "git -c") }
  }

  /// Each named entry of `config` with its name, as libgit2 lists them: from the highest
  /// precedence down. Not `git_config_iterator_glob_new`: libgit2 1.5 leaks a PCRE2 match block
  /// for every entry its pattern does not match, and callers test a prefix themselves.
  static func forEachEntry(
    of config: OpaquePointer, _ body: (String, git_config_entry) throws(GitError) -> Void
  ) throws(GitError) {
    var iterator: OpaquePointer?
    try GitError.check(
      git_config_iterator_new(&iterator, config), "git_config_iterator_new", kind: .other)
    guard let iterator else { return }
    defer { git_config_iterator_free(iterator) }
    while true {
      var entry: UnsafeMutablePointer<git_config_entry>?
      let status = git_config_next(&entry, iterator)
      if GitError.Code(status) == .iterationOver { break }
      try GitError.check(status, "git_config_next", kind: .other)
      guard let entry, let name = entry.pointee.name else { continue }
      try body(String(cString: name), entry.pointee)
    }
  }

  /// The file a configuration level is read from, as a person names it.
  private static func file(
    of level: git_config_level_t, environment: [String: String], gitDirectory: String?
  ) -> String {
    let home = environment["HOME"] ?? "~"
    switch level {
    case GIT_CONFIG_LEVEL_SYSTEM:
      return environment["GIT_CONFIG_SYSTEM"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/gitconfig"
    case GIT_CONFIG_LEVEL_XDG:
      let base =
        environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
      return base + "/git/config"
    case GIT_CONFIG_LEVEL_GLOBAL:
      return environment["GIT_CONFIG_GLOBAL"].flatMap { $0.isEmpty ? nil : $0 } ?? home
        + "/.gitconfig"
    case GIT_CONFIG_LEVEL_LOCAL: return (gitDirectory ?? ".git") + "/config"
    case GIT_CONFIG_LEVEL_APP: return "the application's configuration"
    default: return "git config"
    }
  }
}
