import Foundation
import GitActivity
import Synchronization

/// One run of the pipeline: git → facts → activity → report → renderer → text.
struct Run {
  let invocation: Invocation
  let context: RunContext
  let stderr: TextSink

  /// How far before the window's first day the walk keeps reading, in committer time. Author
  /// dates are usually no later than committer dates, but rebases, clock skew and `--date`
  /// exist; a month of extra reading costs little.
  static let marginSeconds: Int64 = 31 * 86_400
  /// The largest offset a commit may carry that still falls on an earlier day: UTC+14, plus slack.
  static let offsetSlackSeconds: Int64 = 26 * 3_600

  /// What a run produced: the text, and for a graph written to a file, a suggested alt text.
  struct Output {
    var text: String
    var alternativeText: String?
  }

  /// With `GIT_HEATMAP_TIMING` set, each phase's time goes to stderr, for benchmarks.
  struct PhaseTimer {
    let sink: TextSink?

    func callAsFunction<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E) -> T {
      guard let sink else { return try body() }
      let start = DispatchTime.now().uptimeNanoseconds
      defer {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        sink.write("\(Command.name): timing: \(name) \(String(format: "%.1f", elapsed)) ms\n")
      }
      return try body()
    }
  }

  private var phase: PhaseTimer {
    PhaseTimer(sink: context.environment["GIT_HEATMAP_TIMING"] != nil ? stderr : nil)
  }

  func render() throws(CommandError) -> Output {
    let zone = try resolvedZone()
    let today = Day(context.now, in: todayZone(zone))
    if let problem = invocation.window.problem(today: today) {
      throw CommandError.usage(problem)
    }
    let window = invocation.window.resolve(today: today)
    var walk = invocation.walk
    let firstSecond = Int64(window.days.first.number) * 86_400
    walk.committedNoEarlierThan = firstSecond - Run.offsetSlackSeconds - Run.marginSeconds
    if let workers = context.environment["GIT_HEATMAP_WORKERS"].flatMap(Int.init), workers > 0 {
      walk.workerCount = workers
    }
    if let value = context.environment["GIT_HEATMAP_NO_COMMIT_GRAPH"], !value.isEmpty {
      walk.usesCommitGraph = false
    }
    // git's own switches for replace refs and grafts (`git --no-replace-objects heatmap` sets
    // the first).
    if context.environment["GIT_NO_REPLACE_OBJECTS"] != nil { walk.replaceRefBase = nil }
    if let base = context.environment["GIT_REPLACE_REF_BASE"], !base.isEmpty,
      walk.replaceRefBase != nil
    {
      walk.replaceRefBase = base
    }
    if let file = context.environment["GIT_GRAFT_FILE"], !file.isEmpty { walk.graftFile = file }
    let sources: [Source]
    do {
      sources = try readSources(walk: walk)
    } catch {
      throw CommandError(error)
    }
    // Caches are written on the other core while the graph is computed and drawn.
    let saving = DispatchGroup()
    for source in sources {
      guard let (cache, location) = source.cacheToSave else { continue }
      DispatchQueue.global().async(group: saving) { cache.save(to: location) }
    }
    defer { saving.wait() }

    var filter = AuthorFilter(
      patterns: invocation.authorPatterns, exclusions: invocation.exclusions)
    if invocation.isMe {
      var emails: [String] = []
      for email in sources.compactMap(\.userEmail) where !emails.contains(email) {
        emails.append(email)
      }
      guard !emails.isEmpty else {
        throw CommandError.failure(
          "--me needs user.email in git config: git config --global user.email you@example.com")
      }
      filter.ownEmails = emails
    }
    let options = ActivityOptions(
      zone: zone, usesCommitterDate: invocation.usesCommitterDate,
      excludesMerges: invocation.excludesMerges, filter: filter)
    let activity = phase("activity") {
      DailyActivity(
        histories: sources.map { ($0.history, $0.mailmap) }, days: window.days, options: options)
    }
    let report = ActivityReport(
      repositories: sources.map(\.path), window: window, zone: zone, activity: activity,
      today: today, subject: subject(filter))
    return phase("render") { output(report) }
  }

  /// One repository's contribution to a run.
  struct Source: Sendable {
    var path: String
    var commonDirectory: String
    var history: History
    var mailmap: Mailmap
    /// What to tell the user about reading it: commits not counted, a mailmap not read.
    var warnings: [String]
    var userEmail: String?
    /// The cache with what this run read added, still to be written.
    var cacheToSave: (cache: HistoryCache, location: HistoryCache.Location)?
  }

  /// The repositories of the run, read: the one found from the current directory, or those of
  /// `--repo` and `--scan`, read concurrently. A path that is not a repository is a warning,
  /// unless it was the only one.
  private func readSources(walk: WalkOptions) throws(GitError) -> [Source] {
    var paths = invocation.repositories.map(absolute)
    for directory in invocation.scanDirectories.map(absolute) {
      let found = RepositoryScanner.scan(directory, depth: invocation.scanDepth)
      if found.isEmpty { warn(["no repository found in '\(RawPath.display(directory))'"]) }
      paths += found
    }
    if invocation.repositories.isEmpty && invocation.scanDirectories.isEmpty {
      let repository = try phase("open") { () throws(GitError) in
        try Repository.discover(from: startDirectory(), environment: context.environment)
      }
      var walk = walk
      // One repository counts each commit once by the walk itself: no ids needed.
      walk.recordsCommitIDs = false
      var progressLine: ProgressLine?
      if ProgressLine.isWanted(context: context, isQuiet: invocation.isQuiet) {
        let progress = WalkProgress()
        walk.progress = progress
        progressLine = ProgressLine(
          progress: progress, stderr: stderr, delay: context.progressDelay)
        progressLine?.start()
      }
      defer { progressLine?.finish() }
      let source = try Run.read(repository, settings: settings(walk: walk), phase: phase)
      progressLine?.finish()
      warn(source.warnings)
      return [source]
    }
    guard !paths.isEmpty else {
      throw GitError(message: "no repository found to count", function: "scan")
    }
    // Each repository on its own thread, up to the number of cores; one reader each.
    var walk = walk
    walk.recordsCommitIDs = true
    if paths.count > 1 { walk.workerCount = 1 }
    let settings = settings(walk: walk)
    let results = Mutex<[Int: Result<Source, GitError>]>([:])
    let uniquePaths = paths
    DispatchQueue.concurrentPerform(iterations: uniquePaths.count) { index in
      let result: Result<Source, GitError>
      do throws(GitError) {
        let repository = try Repository.open(at: uniquePaths[index])
        result = .success(
          try Run.read(repository, settings: settings, phase: PhaseTimer(sink: nil)))
      } catch {
        result = .failure(error)
      }
      results.withLock { $0[index] = result }
    }
    var sources: [Source] = []
    var seenDirectories = Set<String>()
    var failures: [GitError] = []
    for index in uniquePaths.indices {
      switch results.withLock({ $0[index] }) {
      case .success(let source)?:
        if seenDirectories.insert(source.commonDirectory).inserted { sources.append(source) }
        warn(source.warnings)
      case .failure(let error)?:
        failures.append(error)
        warn(["\(error.message); skipped"])
      case nil:
        break
      }
    }
    if sources.isEmpty {
      throw failures.first ?? GitError(message: "no repository could be read", function: "open")
    }
    return sources
  }

  /// What a repository read needs, as values that may cross threads.
  struct ReadSettings: Sendable {
    var selection: RevisionSelection
    var walk: WalkOptions
    var usesCache: Bool
    var clearsCache: Bool
    var usesMailmap: Bool
    var fallbackCacheDirectory: String?
  }

  private func settings(walk: WalkOptions) -> ReadSettings {
    ReadSettings(
      selection: invocation.selection, walk: walk, usesCache: invocation.usesCache,
      clearsCache: invocation.clearsCache, usesMailmap: invocation.usesMailmap,
      fallbackCacheDirectory: fallbackCacheDirectory())
  }

  /// Reads one repository: its history (through its cache unless `--no-cache`), mailmap and
  /// `user.email`.
  static func read(
    _ repository: Repository, settings: ReadSettings,
    phase: PhaseTimer
  ) throws(GitError) -> Source {
    let location = HistoryCache.Location(
      commonDirectory: repository.commonDirectory,
      fallbackDirectory: settings.fallbackCacheDirectory)
    if settings.clearsCache { HistoryCache.remove(at: location) }
    let history: History
    var cacheToSave: (cache: HistoryCache, location: HistoryCache.Location)?
    if settings.usesCache {
      let cache = phase("load cache") { HistoryCache.load(from: location) ?? HistoryCache() }
      let read = try phase("walk") { () throws(GitError) in
        try repository.history(settings.selection, options: settings.walk, cache: cache)
      }
      cacheToSave = read.updatedCache.map { ($0, location) }
      history = read.history
    } else {
      history = try repository.history(settings.selection, options: settings.walk)
    }
    let mailmap =
      settings.usesMailmap ? try repository.mailmap() : (mailmap: Mailmap(), warnings: [])
    return Source(
      path: RawPath.display(repository.displayPath), commonDirectory: repository.commonDirectory,
      history: history,
      mailmap: mailmap.mailmap, warnings: mailmap.warnings + history.warnings,
      userEmail: try repository.configString("user.email").flatMap { $0.isEmpty ? nil : $0 },
      cacheToSave: cacheToSave)
  }

  private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
  }

  private func output(_ report: ActivityReport) -> Output {
    var byAuthor: (top: Int, perAuthor: Bool)?
    switch invocation.mode {
    case .authorTable(let order):
      let rows = AuthorSummary.sorted(
        report.activity.authors.map {
          AuthorSummary($0, days: report.activity.days, weekStart: report.window.weekStart)
        }, by: order)
      let writer = AuthorTableWriter(isASCII: invocation.isASCII, width: terminalWidth)
      switch invocation.format {
      case .csv: return Output(text: writer.csv(rows))
      case .json: return Output(text: writer.json(rows, report: report))
      case .terminal, .summary, .svg: return Output(text: writer.terminal(rows, report: report))
      }
    case .byAuthor(let top, let perAuthor):
      byAuthor = (top, perAuthor)
    case .graph:
      break
    }
    // The calendar is a layout of the one graph; --by-author draws graphs of people instead.
    let isCalendar = invocation.isCalendar && byAuthor == nil
    let svgOptions = svgOptions()
    let svg = SVGRenderer(options: svgOptions)
    func svgOutput(_ text: String, _ kind: String, _ qualifier: String = "") -> Output {
      Output(
        text: text,
        alternativeText:
          "\(kind) of \(svg.heading(for: report))\(qualifier): \(ReportText.description(for: report))"
      )
    }
    let calendar = CalendarRenderer(
      gradient: CalendarRenderer.gradient(stops: invocation.palette, theme: svgOptions.theme),
      scale: invocation.scale)
    let panels =
      byAuthor.map {
        HeatmapPanel.byAuthor(report, top: $0.top, scale: invocation.scale, perAuthor: $0.perAuthor)
      } ?? HeatmapPanel.panels(for: report, scale: invocation.scale)

    switch invocation.format {
    case .csv:
      return Output(text: CSVWriter().render(report))
    case .json:
      return Output(text: JSONWriter(authorDays: byAuthor?.top ?? 0).render(report))
    case .summary:
      return Output(text: SummaryWriter(listsDays: isCalendar).render(report))
    case .terminal:
      if isCalendar {
        return Output(text: calendar.terminal(report, options: terminalRenderer().options))
      }
      let extra = byAuthor.map {
        "; the top \(min($0.top, report.activity.authors.count)) of \(Wording.count(report.activity.authors.count, "author"))"
      }
      return Output(text: terminalRenderer().render(report, panels: panels, headline: extra))
    case .svg:
      if isCalendar { return svgOutput(calendar.svg(report, options: svgOptions), "Calendar") }
      if byAuthor != nil {
        return svgOutput(svg.render(report, panels: panels), "Contribution graphs", " by author")
      }
      return svgOutput(svg.render(report, panels: panels), "Contribution graph")
    }
  }

  private var terminalWidth: Int {
    Appearance.width(environment: context.environment, terminalColumns: context.terminalColumns)
  }

  private func svgOptions() -> SVGOptions {
    var options = SVGOptions()
    options.theme = invocation.theme.flatMap(SVGOptions.Theme.init(rawValue:)) ?? .github
    options.tint = invocation.tint
    options.levelColors = invocation.palette
    options.cellSize = invocation.cellSize
    options.spacing = invocation.spacing
    options.radius = invocation.radius
    options.isTransparent = invocation.isTransparent
    options.animates = invocation.animates
    options.title = invocation.title
    return options
  }

  private func terminalRenderer() -> TerminalRenderer {
    let writesFile = invocation.output.map { $0 != "-" } ?? false
    let depth = Appearance.colorDepth(
      mode: invocation.colorMode, environment: context.environment,
      stdoutIsTerminal: context.stdoutIsTerminal && !writesFile)
    let palette = Appearance.palette(
      theme: invocation.theme,
      isDarkByDefault: Appearance.terminalIsDark(environment: context.environment),
      tint: invocation.tint, colors: invocation.palette)
    let options = TerminalOptions(
      colorDepth: depth, palette: palette, isASCII: invocation.isASCII, width: terminalWidth)
    return TerminalRenderer(options: options)
  }

  /// `$XDG_CACHE_HOME/git-heatmap`, else `~/.cache/git-heatmap`: for repositories whose git
  /// directory is not writable.
  private func fallbackCacheDirectory() -> String? {
    if let xdg = context.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return xdg + "/git-heatmap"
    }
    return context.environment["HOME"].map { $0 + "/.cache/git-heatmap" }
  }

  private func startDirectory() -> String {
    guard let directory = invocation.directory else { return context.currentDirectory }
    return directory.hasPrefix("/") ? directory : context.currentDirectory + "/" + directory
  }

  /// The zone days are read in. A named zone this machine's time-zone data does not know is an
  /// error (the option's parser already refuses one; the machine's own zone can be such a name),
  /// never a silent UTC.
  private func resolvedZone() throws(CommandError) -> DayZone {
    let zone: DayZone
    switch invocation.zone {
    case .zone(let chosen): zone = chosen
    case .local: zone = .named(context.localTimeZone.identifier)
    }
    if case .named(let name) = zone, TimeZone(identifier: name) == nil {
      throw .failure("unknown time zone '\(name)': this machine has no data for it")
    }
    return zone
  }

  /// "Today" is read in the zone the days are read in; for `author`, in the machine's zone.
  private func todayZone(_ zone: DayZone) -> TimeZone {
    switch zone {
    case .author: return context.localTimeZone
    case .fixed(let offset): return TimeZone(secondsFromGMT: offset) ?? context.localTimeZone
    case .named(let name): return TimeZone(identifier: name) ?? context.localTimeZone  // checked
    }
  }

  private func subject(_ filter: AuthorFilter) -> String? {
    let parts = filter.ownEmails + filter.patterns
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  private func warn(_ warnings: [String]) {
    guard !invocation.isQuiet else { return }
    for warning in warnings.prefix(5) {
      stderr.write("\(Command.name): warning: \(TextEscaping.terminal(warning))\n")
    }
    if warnings.count > 5 {
      stderr.write("\(Command.name): warning: \(warnings.count - 5) more commits like these\n")
    }
  }
}
