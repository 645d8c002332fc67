import Foundation

/// A failed file operation: the path as the user named it, and the system's reason.
public struct FileError: Error, Equatable, Sendable {
  var path: String
  /// The `errno` value.
  package var code: Int32
  /// What failed, when it is not the file itself: the temporary file a replacement is written
  /// to first, beside it.
  var step: String?

  /// A failure of `step` (or of the whole operation) on `path`, with `errno`'s `code`.
  public init(path: String, code: Int32, step: String? = nil) {
    self.path = path
    self.code = code
    self.step = step
  }

  /// The reason, in the C library's words (`strerror`).
  public var reason: String { String(cString: strerror(code)) }
  /// The whole sentence: the path, the step when there is one, and the reason.
  public var message: String {
    "cannot write '\(RawPath.display(path))': " + (step.map { "\($0): \(reason)" } ?? reason)
  }
}
