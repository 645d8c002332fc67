import Foundation

/// What one worker read in one round.
struct WorkerResult: Sendable {
  var ids = ChunkedArray<ObjectID>()
  var facts = ChunkedArray<CommitFacts>()
  var isCounted = ChunkedArray<Bool>()
  var parentEnds = ChunkedArray<Int32>()
  var parents = ChunkedArray<ObjectID>()
  /// Each commit's tree (nil: its header names none), when the walk records trees.
  var trees = ChunkedArray<ObjectID?>()
  var identities: [RawIdentity] = []
  var undated: [UndatedCommit] = []
  /// Co-authors by index in `facts`, as the worker's identity numbers.
  var coAuthors: [Int: [Int32]] = [:]
}
