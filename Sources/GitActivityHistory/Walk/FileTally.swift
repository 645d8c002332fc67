/// A count by file on one thread (lines by language): told each file's numstat line as the
/// commits are counted. Each thread has its own; the caller adds them up.
package protocol FileTally: AnyObject {
  /// The commit whose files follow: its position among the ids counted.
  func begin(commit: Int)
  /// One file's numstat line: its path, lines added and removed (0 and 0 for a binary file).
  func add(_ path: [UInt8], insertions: Int, deletions: Int)
}
