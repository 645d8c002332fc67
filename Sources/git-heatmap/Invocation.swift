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
    /// `--format days`: the day file (JSON, or CSV with -o FILE.csv).
    case days
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
    .maxCount, .skip, .grep, .invertGrep, .allMatch, .ignoreMissing, .noWalk, .follow,
    .walkReflogs,
  ]
  /// The options that only read what was selected: an export takes none of them (they are given
  /// when drawing from it).
  static let readingOptions: [OptionName] = [
    .author, .excludeAuthor, .committer, .me, .noMerges, .merges, .minParents, .maxParents,
    .noMinParents, .noMaxParents, .weeks,
    .end, .since, .until, .year, .weekStart, .date, .timezone, .layout, .interactive, .day,
    .byAuthor, .top, .authors, .sort,
  ]

  /// Which repositories are read (or which exports drawn from), and through which cache.
  var sources: Sources
  /// Which commits: revisions, paths, `--stdin`, how the walk goes, `-n`/`--skip`, `--grep`.
  var commits: Commits
  /// How commits count: whose, which merges, by which date, in which zone.
  var counting: Counting
  /// Which days: the window, or the one day `--day` lists.
  var days: Days
  /// What is made: the format, the file, the layout, graphs by author or a table, `-i`.
  var output: Output
  /// How it looks: theme, colours, sizes, title.
  var appearance: Appearance
  var wantsHelp = false
  var wantsVersion = false

  static let dateHint = "expected " + DateExpression.examples

  /// The command line, group by group; then what one group's options say about another's.
  init(_ parsed: ParsedArguments) throws(CommandError) {
    wantsHelp = parsed.has(.help)
    wantsVersion = parsed.has(.version)
    output = try Output(parsed)
    appearance = try Appearance(parsed, layout: output.layout)
    sources = try Sources(parsed)
    commits = try Commits(parsed)
    counting = try Counting(parsed)
    days = try Days(parsed)
    commits.walk.readsTrailers =
      counting.options.countsCoAuthors || counting.options.detectsAssisted
    commits.walk.assistedTrailerKeys = counting.assistedTrailerKeys
    if days.listedDay != nil,
      ["svg", "png", "summary", "commits", "html"].contains(parsed.last(.format))
    {
      throw .usage("'--day' lists commits: use the terminal, --format csv or --format json")
    }
    if output.layout == .punchcard,
      let other = [OptionName.byAuthor, .authors].first(where: parsed.has)
    {
      throw .usage("'--layout punchcard' cannot be combined with '--\(other.rawValue)'")
    }
    try checkExchange(parsed)
    try checkCountsOnly(parsed)
    try checkPage(parsed)
    if parsed.has(.scaleFactor) && !output.isPNG {
      throw .usage("'--scale-factor' goes with PNG output: --format png or -o FILE.png")
    }
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
        if !text.isEmpty { commits.standardInputPaths.append(text) }
        continue
      }
      if text.isEmpty { break }
      if text.hasPrefix("-") {
        guard text == "--" else { throw .usage("options not supported in --stdin mode") }
        seenDashes = true
        continue
      }
      commits.standardInputRevisions.append(text)
    }
  }

  /// `--format commits` and `--from`: what each takes, and what belongs to the other.
  private mutating func checkExchange(_ parsed: ParsedArguments) throws(CommandError) {
    // Only what the command line gave: a configured default of a reading (heatmap.author) does
    // not stop an export, it simply does not apply to one.
    func given(_ option: OptionName) -> Bool { parsed.has(option) && !parsed.isConfigured(option) }
    if sources.repositoryName != nil && output.format != .commits {
      throw .usage("'--repository-name' names the repository in an export: add --format commits")
    }
    if output.format == .commits {
      // git log's --since and --until choose the commits an export holds.
      if let reading = Self.readingOptions.first(where: {
        given($0) && $0 != .since && $0 != .until
      }) {
        throw .usage(
          "'--\(reading.rawValue)' is a reading, not part of an export: give it when drawing from the export (--from)"
        )
      }
      if sources.repositoryName != nil && sources.areSeveral {
        throw .usage(
          "'--repository-name' names one repository: with --repo or --scan each is named by its path"
        )
      }
    }
    if output.format == .commits && parsed.has(.from),
      let dated = [OptionName.since, .until].first(where: given)
    {
      throw .usage(
        "'--\(dated.rawValue)' chooses the commits git log lists in a repository, not in exports: give it when drawing from them"
      )
    }
    if output.format == .commits && given(.since) {
      let hides = commits.selection.revisions.contains {
        $0.hasPrefix("^") || $0.contains("..") || $0 == "--not"
      }
      if !(commits.pathArguments ?? []).isEmpty || commits.selection.followsRenames || hides {
        throw .usage(
          "'--since' in an export walks as git log does only without paths and hidden commits (^a, a..b, --not): give it when drawing (--from)"
        )
      }
    }
    if output.format == .commits && commits.limitsCount && (given(.since) || given(.until)) {
      throw .usage(
        "'-n' and '--skip' with '--since' or '--until' are not part of an export: give them when drawing (--from)"
      )
    }
    if commits.limitsCount && sources.areSeveral {
      throw .usage(
        "'-n' and '--skip' count git log's order, which is one repository's: not with --repo or --scan"
      )
    }
    guard parsed.has(.from) else { return }
    // With --from, the arguments after it are exports too (a shell's `--from exports/*.ndjson`).
    sources.exportFiles = parsed.all(.from) + parsed.positionals
    // With --repo or --scan, the repositories they name are read beside the exports, and the
    // selection is theirs.
    if parsed.has(.repo) || parsed.has(.scan) {
      if parsed.has(.repositoryName) {
        throw .usage("'--repository-name' names the repository of an export: not with --from")
      }
      return
    }
    commits.selection.revisions = []
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

    if sources.exportFiles.filter({ $0 == "-" }).count > 1 {
      throw .usage("'-' (standard input) can be read only once")
    }
  }

  /// `--counts-only`: only dates, counts and what follows from them leave, so everything that
  /// shows what the work was is refused (also when the configuration set it: it is a promise,
  /// not a default that gives way); `--pseudonymize` goes with the per-commit export.
  private func checkCountsOnly(_ parsed: ParsedArguments) throws(CommandError) {
    if parsed.has(.pseudonymize) && output.format != .commits {
      throw .usage("'--pseudonymize' hides who made each commit of an export: add --format commits")
    }
    guard output.isCountsOnly else { return }
    let why =
      parsed.isConfigured(.countsOnly)
      ? "heatmap.countsOnly is set (--no-config or -c heatmap.countsOnly=false lifts it)"
      : "'--counts-only' publishes only dates and counts"
    for (option, what) in [
      (OptionName.authors, "names people"), (.byAuthor, "names people"),
      (.day, "lists commits"), (.interactive, "lists commits"), (.emails, "shows emails"),
      (.commitUrl, "links commits"), (.pseudonymize, "is for an export"),
    ] where parsed.has(option) && !parsed.isConfigured(option) {
      throw .usage("'--\(option.rawValue)' \(what), and \(why)")
    }
    if output.layout == .punchcard {
      throw .usage("'--layout punchcard' shows the hours of work, and \(why)")
    }
    if output.format == .commits {
      throw .usage(
        "a per-commit export names commits, and \(why): use --format days, or --pseudonymize without --counts-only"
      )
    }
  }

  /// `--format html`: the page holds the graph, the people, the punch card and the calendar, so
  /// the options that choose one of them instead are not for it; `--commit-url` is only for it.
  private func checkPage(_ parsed: ParsedArguments) throws(CommandError) {
    guard output.format == .html else {
      if output.commitURL != nil {
        throw .usage("'--commit-url' links the commits of the contribution page: add --format html")
      }
      return
    }
    for other in [OptionName.layout, .byAuthor, .authors, .day] where parsed.has(other) {
      throw .usage(
        "'--\(other.rawValue)' is not for the contribution page (--format html), which holds the graph, the people, the punch card and a calendar"
      )
    }
    if let template = output.commitURL {
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
  static func tableDefault(_ option: OptionName) -> Int {
    OptionTable.spec(long: option.rawValue)?.defaultValue.flatMap { Int($0) } ?? 0
  }

  static func date(_ parsed: ParsedArguments, _ option: OptionName) throws(CommandError)
    -> DateExpression?
  {
    guard let text = parsed.last(option) else { return nil }
    guard let expression = DateExpression(parsing: text) else {
      throw parsed.invalid(option, text, expected: dateHint)
    }
    return expression
  }
}
