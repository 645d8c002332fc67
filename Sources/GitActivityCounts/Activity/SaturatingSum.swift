extension Sequence<Int> {
  /// The positive values added up, stopping at `Int.max` instead of overflowing, as the seed
  /// component adds its counts.
  public var saturatingSum: Int {
    reduce(0) { total, count in
      let (result, overflow) = total.addingReportingOverflow(Swift.max(count, 0))
      return overflow ? Int.max : result
    }
  }
}
