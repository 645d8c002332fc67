import Foundation

/// A file's device and inode, which name it whatever path (or link) leads to it.
package struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64

  /// The file at `path` (links followed); nil when it cannot be stat'ed.
  package init?(_ path: String) {
    guard let status = Self.status(path) else { return nil }
    self.init(status)
  }

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// `stat(2)` of `path`; nil when it fails.
  static func status(_ path: String) -> stat? {
    var status = stat()
    guard RawPath.withCString(path, { stat($0, &status) }) == 0 else { return nil }
    return status
  }
}
