extension GitError {
  /// The sentences the library's git errors say, each written here once, in git's words where
  /// git has words; the throw sites name them. (What a caller sees of an `ActivityError` or an
  /// `ActivityWarning` is written in the rendering layer's `…+Words.swift` files.)
  package enum Words {
    /// Added to a missing object's error in a partial clone.
    package static let unfetchedBlobs =
      ": this partial clone has not fetched the files whose lines are counted; clone it again without --filter (or fetch them: git fetch --refetch after unsetting remote.<name>.partialclonefilter)"
  }
}
