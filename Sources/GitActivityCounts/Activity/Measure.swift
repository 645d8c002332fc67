/// What a day's number is, on every surface (`--measure`): commits, or the lines they change as
/// `git log --numstat` counts them (git's `--shortstat` words).
public enum Measure: String, CaseIterable, Sendable, Hashable {
  /// Commits, the default.
  case commits
  /// Lines added and removed together.
  case lines
  /// Lines added.
  case insertions
  /// Lines removed.
  case deletions

  /// Whether the lines of each commit must be counted for this measure.
  public var needsLines: Bool { self != .commits }

  /// What one commit weighs under this measure.
  public func weight(_ lines: LineStats?) -> Int {
    switch self {
    case .commits: return 1
    case .lines: return lines?.lines ?? 0
    case .insertions: return lines?.insertions ?? 0
    case .deletions: return lines?.deletions ?? 0
    }
  }
}
