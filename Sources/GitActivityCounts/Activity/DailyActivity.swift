/// Commits per day over a window, and per author: what every renderer draws.
public struct DailyActivity: Hashable, Sendable {
  /// The days of the window, oldest first.
  public package(set) var days: DayRange
  /// The measure per day (commits unless `measure` says otherwise), oldest first, one entry per
  /// day of `days`.
  public package(set) var counts: [Int]
  /// What `counts` counts.
  public package(set) var measure = Measure.commits
  /// Commits per day, whatever the measure.
  public var commitCounts: [Int] { dayCommits.isEmpty ? counts : dayCommits }
  /// Lines added per day, when the histories carried their lines; empty otherwise.
  public package(set) var insertions: [Int] = []
  /// Lines removed per day, likewise.
  public package(set) var deletions: [Int] = []
  /// Commits per day when the measure is not commits.
  var dayCommits: [Int] = []
  /// The AI-assisted commits of each day (`ActivityOptions.assisted`); empty when commits were
  /// not told apart.
  public package(set) var assistedCommits: [Int] = []
  /// The lines the AI-assisted commits of each day added, when lines were counted.
  public package(set) var assistedInsertions: [Int] = []
  /// The lines the AI-assisted commits of each day removed, when lines were counted.
  public package(set) var assistedDeletions: [Int] = []
  /// The commits by bots counted each day (none when bots are left out).
  public package(set) var botCommits: [Int] = []
  /// The commits in the window left out because every person they count for is a bot
  /// (`--no-bots`).
  public package(set) var botsLeftOut = 0
  /// With `--me`: every identity, as the commits wrote it, that counted as the user, sorted.
  public package(set) var ownIdentities: [Author] = []
  /// Whether commits were told apart as AI-assisted.
  public var tellsAssisted: Bool { !assistedCommits.isEmpty }
  /// The AI-assisted part of each day's count, in the measure; empty when not told apart.
  public var assistedCounts: [Int] {
    switch measure {
    case .commits: return assistedCommits
    case .lines where !assistedInsertions.isEmpty:
      return zip(assistedInsertions, assistedDeletions).map { $0 &+ $1 }
    case .insertions where !assistedInsertions.isEmpty: return assistedInsertions
    case .deletions where !assistedDeletions.isEmpty: return assistedDeletions
    default: return assistedCommits.map { _ in 0 }
    }
  }
  /// The AI-assisted part of the window's total, in the measure; nil when not told apart.
  public var assistedTotal: Int? { tellsAssisted ? assistedCounts.saturatingSum : nil }
  /// The AI-assisted commits of the window; nil when not told apart.
  public var assistedCommitTotal: Int? { tellsAssisted ? assistedCommits.saturatingSum : nil }
  /// Everyone with a commit in the window, most commits first, then by name and email.
  public package(set) var authors: [AuthorActivity]
  /// The commits that the same selection and filters count on days outside the window (of
  /// those the walk read).
  public var outside = OutsideCommits()
  /// With `ActivityOptions.recordsCommits`: each counted commit, where it is in the histories
  /// and who wrote it.
  public var counted: [CountedCommit] = []
  /// The commits counted in the window from each history, in the order they were counted (a
  /// commit in two histories is the first one's).
  public var countsByHistory: [Int] = []
  /// For a history drawn from exports of several repositories: the commits counted in the
  /// window from each repository, in the order the read names them; empty otherwise.
  public var countsByRepository: [Int] = []

  /// The most days an activity holds: years 1 to 9999.
  public static let maximumDays = 3_652_059

  /// Activity from counts made elsewhere (a test, another source), made to agree at the door:
  /// at most `maximumDays` days from `days.first`, one count a day (missing ones 0, extra ones
  /// dropped, negative ones 0), each author's days within them.
  public init(days: DayRange, counts: [Int], authors: [AuthorActivity]) {
    let days = DayRange(
      first: days.first,
      last: Swift.min(days.last, days.first.advanced(by: DailyActivity.maximumDays - 1)))
    self.days = days
    self.counts =
      counts.prefix(days.count).map { Swift.max($0, 0) }
      + Array(repeating: 0, count: Swift.max(0, days.count - counts.count))
    self.authors = authors.map { $0.fitted(to: days.count) }
  }

