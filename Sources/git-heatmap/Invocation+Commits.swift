import GitActivity

extension Invocation {
  /// Which commits a run reads: revisions and paths as git log takes them, `--stdin`'s, how the
  /// walk goes, `-n`/`--skip` and `--grep`.
  struct Commits {
    /// Revisions and git's ref options in the order given: `--exclude` and `--not` apply to
    /// what follows them.
    var selection: RevisionSelection
    /// Paths given after `--`; nil without `--`, when positional arguments may be paths too.
    var pathArguments: [String]?
    /// `--stdin`: revisions read from standard input (after those of the command line, never
    /// paths), and the paths after a `--` line there.
    var readsStandardInput: Bool
    var standardInputRevisions: [String] = []
    var standardInputPaths: [String] = []
    /// `--first-parent`, `--no-replace-objects`, and whether messages are read for co-authors.
    var walk = WalkOptions()
    /// `-n`, `--max-count`, `-<n>` and `--skip`: the newest commits in git log's order.
    var maxCount: Int?
    var skipCount: Int
    /// `--grep` and its companions.
    var messageFilter = MessageFilter()

    init(_ parsed: ParsedArguments) throws(CommandError) {
      selection = RevisionSelection(revisions: parsed.revisionWords)
      pathArguments = parsed.paths
      readsStandardInput = parsed.has(.stdin)
      walk.followsFirstParentOnly = parsed.has(.firstParent)
      if parsed.has(.noReplaceObjects) { walk.replaceRefBase = nil }
      maxCount = try parsed.whole(.maxCount)
      skipCount = try parsed.whole(.skip) ?? 0
      messageFilter.patterns = parsed.all(.grep)
      messageFilter.isInverted = parsed.has(.invertGrep)
      messageFilter.requiresAll = parsed.has(.allMatch)
      messageFilter.ignoresCase = parsed.has(.regexpIgnoreCase)
      messageFilter.syntax =
        parsed.has(.fixedStrings) ? .fixed : parsed.has(.extendedRegexp) ? .extended : .basic
      if let problem = messageFilter.problem() {
        throw CommandError.usage("invalid value for '--grep <pattern>': \(problem)")
      }
    }

    /// Whether `-n` or `--skip` limit the count to the newest commits.
    var limitsCount: Bool { maxCount != nil || skipCount > 0 }
  }
}
