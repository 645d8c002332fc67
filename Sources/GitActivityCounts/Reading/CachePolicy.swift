/// Whether a read keeps what it learns between runs: the history cache in the git directory
/// (`<git dir>/git-heatmap/`) and a pathspec's answers beside it, so that the next run reads only
/// the commits that are new. The command line's default; a library read is uncached unless asked.
public struct CachePolicy: Sendable, Equatable {
  /// Whether the cache is read, and what the walk adds to it handed back for saving
  /// (`RepositoryHistory.pendingCache`).
  var isEnabled: Bool
  /// Whether the cache and every pathspec's answers are removed first (`--clear-cache`).
  var clearsFirst: Bool
  /// Where caches go for repositories whose git directory is not writable (the command uses
  /// `$XDG_CACHE_HOME/git-heatmap`, else `~/.cache/git-heatmap`); nil writes none for them.
  var fallbackDirectory: String?
  /// Whether a report leaves the cache unwritten, for the caller to write from
  /// `readings[i].pendingCache` when it suits (the command writes it while it draws); by
  /// default a report writes it before it returns.
  public var defersSaving = false

  /// A policy; the default reads and writes no cache.
  public init(isEnabled: Bool = false, clearsFirst: Bool = false, fallbackDirectory: String? = nil)
  {
    self.isEnabled = isEnabled
    self.clearsFirst = clearsFirst
    self.fallbackDirectory = fallbackDirectory
  }
}
