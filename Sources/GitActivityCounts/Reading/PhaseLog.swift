import Foundation

/// Where a read says how long each of its phases took (`GIT_HEATMAP_TIMING`): nowhere unless
/// the command sets `report`. Two logs are equal whatever they report to, so that requests
/// compare by what they ask.
package struct PhaseLog: Sendable, Equatable {
  /// Called with a phase's name and its duration in nanoseconds.
  package var report: (@Sendable (String, UInt64) -> Void)?

  package init(report: (@Sendable (String, UInt64) -> Void)? = nil) { self.report = report }

  /// Runs `body` as the phase `name`.
  package func callAsFunction<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E)
    -> T
  {
    guard let report else { return try body() }
    let start = DispatchTime.now().uptimeNanoseconds
    defer { report(name, DispatchTime.now().uptimeNanoseconds - start) }
    return try body()
  }

  package static func == (left: PhaseLog, right: PhaseLog) -> Bool { true }
}
