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

    var authorPatterns: [String]
    var exclusions: [String]
    var committerPatterns: [String]
    var isMe: Bool
    /// `--co-authors`.
    var countsCoAuthors: Bool
    var usesMailmap: Bool
    /// `--no-merges`; `--merges`, `--min-parents`, `--max-parents`.
    var excludesMerges: Bool
    var minimumParents: Int
    var maximumParents: Int?
    /// `--date committer`.
    var usesCommitterDate: Bool
    var zone = ZoneChoice.zone(.author)

    init(_ parsed: ParsedArguments) throws(CommandError) {
      authorPatterns = parsed.all(.author)
      exclusions = parsed.all(.excludeAuthor)
      committerPatterns = parsed.all(.committer)
      for (option, pattern) in authorPatterns.map({ ("author", $0) })
        + exclusions.map({ ("exclude-author", $0) }) + committerPatterns.map({ ("committer", $0) })
      {
        if let problem = AuthorFilter.problem(with: pattern) {
          throw CommandError.usage(
            "invalid value '\(pattern)' for '--\(option) <regex>': \(problem)")
        }
      }
      isMe = parsed.has(.me)
      countsCoAuthors = parsed.has(.coAuthors)
      usesMailmap = !parsed.has(.noMailmap)
      excludesMerges = parsed.has(.noMerges)
      minimumParents = try parsed.whole(.minParents) ?? (parsed.has(.merges) ? 2 : 0)
      if let maximum = try parsed.whole(.maxParents) {
        maximumParents = maximum < 0 ? nil : maximum
      }
      usesCommitterDate = parsed.last(.date).flatMap(DateKind.init(rawValue:)) == .committer
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
    }
  }
}
