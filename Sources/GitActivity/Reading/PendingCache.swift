/// A history cache with what a read added to it, not yet written: the command writes it while
/// the graph is drawn, a library user whenever it suits them (or never).
public struct PendingCache: Sendable {
  let cache: HistoryCache
  let location: HistoryCache.Location

  /// Writes the cache whole (a temporary file renamed into place), in the git directory or
  /// else the policy's fallback directory; false when neither could be written.
  @discardableResult
  public func save() -> Bool { cache.save(to: location) }
}