  /// Counts the commits of `histories` that fall in `days`. A commit present in several
  /// histories (clones, forks) counts once. The mailmap applies to each history's identities.
  public init(
    histories: [(history: History, mailmap: Mailmap)], days: DayRange, options: ActivityOptions
  ) {
    var tally = Tally(
      days: days, options: options,
      deduplicates: histories.count > 1 && !histories.allSatisfy(\.history.isDisjoint))
    // As many people as identities, at most: no rehashing as they are met.
    tally.authorNumbers.reserveCapacity(
      histories.reduce(0) { $0 + $1.history.rawIdentities.count })
    for (history, mailmap) in histories { tally.add(history, mailmap: mailmap) }
    self = tally.activity()
  }

  /// How many commits of `histories` fall in `days`, counted as `init(histories:days:options:)`
  /// counts them but keeping no one (the year before a year in review, with
  /// `ActivityOptions.countingCommits(of:)`).
  public static func commitTotal(
    histories: [(history: History, mailmap: Mailmap)], days: DayRange, options: ActivityOptions
  ) -> Int {
    var options = options
    options.recordsCommits = false  // the tally keeps no one
    var tally = Tally(
      days: days, options: options,
      deduplicates: histories.count > 1 && !histories.allSatisfy(\.history.isDisjoint))
    tally.keepsPeople = .none
    for (history, mailmap) in histories { tally.add(history, mailmap: mailmap) }
    return tally.activity().commitTotal
  }

  /// A count made a history at a time, so that the histories need not all be held at once (a
  /// draw from exports hands over its commits in pieces, each counted and let go). Counting
  /// every history of a run through one tally gives what `init(histories:days:options:)` gives.
  public struct Tally {
    /// How much a tally keeps of each person: what the output made of it needs.
    public enum PeopleKept: Sendable {
      /// Each person's days: tables of authors, graphs by author.
      case days
      /// Each person's totals (commits, measure, lines) but not their days: a report's list
      /// of authors.
      case totals
      /// No one: a graph or a list of days needs the days' counts only. The activity then has
      /// no authors.
      case none
    }

    let days: DayRange
    let options: ActivityOptions
    let deduplicates: Bool
    let bucketer: DayBucketer
    let matcher: AuthorFilter.Matcher
    let classifier: Automation.Classifier
    var counts: [Int]
    var authorNumbers: [Author: Int] = [:]
    var authorList: [Author] = []
    var authorCommits: [[Int32]] = []
    /// Under a measure other than commits, each author's commits' weights, parallel to their
    /// positions, and their lines.
    var authorWeights: [[Int32]] = []
    var authorLines: [LineStats] = []
    var dayCommits: [Int] = []
    var dayInsertions: [Int] = []
    var dayDeletions: [Int] = []
    var dayAssisted: [Int] = []
    var dayAssistedInsertions: [Int] = []
    var dayAssistedDeletions: [Int] = []
    var dayBots: [Int] = []
    var botsLeftOut = 0
    /// Each person's kind and AI-assisted commits, parallel to `authorList`.
    var authorKinds: [Automation.Kind] = []
    /// With `--me`: the identities, as written, that are the user.
    var ownWritten = Set<Author>()
    var authorAssisted: [Int] = []
    var seen = Set<ObjectID>()
    var outside = OutsideCommits()
    var counted: [CountedCommit] = []
    var historyCount = 0
    var historyTotals: [Int] = []
    /// Per repository of a history drawn from exports of several (`History.repositories`).
    var repositoryTotals: [Int]?
    /// What the last history added decided about its identities, for the next piece of the
    /// same read of exports (`History.identityLineage`): a read of 200,000 people in 76 pieces
    /// decided each person 76 times.
    var carried: (lineage: IdentityLineage, numbers: [Int], committers: [Int8], kinds: [Int8])?
    /// What is kept of each person (everything unless set); commits listed for a day
    /// (`ActivityOptions.recordsCommits`) keep their authors whatever this says.
    public var keepsPeople = PeopleKept.days
    /// What is kept in effect: commits listed for a day keep every person's days.
    private var kept: PeopleKept { options.recordsCommits ? .days : keepsPeople }
    /// With `.totals`: each author's commits and measure, parallel to `authorList`.
    var authorTotals: [(commits: Int, measure: Int)] = []

