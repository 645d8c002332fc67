import Foundation
import GitActivity

/// One run of the pipeline: git → facts → activity → report → renderer → text.
struct Run {
  let invocation: Invocation
  let context: RunContext
  let stderr: TextSink

  /// What a run produced: the text, and for a graph written to a file, a suggested alt text.
  struct Output {
    var text: String
    var alternativeText: String?
    /// The caches still being written on the other core; the caller waits for them only after
    /// the output is out, so that a first run shows its graph before the cache is on disk.
    var pendingWrites: [Threads.Handle] = []
    /// Output too large to hold (the per-commit export): it writes its bytes, a piece at a time,
    /// through the function it is given; `text` is then empty.
    var produce: ((([UInt8]) -> Void) -> Void)?

    init(text: String, alternativeText: String? = nil) {
      self.text = text
      self.alternativeText = alternativeText
    }

    init(text: String, produce: @escaping (([UInt8]) -> Void) -> Void) {
      self.text = text
      self.produce = produce
    }
  }

  /// `, resident 64 MB, peak 80 MB` where the system says (Linux's /proc), else nothing.
  static func residentMemory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return ""
    }
    func megabytes(_ key: String) -> String? {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
      else { return nil }
      return "\(kilobytes / 1024) MB"
    }
    guard let now = megabytes("VmRSS:"), let peak = megabytes("VmHWM:") else { return "" }
    return ", resident \(now), peak \(peak)"
  }

  /// With `GIT_HEATMAP_TIMING` set, each phase's time goes to stderr, for benchmarks: the run's
  /// own phases and those of the library's read alike.
  var phase: PhaseLog {
    guard context.environment["GIT_HEATMAP_TIMING"] != nil else { return PhaseLog() }
    // The read's phases are timed on the thread that reads, while this run waits for it.
    nonisolated(unsafe) let sink = stderr
    return PhaseLog { name, nanoseconds in
      sink.write(
        "\(Command.name): timing: \(name) \(String(format: "%.1f", Double(nanoseconds) / 1e6)) ms\(Run.residentMemory())\n"
      )
    }
  }

  func render() throws(CommandError) -> Output {
    let zone = try resolvedZone()
    let today = Day(context.now, in: todayZone(zone))
    if let day = invocation.days.listedDay?.resolve(today: today), today < day {
      throw CommandError.usage("'--day' \(day.iso) is after today (\(today.iso))")
    }
    let windowRequest = self.windowRequest(todayIn: todayZone(zone))
    if let problem = windowRequest.problem(today: today) {
      throw CommandError.usage(Self.words(problem))
    }
    if invocation.output.isInteractive {
      if context.environment["TERM"] == "dumb" {
        throw .usage("'--interactive' needs a terminal that can move its cursor, not TERM=dumb")
      }
      guard context.stdoutIsTerminal && isatty(STDIN_FILENO) == 1 else {
        throw .usage("'--interactive' needs a terminal on standard input and output")
      }
    }
    if !invocation.sources.exportFiles.isEmpty && invocation.output.format == .commits {
      return try mergeExports()
    }
    if !invocation.sources.exportFiles.isEmpty {
      return try drawExports(zone: zone, window: windowRequest.resolve(today: today), today: today)
    }
    if invocation.output.format == .commits {
      // An export holds the whole selection, or what git log's --since and --until list.
      for (name, date) in [
        ("since", invocation.days.window.since), ("until", invocation.days.window.until),
      ] {
        if case .month = date {
          throw .usage(
            "'--\(name)' in an export is a moment, as git log reads it, not a month: give a day or a time"
          )
        }
      }
      let sources = try readSources(walk: walkOptions(), keepsIDs: true)
      var result = try exportCommits(sources)
      result.pendingWrites = sources.compactMap { source in
        source.pendingCache.map { cache in Threads.start { cache.save() } }
      }
      return result
    }
    let report = try readReport(zone: zone, today: today)
    warn(report.warnings)
    tellOwnIdentities(report.activity)
    // Caches are written on the other core while the graph is computed and drawn.
    var saving: [Threads.Handle] = []
    for cache in report.readings.compactMap(\.pendingCache) {
      let gate = context.cacheWriteGate
      saving.append(
        Threads.start {
          _ = gate?.wait(timeout: .now() + 5)
          cache.save()
        })
    }
    // Should anything below fail, the caches are still written whole before the process ends.
    var isHandedOver = false
    defer { if !isHandedOver { saving.forEach { $0.wait() } } }
    if invocation.output.format == .days {
      var result = dayFileOutput(report)
      result.pendingWrites = saving
      isHandedOver = true
      return result
    }
    let options = report.options
    if report.activity.total == 0 && !invocation.output.isQuiet
      && invocation.days.listedDay == nil
      && (report.activity.outside.count > 0 || stopsAtWindow || !options.filter.isEmpty)
    {
      try noteCommitsOutside(report, today: today)
    }
    let shown = invocation.output.isCountsOnly ? report.countsOnly() : report
    var result = try draw(
      shown, sources: report.readings.map { Source(read: $0) }, options: options)
    result.pendingWrites = saving
    isHandedOver = true
    return result
  }

  /// What is made of a report: the page, a day's list, the punch card, `-i`, or the graph.
  func draw(_ report: ActivityReport, sources: [Source], options: ActivityOptions)
    throws(CommandError) -> Output
  {
    if invocation.output.format == .html && !invocation.output.showsReview {
      return try phase("page") {
        () throws(CommandError) in
        try page(report.activity, sources: sources, options: options, report: report)
      }
    }
    if invocation.output.isInteractive {
      return try interactive(report, sources: sources, options: options)
    }
    if invocation.days.listedDay != nil {
      return try listDay(
        report.activity, sources: sources, day: report.window.days.first, options: options)
    }
    if invocation.output.showsLanguages {
      return try languagesOutput(report, sources: sources)
    }
    if invocation.output.showsReview {
      return try reviewOutput(report, sources: sources, options: options)
    }
    if invocation.output.layout == .frequency {
      return frequencyOutput(
        CodeFrequency(activity: report.activity, weekStart: report.window.weekStart),
        report: report)
    }
    if invocation.output.layout == .punchcard {
      let card = Punchcard(
        activity: report.activity, histories: sources.map(\.history), options: options,
        weekStart: report.window.weekStart, scale: invocation.appearance.scale)
      return punchcardOutput(card, report: report)
    }
    return phase("render") { output(report) }
  }

  /// The days asked for: the options' window, or, for a calendar with no window given, the last
  /// twelve whole months (a wall calendar of the last year, rather than 53 weeks that begin and
  /// end with a lone day of a month). A `--since` or `--until` that names a moment
  /// (`2.weeks.ago`, a time) is read against this run's clock in `zone`, as git reads it.
  func windowRequest(todayIn zone: TimeZone) -> WindowRequest {
    var window = invocation.days.window
    if invocation.days.listedDay == nil {
      // The day drawn is the moment's own day on this clock.
      func day(_ moment: Int64) -> DateExpression {
        let date = Date(timeIntervalSince1970: TimeInterval(moment))
        return .day(Day(date, in: zone))
      }
      window.sinceMoment = window.since?.moment(now: context.now, in: zone)
      window.untilMoment = window.until?.moment(now: context.now, in: zone)
      if let moment = window.sinceMoment { window.since = day(moment) }
      if let moment = window.untilMoment { window.until = day(moment) }
      window.momentOffsetSeconds = zone.secondsFromGMT(for: context.now)
    }
    // The year in review is this year's, unless a window is given.
    if invocation.output.showsReview && window.weeks == nil && window.end == nil
      && window.since == nil && window.until == nil && window.year == nil
    {
      window.year = Day(context.now, in: zone).year
    }
    if invocation.output.layout == .calendar && window.weeks == nil && window.end == nil
      && window.since == nil && window.until == nil && window.year == nil
    {
      window.months = 12
    }
    return window
  }

  /// Whether the read stops at the window's cutoff (so that commits before it were not read).
  var stopsAtWindow: Bool {
    (invocation.output.format != .html || invocation.output.showsReview)
      && !invocation.output.isInteractive && !invocation.commits.limitsCount
  }

  /// A window problem in the command's words, naming its options.
  static func words(_ problem: WindowProblem) -> String {
    switch problem {
    case .startsAfterEnd(let first, let last, let byEnd):
      return "'--since' \(first.iso) is after '\(byEnd ? "--end" : "--until")' \(last.iso)"
    case .startsAfterToday(let days, let today, let year, let bySince):
      let what =
        bySince
        ? "'--since' \(days.first.iso)"
        : year.map { "'--year' \($0)" } ?? "the window (\(days.first.iso) to \(days.last.iso))"
      return "\(what) is after today (\(today.iso)): no commit can be counted yet"
    case .outsideRepresentableYears:
      return "the window reaches outside the years 1 to 9999"
    case .lengthOutOfRange(let length, let unit):
      let range = unit == .weeks ? WindowRequest.weekRange : WindowRequest.monthRange
      return
        "invalid value '\(length)' for '--weeks <n>': expected \(range.lowerBound) to \(range.upperBound)"
    }
  }

  /// How commits become counts: the zone, the date, merges, the author filter (`--me` as the
  /// repositories' `user.email`, or `emails` where given: a draw from exports has no
  /// repository to ask), and what is recorded for lists of commits.
  func activityOptions(zone: DayZone, emails: [String]? = nil) throws(CommandError)
    -> ActivityOptions
  {
    var options = invocation.counting.options
    options.zone = zone
    // Case folds in the user's locale, as git's regcomp folds it.
    options.filter.locale = Self.characterLocale(context.environment)
    if invocation.counting.isMe {
      options.filter.ownPatterns = invocation.counting.mePatterns
      let configured = invocation.counting.meEmails
      if let emails {
        let all = emails + configured.filter { !emails.contains($0) }
        guard !all.isEmpty || !options.filter.ownPatterns.isEmpty else {
          throw commandError(.userEmailUnset)
        }
        options.filter.ownEmails = all
      } else {
        options.filter.ownEmails = configured
        options.filter.includesUser = true
      }
    }
    options.recordsCommits =
      invocation.days.listedDay != nil || invocation.output.isInteractive
      || invocation.output.format == .html
    // A punch card and lines by language read only where the counted commits are.
    options.recordsPositions =
      invocation.output.layout == .punchcard || invocation.output.showsLanguages
      || invocation.output.showsReview
    return options
  }

  /// An empty window over a selection that does count commits elsewhere says where they are and
  /// which option shows them, rather than drawing a confident empty graph: `758 commits of
  /// v2.50.0..v2.51.0 fall before the window; try --since 2025-06-01`. The walk stopped at the
  /// window, so commits before it are counted again with a full walk (cached once read).
  func noteCommitsOutside(_ report: ActivityReport, today: Day) throws(CommandError) {
    let days = report.window.days
    let options = report.options
    var outside = report.activity.outside
    if !invocation.sources.exportFiles.isEmpty {
      // The exports again, every commit counted this time, to say where the commits are.
      let tally = TallyBox(DailyActivity.Tally(days: days, options: options, deduplicates: false))
      _ = try readExports(zone: options.zone, window: nil, tally: tally)
      outside = tally.take()?.outside ?? outside
    } else if stopsAtWindow {
      // The walk stopped at the window: what came before it is read now (and cached).
      outside = try readReport(zone: options.zone, today: today, readsWholeHistory: true)
        .activity.outside
    }
    let selection =
      !invocation.sources.exportFiles.isEmpty
      ? "the exports"
      : invocation.commits.selection.revisions.isEmpty
        ? "HEAD"
        : invocation.commits.revisionsWithStandardInput(invocation.commits.selection.revisions)
          .joined(separator: " ")
    // Branch and tag names say what the work is: not under --counts-only.
    let shownSelection =
      invocation.output.isCountsOnly ? "the selection" : TextEscaping.terminal(selection)
    guard outside.count > 0 else {
      // Nothing anywhere: when a filter chose the people, say that it is the filter.
      let filter = options.filter
      let words =
        filter.patterns.map { "--author '\($0)'" } + filter.ownEmails.map { "--me (\($0))" }
        + filter.committerPatterns.map { "--committer '\($0)'" }
      if !words.isEmpty {
        stderr.write(
          "\(Command.name): note: no commit of \(shownSelection) matches \(TextEscaping.terminal(words.joined(separator: " ")))\n"
        )
      }
      return
    }
    let what = "\(Wording.count(outside.count, "commit")) of \(shownSelection)"
    // The nearest commits: the newest before the window, or the oldest after it, whichever is
    // closer; the window moved to them is the hint, in the form the window was asked for.
    let before = outside.newestBefore.map { ($0, $0.distance(to: days.first)) }
    let after = outside.oldestAfter.map { ($0, days.last.distance(to: $0)) }
    let nearest = [before, after].compactMap { $0 }.min { $0.1 < $1.1 }
    guard let target = nearest?.0 else { return }
    let isBefore = target < days.first
    let hint: String
    switch report.window.kind {
    case .year:
      hint = "--year \(target.year)"
    case .lastWeeks, .weeksEnding:
      hint = "--end \(target.iso)"
    case .lastMonths:
      // The calendar's twelve months, ending with the target's.
      let last = target.firstOfMonth.addingMonths(1).advanced(by: -1)
      hint = "--since \(last.firstOfMonth.addingMonths(-11).iso) --until \(last.iso)"
    case .between:
      let length = days.count
      let first = isBefore ? target.advanced(by: 1 - length) : target
      hint = "--since \(first.iso) --until \(first.advanced(by: length - 1).iso)"
    }
    var place: String
    if outside.before > 0 && outside.after > 0 {
      place =
        "fall outside the window (\(Wording.grouped(outside.before)) before, \(Wording.grouped(outside.after)) after)"
    } else {
      place = outside.before > 0 ? "fall before the window" : "fall after the window"
    }
    if outside.count == 1 { place = place.replacingOccurrences(of: "fall ", with: "falls ") }
    let which =
      outside.count == 1
      ? "on \(target.iso)"
      : isBefore ? "the newest on \(target.iso)" : "the oldest on \(target.iso)"
    stderr.write("\(Command.name): note: \(what) \(place), \(which); try \(hint)\n")
  }

  /// How to walk: the command line's choices, then what the environment says — git's own
  /// switches for replace refs and grafts (`git --no-replace-objects heatmap` sets the first),
  /// and the knobs for benchmarks.
  func walkOptions() -> WalkOptions {
    let environment = context.environment
    var walk = invocation.commits.walk
    if let workers = environment["GIT_HEATMAP_WORKERS"].flatMap(Int.init), workers > 0 {
      walk.workerCount = workers
    }
    if let value = environment["GIT_HEATMAP_NO_COMMIT_GRAPH"], !value.isEmpty {
      walk.usesCommitGraph = false
    }
    if let value = environment["GIT_HEATMAP_NO_PACK_READER"], !value.isEmpty {
      walk.readsPacksDirectly = false
    }
    if environment["GIT_NO_REPLACE_OBJECTS"] != nil { walk.replaceRefBase = nil }
    if let base = environment["GIT_REPLACE_REF_BASE"], !base.isEmpty, walk.replaceRefBase != nil {
      walk.replaceRefBase = base
    }
    if let file = environment["GIT_GRAFT_FILE"], !file.isEmpty { walk.graftFile = file }
    return walk
  }

  /// The zone days are read in. A named zone this machine's time-zone data does not know is an
  /// error (the option's parser already refuses one; the machine's own zone can be such a name),
  /// never a silent UTC.
  private func resolvedZone() throws(CommandError) -> DayZone {
    let zone: DayZone
    switch invocation.counting.zone {
    case .zone(let chosen): zone = chosen
    case .local: zone = .named(context.localTimeZone.identifier)
    }
    if case .named(let name) = zone, TimeZone(identifier: name) == nil {
      throw .failure("unknown time zone '\(name)': this machine has no data for it")
    }
    return zone
  }

  /// "Today" is read in the zone the days are read in; for `author`, in the machine's zone.
  func todayZone(_ zone: DayZone) -> TimeZone {
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

  /// `--me -v`: which identities counted as the user, so that a missing address shows.
  func tellOwnIdentities(_ activity: DailyActivity) {
    guard invocation.counting.isMe, invocation.counting.isVerbose else { return }
    let names =
      invocation.output.isCountsOnly
      ? [] : activity.ownIdentities.map { TextEscaping.terminal($0.nameAndEmail) }
    stderr.write(
      "\(Command.name): --me counted \(Wording.count(names.count, "identity", "identities")) as you"
        + (names.isEmpty ? "\n" : ": \(names.joined(separator: ", "))\n"))
  }

  func warn(_ warnings: [some CustomStringConvertible]) {
    guard !invocation.output.isQuiet else { return }
    if invocation.output.isCountsOnly && !warnings.isEmpty {
      // What a warning names (a repository, a commit, a file) is what must not leave.
      stderr.write(
        "\(Command.name): warning: \(Wording.count(warnings.count, "warning")) not shown under --counts-only (run without it to read them)\n"
      )
      return
    }
    for warning in warnings.prefix(5) {
      stderr.write("\(Command.name): warning: \(TextEscaping.terminal(warning.description))\n")
    }
    if warnings.count > 5 {
      stderr.write("\(Command.name): warning: \(warnings.count - 5) more commits like these\n")
    }
  }

  /// The locale `setlocale(LC_CTYPE, "")` takes from `environment`, as git's main does: the
  /// first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty, else `C`.
  static func characterLocale(_ environment: [String: String]) -> String {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return "C"
  }

  /// `--day`: the commits of one day, newest first (under a measure of lines, most of the
  /// measure first, so that a merge's `+0 −0` comes last), with their subjects read from each
  /// repository.
  private func listDay(
    _ activity: DailyActivity, sources: [Source], day: Day, options: ActivityOptions
  ) throws(CommandError) -> Output {
    var commits = try listed(activity, sources: sources, options: options).map(\.commit)
    let measure = invocation.counting.options.measure
    commits.sort {
      let (left, right) = (measure.weight($0.lines), measure.weight($1.lines))
      return left != right ? left > right : ($0.seconds, $0.id) > ($1.seconds, $1.id)
    }
    let writer = DayListWriter(day: day)
    switch invocation.output.format {
    case .csv: return Output(text: writer.csv(commits))
    case .json: return Output(text: writer.json(commits))
    case .terminal, .summary, .svg, .commits, .html, .days:
      return Output(text: writer.terminal(commits))
    }
  }

  /// `-i`: counts the whole history (from its first commit's day to today) and hands the
  /// terminal to `InteractiveView`; nothing is left to print after it.
  private func interactive(_ report: ActivityReport, sources: [Source], options: ActivityOptions)
    throws(CommandError) -> Output
  {
    let bucketer = DayBucketer(zone: options.zone)
    let activity = report.activity
    let days = activity.days
    let today = report.today
    var byDay: [Int: [CountedCommit]] = [:]
    for commit in activity.counted {
      let facts = sources[commit.history].history.commits[commit.index]
      guard let stamp = options.usesCommitterDate ? facts.committer : facts.author else {
        continue
      }
      byDay[days.first.distance(to: bucketer.day(of: stamp)), default: []].append(commit)
    }
    let ids = sources.map(\.history.ids)
    let repositories = sources.map {
      $0.gitDirectory.isEmpty ? nil : try? Repository.open(at: $0.gitDirectory)
    }
    let view = InteractiveView(
      days: days, counts: activity.counts,
      thresholds: LevelScale.Thresholds(
        scale: invocation.appearance.scale, counts: activity.counts),
      weekStart: invocation.days.window.weekStart,
      commits: { offset in
        (byDay[offset] ?? []).map { counted in
          let facts = sources[counted.history].history.commits[counted.index]
          let stamp =
            (options.usesCommitterDate ? facts.committer : facts.author)
            ?? Timestamp(seconds: 0, offsetMinutes: 0)
          let id = ids[counted.history][counted.index]
          let subject = (try? repositories[counted.history]?.subject(ofCommit: id)) ?? nil
          return DayCommit(
            id: id, seconds: stamp.seconds, offsetSeconds: bucketer.offsetSeconds(of: stamp),
            author: counted.author, subject: subject ?? "")
        }.sorted { ($0.seconds, $0.id) > ($1.seconds, $1.id) }
      },
      options: terminalOptions(),
      title:
        "\(sources.flatMap(\.names).joined(separator: ", ")) — \(Wording.count(activity.total, "commit")) · ? for keys, q to quit",
      today: today)
    view.run()
    return Output(text: "")
  }
}
