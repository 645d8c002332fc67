/// A moment as git records it: seconds since the epoch and the writer's offset from UTC.
public struct Timestamp: Hashable, Sendable, BitwiseCopyable {
  /// Seconds since 1970-01-01 UTC.
  public var seconds: Int64
  /// Minutes east of UTC, as the commit recorded them.
  package var offsetMinutes: Int32

  /// A moment and the offset it was written with.
  public init(seconds: Int64, offsetMinutes: Int32) {
    self.seconds = seconds
    self.offsetMinutes = offsetMinutes
  }
}
