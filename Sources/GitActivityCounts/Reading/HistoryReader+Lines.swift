extension HistoryReader {
  /// Counts the lines each commit of `history` changes, as `git log --numstat` counts them
  /// with the request's selection: its pathspec, its `--first-parent` (which makes git diff a
  /// merge against its first parent), and the line counting options (the request's, else the
  /// repository's configuration). With `cachedAt`, commits counted before are taken from the
  /// lines cache beside the history cache, and the table with this run's counts is returned
  /// for saving; replaced or grafted commits are never cached (their ids do not name them).
  /// With `request.countsLanguages`, each commit's lines by language are counted in the same
  /// pass and kept in `history.languages`, from and into their own cache beside the lines.
  func countLines(
    of history: inout History, _ request: ActivityRequest, cachedAt location: HistoryCache.Location?
  ) throws(GitError) -> (
    cached: (table: LineStatsCache, location: HistoryCache.Location)?,
    languages: (table: LanguageRowsCache, location: HistoryCache.Location)?,
    warnings: [ActivityWarning]
  ) {
    let options = try lineCounting(for: request)
    let paths = request.selection.paths
    let pathspec = paths.isEmpty ? nil : try Pathspec(canonical: paths)
    let diffsMerges = options.mergeDiffs != .off
    let substitutions = try repository.substitutions(
      replaceRefBase: request.walk.replaceRefBase, graftFile: request.walk.graftFile)
    let countsLanguages = request.countsLanguages
    var table: (table: LineStatsCache, location: HistoryCache.Location)?
    var languageTable: (table: LanguageRowsCache, location: HistoryCache.Location)?
    if let location, substitutions.isEmpty {
      let key = try lineCacheKey(options: options, paths: paths, diffsMerges: diffsMerges)
      table = Self.loadCache(key: key, beside: location)
      if countsLanguages {
        languageTable = Self.loadCache(
          key: key + "\nlanguages: linguist \(LanguageLines.linguistVersion)", beside: location)
      }
    }
    let ids = history.objectIDs
    var (lines, languages, missing) = Self.known(
      in: history, lines: table?.table, languages: countsLanguages,
      from: languageTable?.table, noEarlierThan: request.linesNoEarlierThan)
    var languageTally: (@Sendable (DiffAttributes) -> any FileTally)?
    if countsLanguages {
      languageTally = { @Sendable attributes in
        LanguageTally(attributes: attributes) as any FileTally
      }
    }
    let counted = try LineCounter(repository).lineStats(
      of: missing.map { ids[$0] }, pathspec: pathspec, options: options,
      substitutions: substitutions, workers: request.walk.workerCount,
      progress: request.walk.progress, tally: languageTally)
    for (index, stats) in zip(missing, counted.stats) {
      let packed = PackedLineStats(stats)
      lines[index] = packed
      table?.table.set(packed, for: ids[index])
    }
    if countsLanguages {
      keepLanguages(
        &languages, counted.notices, missing: missing, ids: ids, in: &history,
        cache: &languageTable)
    }
    history.packedLines = lines
    let warnings = Self.warnings(counted.notices)
    if let loaded = languageTable?.table, !loaded.hasNewRecords && !loaded.wasLoaded {
      languageTable = nil
    }
    if let loaded = table?.table, counted.stats.isEmpty && !loaded.wasLoaded { table = nil }
    return (table, languageTable, warnings)
  }

  /// What the caches know of `history`'s commits: each commit's lines and, with `languages`,
  /// its languages (left where the table's file holds them until they are added up); and the
  /// commits they do not know, to be counted. Commits of an earlier window
  /// (`noEarlierThan`) are read only to be counted as commits: no lines, not cached.
  private static func known(
    in history: History, lines table: LineStatsCache?, languages countsLanguages: Bool,
    from languageTable: LanguageRowsCache?, noEarlierThan: Int64?
  ) -> (lines: [PackedLineStats], languages: CommitLanguages, missing: [Int]) {
    let ids = history.objectIDs
    var lines = [PackedLineStats](
      repeating: PackedLineStats(LineStats()), count: history.commits.count)
    var languages =
      countsLanguages
      ? CommitLanguages(count: ids.count, records: languageTable?.fileBytes ?? [])
      : CommitLanguages()
    var missing: [Int] = []
    let earliest = noEarlierThan ?? Int64.min
    for index in ids.indices {
      if earliest > Int64.min {
        let commit = history.commits[index]
        let latest = max(
          commit.author?.seconds ?? Int64.max, commit.committer?.seconds ?? Int64.max)
        if latest < earliest { continue }
      }
      // A commit's languages are looked up only once its lines are known.
      guard let known = table?.lineStats(for: ids[index]) else {
        missing.append(index)
        continue
      }
      if countsLanguages {
        guard let record = languageTable?.languageRecord(for: ids[index]) else {
          missing.append(index)
          continue
        }
        languages.setRecord(at: index, range: record)
      }
      lines[index] = known
    }
    return (lines, languages, missing)
  }

  /// A lines cache's table for `key`, loaded (empty when there is none), with where it is kept.
  private static func loadCache<Record: CommitTableRecord>(
    key: String, beside location: HistoryCache.Location
  ) -> (table: CommitTable<Record>, location: HistoryCache.Location) {
    let place = CommitTable<Record>.location(for: key, beside: location)
    return (CommitTable<Record>.load(key: key, from: place), place)
  }

  /// Each counted commit's lines by language into `languages`, and those that name no unknown
  /// language into the cache; then the whole into `history`.
  private func keepLanguages(
    _ languages: inout CommitLanguages, _ notices: LineNotices, missing: [Int], ids: [ObjectID],
    in history: inout History,
    cache: inout (table: LanguageRowsCache, location: HistoryCache.Location)?
  ) {
    var uncached = Set<Int>()
    var unknown = Set<String>()
    for case let tally as LanguageTally in notices.tallies {
      for (position, rows) in tally.byCommit { languages.set(rows, at: missing[position]) }
      uncached.formUnion(tally.namingUnknown.map { missing[$0] })
      unknown.formUnion(tally.classifier.unknownNames)
    }
    for index in missing where !uncached.contains(index) {
      cache?.table.set(languages.rows(at: index), for: ids[index])
    }
    history.languages = languages
    history.unknownLanguageNames = unknown.sorted()
  }

  /// What a line count has to say: long attribute lines, a rename search skipped or cut short.
  private static func warnings(_ notices: LineNotices) -> [ActivityWarning] {
    var warnings: [ActivityWarning] = notices.longAttributeLines.map { .longAttributesLine($0) }
    if notices.renameLimitNeeded > 0 || notices.degradedCopies {
      warnings.append(.renameDetectionSkipped(degraded: notices.degradedCopies))
    }
    if notices.renameLimitNeeded > 0 {
      warnings.append(.renameLimitAdvice(needed: notices.renameLimitNeeded))
    }
    return warnings
  }

  /// How `request` counts lines: its options (else the configuration's), its command line's
  /// choices over them, `--first-parent`'s diff of merges and `diff.relative`.
  func lineCounting(for request: ActivityRequest) throws(GitError) -> LineCountingOptions {
    var options: LineCountingOptions
    if let given = request.lineCounting {
      options = given
    } else {
      options = try LineCountingOptions.configured(in: repository)
    }
    let choices = request.lineCountingChoices
    if let renames = choices.renames { options.renames = renames }
    if let score = choices.renameScore { options.renameScore = score }
    if choices.findsCopiesHarder {
      options.renames = .copies
      options.findsCopiesHarder = true
    }
    options.diffFilter = choices.diffFilter
    options.mergeDiffs =
      choices.mergeDiffs
      ?? (request.walk.followsFirstParentOnly ? .firstParent : options.mergeDiffs)
    var folder: String?
    switch choices.relative {
    case .off: folder = nil
    case .current: folder = request.workingPrefix
    case .folder(let path): folder = path
    case .configured:
      if let value = try repository.configString("diff.relative"),
        ConfigBoolean.parse(value) == true
      {
        folder = request.workingPrefix
      }
    }
    if let folder {
      let trimmed = folder.split(separator: "/").joined(separator: "/")
      options.relativeFolder = trimmed.isEmpty ? nil : Array((trimmed + "/").utf8)
    }
    return options
  }

  /// What the lines of a commit depend on besides its id, as the lines cache's key.
  private func lineCacheKey(options: LineCountingOptions, paths: [String], diffsMerges: Bool)
    throws(GitError) -> String
  {
    let attributes = SHA256.digest(try DiffAttributes.fingerprint(of: repository)).map {
      String($0, radix: 16)
    }
    .joined()
    return [
      "lines", options.renames.rawValue, String(options.renameLimit), options.algorithm.rawValue,
      String(options.bigFileThreshold), options.mergeDiffs.rawValue, String(options.renameScore),
      options.findsCopiesHarder ? "harder" : "", options.diffFilter.key,
      options.relativeFolder.map { String(decoding: $0, as: UTF8.self) } ?? "",
      options.showsRoot ? "root" : "no-root",
      attributes, PathspecAnswerCache.key(paths: paths),
    ].joined(separator: "\u{0}")
  }
}
