import CGit2

/// libgit2's process-wide state, set up once, before the first repository is opened.
enum LibGit2 {
  /// Runs `git_libgit2_init` once and sets the options that make history reads fast: objects are
  /// not re-hashed on read (git does not either) and not cached (each commit is read once), and
  /// packs are mapped in 4 MiB windows, 32 MiB at most, so that a large pack does not become
  /// resident memory; the repository extensions git's readers accept are accepted.
  static let initialized: GitError? = {
    let status = git_libgit2_init()
    if status < 0 {
      return GitError.last(status: status, function: "git_libgit2_init", kind: .other)
    }
    let settings: [(String, () -> Int32)] = [
      ("GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION", { cgit2_set_strict_hash_verification(0) }),
      ("GIT_OPT_ENABLE_CACHING", { cgit2_set_caching(0) }),
      ("GIT_OPT_SET_MWINDOW_SIZE", { cgit2_set_mwindow_size(4 << 20) }),
      ("GIT_OPT_SET_MWINDOW_MAPPED_LIMIT", { cgit2_set_mwindow_mapped_limit(32 << 20) }),
      ("GIT_OPT_SET_EXTENSIONS", { cgit2_allow_reader_extensions() }),
    ]
    for (name, apply) in settings {
      let status = apply()
      if status < 0 {
        return GitError.last(status: status, function: "git_libgit2_opts(\(name))", kind: .other)
      }
    }
    return nil
  }()

  /// Makes sure libgit2 is initialised; cheap after the first call. Throws what failed when
  /// libgit2 could not be set up as the walk needs it.
  @inline(__always)
  static func ensureInitialized() throws(GitError) {
    if let failure = initialized { throw failure }
  }
}

/// The version of libgit2 this process runs with, such as `1.5.1`. The corresponding C function
/// is `git_libgit2_version`.
public var libgit2Version: String {
  var major: Int32 = 0
  var minor: Int32 = 0
  var revision: Int32 = 0
  git_libgit2_version(&major, &minor, &revision)
  return "\(major).\(minor).\(revision)"
}
