import Foundation
import GitActivity

/// A count that pieces of a draw from exports go into, as they are read.
final class TallyBox {
  var tally: DailyActivity.Tally?
  /// The tally as it was made, to count again from nothing.
  private let empty: DailyActivity.Tally
  init(_ tally: DailyActivity.Tally) {
    self.tally = tally
    empty = tally
  }

  /// Forgets what was counted.
  func restart() { tally = empty }

  /// The activity counted (once).
  func take() -> DailyActivity? { tally.take()?.activity() }
}

/// Activity as data: the per-commit export (`--format commits`), and drawing from exports
/// (`--from`) made anywhere.
extension Run {
  /// `--from`: the exports drawn as a repository's read is, and the day files they include
  /// added to their days; with `--repo` or `--scan`, those repositories read too (a commit in
  /// an export and a repository counts once). Where nothing needs the commits afterwards (not
  /// a list of commits, the punch card, the page or `-i`), they are counted a piece at a time
  /// and none is held; otherwise only the window's are held (all of them for the page and
  /// `-i`, which reach the whole history).
  func drawExports(zone: DayZone, window: Window, today: Day) throws(CommandError) -> Output {
    let review = invocation.output.showsReview
    // A page spans the whole history, except a year in review's, which is its window's.
    let reachesHistory =
      invocation.output.isInteractive || (invocation.output.format == .html && !review)
    let streams =
      invocation.days.listedDay == nil && invocation.output.layout != .punchcard
      && !reachesHistory && !review
    // A review's year before: its commits are held too, to be counted.
    let earlier = review ? Self.windowBefore(window).resolve(today: today) : nil
    let held = earlier.map { DayRange(first: $0.days.first, last: window.days.last) } ?? window.days
    // Repositories read directly beside the exports.
    var repositories: [Source] = []
    if invocation.sources.areSeveral {
      var walk = walkOptions()
      if !reachesHistory { walk.committedNoEarlierThan = window.walkCutoff }
      repositories = try readSources(walk: walk, keepsIDs: true)
    }
    // --me's emails: git's configuration here, and each repository's.
    let email = exportsUserEmail()
    let emails = Self.distinct([email] + repositories.map(\.userEmail))
    var options = try activityOptions(zone: zone, emails: emails)
    if !reachesHistory {
      options.countsFrom = window.firstMoment
      options.countsThrough = window.lastMoment
    }
    let tally = streams ? streamingTally(window, options, repositories) : nil
    // A count that keeps no one and lets everyone in need not tell people apart.
    let readsPeople =
      tally == nil || peopleKept() != .none || !options.filter.isEmpty
      || options.countsCoAuthors || options.bots != .include
    let read = try readExports(
      zone: zone, window: reachesHistory ? nil : held, tally: tally, userEmail: email,
      readsPeople: readsPeople, keepsIDs: !repositories.isEmpty)
    let dayFiles = try checkedDayFiles(read.dayFiles, options: options)
    let exported = read.source
    warn(exported.warnings)
    // The exports count as a source when there are any (day files alone hold no commits).
    let sources = repositories + (read.exportCount > 0 || repositories.isEmpty ? [exported] : [])
    let days =
      reachesHistory
      ? Self.historyDays(sources, dayFiles, options: options, window: window, today: today)
      : window.days
    var activity =
      tally?.take()
      ?? phase("activity") {
        DailyActivity(
          histories: sources.map { ($0.history, $0.mailmap) }, days: days, options: options)
      }
    // A -P pattern PCRE2 could not match to the end: git's error, not another count.
    if let failure = activity.matchFailure { throw .failure(failure) }
    for named in dayFiles { activity.add(named.file) }
    tellOwnIdentities(activity)
    let names = sources.flatMap(\.names)
    var report = ActivityReport(
      repositories: names, window: window, zone: zone, activity: activity, today: today,
      subject: options.filter.subject)
    report.options = options
    report.streakRule = invocation.appearance.streakRule
    report.readings = sources.map(\.read)
    if let earlier {
      report.earlierCommits = try Self.commitTotal(
        sources, dayFiles, window: earlier, options: options)
    }
    report.repositoryTotals =
      Self.repositoryTotals(activity, sources: sources, exportedAlone: repositories.isEmpty)
      ?? report.repositoryTotals
    if activity.total == 0 && !invocation.output.isQuiet && invocation.days.listedDay == nil
      && dayFiles.isEmpty && repositories.isEmpty
      && (activity.outside.count > 0 || read.leftOut > 0 || !options.filter.isEmpty)
    {
      try noteCommitsOutside(report, today: today)
    }
    if invocation.output.format == .days { return dayFileOutput(report) }
    // Day files alone hold nothing but days and counts: so is what is drawn of them.
    let daysAlone = repositories.isEmpty && read.exportCount == 0
    let shown = invocation.output.isCountsOnly || daysAlone ? report.countsOnly() : report
    return try draw(shown, sources: sources, options: options)
  }

