import GitActivity

enum OptionTable {
  static let all: [OptionSpec] = options.map { spec in
    var spec = spec
    spec.isConfigurable = configurable.contains(spec.long)
    return spec
  }

  private static let options: [OptionSpec] = [
    OptionSpec(
      long: "directory", kind: .value(placeholder: "path"), completes: .directories,
      help: "run as if started in <path> (git's own: git -C <path> heatmap)", group: .repository),

    OptionSpec(
      long: "repo", kind: .value(placeholder: "path"), completes: .directories, isRepeatable: true,
      help: "count this repository too, beside the one the run is in (repeatable)",
      group: .repository),
    OptionSpec(
      long: "scan", kind: .value(placeholder: "dir"), completes: .directories, isRepeatable: true,
      help: "count every repository below <dir> too, beside the one the run is in (repeatable)",
      group: .repository),
    OptionSpec(
      long: "from", kind: .value(placeholder: "file"), completes: .files, isRepeatable: true,
      help:
        "draw from per-commit exports (--format commits) instead of repositories: files, '-', globs, .gz (repeatable; later arguments are exports too)",
      group: .repository),
    OptionSpec(
      long: "scan-depth", kind: .value(placeholder: "n"), defaultValue: "3", range: 0...32,
      help: "how many folder levels --scan descends", group: .repository),

    OptionSpec(
      long: "all", kind: .flag, isRepeatable: true, help: "every ref under refs/, plus HEAD",
      group: .revisions),
    OptionSpec(
      long: "branches", kind: .flag, optionalPlaceholder: "pattern", isRepeatable: true,
      help: "every branch, or those matching <pattern> (refs/heads/<pattern>)", group: .revisions),
    OptionSpec(
      long: "tags", kind: .flag, optionalPlaceholder: "pattern", isRepeatable: true,
      help: "every tag, or those matching <pattern>", group: .revisions),
    OptionSpec(
      long: "remotes", kind: .flag, optionalPlaceholder: "pattern", isRepeatable: true,
      help: "every remote-tracking branch, or those matching <pattern>", group: .revisions),
    OptionSpec(
      long: "glob", kind: .value(placeholder: "pattern"), isRepeatable: true,
      help: "the refs matching <pattern> (refs/ is implied)", group: .revisions),
    OptionSpec(
      long: "exclude", kind: .value(placeholder: "pattern"), isRepeatable: true,
      help:
        "leave out the refs matching <pattern> from the next --all, --branches, --tags, --remotes or --glob",
      group: .revisions),
    OptionSpec(
      long: "reflog", kind: .flag, isRepeatable: true,
      help: "every commit the reflogs name, as if given as revisions", group: .revisions),
    OptionSpec(
      long: "stdin", kind: .flag,
      help: "also the revisions on standard input, one a line (paths after a -- line)",
      group: .revisions),
    OptionSpec(
      long: "not", kind: .flag, isRepeatable: true,
      help: "what follows leaves out commits (and ^ includes them again)", group: .revisions),
    OptionSpec(
      long: "follow", kind: .flag,
      help:
        "follow the one path given through renames and copies, as git log --follow (log.follow)",
      group: .revisions),
    OptionSpec(
      long: "no-follow", kind: .flag, help: "do not follow renames, whatever log.follow says",
      group: .revisions),
    OptionSpec(
      long: "ignore-missing", kind: .flag,
      help: "a revision that names nothing is passed over, as git log passes it over",
      group: .revisions),
    OptionSpec(
      long: "no-walk", kind: .flag, optionalPlaceholder: "sorted|unsorted",
      help: "only the commits given, not their ancestors (a range still walks)",
      group: .revisions),
    OptionSpec(
      long: "walk-reflogs", short: "g", kind: .flag,
      help:
        "the commit of each reflog entry of the refs given (HEAD by default), once an entry, as git log -g",
      group: .revisions),
    OptionSpec(
      long: "end-of-options", kind: .flag,
      help: "the words that follow are revisions and paths, even those that begin with -",
      group: .revisions),
    OptionSpec(
      long: "max-count", short: "n", kind: .value(placeholder: "n"),
      range: Double(Int32.min)...Double(Int32.max),
      help:
        "only the newest <n> commits in git log's order (also -<n>); the graph's heading says so",
      group: .revisions),
    OptionSpec(
      long: "skip", kind: .value(placeholder: "n"), range: 0...Double(Int32.max),
      help: "leave out the newest <n> commits first, as git log does", group: .revisions),
    OptionSpec(long: "no-merges", kind: .flag, help: "leave out merge commits", group: .revisions),
    OptionSpec(
      long: "no-min-parents", kind: .flag, help: "forget an earlier --min-parents or --merges",
      group: .revisions),
    OptionSpec(
      long: "no-max-parents", kind: .flag, help: "forget an earlier --max-parents or --no-merges",
      group: .revisions),
    OptionSpec(long: "merges", kind: .flag, help: "only merge commits", group: .revisions),
    OptionSpec(
      long: "min-parents", kind: .value(placeholder: "n"), range: 0...Double(Int32.max),
      help: "only commits with at least <n> parents", group: .revisions),
    OptionSpec(
      long: "max-parents", kind: .value(placeholder: "n"), range: -1...Double(Int32.max),
      help: "only commits with at most <n> parents (-1: no limit)", group: .revisions),
    OptionSpec(
      long: "first-parent", kind: .flag, help: "follow only the first parent of merges",
      group: .revisions),

    OptionSpec(
      long: "grep", kind: .value(placeholder: "pattern"), isRepeatable: true,
      help: "only commits with a message line that matches (repeatable: any of them)",
      group: .messages),
    OptionSpec(
      long: "invert-grep", kind: .flag,
      help: "only commits whose message matches no --grep", group: .messages),
    OptionSpec(
      long: "all-match", kind: .flag,
      help: "only commits whose message matches every --grep", group: .messages),
    OptionSpec(
      long: "regexp-ignore-case", short: "i", kind: .flag,
      help: "--grep, --author and --committer fold case", group: .messages),
    OptionSpec(
      long: "basic-regexp", kind: .flag,
      help: "patterns are basic regular expressions (git's default; the last of these wins)",
      group: .messages),
    OptionSpec(
      long: "extended-regexp", short: "E", kind: .flag,
      help: "patterns of --grep, --author and --committer are extended regular expressions",
      group: .messages),
    OptionSpec(
      long: "fixed-strings", short: "F", kind: .flag,
      help: "patterns are plain text", group: .messages),
    OptionSpec(
      long: "perl-regexp", short: "P", kind: .flag,
      help: "patterns are Perl-compatible (PCRE2), as git log -P reads them",
      group: .messages),
    OptionSpec(
      long: "author", kind: .value(placeholder: "regex"), isRepeatable: true, replacedBy: ["me"],
      help: "only authors whose 'Name <email>' matches, as git log matches (repeatable)",
      group: .authors),
    OptionSpec(
      long: "exclude-author", kind: .value(placeholder: "regex"), isRepeatable: true,
      help: "leave out matching authors (after --author; repeatable)", group: .authors),
    OptionSpec(
      long: "committer", kind: .value(placeholder: "regex"), isRepeatable: true,
      help: "only commits whose committer matches (repeatable; and --author)",
      group: .authors),
    OptionSpec(
      long: "me", kind: .flag,
      help:
        "only you: user.email, every heatmap.me (emails or patterns) and their mailmap aliases",
      group: .authors),
    OptionSpec(
      long: "bots", kind: .value(placeholder: "which"), bareValue: "only",
      choices: ActivityOptions.BotChoice.allCases.map(\.rawValue), defaultValue: "include",
      help:
        "bots' commits (a name or email ending in [bot], a built-in list, heatmap.bot): include, exclude, or only them (--bots alone)",
      group: .authors),
    OptionSpec(
      long: "no-bots", kind: .flag, aliasOf: "bots", aliasValue: "exclude",
      help: "leave out bots' commits (the same as --bots=exclude); the summary says how many",
      group: .authors),
    OptionSpec(
      long: "assisted", kind: .value(placeholder: "which"),
      choices: ActivityOptions.AssistedChoice.allCases.map(\.rawValue), defaultValue: "all",
      help:
        "AI-assisted commits (Assisted-by:, Generated-by:, an agent as co-author or author): all (their share told), only, exclude, off (not told apart)",
      group: .authors),
    OptionSpec(
      long: "co-authors", kind: .flag,
      help: "a commit also counts for its Co-authored-by people, as GitHub counts it",
      group: .authors),
    OptionSpec(
      long: "no-mailmap", kind: .flag, help: "identities as written, without .mailmap",
      group: .authors),
    OptionSpec(
      long: "no-replace-objects", kind: .flag,
      help: "read commits as stored, without refs/replace (also GIT_NO_REPLACE_OBJECTS)",
      group: .revisions),

    OptionSpec(
      long: "weeks", kind: .value(placeholder: "n"), defaultValue: "53", range: 1...530,
      help: "how many weeks the graph shows (1-530)", group: .window),
    OptionSpec(
      long: "end", kind: .value(placeholder: "date"), defaultValue: "today", conflicts: ["until"],
      help: "the last day of the graph", group: .window),
    OptionSpec(
      long: "since", kind: .value(placeholder: "date"), conflicts: ["weeks"],
      help: "the first day (2025-03-01, 2025-03, yesterday, last week, 2.weeks.ago)",
      group: .window),
    OptionSpec(
      long: "until", kind: .value(placeholder: "date"), help: "the last day", group: .window),
    OptionSpec(
      long: "after", kind: .value(placeholder: "date"), aliasOf: "since",
      help: "the same as --since", group: .window),
    OptionSpec(
      long: "before", kind: .value(placeholder: "date"), aliasOf: "until",
      help: "the same as --until", group: .window),
    OptionSpec(
      long: "year", kind: .value(placeholder: "yyyy"), range: 1...9999,
      conflicts: ["since", "until", "weeks", "end"], help: "one calendar year", group: .window),
    OptionSpec(
      long: "languages", kind: .flag,
      conflicts: ["layout", "day", "authors", "by-author", "interactive"],
      help:
        "lines added and removed by language (GitHub's linguist data), in the terminal, CSV or JSON",
      group: .output),
    OptionSpec(
      long: "review", kind: .flag,
      conflicts: ["layout", "day", "authors", "by-author", "interactive", "languages"],
      help:
        "the year in review: a card of the year's figures, languages and streaks (this year unless a window is given)",
      group: .output),
    OptionSpec(
      long: "streak", kind: .value(placeholder: "rule"),
      choices: StreakRule.Kind.allCases.map(\.rawValue), defaultValue: "daily",
      help:
        "what a streak needs: every day (GitHub's), every weekday (weekends optional), or every week",
      group: .window),
    OptionSpec(
      long: "streak-allow", kind: .value(placeholder: "n"), defaultValue: "0", range: 0...366,
      help: "days (weeks, with --streak weekly) without commits that do not break a streak",
      group: .window),
    OptionSpec(
      long: "week-start", kind: .value(placeholder: "day"),
      choices: Weekday.allCases.map { $0.name.lowercased() },
      defaultValue: "sunday", help: "the weekday of the first row", group: .window),
    OptionSpec(
      long: "date", kind: .value(placeholder: "kind"),
      choices: Invocation.Counting.DateKind.allCases.map(\.rawValue),
      defaultValue: "author", help: "which date places a commit on a day", group: .window),
    OptionSpec(
      long: "timezone", kind: .value(placeholder: "zone"), defaultValue: "author",
      help: "author, local, utc, an IANA name or +HH:MM", group: .window),

    OptionSpec(
      long: "measure", kind: .value(placeholder: "what"),
      choices: Measure.allCases.map(\.rawValue), defaultValue: "commits",
      help:
        "what a day's number is: commits, or the lines they change as git log --numstat counts them (lines: insertions + deletions, insertions, deletions)",
      group: .measure),

    OptionSpec(
      long: "no-renames", kind: .flag,
      help: "lines: a renamed file counts as removed and added (diff.renames=false)",
      group: .measure),
    OptionSpec(
      long: "find-renames", short: "M", kind: .flag, optionalPlaceholder: "n",
      help: "lines: find renames, files at least <n> alike (50% by default), as git log -M",
      group: .measure),
    OptionSpec(
      long: "find-copies", short: "C", kind: .flag, optionalPlaceholder: "n", isRepeatable: true,
      help: "lines: find copies of changed files too (-C -C: of every file), as git log -C",
      group: .measure),
    OptionSpec(
      long: "diff-filter", kind: .value(placeholder: "ACDMRTXB*"), isRepeatable: true,
      help:
        "only commits whose diff has changes of these kinds (lowercase: all but these), as git log --diff-filter",
      group: .measure),
    OptionSpec(
      long: "find-copies-harder", kind: .flag,
      help: "lines: unchanged files are copy sources too, as git log --find-copies-harder",
      group: .measure),
    OptionSpec(
      long: "text", short: "a", kind: .flag,
      help: "accepted as git log takes it: its --numstat still counts a binary file as -",
      group: .measure),
    OptionSpec(
      long: "relative", kind: .flag, optionalPlaceholder: "path",
      help: "lines: only changes below the folder the run is in, or below <path>",
      group: .measure),
    OptionSpec(
      long: "no-relative", kind: .flag, help: "lines: the whole tree, whatever diff.relative says",
      group: .measure),
    OptionSpec(
      long: "diff-merges", kind: .value(placeholder: "format"),
      choices: [
        "off", "none", "first-parent", "1", "separate", "m", "on", "combined", "c",
        "dense-combined", "cc", "remerge", "r",
      ],
      help:
        "lines: a merge's lines: off (none, git log's default), first-parent, or separate (each parent's, added)",
      group: .measure),

    OptionSpec(
      long: "format", kind: .value(placeholder: "format"),
      // PNG is SVG drawn: a choice of its own, not a format of `Invocation`.
      choices: Invocation.Format.allCases.map(\.rawValue).flatMap {
        $0 == "svg" ? [$0, "png"] : [$0]
      },
      defaultValue: "terminal",
      help:
        "what to write; html: the contribution page, offline; commits: one record per commit (NDJSON, or CSV with -o FILE.csv; .gz compresses); -o FILE picks it from the extension",
      group: .output),
    OptionSpec(
      long: "counts-only", kind: .flag,
      help:
        "publish only dates, counts and statistics: no repository, path, person, subject, hash, branch or time zone name leaves (also in the page, alt text and JSON)",
      group: .output),
    OptionSpec(
      long: "pseudonymize", kind: .value(placeholder: "keyfile"), completes: .files,
      help:
        "with --format commits: ids, names, emails and repositories become keyed hashes (HMAC-SHA-256 with the key in <keyfile>)",
      group: .output),
    OptionSpec(
      long: "commit-url", kind: .value(placeholder: "template"),
      help: "with --format html: link each commit, %H (its id) or %h (short) in an http(s) URL",
      group: .output),
    OptionSpec(
      long: "repository-name", kind: .value(placeholder: "name"),
      help:
        "with --format commits: the repository's name in the records (default: its remote or path)",
      group: .output),
    OptionSpec(
      long: "output", short: "o", kind: .value(placeholder: "file"), completes: .files,
      defaultValue: "stdout", help: "write to <file> ('-' is stdout), atomically", group: .output),

    OptionSpec(
      long: "layout", kind: .value(placeholder: "layout"),
      choices: Invocation.Output.Layout.allCases.map(\.rawValue), defaultValue: "github",
      help:
        "weeks as columns, a month calendar of the days, weekday by hour of day, or lines added and removed each week",
      group: .output),
    OptionSpec(
      long: "interactive", kind: .flag,
      conflicts: ["format", "output", "by-author", "authors", "day", "layout"],
      help: "the graph on the whole screen: move through days and years, list a day's commits",
      group: .output),
    OptionSpec(
      long: "day", kind: .value(placeholder: "date"),
      conflicts: ["weeks", "since", "until", "year", "end", "by-author", "authors", "layout"],
      help: "list the commits of one day: hash, time, author, subject", group: .output),
    OptionSpec(
      long: "by-author", kind: .flag, conflicts: ["authors"],
      help: "one graph for each of the top authors",
      group: .output),
    OptionSpec(
      long: "top", kind: .value(placeholder: "n"), defaultValue: "5", range: 1...1000,
      requires: ["by-author", "authors"],
      help: "how many authors --by-author shows; --authors lists everyone unless it is given",
      group: .output),
    OptionSpec(
      long: "authors", kind: .flag, help: "a table of authors instead of a graph", group: .output),
    OptionSpec(
      long: "sort", kind: .value(placeholder: "key"),
      choices: AuthorSummary.Order.allCases.map(\.rawValue),
      defaultValue: "commits", requires: ["authors"], help: "how --authors sorts its table",
      group: .output),
    OptionSpec(
      long: "scale-per-author", kind: .flag, requires: ["by-author"],
      help: "with --by-author, each graph on its own scale", group: .appearance),
    OptionSpec(
      long: "theme", kind: .value(placeholder: "theme"),
      choices: SVGOptions.Theme.allCases.map(\.rawValue),
      help:
        "colors; auto follows the viewer's light or dark mode in SVG, and in the terminal the background it reports (else COLORFGBG, else dark) [default: github in SVG, auto in the terminal]",
      group: .appearance),
    OptionSpec(
      long: "tint", kind: .value(placeholder: "color"), conflicts: ["palette"],
      help:
        "one color ramp from a name (green, blue, red, orange, purple, pink, yellow, teal, gray) or #rrggbb",
      group: .appearance),
    OptionSpec(
      long: "palette", kind: .value(placeholder: "colors"),
      help:
        "colors from none to most: five for the graph, two or more gradient stops for the calendar",
      group: .appearance),
    OptionSpec(
      long: "scale", kind: .value(placeholder: "scale"),
      choices: LevelScale.allCases.map(\.rawValue),
      defaultValue: "github",
      help: "how counts become levels (quantile, a quarter of active days a level, for lines)",
      group: .appearance),
    OptionSpec(
      long: "no-color", kind: .flag, aliasOf: "color", aliasValue: "never",
      help: "the same as --color=never", group: .appearance),
    OptionSpec(
      long: "color", kind: .value(placeholder: "when"), bareValue: "always",
      choices: GitColorConfig.Mode.allCases.map(\.rawValue), defaultValue: "auto",
      help: "color in the terminal; auto also reads NO_COLOR, CLICOLOR_FORCE, FORCE_COLOR",
      group: .appearance),
    OptionSpec(long: "ascii", kind: .flag, help: "ASCII characters only", group: .appearance),
    OptionSpec(
      long: "title", kind: .value(placeholder: "text"),
      help: "SVG: the heading (default: the repository)",
      group: .appearance),
    OptionSpec(
      long: "cell-size", kind: .value(placeholder: "px"), defaultValue: "10", range: 4...40,
      isWhole: false,
      help: "SVG: the side of a day cell (4-40)",
      group: .appearance),
    OptionSpec(
      long: "spacing", kind: .value(placeholder: "px"), defaultValue: "3", range: 0...20,
      isWhole: false,
      help: "SVG: the gap between cells (0-20)",
      group: .appearance),
    OptionSpec(
      long: "radius", kind: .value(placeholder: "px"), defaultValue: "2", range: 0...20,
      isWhole: false,
      help:
        "SVG: the corner radius of cells; by default 2/9 of the cell (GitHub's 2 on 10, the seed's 4 on 18)",
      group: .appearance),
    OptionSpec(
      long: "transparent", kind: .flag, help: "SVG: no background", group: .appearance),
    OptionSpec(
      long: "scale-factor", kind: .value(placeholder: "n"), defaultValue: "1", range: 0.25...8,
      isWhole: false, help: "PNG: pixels per SVG pixel (2 for high-density screens)",
      group: .appearance),
    OptionSpec(
      long: "compact", kind: .flag,
      help: "SVG: no tooltips or data-* attributes, a smaller file for READMEs", group: .appearance),
    OptionSpec(
      long: "emails", kind: .flag, requires: ["by-author"],
      help: "SVG: show authors' emails beside their names (left out of images by default)",
      group: .appearance),
    OptionSpec(
      long: "animate", kind: .flag,
      help: "SVG: cells fade in week by week (not under reduced motion)",
      group: .appearance),

    OptionSpec(
      long: "no-cache", kind: .flag, help: "neither read nor write the history cache", group: .run),
    OptionSpec(
      long: "clear-cache", kind: .flag, help: "remove this repository's history cache first",
      group: .run),
    OptionSpec(
      long: "no-config", kind: .flag, help: "ignore heatmap.* defaults and color.* in git config",
      group: .run),
    OptionSpec(
      long: "generate-completion", kind: .value(placeholder: "shell"),
      choices: Completions.Shell.allCases.map(\.rawValue),
      help: "print a shell completion script", group: .run),
    OptionSpec(
      long: "generate-manpage", kind: .flag, help: "print the man page (roff)", group: .run),
    OptionSpec(
      long: "quiet", short: "q", kind: .flag, help: "no progress or notes on stderr", group: .run),
    OptionSpec(
      long: "verbose", short: "v", kind: .flag,
      help: "say more on stderr: which identities --me counted as you", group: .run),
    OptionSpec(long: "help", kind: .flag, help: "show this help", group: .run),
    OptionSpec(
      long: "usage", short: "h", kind: .flag,
      help: "a short usage, as git's -h gives it (exit 129)", group: .run),
    OptionSpec(long: "version", kind: .flag, help: "show the version", group: .run),
  ]

