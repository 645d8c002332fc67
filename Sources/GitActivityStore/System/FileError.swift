import Foundation

/// A failed file operation: the path as the user named it, and the system's reason.
package struct FileError: Error, Equatable, Sendable {
  package var path: String
  /// The `errno` value.
  package var code: Int32
  /// What failed, when it is not the file itself: the temporary file a replacement is written
  /// to first, beside it.
  package var step: String?

  package init(path: String, code: Int32, step: String? = nil) {
    self.path = path
    self.code = code
    self.step = step
  }

  package var reason: String { String(cString: strerror(code)) }
  package var message: String {
    "cannot write '\(RawPath.display(path))': " + (step.map { "\($0): \(reason)" } ?? reason)
  }
}
