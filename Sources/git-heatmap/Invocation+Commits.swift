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
    /// `--follow` (always, and refused without exactly one path, as git refuses it), `log.follow`
    /// (only when exactly one path is given that names one file), or neither.
    var follows = Following.never

    enum Following {
      case never, always, withOnePath
    }

    init(_ parsed: ParsedArguments) throws(CommandError) {
      selection = RevisionSelection(revisions: parsed.revisionWords)
      selection.ignoresMissing = parsed.has(.ignoreMissing)
      selection.showsOnlyTips = parsed.lastOf([.noWalk]) != nil
      switch parsed.lastOf([.follow, .noFollow]) {
      case .follow?: follows = .always
      case .noFollow?: follows = .never
      default:
        follows =
          parsed.gitSettings["log.follow"].flatMap(ConfigBoolean.parse) == true
          ? .withOnePath : .never
      }
      pathArguments = parsed.paths
      readsStandardInput = parsed.has(.stdin)
      walk.followsFirstParentOnly = parsed.has(.firstParent)
      if parsed.has(.noReplaceObjects) { walk.replaceRefBase = nil }
      maxCount = try parsed.whole(.maxCount)
      skipCount = try parsed.whole(.skip) ?? 0
      if parsed.has(.walkReflogs) {
        selection.walksReflogs = true
        // -g takes ref names; git refuses what is not one in its own words, and the rest here.
        let walked = ["range", "pseudo-option", "--stdin", "-n/--skip", "--follow", "--no-walk"]
        let given = [
          parsed.revisionWords.contains { $0.contains("..") || $0.hasPrefix("^") },
          parsed.revisionWords.contains(where: RevisionSelection.isPseudoOption)
            || parsed.has(.all) || parsed.has(.branches),
          parsed.has(.stdin), limitsCount, parsed.has(.follow), showsOnlyTips(parsed),
        ]
        if let index = given.firstIndex(of: true) {
          throw CommandError.usage(
            "-g lists reflog entries of refs: a \(walked[index]) is not supported with it")
        }
      }
      messageFilter.patterns = parsed.all(.grep)
      messageFilter.isInverted = parsed.has(.invertGrep)
      messageFilter.requiresAll = parsed.has(.allMatch)
      messageFilter.ignoresCase = parsed.has(.regexpIgnoreCase)
      messageFilter.syntax = try Invocation.patternSyntax(parsed)
      if let problem = messageFilter.problem() {
        throw CommandError.usage("invalid value for '--grep <pattern>': \(problem)")
      }
    }

    /// `revisions` (the command line's, `--stdin` where it stood) with standard input's read in
    /// its place, as git 2.39 reads them: never negated by an earlier `--not`.
    func revisionsWithStandardInput(_ revisions: [String]) -> [String] {
      var result: [String] = []
      var isNegated = false
      for word in revisions {
        if word == "--not" { isNegated.toggle() }
        guard word == "--stdin" else {
          result.append(word)
          continue
        }
        guard !standardInputRevisions.isEmpty else { continue }
        let flip = isNegated ? ["--not"] : []
        result += flip + standardInputRevisions + flip
      }
      return result
    }

    private func showsOnlyTips(_ parsed: ParsedArguments) -> Bool {
      parsed.lastOf([.noWalk]) != nil
    }

    /// Whether `-n` or `--skip` limit the count to the newest commits.
    var limitsCount: Bool { maxCount != nil || skipCount > 0 }
  }
}

extension Invocation {
  /// How `--grep`, `--author` and `--committer` read their patterns, as git log decides: the
  /// last of `--basic-regexp`, `-E`, `-F` and `-P` given, else `grep.patternType` (`basic`, `extended`,
  /// `fixed`, `perl`; `default` or unset leaves it to `grep.extendedRegexp`), else basic. `-P`
  /// reads PCRE2's syntax, as a git built with PCRE2 (Debian's) does.
  static func patternSyntax(_ parsed: ParsedArguments) throws(CommandError) -> PatternSyntax {
    switch parsed.lastOf([.basicRegexp, .extendedRegexp, .fixedStrings, .perlRegexp]) {
    case .basicRegexp?: return .basic
    case .extendedRegexp?: return .extended
    case .fixedStrings?: return .fixed
    case .perlRegexp?: return .perl
    default: break
    }
    switch parsed.gitSettings["grep.patterntype"]?.lowercased() {
    case "basic": return .basic
    case "extended": return .extended
    case "fixed": return .fixed
    case "perl": return .perl
    case nil, "default":
      let extended = parsed.gitSettings["grep.extendedregexp"].map { ConfigBoolean.parse($0) }
      if let extended, extended == nil {
        throw .usage(
          "bad boolean config value '\(parsed.gitSettings["grep.extendedregexp"] ?? "")' for 'grep.extendedregexp'"
        )
      }
      return extended == true ? .extended : .basic
    case let other?:
      throw .usage("invalid grep.patterntype value: '\(other)'")
    }
  }
}