    /// A tally over `days`; with `deduplicates`, a commit in several histories counts once
    /// (their ids must have been recorded), else each history's commits are taken as distinct.
    public init(days: DayRange, options: ActivityOptions, deduplicates: Bool) {
      self.days = days
      self.options = options
      self.deduplicates = deduplicates
      bucketer = DayBucketer(zone: options.zone)
      matcher = AuthorFilter.Matcher(options.filter)
      classifier = Automation.Classifier(options.automation)
      counts = [Int](repeating: 0, count: days.count)
      if options.detectsAssisted { dayAssisted = counts }
      dayBots = counts
    }

    /// Puts the counts by repository in rank order, for histories that gave each commit's
    /// repository by a number (`ExportedCommits.Result.repositoryRanks`: a number's rank); one
    /// repository or none has no counts by repository, as when ranks are given.
    package mutating func rankRepositories(_ rankOfNumber: [UInt32]) {
      guard let totals = repositoryTotals else { return }
      guard rankOfNumber.count > 1 else {
        repositoryTotals = nil
        return
      }
      var ranked = [Int](repeating: 0, count: max(totals.count, rankOfNumber.count))
      for (number, total) in totals.enumerated() {
        let rank = number < rankOfNumber.count ? Int(rankOfNumber[number]) : number
        ranked[rank] += total
      }
      repositoryTotals = ranked
    }

