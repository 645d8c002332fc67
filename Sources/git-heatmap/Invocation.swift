import Foundation
import GitActivity

/// What the user asked for, validated: the parsed command line as values the library takes.
struct Invocation {
  enum Format: String, CaseIterable {
    case terminal, svg, csv, json, summary
    /// `--format html`: the contribution page.
    case html
    /// `--format commits`: the per-commit export.
    case commits
  }

  /// The per-commit export's shape: NDJSON or CSV, gzipped or not (from `-o`'s extension).
  struct ExportShape: Equatable {
    var form = CommitExportWriter.Form.ndjson
    var isGzipped = false
  }

  /// The options that select what a repository read holds: they belong to the export, and a
  /// draw from exports (`--from`) refuses them.
  static let selectionOptions: [OptionName] = [
    .all, .branches, .tags, .remotes, .glob, .exclude, .not, .reflog, .stdin, .firstParent,
    .noReplaceObjects, .repo, .scan, .scanDepth, .repositoryName, .noCache, .clearCache,
  ]
  /// The options that only read what was selected: an export takes none of them (they are given
  /// when drawing from it).
  static let readingOptions: [OptionName] = [
    .author, .excludeAuthor, .committer, .me, .noMerges, .merges, .minParents, .maxParents, .weeks,
    .end, .since, .until, .year, .weekStart, .date, .timezone, .layout, .interactive, .day,
    .byAuthor, .top, .authors, .sort,
  ]

  /// How `--timezone` was given; `local` is resolved against the machine's zone at run time.
  enum ZoneChoice: Equatable {
    case zone(DayZone)
    case local
  }

  var directory: String?
  /// `--repo`: repositories to count together.
  var repositories: [String] = []
  /// `--scan`: folders to find repositories in, `--scan-depth` levels deep.
  var scanDirectories: [String] = []
  var scanDepth = 0
  enum Mode: Equatable {
    case graph
    /// `--by-author`: a graph for each of the top authors.
    case byAuthor(top: Int, perAuthorScale: Bool)
    /// `--authors`: a table of authors.
    case authorTable(AuthorSummary.Order, top: Int?)
  }
  var mode = Mode.graph
  /// `--layout calendar`: the month calendar instead of weeks as columns.
  var isCalendar = false
  /// `--layout punchcard`: commits by weekday and hour of the day.
  var isPunchcard = false
  var selection = RevisionSelection()
  /// Paths given after `--`; nil without `--`, when positional arguments may be paths too.
  var pathArguments: [String]?
  /// `--stdin`: revisions read from standard input (after those of the command line, never
  /// paths), and the paths after a `--` line there.
  var readsStandardInput = false
  var standardInputRevisions: [String] = []
  var standardInputPaths: [String] = []
  var walk = WalkOptions()
  var excludesMerges = false
  /// `-n`, `--max-count`, `-<n>` and `--skip`: the newest commits in git log's order.
  var maxCount: Int?
  var skipCount = 0
  /// `--grep` and its companions.
  var messageFilter = MessageFilter()
  /// `--merges`, `--min-parents`, `--max-parents`.
  var minimumParents = 0
  var maximumParents: Int?
  var authorPatterns: [String] = []
  var exclusions: [String] = []
  var committerPatterns: [String] = []
  /// `--co-authors`.
  var countsCoAuthors = false
  var isMe = false
  var usesMailmap = true
  var window = WindowRequest()
  /// `-i`: the interactive view.
  var isInteractive = false
  /// `--day`: the day whose commits are listed, instead of a graph.
  var listedDay: DateExpression?
  var usesCommitterDate = false
  var zone = ZoneChoice.zone(.author)
  var format: Format = .terminal
  /// With `--format commits`: NDJSON or CSV, gzipped or not.
  var exportShape = ExportShape()
  /// `--commit-url`: the page's link for a commit, `%H`/`%h` replaced.
  var commitURL: String?
  /// `--repository-name`: the name an export gives its repository.
  var repositoryName: String?
  /// `--from`: the exports to draw from (files, `-`, globs), in the order given.
  var exportFiles: [String] = []
  var output: String?
  var isQuiet = false
  var usesCache = true
  var clearsCache = false
  var theme: String?
  var tint: RGB?
  var palette: [RGB]?
  var scale = LevelScale.github
  var colorMode = "auto"
  var gitColor = GitColorConfig()
  var isASCII = false
  var title: String?
  var cellSize = 0.0
  var spacing = 0.0
  var radius = 0.0
  var isTransparent = false
  /// `--emails`: authors' emails in by-author images.
  var showsEmails = false
  /// `--compact`: SVG cells without tooltips and `data-*`.
  var isCompact = false
  var animates = false
  /// A PNG of the SVG (`--format png`, `-o FILE.png`): `format` is then `.svg`.
  var isPNG = false
  /// `--scale-factor`: PNG pixels per SVG pixel.
  var scaleFactor = 1.0
  var wantsHelp = false
  var wantsVersion = false

