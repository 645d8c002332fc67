import CGit2

/// Which commits to read, as `git log` takes them.
public struct RevisionSelection: Sendable, Equatable {
  /// Revisions as `git log` takes them, in order: names, `a..b`, `a...b`, `^x`, and git's
  /// pseudo-options `--all`, `--branches[=<pattern>]`, `--tags[=<pattern>]`,
  /// `--remotes[=<pattern>]`, `--glob=<pattern>`, `--exclude=<pattern>` (for the next of those)
  /// `--reflog` and `--not` (which flips the meaning of `^` for what follows). Empty means HEAD.
  public var revisions: [String] = []
  /// `--all`: every ref under `refs/`, plus HEAD.
  var includesAllRefs = false
  /// `--branches`: every ref under `refs/heads/`.
  var includesBranches = false
  /// `--follow`: the one path of `paths` is followed through renames and copies
  /// (`Repository.followedHistory`); git refuses it with any other number of paths.
  public var followsRenames = false
  /// `--ignore-missing`: a revision that names nothing is passed over instead of refused.
  public var ignoresMissing = false
  /// `-g` (`--walk-reflogs`): the commits that the reflog entries of the refs `revisions` names
  /// (HEAD when it names none) point to, newest entry first, a commit once for each entry, and
  /// none of their ancestors, as `git log -g` lists them.
  public var walksReflogs = false
  /// `--no-walk`: only the commits named, not their ancestors (a range still walks, as in
  /// git).
  public var showsOnlyTips = false
  /// Whether a repository whose HEAD has no commit yet holds nothing (one of many read
  /// together) rather than being git log's error (one read alone).
  package var readsUnbornHeadAsEmpty = false
  /// `-- <paths>`: only commits that change these paths, relative to the top of the work tree
  /// with git's magic spelled out (`Repository.pathspec(_:currentDirectory:environment:)` makes
  /// them so from paths as a command line gives them); empty means every commit.
  public var paths: [String] = []

  /// Whether `word` is one of git's revision pseudo-options, which `revisions` may hold.
  public static func isPseudoOption(_ word: String) -> Bool {
    guard word.hasPrefix("--") else { return false }
    let name = word.dropFirst(2).prefix { $0 != "=" }
    return ["all", "branches", "tags", "remotes", "glob", "exclude", "not", "reflog"].contains(
      String(name))
  }

  /// A selection: revisions as `git log` takes them, `--all`, `--branches`.
  public init(
    revisions: [String] = [], includesAllRefs: Bool = false, includesBranches: Bool = false
  ) {
    self.revisions = revisions
    self.includesAllRefs = includesAllRefs
    self.includesBranches = includesBranches
  }
}