    /// Counts the commits of one more history (`CountedCommit.history` is its position among
    /// those added).
    public mutating func add(_ history: History, mailmap: Mailmap) {
      let historyIndex = historyCount
      historyCount += 1
      // Decide once per distinct identity, the first time a counted commit names it: its author
      // number, or -1 when filtered out.
      var numbers: [Int] = []
      // Likewise for committers, when `--committer` asks: 1 accepted, 0 not, -1 undecided.
      var committers: [Int8] = []
      // Each identity's `Automation.Kind`, -1 undecided.
      var kinds: [Int8] = []
      let identityCount = history.rawIdentities.count
      if let lineage = history.identityLineage, let kept = carried, kept.lineage === lineage,
        kept.numbers.count <= identityCount
      {
        carried = nil
        numbers = kept.numbers
        committers = kept.committers
        kinds = kept.kinds
      }
      numbers.append(contentsOf: repeatElement(-2, count: identityCount - numbers.count))
      committers.append(contentsOf: repeatElement(-1, count: identityCount - committers.count))
      kinds.append(contentsOf: repeatElement(-1, count: identityCount - kinds.count))
      defer {
        if let lineage = history.identityLineage {
          carried = (lineage, numbers, committers, kinds)
        }
      }
      // The person an identity names, mailmapped, with the email the commit wrote: decoded and
      // resolved once, whoever asks (the filter, the kind, the committer).
      var people: [(author: Author, rawEmail: String, written: Author)?] = []
      func person(_ identityIndex: Int) -> (author: Author, rawEmail: String, written: Author) {
        if people.isEmpty { people = Array(repeating: nil, count: identityCount) }
        if let known = people[identityIndex] { return known }
        let found = resolve(identityIndex)
        people[identityIndex] = found
        return found
      }
      func resolve(_ identityIndex: Int) -> (author: Author, rawEmail: String, written: Author) {
        let identity = history.rawIdentities[identityIndex].decoded
        let mapped =
          history.mappedIdentities.map {
            (name: $0[identityIndex].name, email: $0[identityIndex].email)
          }
          ?? mailmap.resolve(name: identity.name, email: identity.email)
        return (
          Author(name: mapped.name, email: mapped.email), identity.email,
          Author(name: identity.name, email: identity.email)
        )
      }
      // Whether an identity is a bot or an agent, decided once; an assisted trailer's value is
      // neither a person nor anyone's kind.
      var agentLabels: [Int: String] = [:]
      let classifies = options.bots != .include || options.detectsAssisted
      @inline(__always)
      func kind(of identityIndex: Int) -> Automation.Kind {
        if kinds[identityIndex] >= 0 {
          return Automation.Kind(rawValue: kinds[identityIndex]) ?? .person
        }
        var found = Automation.Kind.person
        if classifies && !history.rawIdentities[identityIndex].isTrailerValue {
          let (kind, label) = classifier.classify(person(identityIndex).author)
          found = kind
          if let label { agentLabels[identityIndex] = label }
        }
        kinds[identityIndex] = found.rawValue
        return found
      }
      // The people --me stands for: every identity whose email is one of the user's, or that
      // matches one of their patterns, and every identity the mailmap maps to the same person.
      let own: Set<Author>? = matcher.hasOwn ? ownPeople(history, mailmap: mailmap) : nil
      if let own {
        for (index, raw) in history.rawIdentities.enumerated() where !raw.isTrailerValue {
          let who = person(index)
          if own.contains(who.author) { ownWritten.insert(who.written) }
        }
      }
      func acceptsCommitter(_ identityIndex: Int32) -> Bool {
        if matcher.acceptsEveryCommitter { return true }
        guard identityIndex >= 0 else { return false }
        if committers[Int(identityIndex)] < 0 {
          let who = person(Int(identityIndex))
          committers[Int(identityIndex)] =
            matcher.acceptsCommitter(matcher.matchesWritten ? who.written : who.author)
              && !(options.bots == .exclude && kind(of: Int(identityIndex)) == .bot) ? 1 : 0
        }
        return committers[Int(identityIndex)] == 1
      }
      // The author of an identity the filter did not let in (for `recordsCommits`).
      var written: [Int32: Author] = [:]
      func writtenBy(_ identityIndex: Int32) -> Author? {
        guard identityIndex >= 0 else { return nil }
        if let known = written[identityIndex] { return known }
        let author = person(Int(identityIndex)).author
        written[identityIndex] = author
        return author
      }
      // Without people kept, a person is only let in or not: every one is number 0.
      let keepsNoOne = kept == .none
      // A person's number; -1 when the filter leaves them out, `leftOutAsBot` when they are a
      // bot and bots are left out, `notAPerson` for an assisted trailer's value or an agent
      // named as a co-author (never counted as a person while commits are told apart).
      let leftOutAsBot = -3
      let notAPerson = -4
      func number(of identityIndex: Int, asCoAuthor: Bool = false) -> Int {
        if asCoAuthor && options.detectsAssisted
          && (history.rawIdentities[identityIndex].isTrailerValue
            || kind(of: identityIndex) == .agent)
        {
          return notAPerson
        }
        if numbers[identityIndex] != -2 { return numbers[identityIndex] }
        if options.bots == .only && kind(of: identityIndex) != .bot {
          numbers[identityIndex] = -1
          return -1
        }
        let excludesBots = options.bots == .exclude
        if keepsNoOne && matcher.acceptsEveryAuthor && !excludesBots {
          numbers[identityIndex] = 0
          return 0
        }
        let (author, rawEmail, asWritten) = person(identityIndex)
        let isOwn = own?.contains(author) ?? false
        var result = -1
        if !matcher.accepts(author, rawEmail: rawEmail, written: asWritten, isOwn: isOwn) {
          result = -1
        } else if excludesBots && kind(of: identityIndex) == .bot {
          // A bot the filter lets in: left out, and said so.
          result = leftOutAsBot
        } else if keepsNoOne {
          result = 0
        } else {
          // One hash of the author, found or added: read through the default subscript's
          // modify access, which adds `next` when the author is new.
          let next = authorList.count
          result = DailyActivity.value(&authorNumbers[author, default: next])
          if result == next {
            authorList.append(author)
            authorCommits.append([])
            authorWeights.append([])
            authorLines.append(LineStats())
            authorTotals.append((0, 0))
            authorKinds.append(kind(of: identityIndex))
            authorAssisted.append(0)
          }
        }
        numbers[identityIndex] = result
        return result
      }
      let commits = history.commits
      let hasLines = history.hasLineStats
      let weighs = options.measure != .commits
      if weighs && dayCommits.isEmpty { dayCommits = [Int](repeating: 0, count: days.count) }
      if hasLines && dayInsertions.isEmpty {
        dayInsertions = [Int](repeating: 0, count: days.count)
        dayDeletions = dayInsertions
        if options.detectsAssisted {
          dayAssistedInsertions = dayInsertions
          dayAssistedDeletions = dayInsertions
        }
      }
      let checksCopies = deduplicates && history.objectIDs.count == commits.count
      var total = 0
      defer { historyTotals.append(total) }
      let repositoryOf = history.repositories.count == commits.count ? history.repositories : nil
      if repositoryOf != nil || history.repositoryCount > 1 {
        var totals = repositoryTotals ?? []
        if totals.count < history.repositoryCount {
          totals += [Int](repeating: 0, count: history.repositoryCount - totals.count)
        }
        repositoryTotals = totals
      }
      let trailerIndices = history.coAuthors.keys.sorted()
      var trailerCursor = 0
      for index in commits.indices {
        let commit = commits[index]
        while trailerCursor < trailerIndices.count && trailerIndices[trailerCursor] < index {
          trailerCursor += 1
        }
        if options.excludesMerges && commit.isMerge { continue }
        if Int(commit.parentCount) < options.minimumParents { continue }
        if let maximum = options.maximumParents, Int(commit.parentCount) > maximum { continue }
        guard let stamp = options.usesCommitterDate ? commit.committer : commit.author,
          acceptsCommitter(commit.committerIdentity)
        else { continue }
        // Who the commit counts for: its author, and with --co-authors each co-author, every
        // person the filter lets in, once. The author needs no array (no allocation a commit).
        let author = commit.identity >= 0 ? number(of: Int(commit.identity)) : -1
        var coAuthorPeople: [Int] = []
        // The commits with trailers, met in order: a step along their sorted indices, not a
        // hash lookup for every commit.
        var trailers: [Int32]?
        if trailerCursor < trailerIndices.count && trailerIndices[trailerCursor] == index {
          trailers = history.coAuthors[index]
          trailerCursor += 1
        }
        if options.countsCoAuthors, let trailers {
          for identity in trailers {
            let person = number(of: Int(identity), asCoAuthor: true)
            if person >= 0 && person != author && !coAuthorPeople.contains(person) {
              coAuthorPeople.append(person)
            }
          }
        }
        // AI-assisted: an agent wrote it, is named as a co-author, or a trailer says so.
        var isAssisted = false
        let authorKind = commit.identity >= 0 ? kind(of: Int(commit.identity)) : .person
        if options.detectsAssisted {
          isAssisted =
            authorKind == .agent
            || (trailers?.contains {
              history.rawIdentities[Int($0)].isTrailerValue || kind(of: Int($0)) == .agent
            } ?? false)
          if (options.assisted == .only && !isAssisted)
            || (options.assisted == .exclude && isAssisted)
          {
            continue
          }
        }
        let number: Int
        var isLeftOutAsBot = false
        if let counted = author >= 0 ? author : coAuthorPeople.first {
          number = counted
        } else if author == leftOutAsBot {
          // Counted below as left out, when it falls in the window.
          number = -1
          isLeftOutAsBot = true
        } else {
          continue
        }
        if checksCopies && !seen.insert(history.objectIDs[index]).inserted {
          continue
        }
        let day = bucketer.day(of: stamp)
        guard let position = days.index(of: day) else {
          outside.add(day, isBefore: day < days.first)
          continue
        }
        // A window that starts or ends at a moment (`--since 2.weeks.ago`) counts only part
        // of its first or last day.
        if let first = options.countsFrom, stamp.seconds < first {
          outside.add(day, isBefore: true)
          continue
        }
        if let last = options.countsThrough, stamp.seconds > last {
          outside.add(day, isBefore: false)
          continue
        }
        if isLeftOutAsBot {
          botsLeftOut += 1
          continue
        }
        let lines = hasLines ? history.packedLines[index].stats : nil
        let weight = weighs ? options.measure.weight(lines) : 1
        counts[position] += weight
        total += 1
        if let repositoryOf { repositoryTotals?[Int(repositoryOf[index])] += 1 }
        if weighs { dayCommits[position] += 1 }
        if let lines {
          dayInsertions[position] += lines.insertions
          dayDeletions[position] += lines.deletions
        }
        if isAssisted {
          dayAssisted[position] += 1
          if let lines, !dayAssistedInsertions.isEmpty {
            dayAssistedInsertions[position] += lines.insertions
            dayAssistedDeletions[position] += lines.deletions
          }
        }
        if authorKind == .bot { dayBots[position] += 1 }
        // The author needs no array of people (no allocation a commit).
        if !keepsNoOne {
          if author >= 0 { credit(author, position, weight, lines, isAssisted) }
          for person in coAuthorPeople { credit(person, position, weight, lines, isAssisted) }
        }
        if options.recordsCommits {
          // The commit's own author, also when a co-author is the one the filter let in.
          let written = author >= 0 ? authorList[author] : writtenBy(commit.identity)
          var record = CountedCommit(
            history: historyIndex, index: index, author: written ?? authorList[number])
          record.countsAuthor = author >= 0
          record.coAuthors = coAuthorPeople.map { authorList[$0] }
          if isAssisted {
            record.agents = agents(
              author: commit.identity, trailers: trailers ?? [], history: history,
              kind: kind, labels: agentLabels)
          }
          record.repository = repositoryOf.map { Int($0[index]) } ?? 0
          counted.append(record)
        }
      }
    }