  static let dateHint = "expected " + DateExpression.examples

  init(_ parsed: ParsedArguments) throws(CommandError) {
    wantsHelp = parsed.has(.help)
    wantsVersion = parsed.has(.version)
    directory = parsed.last(.directory)
    // Revisions and git's ref options in the order given: `--exclude` and `--not` apply to what
    // follows them.
    selection = RevisionSelection(revisions: parsed.revisionWords)
    pathArguments = parsed.paths
    readsStandardInput = parsed.has(.stdin)
    walk.followsFirstParentOnly = parsed.has(.firstParent)
    if parsed.has(.noReplaceObjects) { walk.replaceRefBase = nil }
    countsCoAuthors = parsed.has(.coAuthors)
    walk.readsCoAuthors = countsCoAuthors
    excludesMerges = parsed.has(.noMerges)
    minimumParents = try parsed.whole(.minParents) ?? (parsed.has(.merges) ? 2 : 0)
    if let maximum = try parsed.whole(.maxParents) {
      maximumParents = maximum < 0 ? nil : maximum
    }
    authorPatterns = parsed.all(.author)
    exclusions = parsed.all(.excludeAuthor)
    committerPatterns = parsed.all(.committer)
    for (option, pattern) in authorPatterns.map({ ("author", $0) })
      + exclusions.map({ ("exclude-author", $0) }) + committerPatterns.map({ ("committer", $0) })
    {
      if let problem = AuthorFilter.problem(with: pattern) {
        throw CommandError.usage("invalid value '\(pattern)' for '--\(option) <regex>': \(problem)")
      }
    }
    maxCount = try parsed.whole(.maxCount)
    skipCount = try parsed.whole(.skip) ?? 0
    messageFilter.patterns = parsed.all(.grep)
    messageFilter.isInverted = parsed.has(.invertGrep)
    messageFilter.requiresAll = parsed.has(.allMatch)
    messageFilter.ignoresCase = parsed.has(.regexpIgnoreCase)
    messageFilter.syntax =
      parsed.has(.fixedStrings) ? .fixed : parsed.has(.extendedRegexp) ? .extended : .basic
    if let problem = messageFilter.problem() {
      throw CommandError.usage("invalid value for '--grep <pattern>': \(problem)")
    }
    isMe = parsed.has(.me)
    repositories = parsed.all(.repo)
    scanDirectories = parsed.all(.scan)
    scanDepth = try parsed.whole(.scanDepth) ?? Self.tableDefault(.scanDepth)
    if parsed.has(.byAuthor) {
      let top = try parsed.whole(.top) ?? Self.tableDefault(.top)
      mode = .byAuthor(top: top, perAuthorScale: parsed.has(.scalePerAuthor))
    } else if parsed.has(.authors) {
      mode = .authorTable(
        parsed.last(.sort).flatMap(AuthorSummary.Order.init(rawValue:)) ?? .commits,
        top: try parsed.whole(.top))
    }
    usesMailmap = !parsed.has(.noMailmap)
    isQuiet = parsed.has(.quiet)
    usesCache = !parsed.has(.noCache)
    clearsCache = parsed.has(.clearCache)

    window.weeks = try parsed.whole(.weeks)
    window.end = try Self.date(parsed, .end)
    window.since = try Self.date(parsed, .since)
    window.until = try Self.date(parsed, .until)
    if let day = try Self.date(parsed, .day) {
      let probe = Day(year: 2000, month: 1, day: 1)
      guard day.resolve(today: probe) == day.resolve(today: probe, isEnd: true) else {
        throw parsed.invalid(.day, parsed.last(.day) ?? "", expected: "expected one day")
      }
      listedDay = day
      window.since = day
      window.until = day
      if ["svg", "png", "summary", "commits", "html"].contains(parsed.last(.format)) {
        throw .usage("'--day' lists commits: use the terminal, --format csv or --format json")
      }
    }
    if let year = parsed.last(.year) {
      guard year.count == 4, let number = Int(year), (1...9999).contains(number) else {
        throw parsed.invalid(.year, year, expected: "expected a year such as 2024")
      }
      window.year = number
    }
    if let weekStart = parsed.last(.weekStart) {
      window.weekStart = Weekday(parsing: weekStart) ?? .sunday
    }
    usesCommitterDate = parsed.last(.date) == "committer"
    if let zone = parsed.last(.timezone) {
      if zone.lowercased() == "local" {
        self.zone = .local
      } else if let parsedZone = DayZone(parsing: zone) {
        self.zone = .zone(parsedZone)
      } else {
        throw CommandError.usage(
          "invalid value '\(zone)' for '--timezone <zone>': expected author, local, utc, an IANA name such as Europe/Berlin, or +HH:MM"
        )
      }
    }
    try parseAppearance(parsed)
    output = parsed.last(.output)
    let lowered = output?.lowercased() ?? ""
    if let format = parsed.last(.format) {
      isPNG = format == "png"
      self.format = isPNG ? .svg : Format(rawValue: format) ?? .terminal
      if self.format == .commits {
        exportShape.isGzipped = lowered.hasSuffix(".gz")
        let base = exportShape.isGzipped ? String(lowered.dropLast(3)) : lowered
        exportShape.form = base.hasSuffix(".csv") ? .csv : .ndjson
      }
    } else if let output, output != "-" {
      if lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".ndjson.gz")
        || lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".jsonl.gz")
      {
        self.format = .commits
        exportShape.isGzipped = lowered.hasSuffix(".gz")
      } else if lowered.hasSuffix(".png") {
        isPNG = true
        self.format = .svg
      } else if let match = Format.allCases.first(where: {
        $0 != .terminal && $0 != .summary && lowered.hasSuffix("." + $0.rawValue)
      }) {
        self.format = match
      } else if lowered.hasSuffix(".txt") {
        self.format = .summary
      } else {
        throw CommandError.usage(
          "cannot tell the format of '\(output)' from its extension: add --format, or name it .svg, .png, .csv, .json, .txt, .html or .ndjson"
        )
      }
    }
    try parseExchange(parsed)
    try parsePage(parsed)
    scaleFactor = try parsed.number(.scaleFactor) ?? 1
    if parsed.has(.scaleFactor) && !isPNG {
      throw .usage("'--scale-factor' goes with PNG output: --format png or -o FILE.png")
    }
  }

  private mutating func parseAppearance(_ parsed: ParsedArguments) throws(CommandError) {
    theme = parsed.last(.theme)
    if let tint = parsed.last(.tint) {
      guard let color = RGB(parsing: tint) else {
        throw CommandError.usage(
          "invalid value '\(tint)' for '--tint <color>': expected #rrggbb, #rgb or one of \(ArgumentParser.list(RGB.named.keys.sorted()))"
        )
      }
      self.tint = color
    }
    if let palette = parsed.last(.palette) {
      let colors = palette.split(separator: ",", omittingEmptySubsequences: false).map {
        RGB(parsing: String($0).trimmingCharacters(in: .whitespaces))
      }
      let calendar = parsed.last(.layout) == "calendar"
      guard calendar ? colors.count >= 2 : colors.count == 5, colors.allSatisfy({ $0 != nil })
      else {
        throw CommandError.usage(
          calendar
            ? "invalid value '\(palette)' for '--palette <colors>': expected two or more colors such as #61ab90,#1e5d86"
            : "invalid value '\(palette)' for '--palette <colors>': expected five colors such as #ebedf0,#9be9a8,#40c463,#30a14e,#216e39"
        )
      }
      self.palette = colors.compactMap { $0 }
    }
    isCalendar = parsed.last(.layout) == "calendar"
    isPunchcard = parsed.last(.layout) == "punchcard"
    if isPunchcard, let other = [OptionName.byAuthor, .authors].first(where: parsed.has) {
      throw .usage("'--layout punchcard' cannot be combined with '--\(other.rawValue)'")
    }
    scale =
      parsed.last(.scale).flatMap(LevelScale.init(rawValue:)) ?? (isCalendar ? .linear : .github)
    colorMode = parsed.last(.color) ?? "auto"
    gitColor = parsed.gitColor
    isASCII = parsed.has(.ascii)
    title = parsed.last(.title)
    // The calendar's tiles are larger than the graph's cells; the table holds the graph's.
    cellSize =
      try parsed.number(.cellSize) ?? (isCalendar ? 36 : Double(Self.tableDefault(.cellSize)))
    spacing =
      try parsed.number(.spacing) ?? (isCalendar ? 4 : Double(Self.tableDefault(.spacing)))
    // The corners grow with the cells, as GitHub's 2 px on 10 and the seed's 4 px on 18.
    radius = try parsed.number(.radius) ?? (isCalendar ? 4 : (cellSize * 2 / 9).rounded())
    isTransparent = parsed.has(.transparent)
    showsEmails = parsed.has(.emails)
    isCompact = parsed.has(.compact)
    isInteractive = parsed.has(.interactive)
    animates = parsed.has(.animate)
  }

  /// `--stdin`: reads revisions from `descriptor` as git log reads them: one a line, until an
  /// empty line or the end; after a `--` line, paths; any other option is refused, as git 2.39
  /// refuses it.
  mutating func readStandardInput(_ descriptor: Int32) throws(CommandError) {
    var bytes: [UInt8] = []
    do {
      try DescriptorReader.forEachChunk(of: descriptor) { bytes += $0 }
    } catch {
      let reason = (error as? DescriptorReader.Failure)?.reason ?? "\(error)"
      throw .failure("cannot read standard input: \(reason)")
    }
    var seenDashes = false
    for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var line = raw
      if line.last == 0x0D { line = line.dropLast() }
      let text = String(decoding: line, as: UTF8.self)
      if seenDashes {
        if !text.isEmpty { standardInputPaths.append(text) }
        continue
      }
      if text.isEmpty { break }
      if text.hasPrefix("-") {
        guard text == "--" else { throw .usage("options not supported in --stdin mode") }
        seenDashes = true
        continue
      }
      standardInputRevisions.append(text)
    }
  }

  /// `--format commits` and `--from`: what each takes, and what belongs to the other.
  private mutating func parseExchange(_ parsed: ParsedArguments) throws(CommandError) {
    // Only what the command line gave: a configured default of a reading (heatmap.author) does
    // not stop an export, it simply does not apply to one.
    func given(_ option: OptionName) -> Bool { parsed.has(option) && !parsed.isConfigured(option) }
    repositoryName = parsed.last(.repositoryName)
    if repositoryName != nil && format != .commits {
      throw .usage("'--repository-name' names the repository in an export: add --format commits")
    }
    if format == .commits {
      if let reading = Self.readingOptions.first(where: given) {
        throw .usage(
          "'--\(reading.rawValue)' is a reading, not part of an export: give it when drawing from the export (--from)"
        )
      }
      if repositoryName != nil && (repositories.count + scanDirectories.count) > 0 {
        throw .usage(
          "'--repository-name' names one repository: with --repo or --scan each is named by its path"
        )
      }
    }
    if (maxCount != nil || skipCount > 0) && !(repositories.isEmpty && scanDirectories.isEmpty) {
      throw .usage(
        "'-n' and '--skip' count git log's order, which is one repository's: not with --repo or --scan"
      )
    }
    guard parsed.has(.from) else { return }
    // With --from, the arguments after it are exports too (a shell's `--from exports/*.ndjson`).
    exportFiles = parsed.all(.from) + parsed.positionals
    selection.revisions = []
    if let selecting = Self.selectionOptions.first(where: given) {
      throw .usage(
        "'--\(selecting.rawValue)' selects what an export holds: give it when exporting (--format commits), not with --from"
      )
    }
    if parsed.paths != nil {
      throw .usage(
        "paths select what an export holds: give them when exporting (--format commits), not with --from"
      )
    }
    if format == .commits {
      throw .usage(
        "an export is made from repositories: --format commits cannot be combined with --from")
    }
    if exportFiles.filter({ $0 == "-" }).count > 1 {
      throw .usage("'-' (standard input) can be read only once")
    }
  }

  /// `--format html`: the page holds the graph, the people, the punch card and the calendar, so
  /// the options that choose one of them instead are not for it; `--commit-url` is only for it.
  private mutating func parsePage(_ parsed: ParsedArguments) throws(CommandError) {
    commitURL = parsed.last(.commitUrl)
    guard format == .html else {
      if commitURL != nil {
        throw .usage("'--commit-url' links the commits of the contribution page: add --format html")
      }
      return
    }
    for other in [OptionName.layout, .byAuthor, .authors, .day] where parsed.has(other) {
      throw .usage(
        "'--\(other.rawValue)' is not for the contribution page (--format html), which holds the graph, the people, the punch card and a calendar"
      )
    }
    if let template = commitURL {
      let lowered = template.lowercased()
      guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
        template.contains("%H") || template.contains("%h")
      else {
        throw parsed.invalid(
          .commitUrl, template,
          expected: "expected an http or https URL with %H (the commit id) or %h (its short form)")
      }
    }
  }

  /// The table's default for a whole-number option, so that it is declared once.
  private static func tableDefault(_ option: OptionName) -> Int {
    OptionTable.spec(long: option.rawValue)?.defaultValue.flatMap { Int($0) } ?? 0
  }

  private static func date(_ parsed: ParsedArguments, _ option: OptionName) throws(CommandError)
    -> DateExpression?
  {
    guard let text = parsed.last(option) else { return nil }
    guard let expression = DateExpression(parsing: text) else {
      throw parsed.invalid(option, text, expected: dateHint)
    }
    return expression
  }
}
