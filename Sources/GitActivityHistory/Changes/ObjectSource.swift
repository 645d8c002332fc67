/// Where a comparison of trees reads its objects: a tree's entries and a blob's bytes by id,
/// replace refs applied. The walk's `ObjectReader` is one (the packs first, libgit2 after).
protocol ObjectSource: ~Copyable {
  /// The bytes of tree `id`; an error in git's words when it is missing or damaged.
  func tree(_ id: ObjectID) throws(GitError) -> [UInt8]
  /// The bytes of blob `id`; an error in git's words when it is missing or damaged.
  func blob(_ id: ObjectID) throws(GitError) -> [UInt8]
  /// The size of blob `id`, from its header, without reading the blob.
  func blobSize(_ id: ObjectID) throws(GitError) -> Int
}
