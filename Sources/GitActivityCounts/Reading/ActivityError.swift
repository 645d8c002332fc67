import Foundation

/// Every failure the library's public operations report, one type to switch on: a request
/// wrong in itself, or the repository failing (`.git`, whose `GitError.kind` says how).
/// `kind` puts both in one list.
public enum ActivityError: Error, Hashable, Sendable {
  /// An author, exclusion, committer or message (`--grep`) pattern that is not a regular
  /// expression git takes.
  case invalidPattern(String, reason: String)
  /// A window that cannot be drawn (it ends before it starts, leaves the years 1 to 9999, …).
  case invalidWindow(WindowProblem)
  /// A named time zone the system does not know.
  case unknownTimeZone(String)
  /// The filter counts the user's own commits (`AuthorFilter.includesUser`, `--me`), and no
  /// repository read has `user.email` set.
  case userEmailUnset
  /// The repository failed: `GitError.kind` says how (not a repository, an unknown revision,
  /// a damaged object, cancelled …).
  case git(GitError)

  /// What kind of failure this is: the repository's, or `.invalidRequest` for a request wrong
  /// in itself.
  public var kind: GitError.Kind {
    if case .git(let error) = self { return error.kind }
    return .invalidRequest
  }
}
