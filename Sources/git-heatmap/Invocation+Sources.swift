import GitActivity

extension Invocation {
  /// Which repositories a run reads, or which exports it draws from, and through which cache.
  struct Sources {
    /// `-C`: where the run starts, as git's `-C`.
    var directory: String?
    /// `--repo`: repositories to count together.
    var repositories: [String]
    /// `--scan`: folders to find repositories in, `scanDepth` levels deep.
    var scanDirectories: [String]
    var scanDepth: Int
    /// `--from`: the exports to draw from (files, `-`, globs), in the order given; set once the
    /// exchange options are checked.
    var exportFiles: [String] = []
    /// `--repository-name`: the name an export gives its repository.
    var repositoryName: String?
    /// `--no-cache`, `--clear-cache`.
    var usesCache: Bool
    var clearsCache: Bool

    init(_ parsed: ParsedArguments) throws(CommandError) {
      directory = parsed.last(.directory)
      repositories = parsed.all(.repo)
      scanDirectories = parsed.all(.scan)
      scanDepth = try parsed.whole(.scanDepth) ?? Invocation.tableDefault(.scanDepth)
      repositoryName = parsed.last(.repositoryName)
      usesCache = !parsed.has(.noCache)
      clearsCache = parsed.has(.clearCache)
    }

    /// Whether `--repo` or `--scan` name repositories to count together.
    var areSeveral: Bool { !repositories.isEmpty || !scanDirectories.isEmpty }
  }
}
