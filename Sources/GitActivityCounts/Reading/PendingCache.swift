/// A history cache with what a read added to it, not yet written: the command writes it while
/// the graph is drawn, a library user whenever it suits them (or never). With lines counted,
/// the commits' lines too.
public struct PendingCache: Sendable {
  var cache: HistoryCache?
  let location: HistoryCache.Location
  var lines: (table: LineStatsCache, location: HistoryCache.Location)?
  var languages: (table: LanguageRowsCache, location: HistoryCache.Location)?
  /// For a read that could not make the cache itself (a pathspec walk reads only the commits the
  /// pathspec keeps): the whole history's read, made when the cache is written, after the graph
  /// is out.
  var reading: (@Sendable () -> HistoryCache?)?

  /// Writes the cache whole (a temporary file renamed into place), in the git directory or
  /// else the policy's fallback directory, and the lines beside it; false when the cache could
  /// be written nowhere.
  @discardableResult
  public func save() -> Bool {
    lines.map { $0.table.save(to: $0.location) }
    languages.map { $0.table.save(to: $0.location) }
    return (cache ?? reading?())?.save(to: location) ?? true
  }
}