    /// The agents an AI-assisted commit names: its author when an agent wrote it, its agent
    /// co-authors, and the agents its assisted trailers name, each once, in that order.
    private func agents(
      author: Int32, trailers: [Int32], history: History, kind: (Int) -> Automation.Kind,
      labels: [Int: String]
    ) -> [String] {
      var names: [String] = []
      func add(_ name: String) { if !names.contains(name) { names.append(name) } }
      for identity in [author] + trailers where identity >= 0 {
        let raw = history.rawIdentities[Int(identity)]
        if raw.isTrailerValue {
          add(Automation.agentName(inTrailer: raw.decoded.name))
        } else if kind(Int(identity)) == .agent {
          add(labels[Int(identity)] ?? raw.decoded.name)
        }
      }
      return names
    }

    /// The people `--me` stands for in `history`: each identity whose email (as written or
    /// mailmapped) is one of the filter's own, or whose `Name <email>` matches one of its own
    /// patterns, mailmapped; so that every identity the mailmap maps to one of them is the user
    /// too.
    private func ownPeople(_ history: History, mailmap: Mailmap) -> Set<Author> {
      var people = Set<Author>()
      for (index, raw) in history.rawIdentities.enumerated() where !raw.isTrailerValue {
        let identity = raw.decoded
        let mapped: Author
        if let known = history.mappedIdentities {
          mapped = Author(name: known[index].name, email: known[index].email)
        } else {
          let resolved = mailmap.resolve(name: identity.name, email: identity.email)
          mapped = Author(name: resolved.name, email: resolved.email)
        }
        if matcher.isOwn(
          written: Author(name: identity.name, email: identity.email), mapped: mapped)
        {
          people.insert(mapped)
        }
      }
      return people
    }

