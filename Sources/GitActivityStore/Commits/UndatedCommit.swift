/// A commit one of whose dates git cannot read (git log prints an empty date for it): which
/// ones, so that whoever counts by one of them can say that the commit is not counted.
package struct UndatedCommit: Sendable, Hashable, Comparable {
  /// The commit's id, in hexadecimal.
  package var id: String
  /// Whether the author line has no valid date.
  var lacksAuthorDate: Bool
  /// Whether the committer line has no valid date.
  var lacksCommitterDate: Bool

  package init(id: String, lacksAuthorDate: Bool, lacksCommitterDate: Bool) {
    self.id = id
    self.lacksAuthorDate = lacksAuthorDate
    self.lacksCommitterDate = lacksCommitterDate
  }

  /// The commit `id` when its facts lack a date; nil when it has both.
  package init?(_ id: ObjectID, _ facts: CommitFacts) {
    guard facts.author == nil || facts.committer == nil else { return nil }
    self.init(
      id: id.hex, lacksAuthorDate: facts.author == nil, lacksCommitterDate: facts.committer == nil)
  }

  /// Whether the commit cannot be placed on a day when days are counted by the committer date
  /// (`usesCommitterDate`) or by the author date.
  package func isUncounted(usesCommitterDate: Bool) -> Bool {
    usesCommitterDate ? lacksCommitterDate : lacksAuthorDate
  }

  package static func < (left: UndatedCommit, right: UndatedCommit) -> Bool { left.id < right.id }
}
