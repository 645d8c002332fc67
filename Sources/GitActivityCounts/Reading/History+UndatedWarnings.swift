extension History {
  /// A warning for each commit that would count but cannot be placed on a day by the date in
  /// force.
  public func undatedWarnings(byCommitter: Bool) -> [ActivityWarning] {
    undated.filter { $0.isUncounted(usesCommitterDate: byCommitter) }.map {
      .undatedCommit(id: $0.id, byCommitter: byCommitter)
    }
  }
}
