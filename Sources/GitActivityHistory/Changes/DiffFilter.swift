/// `--diff-filter`: which kinds of change a commit's diff keeps (git's `diff_opt_diff_filter`
/// and `diffcore_apply_filter`). A commit whose diff keeps nothing is not shown by `git log`,
/// so it is not counted; its lines are those of the changes kept.
public struct DiffFilter: Sendable, Hashable {
  /// A change's kind, as `--name-status` shows it.
  enum Status: Character, Sendable, CaseIterable {
    case added = "A", copied = "C", deleted = "D", modified = "M", renamed = "R"
    case typeChanged = "T", unmerged = "U", unknown = "X", broken = "B"
  }

  /// The kinds named in capitals, and `*`.
  private var named: Set<Character> = []
  /// The kinds named in lowercase: left out of what is named, or of every kind when no
  /// capital is named (git's `filter_not`, applied in `diff_setup_done`).
  private var negated: Set<Character> = []

  /// No filter: what `--diff-filter=` alone leaves.
  init() {}

  /// Whether the filter keeps nothing out (no letter given).
  package var isEmpty: Bool { named.isEmpty && negated.isEmpty }

  /// The kinds kept, and whether `*` was named.
  private var effective: (kinds: Set<Character>, isAllOrNone: Bool) {
    var kinds = named
    if !negated.isEmpty && kinds.isEmpty { kinds = Set(Status.allCases.map(\.rawValue)) }
    kinds.subtract(negated)
    let isAllOrNone = kinds.remove("*") != nil
    return (kinds, isAllOrNone)
  }

  /// Adds one `--diff-filter` value to the filter, as git does; the error is git's words.
  public mutating func add(_ value: String) throws(FilterError) {
    for letter in value {
      let upper = Character(letter.uppercased())
      guard letter.isASCII, letter == "*" || Status(rawValue: upper) != nil else {
        throw FilterError(message: Words.unknownChangeClass(letter, in: value))
      }
      if letter.isLowercase { negated.insert(upper) } else { named.insert(letter) }
    }
  }

  /// A value git refuses.
  public struct FilterError: Error, Sendable {
    /// git's words.
    public var message: String
  }

  /// The indices of `statuses` the filter keeps (`diffcore_apply_filter`): those that match,
  /// or with `*` all of them when any matches (none when none does). No change is broken
  /// here (`-B` is not read), so a modification is `M`.
  func kept(_ statuses: [Status]) -> [Int] {
    let (kinds, isAllOrNone) = effective
    let matches = statuses.map { kinds.contains($0.rawValue) }
    if isAllOrNone { return matches.contains(true) ? Array(statuses.indices) : [] }
    return statuses.indices.filter { matches[$0] }
  }

  /// The letters, for a cache key.
  package var key: String {
    let (kinds, isAllOrNone) = effective
    return isEmpty ? "" : "filter:" + String(kinds.sorted()) + (isAllOrNone ? "*" : "")
  }
}

extension ChangeCounter {
  /// Each pair's kind (`diff_resolve_rename_copy`): added, deleted, a type changed, or a rename
  /// or copy. Renames and copies from one source are taken in path order: while the source is
  /// used again later (or it stays, as a copy's source does), a pair is a copy; its last use is
  /// the rename. `deleted` holds the paths the commit deleted, before rename detection.
  static func statuses(of pairs: [Pair], deleted: Set<[UInt8]>) -> [DiffFilter.Status] {
    var uses: [[UInt8]: Int] = [:]
    for pair in pairs where pair.isRenamed && pair.oldPath != pair.newPath {
      uses[pair.oldPath, default: deleted.contains(pair.oldPath) ? 0 : 1] += 1
    }
    var statuses = [DiffFilter.Status](repeating: .modified, count: pairs.count)
    let order = pairs.indices.sorted {
      pairs[$0].newPath.lexicographicallyPrecedes(pairs[$1].newPath)
    }
    for index in order {
      let pair = pairs[index]
      guard let old = pair.old else {
        statuses[index] = .added
        continue
      }
      guard let new = pair.new else {
        statuses[index] = .deleted
        continue
      }
      if old.mode & 0o170000 != new.mode & 0o170000 {
        statuses[index] = .typeChanged
      } else if pair.isRenamed && pair.oldPath != pair.newPath {
        let left = (uses[pair.oldPath] ?? 1) - 1
        uses[pair.oldPath] = left
        statuses[index] = left > 0 ? .copied : .renamed
      }
    }
    return statuses
  }
}