  /// The tally the exports are counted into a piece at a time, the repositories read beside
  /// them counted first.
  private func streamingTally(
    _ window: Window, _ options: ActivityOptions, _ repositories: [Source]
  )
    -> TallyBox
  {
    var counting = DailyActivity.Tally(
      days: window.days, options: options, deduplicates: !repositories.isEmpty)
    counting.keepsPeople = peopleKept()
    for repository in repositories {
      counting.add(repository.history, mailmap: repository.mailmap)
    }
    return TallyBox(counting)
  }

  /// The emails given, each once, in order.
  private static func distinct(_ emails: [String?]) -> [String] {
    var found: [String] = []
    for email in emails {
      if let email, !found.contains(email) { found.append(email) }
    }
    return found
  }

  /// The commits of `sources` and `dayFiles` in `window` (a review's year before).
  private static func commitTotal(
    _ sources: [Source], _ dayFiles: [NamedDayFile], window: Window, options: ActivityOptions
  ) throws(CommandError) -> Int {
    var counted = DailyActivity(
      histories: sources.map { ($0.history, $0.mailmap) }, days: window.days,
      options: options.countingCommits(of: window))
    if let failure = counted.matchFailure { throw .failure(failure) }
    for named in dayFiles { counted.add(named.file) }
    return counted.commitTotal
  }

  /// The days a draw that reaches the whole history spans: its sources' and its day files'.
  private static func historyDays(
    _ sources: [Source], _ dayFiles: [NamedDayFile], options: ActivityOptions, window: Window,
    today: Day
  ) -> DayRange {
    var days = ActivityReport.historyDays(
      sources.map(\.read), options: options, window: window, today: today)
    for day in dayFiles.flatMap({ [$0.file.days.first?.day, $0.file.days.last?.day] }) {
      if let day { days = DayRange(first: min(days.first, day), last: max(days.last, day)) }
    }
    return days
  }

  /// The breakdown by repository, as for --repo: the commits each exported repository adds
  /// (when the exports alone are drawn, from `sources.last`), or each source's; nil when there
  /// is none to give.
  private static func repositoryTotals(
    _ activity: DailyActivity, sources: [Source], exportedAlone: Bool
  ) -> [Int]? {
    if exportedAlone, let exported = sources.last, exported.names.count > 1,
      activity.countsByRepository.count == exported.names.count
    {
      return activity.countsByRepository
    }
    if activity.countsByHistory.count == sources.count && sources.count > 1
      && sources.allSatisfy({ $0.names.count == 1 })
    {
      return activity.countsByHistory
    }
    return nil
  }

