import GitActivity

extension Invocation {
  /// How the commits read become counts: whose (authors, committers, `--me`, co-authors, the
  /// mailmap), which merges, by which date and in which zone.
  struct Counting {
    /// `--date`: which date places a commit on a day.
    enum DateKind: String, CaseIterable {
      case author, committer
    }

    /// How `--timezone` was given; `local` is resolved against the machine's zone at run time.
    enum ZoneChoice: Equatable {
      case zone(DayZone)
      case local
    }

    /// What the library counts by: the date, merges, the author filter (checked) and
    /// co-authors. The zone, `--me`'s emails, the locale and what is recorded for lists of
    /// commits are set when the run knows them.
    var options = ActivityOptions()
    var isMe: Bool
    var usesMailmap: Bool
    var zone = ZoneChoice.zone(.author)

    init(_ parsed: ParsedArguments) throws(CommandError) {
      var filter = AuthorFilter(
        patterns: parsed.all(.author), exclusions: parsed.all(.excludeAuthor))
      filter.committerPatterns = parsed.all(.committer)
      filter.syntax = try Invocation.patternSyntax(parsed)
      filter.ignoresCase = parsed.has(.regexpIgnoreCase)
      // git matches --author against the mailmapped person only while log.mailmap is on.
      filter.matchesWritten =
        parsed.gitSettings["log.mailmap"].flatMap(ConfigBoolean.parse) == false
      for (option, pattern) in filter.patterns.map({ ("author", $0) })
        + filter.exclusions.map({ ("exclude-author", $0) })
        + filter.committerPatterns.map({ ("committer", $0) })
      {
        if let problem = filter.problem(with: pattern), let name = OptionName(rawValue: option) {
          throw parsed.invalid(name, pattern, expected: problem)
        }
      }
      options.filter = filter
      isMe = parsed.has(.me)
      options.countsCoAuthors = parsed.has(.coAuthors)
      usesMailmap = !parsed.has(.noMailmap)
      // As in git: --merges is --min-parents=2 and --no-merges --max-parents=1; of each pair
      // and its --no- form, the last given wins.
      switch parsed.lastOf([.minParents, .merges, .noMinParents]) {
      case .minParents?: options.minimumParents = try parsed.whole(.minParents) ?? 0
      case .merges?: options.minimumParents = 2
      default: options.minimumParents = 0
      }
      switch parsed.lastOf([.maxParents, .noMerges, .noMaxParents]) {
      case .maxParents?:
        let maximum = try parsed.whole(.maxParents) ?? -1
        options.maximumParents = maximum < 0 ? nil : maximum
      case .noMerges?: options.maximumParents = 1
      default: options.maximumParents = nil
      }
      options.usesCommitterDate =
        parsed.last(.date).flatMap(DateKind.init(rawValue:)) == .committer
      options.measure = parsed.last(.measure).flatMap(Measure.init(rawValue:)) ?? .commits
      if let zone = parsed.last(.timezone) {
        if zone.lowercased() == "local" {
          self.zone = .local
        } else if let parsedZone = DayZone(parsing: zone) {
          self.zone = .zone(parsedZone)
        } else {
          throw parsed.invalid(
            .timezone, zone,
            expected: "expected author, local, utc, an IANA name such as Europe/Berlin, or +HH:MM")
        }
      }
    }
  }
}
