/// How a commit's changes are counted in lines: what git's `diff.renames`, `diff.renameLimit`,
/// `diff.algorithm` and `core.bigFileThreshold` say (`LineCountingOptions.configured(in:)` reads
/// them), as `git log --numstat` applies them.
public struct LineCountingOptions: Sendable, Hashable {
  /// Whether a file removed and one added are taken for one file renamed or copied.
  public enum Renames: String, Sendable, Hashable, CaseIterable {
    /// `diff.renames=false`: a rename counts as a removal and an addition.
    case off
    /// git's default: exact renames, then files at least half alike.
    case renames
    /// `diff.renames=copies`: renames, and new files copied from a file the commit changes.
    case copies
  }

  /// `diff.renames`.
  package var renames: Renames
  /// How many files on either side of the rename search git compares before it gives up on
  /// inexact renames (`diff.renameLimit`; 0 means no limit).
  package var renameLimit: Int
  /// `diff.algorithm`.
  package var algorithm: DiffAlgorithm
  /// Files larger than this count as binary (`core.bigFileThreshold`).
  package var bigFileThreshold: Int
  /// The least similarity of a rename or copy on git's scale of 60,000 (`-M<n>`; 50 %).
  package var renameScore = RenameSearch.minimumScore
  /// `--find-copies-harder`: unchanged files are copy sources too.
  package var findsCopiesHarder = false
  /// `--diff-filter`: the kinds of change counted.
  package var diffFilter = DiffFilter()
  /// `--relative`, `diff.relative`: only the changes below this folder of the work tree count
  /// (its path from the top, ending in `/`); nil for the whole tree.
  package var relativeFolder: [UInt8]?
  /// How a merge's lines count (`--diff-merges`; `--first-parent` makes it `firstParent`).
  package var mergeDiffs = LineCountingChoices.MergeDiffs.off
  /// `log.showRoot`: whether a root commit's files count as added (git's default).
  package var showsRoot = true

  /// git's defaults: renames, a limit of 1,000, Myers, 512 MiB.
  public init(
    renames: Renames = .renames, renameLimit: Int = 1000, algorithm: DiffAlgorithm = .myers,
    bigFileThreshold: Int = 512 << 20
  ) {
    self.renames = renames
    self.renameLimit = renameLimit
    self.algorithm = algorithm
    self.bigFileThreshold = bigFileThreshold
  }
}
