extension ActivityError: CustomStringConvertible {
  /// The error in one line: the problem in plain words, or git's message.
  public var description: String {
    switch self {
    case .invalidPattern(let pattern, let reason): return "invalid pattern '\(pattern)': \(reason)"
    case .invalidWindow(let problem): return problem.description
    case .unknownTimeZone(let name): return "unknown time zone '\(name)'"
    case .git(let error): return error.message
    }
  }
}
