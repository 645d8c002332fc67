import Foundation

/// What a walk produced: the commits it counted, and the cache with what it read added.
package struct HistoryRead: Sendable {
  package var history: History
  /// The cache with the newly read commits added, or nil when nothing new was read.
  package var updatedCache: HistoryCache?
  /// A pathspec walk's answers, the stored ones and this walk's, to be saved.
  package var pathspecAnswers: PathspecAnswerCache?
}