  /// The options whose defaults `git config heatmap.*` may set.
  static let configurable: Set<String> = [
    "author", "exclude-author", "streak", "streak-allow", "week-start", "date", "timezone", "weeks",
    "layout", "theme",
    "tint",
    "palette", "scale", "color", "cell-size", "spacing", "radius", "top", "sort", "measure",
    "bots", "assisted", "counts-only",
  ]

  /// The configuration keys that are not options: lists a run reads (each repeatable), with
  /// what each is for, for the man page.
  static let configuredLists: [(key: String, help: String)] = [
    ("heatmap.me", "an email or an --author-style pattern that is you too (for --me)"),
    ("heatmap.bot", "an extended regular expression on 'Name <email>' that is a bot"),
    ("heatmap.notBot", "an extended regular expression on 'Name <email>' that is not a bot"),
    ("heatmap.agent", "an extended regular expression on 'Name <email>' that is a coding agent"),
    ("heatmap.assistedTrailer", "a trailer key that marks a commit AI-assisted, as Assisted-by"),
  ]

  /// The options that set the window's extent.
  static let windowExtent: Set<String> = ["weeks", "end", "since", "until", "year"]
  /// The options that name the window's days outright; a configured extent gives way to them.
  static let explicitWindow: Set<String> = ["since", "until", "year"]

