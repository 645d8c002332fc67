import Foundation

/// Where a read says how long each of its phases took (`GIT_HEATMAP_TIMING`): nowhere unless
/// the command sets `report`. Two logs are equal whatever they report to, so that requests
/// compare by what they ask.
public struct PhaseLog: Sendable, Equatable {
  /// Called with a phase's name and its duration in nanoseconds.
  var report: (@Sendable (String, UInt64) -> Void)?

  /// A log that hands each phase's name and nanoseconds to `report` (none: it stays quiet).
  public init(report: (@Sendable (String, UInt64) -> Void)? = nil) { self.report = report }

  /// Runs `body` as the phase `name`.
  public func callAsFunction<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E)
    -> T
  {
    guard let report else { return try body() }
    let start = DispatchTime.now().uptimeNanoseconds
    defer { report(name, DispatchTime.now().uptimeNanoseconds - start) }
    return try body()
  }

  public static func == (left: PhaseLog, right: PhaseLog) -> Bool { true }
}