    /// One person's share of a commit: its day, and under a measure its weight and lines.
    @inline(__always)
    private mutating func credit(
      _ person: Int, _ position: Int, _ weight: Int, _ lines: LineStats?, _ isAssisted: Bool
    ) {
      if let lines { authorLines[person] += lines }
      if isAssisted { authorAssisted[person] += 1 }
      if kept == .totals {
        authorTotals[person].commits += 1
        authorTotals[person].measure += Int(Int32(clamping: weight))
        return
      }
      authorCommits[person].append(Int32(position))
      if options.measure != .commits { authorWeights[person].append(Int32(clamping: weight)) }
    }

    /// The activity counted.
    public consuming func activity() -> DailyActivity {
      var result = DailyActivity(days: days, counts: counts, authors: [])
      result.measure = options.measure
      result.dayCommits = dayCommits
      result.insertions = dayInsertions
      result.deletions = dayDeletions
      result.assistedCommits = dayAssisted
      result.assistedInsertions = dayAssistedInsertions
      result.assistedDeletions = dayAssistedDeletions
      result.botCommits = dayBots
      result.botsLeftOut = botsLeftOut
      result.ownIdentities = ownWritten.sorted()
      result.outside = outside
      result.counted = counted
      result.countsByHistory = historyTotals
      if let repositoryTotals { result.countsByRepository = repositoryTotals }
      // Each author's positions handed over (not copied) to their activity.
      var activities: [AuthorActivity] = []
      activities.reserveCapacity(authorList.count)
      let keepsTotals = kept == .totals
      for (number, author) in authorList.enumerated() where keepsTotals {
        let (commits, measure) = authorTotals[number]
        guard commits > 0 else { continue }
        var activity = AuthorActivity(
          author: author, commits: commits, total: measure, windowLength: days.count)
        if !dayInsertions.isEmpty { activity.lines = authorLines[number] }
        activity.kind = authorKinds[number]
        if !dayAssisted.isEmpty { activity.assisted = authorAssisted[number] }
        activities.append(activity)
      }
      for (number, author) in authorList.enumerated()
      where !keepsTotals && !authorCommits[number].isEmpty {
        let offsets = authorCommits[number]
        authorCommits[number] = []
        let weights = authorWeights[number]
        authorWeights[number] = []
        var activity =
          options.measure == .commits
          ? AuthorActivity(author: author, commitOffsets: offsets, windowLength: days.count)
          : AuthorActivity(
            author: author, commitOffsets: offsets, weights: weights, windowLength: days.count)
        if !dayInsertions.isEmpty { activity.lines = authorLines[number] }
        activity.kind = authorKinds[number]
        if !dayAssisted.isEmpty { activity.assisted = authorAssisted[number] }
        activities.append(activity)
      }
      // Most commits first, then by author (`Author.<`: the bytes of `Name <email>`): positions
      // are sorted by keys made once, not the activities (whose arrays would be retained and
      // released at every move) nor `nameAndEmail` made anew at every comparison of a tie.
      let totals = activities.map(\.total)
      let names = activities.map(\.author.orderKey)
      result.authors = activities.indices.sorted {
        totals[$0] != totals[$1]
          ? totals[$0] > totals[$1] : names[$0].lexicographicallyPrecedes(names[$1])
      }.map { activities[$0] }
      return result
    }
  }

  @inline(__always)
  fileprivate static func value(_ slot: inout Int) -> Int { slot }

  /// The measure over the window (all commits, or all lines), stopping at `Int.max`.
  public var total: Int { counts.saturatingSum }
  /// All commits in the window, whatever the measure.
  public var commitTotal: Int { commitCounts.saturatingSum }
  /// Lines added and removed in the window; nil when lines were not counted.
  public var lineTotals: (insertions: Int, deletions: Int)? {
    insertions.isEmpty ? nil : (insertions.saturatingSum, deletions.saturatingSum)
  }
}
