/// What git would warn of while counting lines: a rename limit reached, attributes lines
/// ignored for their length.
package struct LineNotices {
  /// The `diff.renameLimit` rename detection needed (0: it was not reached).
  package var renameLimitNeeded = 0
  /// Copies were looked for among the changed files only, the limit reached.
  package var degradedCopies = false
  /// The attributes lines ignored for their length, by number.
  package var longAttributeLines: [Int] = []
  /// With a count by file: each thread's tally (see `FileTally`).
  package var tallies: [any FileTally] = []
}
