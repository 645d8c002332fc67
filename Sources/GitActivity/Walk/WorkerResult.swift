import Foundation

/// What one worker read in one round.
struct WorkerResult: Sendable {
  var ids = ChunkedArray<ObjectID>()
  var facts = ChunkedArray<CommitFacts>()
  var isCounted = ChunkedArray<Bool>()
  var parentEnds = ChunkedArray<Int32>()
  var parents = ChunkedArray<ObjectID>()
  var identities: [RawIdentity] = []
  var undated: [UndatedCommit] = []
  /// Co-authors by index in `facts`, as the worker's identity numbers.
  var coAuthors: [Int: [Int32]] = [:]
}
