import Foundation

/// The sentences of the library's git errors, each written here once, in git's words where git
/// has words, with the kind of failure it is and the function (libgit2's, git's or ours) that
/// failed; throw sites name them (`throw GitError.truncatedPack()`). Those that name an object
/// are in `ObjectStore/GitError+Objects+Words.swift`; what a caller sees of an `ActivityError`
/// or an `ActivityWarning` is written in the rendering layer's `…+Words.swift` files.
extension GitError {
  /// The error a cancelled walk ends with.
  public static let cancelled = GitError(
    message: "the walk was cancelled", function: "cancel", kind: .cancelled)

  // Repositories.

  /// `GIT_DIR` names no repository.
  package static func gitDirNotARepository(_ gitDir: String, code: Int32) -> GitError {
    GitError(
      code: code, message: "not a git repository: '\(RawPath.display(gitDir))' (from GIT_DIR)",
      function: "git_repository_open_ext", kind: .owned(code, else: .notARepository))
  }

  /// No repository at `path` (or above it, where folders above were searched).
  package static func notARepository(
    _ path: String, searchesParents: Bool, code: Int32, function: String
  ) -> GitError {
    GitError(
      code: code,
      message: searchesParents
        ? "not a git repository (or any of the parent directories): '\(RawPath.display(path))'"
        : "not a git repository: '\(RawPath.display(path))'",
      function: function, kind: .notARepository)
  }

  /// A repository another user owns, which `safe.directory` does not trust.
  package static func dubiousOwnership(_ path: String, function: String) -> GitError {
    GitError(
      code: Code.owner.rawValue,
      message:
        "detected dubious ownership in repository at '\(RawPath.display(path))'; to trust it: git config --global --add safe.directory '\(RawPath.display(path))'",
      function: function, kind: .dubiousOwnership)
  }

  /// A SHA-256 repository, which libgit2 `version` cannot read.
  package static func sha256Repository(
    _ path: String, libgit2 version: String, code: Int32, function: String
  ) -> GitError {
    GitError(
      code: code,
      message:
        "'\(RawPath.display(path))' is a SHA-256 repository: libgit2 \(version), which git-heatmap reads history with, supports only SHA-1 repositories",
      function: function, kind: .unsupportedRepository)
  }

  /// A repository libgit2 opened and could not keep open.
  package static func unopenable(_ path: String) -> GitError {
    GitError(
      message: "could not open '\(RawPath.display(path))'", function: "git_repository_open_ext",
      kind: .other)
  }

  /// A repository without an object database.
  package static let noObjectDatabase = GitError(
    message: "the repository has no object database", function: "git_repository_odb",
    kind: .other)

  // Objects.

  /// A pack that ends before an object it lists (git's `use_pack`).
  package static func truncatedPack(code: Int32 = -1) -> GitError {
    GitError(
      code: code, message: "offset beyond end of packfile (truncated pack?)", function: "use_pack",
      kind: .damagedObject)
  }

  // Revisions.

  /// A revision that names nothing.
  package static func unknownRevision(_ revision: String, code: Int32 = -1) -> GitError {
    GitError(
      code: code < 0 ? code : -1, message: "unknown revision '\(revision)'",
      function: "git_revparse", kind: .unknownRevision)
  }

  /// `^<rev>` after the paths began (git's words).
  package static func badRevision(_ argument: String) -> GitError {
    GitError(
      message: "bad revision '\(argument)'", function: "git_revparse", kind: .unknownRevision)
  }

  /// An option among the paths, after the revisions (git's words).
  package static func optionAfterArguments(_ option: String) -> GitError {
    GitError(
      message: "option '\(option)' must come before non-option arguments",
      function: "verify_filename", kind: .invalidRequest)
  }

  /// A word on the command line that is both a revision and a file (git's words).
  package static func revisionAndFile(_ argument: String) -> GitError {
    GitError(
      message:
        "ambiguous argument '\(argument)': both revision and filename; use '--' to separate paths from revisions",
      function: "verify_non_filename", kind: .invalidRequest)
  }

  /// A word after the revisions that names no path (`first`: the first such word, which git
  /// takes for a revision it does not know).
  package static func noSuchPath(_ path: String, first: Bool) -> GitError {
    GitError(
      message: first
        ? "ambiguous argument '\(path)': unknown revision or path not in the working tree; use '--' to separate paths from revisions"
        : "'\(path)': no such path in the working tree; use '-- <path>...' to give paths that are not there",
      function: "verify_filename", kind: .invalidRequest)
  }

