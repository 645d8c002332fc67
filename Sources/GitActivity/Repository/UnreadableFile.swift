/// A file that exists but could not be read: its path as the configuration names it, and the
/// system's reason.
public struct UnreadableFile: Hashable, Sendable {
  /// The path as configured (`.mailmap`, `~/mailmap`), not as resolved.
  public var path: String
  /// Why, in the system's words (`Permission denied`, `not a regular file`).
  public var reason: String

  /// A file at `path` that could not be read for `reason`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}
