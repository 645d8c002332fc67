import Foundation
import GitActivity

/// Where a run writes its text. The executable passes the real stdout and stderr; tests pass
/// buffers.
protocol TextSink: AnyObject {
  func write(_ text: String)
  /// Writes bytes that are not text (a PNG).
  func write(bytes: [UInt8])
  /// The `errno` of the first write that failed, or 0.
  var failure: Int32 { get }
}
