import CGit2

/// The configuration files git reads, as its environment names them: `GIT_CONFIG_GLOBAL` in
/// place of `~/.gitconfig` and the XDG file, `GIT_CONFIG_SYSTEM` in place of `/etc/gitconfig`,
/// `GIT_CONFIG_NOSYSTEM` for no system file at all. libgit2 1.5 reads none of the three, so
/// the levels it opened are replaced in the configuration a repository (or a run outside one)
/// reads.
enum ConfigurationFiles {
  /// Replaces the global, XDG and system levels of `config` as `environment` says.
  /// The corresponding C function is `git_config_add_file_ondisk`.
  static func apply(
    _ environment: [String: String], to config: OpaquePointer, repository: OpaquePointer?
  ) throws(GitError) {
    func replace(_ level: git_config_level_t, with file: String) throws(GitError) {
      // A file that does not exist is an empty level; /dev/null is git's usual way to say so.
      let path = file == "/dev/null" ? "/dev/null/nothing" : file
      try GitError.check(
        RawPath.withCString(path) { git_config_add_file_ondisk(config, $0, level, repository, 1) },
        "git_config_add_file_ondisk", kind: .other)
    }
    if let global = environment["GIT_CONFIG_GLOBAL"], !global.isEmpty {
      try replace(GIT_CONFIG_LEVEL_GLOBAL, with: global)
      try replace(GIT_CONFIG_LEVEL_XDG, with: "/dev/null")
    }
    let noSystem = environment["GIT_CONFIG_NOSYSTEM"].flatMap(ConfigBoolean.parse) ?? false
    if noSystem {
      try replace(GIT_CONFIG_LEVEL_SYSTEM, with: "/dev/null")
      try replace(GIT_CONFIG_LEVEL_PROGRAMDATA, with: "/dev/null")
    } else if let system = environment["GIT_CONFIG_SYSTEM"], !system.isEmpty {
      try replace(GIT_CONFIG_LEVEL_SYSTEM, with: system)
    }
  }

  /// Whether `environment` names configuration files of its own.
  static func areNamed(in environment: [String: String]) -> Bool {
    ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"].contains {
      environment[$0] != nil
    }
  }
}
