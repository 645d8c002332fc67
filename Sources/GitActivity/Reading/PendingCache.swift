/// A history cache with what a read added to it, not yet written: the command writes it while
/// the graph is drawn, a library user whenever it suits them (or never). With lines counted,
/// the commits' lines too.
public struct PendingCache: Sendable {
  var cache: HistoryCache?
  let location: HistoryCache.Location
  var lines: (table: LineStatsCache, location: HistoryCache.Location)?

  /// Writes the cache whole (a temporary file renamed into place), in the git directory or
  /// else the policy's fallback directory, and the lines beside it; false when the cache could
  /// be written nowhere.
  @discardableResult
  public func save() -> Bool {
    lines.map { $0.table.save(to: $0.location) }
    return cache?.save(to: location) ?? true
  }
}
