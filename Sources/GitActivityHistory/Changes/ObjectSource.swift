/// Where a comparison of trees reads its objects: a tree's entries and a blob's bytes by id,
/// replace refs applied. The walk's `ObjectReader` is one (the packs first, libgit2 after).
protocol ObjectSource: ~Copyable {
  /// The bytes of tree `id`; an error in git's words when it is missing or damaged.
  func tree(_ id: ObjectID) throws(GitError) -> [UInt8]
  /// The bytes of blob `id`; an error in git's words when it is missing or damaged.
  func blob(_ id: ObjectID) throws(GitError) -> [UInt8]
  /// The size of blob `id`, from its header, without reading the blob.
  func blobSize(_ id: ObjectID) throws(GitError) -> Int
  /// Lets go of object `id`, which will not be read again soon: a walk from the newest commit
  /// down reads a file's blob (or a folder's tree) first as the old side of a child's diff,
  /// then as the new side of its own commit's diff, and after that only by chance. A cache
  /// keeps its room for what comes next.
  func forget(_ id: ObjectID)
}
