extension Repository {
  /// Counts the lines each commit of `history` changes, as `git log --numstat` counts them
  /// with the request's selection: its pathspec, its `--first-parent` (which makes git diff a
  /// merge against its first parent), and the line counting options (the request's, else the
  /// repository's configuration). With `cachedAt`, commits counted before are taken from the
  /// lines cache beside the history cache, and the table with this run's counts is returned
  /// for saving; replaced or grafted commits are never cached (their ids do not name them).
  func countLines(
    of history: inout History, _ request: ActivityRequest, cachedAt location: HistoryCache.Location?
  ) throws(GitError) -> (table: LineStatsCache, location: HistoryCache.Location)? {
    let options: LineCountingOptions
    if let given = request.lineCounting {
      options = given
    } else {
      options = try configuredLineCounting()
    }
    let paths = request.selection.paths
    let pathspec = paths.isEmpty ? nil : try Pathspec(canonical: paths)
    let diffsMerges = request.walk.followsFirstParentOnly
    let substitutions = try self.substitutions(
      replaceRefBase: request.walk.replaceRefBase, graftFile: request.walk.graftFile)
    var table: LineStatsCache?
    var tableLocation: HistoryCache.Location?
    if let location, substitutions.isEmpty {
      let key = try lineCacheKey(options: options, paths: paths, diffsMerges: diffsMerges)
      let place = LineStatsCache.location(for: key, beside: location)
      var loaded = LineStatsCache.load(key: key, from: place)
      loaded.indexPrefixes()
      table = loaded
      tableLocation = place
    }
    let ids = history.objectIDs
    var lines = [PackedLineStats](
      repeating: PackedLineStats(LineStats()), count: history.commits.count)
    var missing: [Int] = []
    for index in ids.indices {
      if let known = table?.record(for: ids[index]) {
        lines[index] = known
      } else {
        missing.append(index)
      }
    }
    let counted = try lineStats(
      of: missing.map { ids[$0] }, pathspec: pathspec, options: options, diffsMerges: diffsMerges,
      substitutions: substitutions, workers: request.walk.workerCount,
      progress: request.walk.progress)
    for (index, stats) in zip(missing, counted) {
      let packed = PackedLineStats(stats)
      lines[index] = packed
      table?.set(packed, for: ids[index])
    }
    history.packedLines = lines
    guard let table, let tableLocation, !counted.isEmpty || table.wasLoaded else { return nil }
    return (table, tableLocation)
  }

  /// What the lines of a commit depend on besides its id, as the lines cache's key.
  private func lineCacheKey(options: LineCountingOptions, paths: [String], diffsMerges: Bool)
    throws(GitError) -> String
  {
    let attributes = SHA256.digest(try attributesFingerprint()).map { String($0, radix: 16) }
      .joined()
    return [
      "lines", options.renames.rawValue, String(options.renameLimit), options.algorithm.rawValue,
      String(options.bigFileThreshold), diffsMerges ? "first-parent" : "merges-empty",
      attributes, PathspecAnswerCache.key(paths: paths),
    ].joined(separator: "\u{0}")
  }
}
