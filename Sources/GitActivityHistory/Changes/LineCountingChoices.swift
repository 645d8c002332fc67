/// What the command line says of counting lines, over what the repository's configuration says
/// (`LineCountingOptions`): git log's diff options, with git log's meanings, as far as they
/// change `--numstat`.
public struct LineCountingChoices: Sendable, Hashable {
  /// `--no-renames`, `-M`, `-C`: renames off, on, or copies too.
  public var renames: LineCountingOptions.Renames?
  /// `-M<n>`, `-C<n>`: the least similarity of a rename or copy, on git's scale of 60,000.
  public var renameScore: Int?
  /// `--find-copies-harder` (or `-C -C`): unchanged files are copy sources too.
  public var findsCopiesHarder = false
  /// `--relative[=<path>]`, `--no-relative` (over `diff.relative`).
  public var relative = Relative.configured
  /// `--diff-merges`: how a merge's lines are counted.
  public var mergeDiffs: MergeDiffs?
  /// `--diff-filter`: the kinds of change kept; a commit that keeps none is not counted.
  public var diffFilter = DiffFilter()

  /// Which folder's changes count (`--relative`).
  public enum Relative: Sendable, Hashable {
    /// As `diff.relative` says: the folder the run is in when true.
    case configured
    /// `--no-relative`: the whole tree.
    case off
    /// `--relative`: the folder the run is in.
    case current
    /// `--relative=<path>`: that folder, from the top of the work tree.
    case folder(String)
  }

  /// How a merge's lines are counted (`--diff-merges`).
  public enum MergeDiffs: String, Sendable, Hashable, CaseIterable {
    /// `off`, `none` (git log's default): a merge changes nothing.
    case off
    /// `first-parent`: against its first parent (as with `--first-parent`).
    case firstParent = "first-parent"
    /// `separate`, `-m`: against each parent in turn, the counts added.
    case separate
  }

  /// Choices that change nothing.
  public init() {}

  /// git's `parse_rename_score`: `50%`, `5` (0.5), `05` (0.05), `.5`; nil for text that is not
  /// one (git reads what digits it can: `-Mx` is an error there too).
  public static func renameScore(_ text: Substring) -> Int? {
    var number = 0
    var scale = 1
    var hasDot = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if !hasDot && character == "." {
        scale = 1
        hasDot = true
      } else if character == "%" {
        scale = hasDot ? scale * 100 : 100
        index = text.index(after: index)
        break
      } else if let digit = character.wholeNumberValue, character.isASCII {
        if scale < 100_000 {
          scale *= 10
          number = number * 10 + digit
        }
      } else {
        break
      }
      index = text.index(after: index)
    }
    guard index == text.endIndex else { return nil }
    return number >= scale ? RenameSearch.maximumScore : RenameSearch.maximumScore * number / scale
  }
}
