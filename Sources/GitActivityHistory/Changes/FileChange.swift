/// A path whose entry differs between two trees, as git's tree diff queues it: what the path
/// held before (nil: added) and after (nil: removed).
struct FileChange: Equatable, Sendable {
  /// A tree entry's canonical mode and object id.
  struct Side: Equatable, Sendable {
    var mode: UInt32
    var id: ObjectID

    /// A regular file (`S_ISREG`): git estimates similarity only between these.
    var isRegularFile: Bool { mode & 0o170000 == 0o100000 }
  }

  /// The path from the top of the tree, as its trees spell it.
  var path: [UInt8]
  var old: Side?
  var new: Side?
}
