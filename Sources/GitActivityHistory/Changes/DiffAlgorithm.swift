/// How lines are matched when a change is counted, as git's `diff.algorithm` names them.
public enum DiffAlgorithm: String, CaseIterable, Sendable, Hashable {
  /// git's default: Myers' O(ND) algorithm, with xdiff's heuristics for costly files.
  case myers
  /// Myers' algorithm without the heuristics: the smallest change, at any cost.
  case minimal
  /// Lines that occur once on each side anchor the match first (`--patience`).
  case patience
  /// Patience extended to lines that occur rarely (`--histogram`).
  case histogram

  /// The algorithm `diff.algorithm` names (`default` is Myers), nil for a name git refuses.
  init?(configuration value: String) {
    switch value.lowercased() {
    case "myers", "default": self = .myers
    case "minimal": self = .minimal
    case "patience": self = .patience
    case "histogram": self = .histogram
    default: return nil
    }
  }
}
