import CGit2

/// git's configuration as git itself layers it (system, global, repository), read through
/// libgit2.
package enum GitConfiguration {
  /// Every entry of `sections`, lowest precedence first, with names as libgit2 gives them (section
  /// and key in lowercase). It reads the repository found from `start` (with `GIT_DIR`), or the
  /// user's and system's files when there is none. The corresponding C function is
  /// `git_config_iterator_new`.
  package static func entries(
    sections: [String], from start: String, environment: [String: String]
  ) throws(GitError) -> [(name: String, value: String)] {
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
        "git_repository_config_snapshot")
    } else {
      var live: OpaquePointer?
      try GitError.check(git_config_open_default(&live), "git_config_open_default")
      defer { git_config_free(live) }
      if let live { try ConfigurationFiles.apply(environment, to: live, repository: nil) }
      try GitError.check(git_config_snapshot(&config, live), "git_config_snapshot")
    }
    guard let config else { return [] }
    defer { git_config_free(config) }
    // Not git_config_iterator_glob_new: libgit2 1.5 leaks a PCRE2 match block for every entry
    // its pattern does not match. The prefix test is all that is needed.
    var iterator: OpaquePointer?
    try GitError.check(git_config_iterator_new(&iterator, config), "git_config_iterator_new")
    let prefixes = sections.map { $0.lowercased() + "." }
    guard let iterator else { return [] }
    defer { git_config_iterator_free(iterator) }
    var result: [(name: String, value: String)] = []
    while true {
      var entry: UnsafeMutablePointer<git_config_entry>?
      let status = git_config_next(&entry, iterator)
      if GitError.Code(status) == .iterationOver { break }
      try GitError.check(status, "git_config_next")
      guard let entry, let name = entry.pointee.name else { continue }
      let key = String(cString: name)
      guard prefixes.contains(where: key.lowercased().hasPrefix) else { continue }
      let value = entry.pointee.value.map { String(cString: $0) } ?? ""
      result.append((key, value))
    }
    // The iterator lists files from the highest precedence down; git's order is the reverse.
    // `git -c` comes last: it wins.
    let commandLine = try CommandLineConfig(environment: environment).entries.filter { entry in
      prefixes.contains(where: entry.name.hasPrefix)
    }
    return result.reversed() + commandLine.map { ($0.name, $0.value ?? "true") }
  }
}
