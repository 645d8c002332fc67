import Foundation
import GitActivity

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
  private func phase<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    guard context.environment["GIT_HEATMAP_TIMING"] != nil else { return try body() }
    let start = DispatchTime.now().uptimeNanoseconds
    defer {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      stderr.write("\(Command.name): timing: \(name) \(String(format: "%.1f", elapsed)) ms\n")
    }
    return try body()
  }

  func render() throws -> Output {
    let start = startDirectory()
    let repository = try phase("open") {
      try Repository.discover(from: start, environment: context.environment)
    }
    let zone = resolvedZone()
    let today = Day(context.now, in: todayZone(zone))
    let window = invocation.window.resolve(today: today)

    var filter = AuthorFilter(
      patterns: invocation.authorPatterns, exclusions: invocation.exclusions)
    if invocation.isMe {
      guard let email = try repository.configString("user.email"), !email.isEmpty else {
        throw Command.Failure(
          message:
            "--me needs user.email in git config: git config --global user.email you@example.com")
      }
      filter.ownEmails.append(email)
    }

    var walk = invocation.walk
    // One repository counts each commit once by the walk itself: no ids needed.
    walk.recordsCommitIDs = false
    if let workers = context.environment["GIT_HEATMAP_WORKERS"].flatMap(Int.init), workers > 0 {
      walk.workerCount = workers
    }
    var progressLine: ProgressLine?
    if ProgressLine.isWanted(context: context, isQuiet: invocation.isQuiet) {
      let progress = WalkProgress()
      walk.progress = progress
      progressLine = ProgressLine(progress: progress, stderr: stderr, delay: context.progressDelay)
      progressLine?.start()
    }
    defer { progressLine?.finish() }
    let firstSecond = Int64(window.days.first.number) * 86_400
    walk.committedNoEarlierThan = firstSecond - Run.offsetSlackSeconds - Run.marginSeconds
    let history = try readHistory(repository, walk: walk)
    progressLine?.finish()
    warn(history.warnings)
    let mailmap = invocation.usesMailmap ? try repository.mailmap() : Mailmap()
    let options = ActivityOptions(
      zone: zone, usesCommitterDate: invocation.usesCommitterDate,
      excludesMerges: invocation.excludesMerges, filter: filter)
    let activity = phase("activity") {
      DailyActivity(histories: [(history, mailmap)], days: window.days, options: options)
    }
    let report = ActivityReport(
      repositories: [repository.displayPath], window: window, zone: zone, activity: activity,
      today: today, subject: subject(filter))
    return phase("render") { output(report) }
  }

  private func output(_ report: ActivityReport) -> Output {
    switch invocation.format {
    case .csv: return Output(text: CSVWriter().render(report))
    case .json: return Output(text: JSONWriter().render(report))
    case .summary: return Output(text: SummaryWriter().render(report))
    case .terminal: return Output(text: terminal(report))
    case .svg:
      let renderer = SVGRenderer(options: svgOptions())
      return Output(
        text: renderer.render(report, scale: invocation.scale),
        alternativeText:
          "Contribution graph of \(renderer.heading(for: report)): \(renderer.description(for: report))"
      )
    }
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

  private func terminal(_ report: ActivityReport) -> String {
    let writesFile = invocation.output.map { $0 != "-" } ?? false
    let depth = Appearance.colorDepth(
      mode: invocation.colorMode, environment: context.environment,
      stdoutIsTerminal: context.stdoutIsTerminal && !writesFile)
    let palette = Appearance.palette(
      theme: invocation.theme,
      isDarkByDefault: Appearance.terminalIsDark(environment: context.environment),
      tint: invocation.tint, colors: invocation.palette)
    let options = TerminalOptions(
      colorDepth: depth, palette: palette, isASCII: invocation.isASCII,
      width: Appearance.width(
        environment: context.environment, terminalColumns: context.terminalColumns))
    return TerminalRenderer(options: options).render(report, scale: invocation.scale)
  }

  /// Reads the history, through the repository's cache unless `--no-cache`.
  private func readHistory(_ repository: Repository, walk: WalkOptions) throws -> History {
    let location = HistoryCache.Location(
      commonDirectory: repository.commonDirectory, fallbackDirectory: fallbackCacheDirectory())
    if invocation.clearsCache { HistoryCache.remove(at: location) }
    guard invocation.usesCache else {
      return try repository.history(invocation.selection, options: walk)
    }
    let cache = phase("load cache") { HistoryCache.load(from: location) ?? HistoryCache() }
    let read = try phase("walk") {
      try repository.history(invocation.selection, options: walk, cache: cache)
    }
    if let updated = read.updatedCache { phase("save cache") { updated.save(to: location) } }
    return read.history
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

  private func resolvedZone() -> DayZone {
    switch invocation.zone {
    case .zone(let zone): return zone
    case .local: return .named(context.localTimeZone.identifier)
    }
  }

  /// "Today" is read in the zone the days are read in; for `author`, in the machine's zone.
  private func todayZone(_ zone: DayZone) -> TimeZone {
    switch zone {
    case .author: return context.localTimeZone
    case .fixed(let offset): return TimeZone(secondsFromGMT: offset) ?? context.localTimeZone
    case .named(let name): return TimeZone(identifier: name) ?? context.localTimeZone
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
