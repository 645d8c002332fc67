import CGit2

/// libgit2's process-wide state, set up once, before the first repository is opened.
enum Library {
  /// Runs `git_libgit2_init` once and sets the options that make history reads fast: objects are
  /// not re-hashed on read (git does not either) and not cached (each commit is read once), and
  /// packs are mapped in 4 MiB windows, 32 MiB at most, so that a large pack does not become
  /// resident memory; the repository extensions git's readers accept are accepted.
  static let initialized: Bool = {
    git_libgit2_init()
    _ = cgit2_set_strict_hash_verification(0)
    _ = cgit2_set_caching(0)
    _ = cgit2_set_mwindow_size(4 << 20)
    _ = cgit2_set_mwindow_mapped_limit(32 << 20)
    _ = cgit2_allow_reader_extensions()
    return true
  }()

  /// Makes sure libgit2 is initialised; cheap after the first call.
  @inline(__always)
  static func ensureInitialized() {
    _ = initialized
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