  /// Whether a configured default for `spec` applies, given the command line: not when the
  /// command line sets the option itself, or one that replaces it (`--me` for `heatmap.author`),
  /// or one it cannot be combined with; not for a window extent when the command line names the
  /// days outright (`heatmap.weeks` gives way to `--year`, `--since`, `--until`, and goes with
  /// `--end`); and not when the mode it
  /// belongs to is not running (`heatmap.top` without `--by-author`).
  static func configuredDefaultApplies(_ spec: OptionSpec, _ commandLine: ParsedArguments) -> Bool {
    func given(_ long: String) -> Bool { commandLine.has(long: long) }
    if given(spec.long) { return false }
    if spec.replacedBy.contains(where: given) { return false }
    if spec.conflicts.contains(where: given) { return false }
    if all.contains(where: { $0.conflicts.contains(spec.long) && given($0.long) }) {
      return false
    }
    if windowExtent.contains(spec.long) && explicitWindow.contains(where: given) {
      return false
    }
    if !spec.requires.isEmpty && !spec.requires.contains(where: given) { return false }
    return true
  }

  static func spec(long: String) -> OptionSpec? {
    all.first { $0.long == long }
  }

  static func spec(short: Character) -> OptionSpec? {
    all.first { $0.short == short }
  }
}
