import Foundation

extension ActivityError: CustomStringConvertible, LocalizedError {
  /// The error in one line: the problem in plain words, or git's message.
  public var description: String {
    switch self {
    case .invalidPattern(let pattern, let reason): return "invalid pattern '\(pattern)': \(reason)"
    case .invalidWindow(let problem): return problem.description
    case .unknownTimeZone(let name): return "unknown time zone '\(name)'"
    case .userEmailUnset:
      return "--me needs user.email in git config: git config --global user.email you@example.com"
    case .git(let error): return error.message
    }
  }

  /// The same line, for `localizedDescription` (an app's alert shows the command's words).
  public var errorDescription: String? { description }
}
