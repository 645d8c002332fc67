import Foundation

/// What a walk produced: the commits it counted, and the cache with what it read added.
struct HistoryRead: Sendable {
  var history: History
  /// The cache with the newly read commits added, or nil when nothing new was read.
  var updatedCache: HistoryCache?
  /// A pathspec walk's answers, the stored ones and this walk's, to be saved.
  var pathspecAnswers: PathspecAnswerCache?
}
