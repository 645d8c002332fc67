import CGit2

/// Which commits to read, as `git log` takes them.
public struct RevisionSelection: Sendable, Equatable {
  /// Positional revisions: names, `a..b`, `a...b`, `^x`. Empty means HEAD.
  public var revisions: [String] = []
  /// `--all`: every ref under `refs/`, plus HEAD.
  public var includesAllRefs = false
  /// `--branches`: every ref under `refs/heads/`.
  public var includesBranches = false
  /// `-- <paths>`: only commits that change these paths, relative to the top of the work tree
  /// (`Repository.pathspec(_:from:)` makes them so); empty means every commit.
  public var paths: [String] = []

  /// A selection: revisions as `git log` takes them, `--all`, `--branches`.
  public init(
    revisions: [String] = [], includesAllRefs: Bool = false, includesBranches: Bool = false
  ) {
    self.revisions = revisions
    self.includesAllRefs = includesAllRefs
    self.includesBranches = includesBranches
  }
}
