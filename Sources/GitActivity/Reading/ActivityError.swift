import Foundation

/// Why a report could not be made: a request that is wrong in itself, or the repository failing.
public enum ActivityError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An author, exclusion or committer pattern that is not a regular expression git takes.
  case invalidPattern(String, reason: String)
  /// A window that cannot be drawn (it ends before it starts, leaves the years 1 to 9999, …).
  case invalidWindow(WindowProblem)
  /// A named time zone the system does not know.
  case unknownTimeZone(String)
  /// The repository failed: `GitError.kind` says how (not a repository, an unknown revision,
  /// a damaged object, cancelled …).
  case git(GitError)

  public var description: String {
    switch self {
    case .invalidPattern(let pattern, let reason): return "invalid pattern '\(pattern)': \(reason)"
    case .invalidWindow(let problem): return problem.description
    case .unknownTimeZone(let name): return "unknown time zone '\(name)'"
    case .git(let error): return error.message
    }
  }
}
