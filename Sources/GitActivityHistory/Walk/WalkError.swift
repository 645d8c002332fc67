import Foundation

/// Why a walk stopped short.
enum WalkError: Error {
  /// libgit2 or the repository's data failed.
  case git(GitError)
  /// git's commit-graph file disagrees with a commit it lists (`id`, when one was read): the
  /// walk starts over without it, so that a wrong graph never gives a wrong count, unless the
  /// commit read is not what its id names (the object store is damaged, not the graph).
  case commitGraphDisagrees(GitError, id: ObjectID? = nil)

  /// The error to show, for the case that is not retried.
  var gitError: GitError {
    switch self {
    case .git(let error): return error
    case .commitGraphDisagrees(let error, _): return error
    }
  }
}
