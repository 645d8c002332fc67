/// What one commit changes, as `git log --numstat` counts it: lines added and removed over its
/// files (a binary file counts none), and how many files it lists.
public struct LineStats: Sendable, Hashable {
  /// Lines added.
  package var insertions: Int
  /// Lines removed.
  package var deletions: Int
  /// Files listed (`git log --numstat`'s lines).
  package var files: Int

  /// What a commit changes.
  package init(insertions: Int = 0, deletions: Int = 0, files: Int = 0) {
    self.insertions = insertions
    self.deletions = deletions
    self.files = files
  }

  /// Lines added and removed together (`--measure lines`).
  package var lines: Int { insertions + deletions }

  /// Adds another commit's lines.
  package static func += (left: inout LineStats, right: LineStats) {
    left.insertions += right.insertions
    left.deletions += right.deletions
    left.files += right.files
  }
}

/// `LineStats` in 12 bytes, for histories that hold many commits (a draw from millions of
/// exported records): each count clamped to 32 bits.
package struct PackedLineStats: Hashable, Sendable, BitwiseCopyable {
  var insertions: UInt32
  var deletions: UInt32
  var files: UInt32

  package init(_ stats: LineStats) {
    insertions = UInt32(clamping: stats.insertions)
    deletions = UInt32(clamping: stats.deletions)
    files = UInt32(clamping: stats.files)
  }

  package var stats: LineStats {
    LineStats(insertions: Int(insertions), deletions: Int(deletions), files: Int(files))
  }
}