  /// The day files of a draw, checked against the run: each once (the same content given twice
  /// is counted once, with a warning), a warning where two of one source overlap, where a
  /// forge's calendar counts more than commits, and where a filter cannot apply to them; an
  /// error where the run needs what a file does not hold (lines), or lists commits.
  func checkedDayFiles(_ files: [NamedDayFile], options: ActivityOptions) throws(CommandError)
    -> [NamedDayFile]
  {
    guard !files.isEmpty else { return [] }
    if invocation.days.listedDay != nil || invocation.output.isInteractive
      || invocation.output.layout == .punchcard
      || (invocation.output.format == .html && !invocation.output.isCountsOnly)
    {
      throw .usage(
        "'\(files[0].name)' holds days, not commits: the page (add --counts-only), --day, -i and the punch card need commits"
      )
    }
    var kept: [NamedDayFile] = []
    var ids: [String: String] = [:]
    // Under --counts-only, files are named by their place on the command line, not their name.
    let files = files.enumerated().map { index, named in
      invocation.output.isCountsOnly
        ? NamedDayFile(file: named.file, name: "day file \(index + 1)") : named
    }
    var notes: [String] = []
    for named in files {
      let file = named.file
      if options.measure.needsLines && !file.hasLines {
        throw .usage(
          "'\(named.name)' holds no lines: make it with --measure lines, or draw commits")
      }
      let id = file.id
      if let first = ids[id] {
        notes.append("'\(named.name)' has the same days as '\(first)': counted once")
        continue
      }
      ids[id] = named.name
      if let source = file.source, !source.isEmpty, let window = file.window {
        for other in kept where other.file.source == source {
          if let theirs = other.file.window, theirs.first <= window.last,
            window.first <= theirs.last
          {
            notes.append(
              "'\(named.name)' and '\(other.name)' are of the same repositories and their windows overlap: the days they share are counted twice"
            )
          }
        }
      }
      if file.origin == .gitHub {
        notes.append(
          "'\(named.name)' is GitHub's calendar, which counts issues, pull requests and reviews too, and commits to repositories that may also be read here"
        )
      }
      kept.append(named)
    }
    if !options.filter.isEmpty || options.bots != .include || options.assisted == .only
      || options.assisted == .exclude
    {
      notes.append(
        "day files are counted as they were made: --author, --me, --bots and --assisted do not apply to them"
      )
    }
    if !invocation.output.isQuiet {
      for note in notes {
        stderr.write("\(Command.name): warning: \(TextEscaping.terminal(note))\n")
      }
    }
    return kept
  }