  /// `--since` walking as git log does, asked with paths or hidden commits.
  package static let sinceWithPaths = GitError(
    message:
      "'--since' walks as git log does only without paths and hidden commits (^a, a..b, --not)",
    function: "since", kind: .invalidRequest)

  /// An export that changed between the survey and the read.
  package static func exportChanged(_ name: String, records: Int, then read: Int) -> GitError {
    GitError(
      message: "\(name): changed while it was read (\(records) records, then \(read))",
      function: "read export", kind: .other)
  }

  /// A report asked of no repository.
  package static let noRepository = GitError(
    message: "no repository to read", function: "read", kind: .other)

  /// A read that ended without a result (a read of several that never ran).
  package static let notRead = GitError(message: "not read", function: "read", kind: .other)

  /// A revision that names something other than a commit.
  package static func notACommit(_ name: String, code: Int32 = -1) -> GitError {
    GitError(
      code: code, message: "'\(name)' does not name a commit", function: "git_object_peel",
      kind: .unknownRevision)
  }

  /// A revision libgit2 could not read, with its words.
  package static func unreadableRevision(_ revision: String, _ detail: String, code: Int32)
    -> GitError
  {
    GitError(
      code: code, message: "cannot read '\(revision)': \(detail)", function: "git_revparse",
      kind: .unknownRevision)
  }

  /// A peeled object without an id.
  package static func withoutID(_ name: String) -> GitError {
    GitError(message: "'\(name)' has no id", function: "git_object_id", kind: .other)
  }

  /// Text given as a commit id that is none.
  package static func notACommitID(_ text: String) -> GitError {
    GitError(
      message: "'\(text)' is not a commit id", function: "git_commit_lookup",
      kind: .unknownRevision)
  }

  /// git log's words for a history with no commit to start from.
  package static func unbornBranch(_ branch: String) -> GitError {
    GitError(
      message: "your current branch '\(branch)' does not have any commits yet",
      function: "git_revparse", kind: .unknownRevision)
  }

  /// A name that is neither a revision nor a ref (`-g <name>`).
  package static func ambiguousArgument(_ name: String) -> GitError {
    GitError(
      message: "ambiguous argument '\(name)': unknown revision or path not in the working tree.",
      function: "git_reference_dwim", kind: .invalidRequest)
  }

  /// A ref naming an object that is not there (git's words: `bad object`).
  package static func badObject(_ name: String) -> GitError {
    GitError(message: "bad object \(name)", function: "parse_object", kind: .unknownRevision)
  }

  /// Tags of tags deeper than git peels.
  package static func tagsTooDeep(_ name: String) -> GitError {
    GitError(
      message: "'\(name)': tags nested too deep", function: "git_object_peel",
      kind: .unknownRevision)
  }

  /// A line of `info/grafts` that is not ids.
  package static func badGraft(_ line: some StringProtocol) -> GitError {
    GitError(message: "bad graft data: \(line)", function: "read_graft_line", kind: .damagedObject)
  }

  // Paths.

  /// `--follow` with more or less than one path.
  package static let followNeedsOnePath = GitError(
    message: "--follow requires exactly one pathspec", function: "parse_pathspec",
    kind: .invalidRequest)

  /// A path outside the work tree.
  package static func outsideRepository(_ element: String, _ rest: String, top: String)
    -> GitError
  {
    GitError(
      message:
        "\(RawPath.display(element)): '\(RawPath.display(rest))' is outside repository at '\(RawPath.display(top))'",
      function: "prefix_path", kind: .invalidRequest)
  }

  /// Added to a missing object's error in a partial clone.
  package static let unfetchedBlobs =
    ": this partial clone has not fetched the files whose lines are counted; clone it again without --filter (or fetch them: git fetch --refetch after unsetting remote.<name>.partialclonefilter)"
}

extension GitError {
  // Revision syntax.

  /// A `-P` match PCRE2 could not finish (`message` in git's words: `pcre2_jit_match failed
  /// with error code -47: match limit exceeded`).
  package static func patternMatchFailed(_ message: String) -> GitError {
    GitError(message: message, function: "pcre2_match", kind: .other)
  }

  /// `:/<pattern>` that is not a regular expression.
  package static func invalidMessageRegex(_ pattern: String) -> GitError {
    GitError(
      message: "invalid regex ':/\(pattern)'", function: "regcomp", kind: .invalidRequest)
  }

  // Configuration.

