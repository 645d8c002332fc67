import Foundation

/// Why a report could not be made: a request that is wrong in itself, or the repository failing.
public enum ActivityError: Error, Equatable, Sendable {
  /// An author, exclusion, committer or message (`--grep`) pattern that is not a regular
  /// expression git takes.
  case invalidPattern(String, reason: String)
  /// A window that cannot be drawn (it ends before it starts, leaves the years 1 to 9999, …).
  case invalidWindow(WindowProblem)
  /// A named time zone the system does not know.
  case unknownTimeZone(String)
  /// The repository failed: `GitError.kind` says how (not a repository, an unknown revision,
  /// a damaged object, cancelled …).
  case git(GitError)
}
