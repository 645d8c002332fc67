import Foundation
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
    /// `heatmap.me`: more emails, and `--author`-style patterns, that are the user (for `--me`).
    var meEmails: [String] = []
    var mePatterns: [String] = []
    /// `-v`: say which identities `--me` counted.
    var isVerbose = false
    /// The assisted trailer keys `heatmap.assistedTrailer` adds to the built-in ones.
    var assistedTrailerKeys = CommitTrailers.builtInAssistedKeys
    /// git log's diff options, as far as they change `--numstat`.
    var lineChoices = LineCountingChoices()
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
      lineChoices = try Self.lineChoices(parsed)
      isMe = parsed.has(.me)
      isVerbose = parsed.has(.verbose)
      options.countsCoAuthors = parsed.has(.coAuthors)
      options.bots =
        parsed.last(.bots).flatMap(ActivityOptions.BotChoice.init(rawValue:)) ?? .include
      options.assisted =
        parsed.last(.assisted).flatMap(ActivityOptions.AssistedChoice.init(rawValue:)) ?? .all
      options.automation = try Self.automation(parsed)
      (meEmails, mePatterns) = try Self.me(parsed, filter: filter)
      assistedTrailerKeys += try Self.assistedTrailerKeys(parsed)
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

    /// `heatmap.me`: the user's other emails, and patterns of `Name <email>` that are theirs.
    private static func me(_ parsed: ParsedArguments, filter: AuthorFilter) throws(CommandError)
      -> (emails: [String], patterns: [String])
    {
      var (emails, patterns) = ([String](), [String]())
      for entry in parsed.configuredList("heatmap.me") {
        let value = entry.value.trimmingCharacters(in: .whitespaces)
        if isEmailAddress(value) {
          emails.append(value)
        } else if let problem = filter.problem(with: value) {
          throw .usage(
            "invalid value '\(value)' for 'heatmap.me' in \(entry.origin): \(problem)")
        } else {
          patterns.append(value)
        }
      }
      return (emails, patterns)
    }

    /// `heatmap.assistedTrailer`: more trailer keys that say a commit was AI-assisted.
    private static func assistedTrailerKeys(_ parsed: ParsedArguments) throws(CommandError)
      -> [String]
    {
      var keys: [String] = []
      for entry in parsed.configuredList("heatmap.assistedTrailer") {
        let key = entry.value.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty,
          key.utf8.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
              || byte == UInt8(ascii: "-")
          })
        else {
          throw .usage(
            "invalid value '\(entry.value)' for 'heatmap.assistedTrailer' in \(entry.origin): expected a trailer key of letters, digits and '-', as Assisted-by"
          )
        }
        keys.append(key)
      }
      return keys
    }

    /// `--no-renames`, `-M[<n>]`, `-C[<n>]` (twice: harder), `--find-copies-harder`, `--text`,
    /// `--relative[=<path>]`, `--no-relative`, `--diff-merges`, with git log's meanings; of the
    /// rename options and of the relative ones, the last given wins.
    static func lineChoices(_ parsed: ParsedArguments) throws(CommandError) -> LineCountingChoices {
      var choices = LineCountingChoices()
      func score(_ option: OptionName) throws(CommandError) -> Int? {
        guard let text = parsed.last(option), !text.isEmpty else { return nil }
        guard let value = LineCountingChoices.renameScore(Substring(text)) else {
          throw parsed.invalid(option, text, expected: "expected a similarity such as 50% or 5")
        }
        return value
      }
      switch parsed.lastOf([.noRenames, .findRenames, .findCopies]) {
      case .noRenames?: choices.renames = .off
      case .findRenames?:
        choices.renames = .renames
        choices.renameScore = try score(.findRenames)
      case .findCopies?:
        choices.renames = .copies
        choices.renameScore = try score(.findCopies)
        choices.findsCopiesHarder = parsed.all(.findCopies).count > 1
      default: break
      }
      if parsed.has(.findCopiesHarder) { choices.findsCopiesHarder = true }
      for value in parsed.all(.diffFilter) {
        do throws(DiffFilter.FilterError) {
          try choices.diffFilter.add(value)
        } catch {
          throw .usage(error.message)
        }
      }
      switch parsed.lastOf([.relative, .noRelative]) {
      case .relative?:
        let path = parsed.last(.relative) ?? ""
        choices.relative = path.isEmpty ? .current : .folder(path)
      case .noRelative?: choices.relative = .off
      default: break
      }
      switch parsed.last(.diffMerges) {
      case nil: break
      case "off", "none": choices.mergeDiffs = .off
      case "first-parent", "1": choices.mergeDiffs = .firstParent
      case "separate", "m", "on": choices.mergeDiffs = .separate
      case let other?:
        throw .usage(
          "'--diff-merges=\(other)' shows a merge's combined diff, whose lines git log --numstat does not count as a commit's: use first-parent or separate"
        )
      }
      return choices
    }

    /// The bot and agent rules: the built-in lists and `heatmap.bot`, `heatmap.notBot`,
    /// `heatmap.agent`, each pattern checked, an invalid one named with its key and file.
    static func automation(_ parsed: ParsedArguments) throws(CommandError) -> Automation {
      func patterns(_ key: String) throws(CommandError) -> [String] {
        var found: [String] = []
        for entry in parsed.configuredList(key) {
          if let problem = Automation.problem(with: entry.value) {
            throw .usage(
              "invalid value '\(entry.value)' for '\(key)' in \(entry.origin): \(problem)")
          }
          found.append(entry.value)
        }
        return found
      }
      return Automation(
        botPatterns: try patterns("heatmap.bot"), notBotPatterns: try patterns("heatmap.notBot"),
        agentPatterns: try patterns("heatmap.agent"))
    }

    /// Whether a `heatmap.me` value is an email address (compared as a whole, without regard
    /// to case) rather than a pattern: one `@`, no white space, and none of `^$*[]\()|?{}<>`
    /// (`+` and `.` are common in addresses, `12345+name@users.noreply.github.com`).
    static func isEmailAddress(_ value: String) -> Bool {
      let parts = value.split(separator: "@", omittingEmptySubsequences: false)
      return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
        && !value.contains(where: { $0.isWhitespace || "^$*[]\\()|?{}<>".contains($0) })
    }
  }
}