  /// `GIT_CONFIG_PARAMETERS` (from `git -c`) that git would not parse.
  package static let bogusConfigParameters = GitError(
    message: "bogus format in GIT_CONFIG_PARAMETERS", function: "git_config_from_parameters",
    kind: .other)

  /// `GIT_CONFIG_COUNT` that is not a count.
  package static let bogusConfigCount = GitError(
    message: "bogus count in GIT_CONFIG_COUNT", function: "git_config_from_parameters",
    kind: .other)

  /// `GIT_CONFIG_KEY_<n>` or `GIT_CONFIG_VALUE_<n>` (`what`: "key", "value") missing.
  package static func missingConfig(_ what: String, _ index: Int) -> GitError {
    GitError(
      message: "missing config \(what) GIT_CONFIG_\(what.uppercased())_\(index)",
      function: "git_config_from_parameters", kind: .other)
  }

  /// A configuration value that is not a number git reads.
  package static func badNumber(_ value: String, for name: String, function: String) -> GitError {
    GitError(
      message: "bad numeric config value '\(value)' for '\(name)': invalid unit",
      function: function, kind: .other)
  }

  /// A configuration value that is not a boolean, read by `function`.
  package static func badBoolean(
    _ value: String, for name: String, function: String = "git_config_bool"
  ) -> GitError {
    GitError(
      message: "bad boolean config value '\(value)' for '\(name)'", function: function,
      kind: .other)
  }

  /// `diff.algorithm` naming no algorithm.
  package static func unknownDiffAlgorithm(_ name: String) -> GitError {
    GitError(
      message: "unknown value for config 'diff.algorithm': \(name)", function: "git_diff_ui_config",
      kind: .other)
  }

  // Files and trees.

  /// A file of the repository's that is not a regular file (a FIFO, a device).
  package static func notARegularFile(_ path: String) -> GitError {
    GitError(
      message: "'\(RawPath.display(path))' is not a regular file; the repository is not read",
      function: "open", kind: .other)
  }

  /// A file pair whose lines cannot be counted (git's words).
  package static func noDiffstat(_ path: [UInt8]) -> GitError {
    GitError(
      message: "unable to generate diffstat for \(RawPath.display(RawPath.string(path)))",
      function: "builtin_diffstat", kind: .other)
  }

  /// A tree entry that does not parse.
  package static let corruptTreeEntry = GitError(
    message: "a tree is corrupt: an entry is malformed", function: "decode_tree_entry",
    kind: .damagedObject)
}

extension GitError {
  // Pathspecs, in git's words (`pathspec.c`).

  private static func pathspec(_ message: String) -> GitError {
    GitError(message: message, function: "parse_pathspec", kind: .invalidRequest)
  }

  /// A `GIT_*_PATHSPECS` setting that is not a boolean.
  package static func badPathspecSetting(_ value: String, for name: String) -> GitError {
    var error = badBoolean(value, for: name, function: "parse_pathspec")
    error.kind = .invalidRequest
    return error
  }

  package static let globAndNoglob = pathspec(
    "global 'glob' and 'noglob' pathspec settings are incompatible")

  package static let literalWithOtherSettings = pathspec(
    "global 'literal' pathspec setting is incompatible with all other global pathspec settings")

  package static let emptyPathspec = pathspec(
    "empty string is not a valid pathspec. please use . instead if you meant to match all paths")

  package static func literalAndGlob(_ element: String) -> GitError {
    pathspec("\(element): 'literal' and 'glob' are incompatible")
  }

  package static let badPrefixMagic = pathspec("invalid parameter for pathspec magic 'prefix'")

  package static func attrMagic(_ element: String) -> GitError {
    pathspec("\(element): pathspec magic not supported by this command: 'attr'")
  }

  package static func invalidMagic(_ word: some StringProtocol, in element: String) -> GitError {
    pathspec("Invalid pathspec magic '\(word)' in '\(element)'")
  }

  package static func unclosedMagic(_ element: String) -> GitError {
    pathspec("Missing ')' at the end of pathspec magic in '\(element)'")
  }

  package static func unimplementedMagic(_ magic: Character, in element: String) -> GitError {
    pathspec("Unimplemented pathspec magic '\(magic)' in '\(element)'")
  }

  // The commit-graph.

  /// A commit-graph file whose layers do not hold together.
  package static let inconsistentCommitGraph = GitError(
    message: "the commit-graph file is inconsistent", function: "commit-graph",
    kind: .damagedObject)

}