  /// A temporary file that has no name (unlinked at once) and leaves nothing behind: for
  /// `what`, read or written twice.
  private func temporaryDescriptor(for what: String) throws(CommandError) -> Int32 {
    var template = Array(
      ((context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        + "/git-heatmap-export-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { name in
      name.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0, fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
      throw .failure("cannot keep \(what) to read it twice: \(String(cString: strerror(errno)))")
    }
    template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
    return descriptor
  }

  /// `--from` with `--format commits`: the exports merged into one, each commit once (the copy a
  /// draw counts: the first, of the repository that sorts first), in the order they are read.
  /// The records are written to an unlinked temporary file while the exports are read, so that
  /// a failure is said before any output, and then poured out.
  func mergeExports() throws(CommandError) -> Output {
    let writer = CommitExportWriter(
      form: invocation.output.exportShape.form,
      includesCoAuthors: invocation.counting.options.countsCoAuthors, includesLines: readsLines,
      automation: exportAutomation)
    let descriptor = try temporaryDescriptor(for: "the merged export")
    let spool = DescriptorWriter(descriptor: descriptor)
    let read = try readExports(zone: .author, window: nil) { record in
      writer.line(record).withUnsafeBytes { spool.write($0) }
    }
    if let days = read.dayFiles.first {
      close(descriptor)
      throw .usage(
        "'\(days.name)' holds days, not commits: it cannot be part of a per-commit export")
    }
    guard spool.failure == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
      let code = spool.failure != 0 ? spool.failure : errno
      close(descriptor)
      throw .failure("cannot keep the merged export: \(String(cString: strerror(code)))")
    }
    let isGzipped = invocation.output.exportShape.isGzipped && invocation.output.file != nil
    return Output(text: "") { write in
      defer { close(descriptor) }
      withoutActuallyEscaping(write) { write in
        let compressor = isGzipped ? GzipCompressor(sink: write) : nil
        func emit(_ bytes: UnsafeRawBufferPointer) {
          if let compressor { compressor.write(bytes) } else { write(Array(bytes)) }
        }
        writer.header.withUnsafeBytes(emit)
        try? DescriptorReader.forEachChunk(of: descriptor) { emit($0) }
        compressor?.finish()
      }
    }
  }

  /// `--format commits`: every commit the selection reaches (the window and filters are readings,
  /// left to the draw), one record each, written a piece at a time.
  func exportCommits(_ sources: [Source]) throws(CommandError) -> Output {
    var writer = CommitExportWriter(
      form: invocation.output.exportShape.form,
      includesCoAuthors: invocation.counting.options.countsCoAuthors,
      includesLines: readsLines, automation: exportAutomation)
    if let file = invocation.output.pseudonymKeyFile {
      writer.pseudonyms = Pseudonyms(key: try pseudonymKey(file))
    }
    let single = sources.count == 1 && !invocation.sources.areSeveral
    let isGzipped = invocation.output.exportShape.isGzipped && invocation.output.file != nil
    return Output(text: "") { write in
      withoutActuallyEscaping(write) { write in
        let compressor = isGzipped ? GzipCompressor(sink: write) : nil
        func emit(_ bytes: [UInt8]) {
          if let compressor { bytes.withUnsafeBytes { compressor.write($0) } } else { write(bytes) }
        }
        emit(writer.header)
        for source in sources {
          let name =
            invocation.sources.repositoryName
            ?? (single ? source.remoteURL ?? source.name : source.name)
          writer.write(source.history, repository: name, mailmap: source.mailmap, to: emit)
        }
        compressor?.finish()
      }
    }
  }

  /// The rules an export tells AI-assisted commits apart by; nil with `--assisted off`.
  var exportAutomation: Automation? {
    invocation.counting.options.detectsAssisted ? invocation.counting.options.automation : nil
  }

  /// Whether this run counts each commit's lines: a measure of lines, or a table sorted by them.
  var readsLines: Bool {
    invocation.counting.options.measure.needsLines || invocation.output.sortsByLines
      || invocation.output.layout == .frequency || invocation.output.showsLanguages
      || invocation.output.showsReview
  }

  /// `--from`: the exports read, copies of a commit counted once, as one source. Each export is
  /// surveyed, and read again when a commit is in two of them (`ExportedCommits`): standard
  /// input is kept in an unlinked temporary file for it.
  /// With `window`, only the commits whose day (in `zone`, by the date in force) is in it are
  /// held; `leftOut` says how many were not.
  /// With `tally`, the commits are counted into it a piece at a time and not held.
  /// `userEmail` is the source's `--me` email (`exportsUserEmail`).
  /// With `readsPeople` false, commits are not told apart by person (see
  /// `ExportedCommits.readsPeople`).
  func readExports(
    zone: DayZone, window: DayRange?, tally: TallyBox? = nil, userEmail: String? = nil,
    keptRecords: ((CommitRecord) -> Void)? = nil, readsPeople: Bool = true, keepsIDs: Bool = false
  ) throws(CommandError) -> (
    source: Source, leftOut: Int, dayFiles: [NamedDayFile], exportCount: Int
  ) {
    let keepsIDs =
      keepsIDs || invocation.days.listedDay != nil || invocation.output.isInteractive
      || invocation.output.format == .html
    var commits = ExportedCommits(usesMailmap: invocation.counting.usesMailmap, keepsIDs: keepsIDs)
    commits.keepsLines = readsLines
    commits.keptRecords = keptRecords
    commits.readsPeople = readsPeople || keptRecords != nil
    if let tally {
      commits.pieces = { tally.tally?.add($0, mailmap: Mailmap()) }
      // One pass, when no commit is in two exports.
      commits.countsWhileSurveying = true
    }
    if let window {
      let bucketer = DayBucketer(zone: zone)
      let usesCommitterDate = invocation.counting.options.usesCommitterDate
      commits.keeps = { facts in
        guard let stamp = usesCommitterDate ? facts.committer : facts.author else { return true }
        return window.contains(bucketer.day(of: stamp))
      }
    }
    var opened: [(descriptor: Int32, name: String)] = []
    var dayFiles: [NamedDayFile] = []
    defer { for file in opened where file.descriptor != STDIN_FILENO { close(file.descriptor) } }
    for file in try exportPaths() {
      let descriptor = file == "-" ? try spooledStandardInput() : try openExport(file)
      let name = file == "-" ? "standard input" : RawPath.display(file)
      // A day file (or a forge's calendar) among the exports is read whole here.
      if let days = try readDayFile(descriptor, name: name, zone: zone) {
        if descriptor != STDIN_FILENO { close(descriptor) }
        dayFiles.append(NamedDayFile(file: days, name: name))
        continue
      }
      opened.append((descriptor, name))
    }
    try surveyAndRead(&commits, opened, tally: tally)
    let result = phase("finish") { commits.finish() }
    if let ranks = result.repositoryRanks { tally?.tally?.rankRepositories(ranks) }
    let source = Source(
      read: RepositoryHistory(
        name: result.repositories.joined(separator: ", "), history: result.history,
        warnings: result.warnings
          + result.history.undatedWarnings(
            byCommitter: invocation.counting.options.usesCommitterDate),
        userEmail: userEmail),
      exportedNames: result.repositories)
    return (source, result.leftOut, dayFiles, opened.count)
  }

  /// Surveys each export (what it holds, which commits are in two), then reads those that
  /// need a second pass; an export without what the run counts (co-authors, lines) is an
  /// error that names it.
  private func surveyAndRead(
    _ commits: inout ExportedCommits, _ opened: [(descriptor: Int32, name: String)],
    tally: TallyBox?
  ) throws(CommandError) {
    do throws(GitError) {
      for file in opened {
        try phase("survey \(file.name)") { () throws(GitError) in
          try commits.survey(descriptor: file.descriptor, name: file.name)
        }
      }
      if invocation.counting.options.countsCoAuthors, let place = commits.firstWithoutCoAuthors {
        throw GitError(
          message:
            "\(place): this export holds no co-authors: export again with --co-authors to count them",
          function: "read export", kind: .other)
      }
      if readsLines, let place = commits.firstWithoutLines {
        throw GitError(
          message:
            "\(place): this export holds no lines: export again with --measure lines to draw them",
          function: "read export", kind: .other)
      }
      let surveyed = commits.surveyed()
      if surveyed.recount { tally?.restart() }
      for file in opened where surveyed.needsReading {
        guard lseek(file.descriptor, 0, SEEK_SET) == 0 else {
          throw GitError(
            message: "cannot read '\(file.name)' twice: \(String(cString: strerror(errno)))",
            function: "read export", kind: .other)
        }
        try phase("read \(file.name)") { () throws(GitError) in
          try commits.read(descriptor: file.descriptor, name: file.name)
        }
      }
    } catch {
      throw .failure(error.message)
    }
  }

  /// The days of a file `--from` names when it holds days (a day file or a forge's calendar),
  /// nil when it holds per-commit records; a day file that cannot be read is a data error
  /// (exit 65) that names the file.
  func readDayFile(_ descriptor: Int32, name: String, zone: DayZone) throws(CommandError)
    -> DayFile?
  {
    // The first line that is not blank says which.
    var first: [UInt8] = []
    var offset: off_t = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    reading: while offset < 1 << 20 {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      guard count > 0 else { break }
      offset += off_t(count)
      for byte in chunk[0..<count] {
        if byte == 0x0A {
          if first.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) { break reading }
          first = []
        } else {
          first.append(byte)
        }
      }
    }
    guard DayFile.holdsDays(firstLine: first) else { return nil }
    var bytes: [UInt8] = []
    offset = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 {
        throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      offset += off_t(count)
      if bytes.count > DayFile.largestFile {
        throw .data("\(name): larger than a day file can be (\(DayFile.largestFile >> 20) MiB)")
      }
    }
    do {
      return try DayFile.read(bytes, zone: zone)
    } catch {
      throw .data("\(name): \(TextEscaping.terminal(error.message))")
    }
  }

