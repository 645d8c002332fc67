import Foundation

/// Reads objects for `ChangeCounter`: trees and blobs out of the packs (with a larger cache of
/// delta bases than a commit walk needs, since files change a little at a time), replace refs
/// applied.
struct ChangeReader: ObjectSource, ~Copyable {
  let reader: ObjectReader
  let substitutions: Substitutions

  /// How many bytes of inflated delta bases and objects each reader keeps (git keeps 96 MB,
  /// one thread). On git/git (one worker, 2019 on) 64 MB kept as they came cost 12.1 s of
  /// CPU; 64 MB without the objects a diff has read as its new side 10.2 s at 199 MB
  /// resident; 128 MB without them 9.8 s at 270 MB.
  static let baseCacheLimit = 128 << 20

  func tree(_ id: ObjectID) throws(GitError) -> [UInt8] {
    try reader.objectBytes(try substitutions.object(for: id), type: 2)
  }

  func blob(_ id: ObjectID) throws(GitError) -> [UInt8] {
    try reader.objectBytes(try substitutions.object(for: id), type: 3)
  }

  func forget(_ id: ObjectID) { reader.forget(id) }

  func blobSize(_ id: ObjectID) throws(GitError) -> Int {
    try reader.objectSize(try substitutions.object(for: id))
  }
}
