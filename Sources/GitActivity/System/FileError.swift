import Foundation

/// A failed file operation: the path as the user named it, and the system's reason.
package struct FileError: Error, Equatable, Sendable {
  package var path: String
  /// The `errno` value.
  package var code: Int32

  package init(path: String, code: Int32) {
    self.path = path
    self.code = code
  }

  package var reason: String { String(cString: strerror(code)) }
  package var message: String { "cannot write '\(RawPath.display(path))': \(reason)" }
}