  /// What the output keeps of each person: their days for a table of authors or graphs by
  /// author, their totals for a JSON report's list of authors, nothing for a graph or a list
  /// of days (200,000 people over 5,000,000 commits held 80 MB that a CSV of days never read).
  func peopleKept() -> DailyActivity.Tally.PeopleKept {
    switch invocation.output.mode {
    case .authorTable, .byAuthor: .days
    case .graph: invocation.output.format == .json ? .totals : .none
    }
  }

  /// `user.email` for `--me` in a draw from exports: git's configuration as read from the
  /// current folder (a repository's, if it is in one, then the user's and the system's).
  func exportsUserEmail() -> String? {
    guard invocation.counting.isMe else { return nil }
    let entries = try? GitConfiguration.entries(
      sections: ["user"], from: context.currentDirectory, environment: context.environment)
    let email = entries?.last { $0.name.lowercased() == "user.email" }?.value
    return email?.isEmpty == false ? email : nil
  }

  private func openExport(_ file: String) throws(CommandError) -> Int32 {
    // Opened without waiting for a writer (a FIFO with none would block the open for ever),
    // then read as usual: with no writer, it is simply empty.
    let descriptor = RawPath.withCString(absolute(file)) {
      open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
    if descriptor >= 0 {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    guard descriptor >= 0 else {
      throw .failure("cannot read '\(RawPath.display(file))': \(String(cString: strerror(errno)))")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR {
        close(descriptor)
        throw .failure("cannot read '\(RawPath.display(file))': it is a directory")
      }
      // A pipe or a device cannot be read twice: kept like standard input.
      if kind != S_IFREG {
        defer { close(descriptor) }
        return try spool(descriptor, name: file)
      }
    }
    return descriptor
  }

  /// Standard input, copied to a temporary file that has no name (unlinked at once), so that it
  /// can be read twice and leaves nothing behind.
  private func spooledStandardInput() throws(CommandError) -> Int32 {
    try spool(STDIN_FILENO, name: "standard input")
  }

  private func spool(_ source: Int32, name: String) throws(CommandError) -> Int32 {
    let descriptor = try temporaryDescriptor(for: name)
    let writer = DescriptorWriter(descriptor: descriptor)
    // Bounded, so that an endless pipe or /dev/zero never fills the disk (ExportStreamCheck).
    var check = ExportStreamCheck()
    do {
      try DescriptorReader.forEachChunk(of: source) { chunk in
        try check.check(chunk)
        writer.write(chunk)
      }
    } catch {
      close(descriptor)
      if let failure = error as? ExportStreamCheck.Failure {
        throw .failure(
          failure.line.map { "\(name):\($0): \(failure.reason)" } ?? "\(name) \(failure.reason)")
      }
      let reason = (error as? DescriptorReader.Failure)?.reason ?? "\(error)"
      throw .failure("cannot read \(name): \(reason)")
    }
    guard writer.failure == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
      let code = writer.failure != 0 ? writer.failure : errno
      close(descriptor)
      throw .failure("cannot keep \(name) to read it twice: \(String(cString: strerror(code)))")
    }
    return descriptor
  }

  /// The exports `--from` names, globs expanded (sorted, as a shell expands them): a pattern
  /// that matches nothing is an error, never a silently smaller graph.
  func exportPaths() throws(CommandError) -> [String] {
    var paths: [String] = []
    var skippedExports: [String] = []
    for argument in invocation.sources.exportFiles {
      if argument == "-" || RawDirectory.kind(absolute(argument)).exists
        || !argument.contains(where: { "*?[".contains($0) })
      {
        paths.append(argument)
        continue
      }
      let pattern = argument.hasPrefix("/") ? argument : absolute(argument)
      let matches = Self.glob(pattern, flags: 0)
      // A name that starts with a dot is no match for `*`, as in the shell: say so, not draw
      // less in silence (`tr / _` made `.._flask.git.ndjson.gz` of `../flask.git`).
      let hidden = Set(Self.glob(pattern, flags: GLOB_PERIOD)).subtracting(matches).filter {
        let name = $0.split(separator: "/").last ?? ""
        return name != "." && name != ".."
      }
      if !hidden.isEmpty {
        skippedExports.append(
          "'\(RawPath.display(argument))' leaves out \(Wording.count(hidden.count, "file")) whose name starts with a dot: \(hidden.sorted().prefix(3).map { "'\(RawPath.display($0))'" }.joined(separator: ", "))\(hidden.count > 3 ? ", …" : "") (name exports without a leading dot, or give them too)"
        )
      }
      guard !matches.isEmpty else {
        throw .failure("no export matches '\(RawPath.display(argument))'")
      }
      // A FIFO or a device a pattern happens to match is no export (reading it could wait for
      // ever); one named on purpose (`--from <(…)`) is read as a pipe.
      if let special = matches.first(where: RawDirectory.isSpecial) {
        throw .failure(
          "'\(RawPath.display(special))', matched by '\(RawPath.display(argument))', is not a regular file"
        )
      }
      paths += matches.sorted()
    }
    warn(skippedExports)
    return paths
  }

  /// The paths `pattern` matches (`glob(3)` with `flags`), none when it matches nothing.
  private static func glob(_ pattern: String, flags: Int32) -> [String] {
    var found = glob_t()
    defer { globfree(&found) }
    let status = RawPath.withCString(pattern) { Glibc.glob($0, flags, nil, &found) }
    guard status == 0 else { return [] }
    var matches: [String] = []
    for index in 0..<Int(found.gl_pathc) {
      if let path = found.gl_pathv[index] { matches.append(RawPath.string(cString: path)) }
    }
    return matches
  }
}
