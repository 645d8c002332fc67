import Foundation

/// Reads objects for `ChangeCounter`: trees and blobs out of the packs (with a larger cache of
/// delta bases than a commit walk needs, since files change a little at a time), replace refs
/// applied.
struct ChangeReader: ObjectSource, ~Copyable {
  let reader: ObjectReader
  let substitutions: Substitutions

  /// How many bytes of inflated delta bases each reader keeps (git keeps 96 MB, one thread):
  /// on git/git a cache of 48 MB emptied when full cost 22.8 s of CPU, 64 MB with the oldest
  /// let go first (those used again kept) 19.2 s, at 347 MB resident against 253 MB.
  static let baseCacheLimit = 64 << 20

  func tree(_ id: ObjectID) throws(GitError) -> [UInt8] {
    try reader.objectBytes(try substitutions.object(for: id), type: 2)
  }

  func blob(_ id: ObjectID) throws(GitError) -> [UInt8] {
    try reader.objectBytes(try substitutions.object(for: id), type: 3)
  }

  func blobSize(_ id: ObjectID) throws(GitError) -> Int {
    try reader.objectSize(try substitutions.object(for: id))
  }
}
