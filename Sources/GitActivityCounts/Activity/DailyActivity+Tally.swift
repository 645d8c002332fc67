extension DailyActivity {
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
    var positions: [CommitPosition] = []
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
    var kept: PeopleKept { options.recordsCommits ? .days : keepsPeople }
    /// With `.totals`: each author's commits and measure, parallel to `authorList`.
    var authorTotals: [(commits: Int, measure: Int)] = []
    /// What is decided about the identities of the history being added.
    var identities = Identities()
    /// The window before this one (`countEarlierCommits(in:)`): its days and moments, and how
    /// many commits fell in it.
    var earlier: (days: DayRange, from: Int64?, through: Int64?)?
    var earlierTotal = 0

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
    public mutating func rankRepositories(_ rankOfNumber: [UInt32]) {
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
      begin(history, mailmap: mailmap)
      defer {
        if let lineage = history.identityLineage {
          carried = (
            lineage, identities.numbers, identities.committers, identities.kinds
          )
        }
        identities = Identities()
      }
      let commits = history.commits
      let facts = HistoryFacts(
        history: history, historyIndex: historyIndex,
        hasLines: history.hasLineStats, weighs: options.measure != .commits,
        checksCopies: deduplicates && history.objectIDs.count == commits.count,
        repositoryOf: history.repositories.count == commits.count ? history.repositories : nil)
      prepareDays(facts)
      var total = 0
      defer { historyTotals.append(total) }
      let trailerIndices = history.coAuthors.keys.sorted()
      var trailerCursor = 0
      for index in commits.indices {
        while trailerCursor < trailerIndices.count && trailerIndices[trailerCursor] < index {
          trailerCursor += 1
        }
        // The commits with trailers, met in order: a step along their sorted indices, not a
        // hash lookup for every commit.
        var trailers: [Int32]?
        if trailerCursor < trailerIndices.count && trailerIndices[trailerCursor] == index {
          trailers = history.coAuthors[index]
          trailerCursor += 1
        }
        guard let selected = select(commits[index], trailers: trailers, history: history),
          let position = place(selected, index: index, facts)
        else { continue }
        count(selected, at: position, index: index, facts)
        total += 1
      }
    }

    /// What one history's commits share, for counting each.
    struct HistoryFacts {
      let history: History
      let historyIndex: Int
      /// Whether the history carries each commit's lines.
      let hasLines: Bool
      /// Whether the measure weighs commits by their lines.
      let weighs: Bool
      /// Whether a commit seen in an earlier history is passed over.
      let checksCopies: Bool
      /// Each commit's repository, for a history drawn from exports of several.
      let repositoryOf: [UInt32]?
    }

    /// A commit the selection and the filter let in, before its day is placed.
    struct Selected {
      /// When it counts: its author's or committer's time.
      let stamp: Timestamp
      /// Its author's number, or what `number(of:)` says of an author not counted.
      let author: Int
      /// The co-authors who count for it (with `--co-authors`), each once, not the author.
      let coAuthors: [Int]
      /// The person it is listed for: its author, or the first co-author counted.
      let listedFor: Int
      let authorKind: Automation.Kind
      let isAssisted: Bool
      /// A bot's commit, left out and counted as such when it falls in the window.
      let isLeftOutAsBot: Bool
      let trailers: [Int32]?
      let identity: Int32
    }

    /// The day arrays a history needs that earlier ones did not.
    private mutating func prepareDays(_ facts: HistoryFacts) {
      if facts.weighs && dayCommits.isEmpty { dayCommits = [Int](repeating: 0, count: days.count) }
      if facts.hasLines && dayInsertions.isEmpty {
        dayInsertions = [Int](repeating: 0, count: days.count)
        dayDeletions = dayInsertions
        if options.detectsAssisted {
          dayAssistedInsertions = dayInsertions
          dayAssistedDeletions = dayInsertions
        }
      }
      let history = facts.history
      if facts.repositoryOf != nil || history.repositoryCount > 1 {
        var totals = repositoryTotals ?? []
        if totals.count < history.repositoryCount {
          totals += [Int](repeating: 0, count: history.repositoryCount - totals.count)
        }
        repositoryTotals = totals
      }
    }

    /// The commit, if the selection (merges, parents, `--committer`, AI-assisted) and the filter
    /// let it in, with who it counts for.
    @inline(__always)
    private mutating func select(_ commit: CommitFacts, trailers: [Int32]?, history: History)
      -> Selected?
    {
      if options.excludesMerges && commit.isMerge { return nil }
      if Int(commit.parentCount) < options.minimumParents { return nil }
      if let maximum = options.maximumParents, Int(commit.parentCount) > maximum { return nil }
      guard let stamp = options.usesCommitterDate ? commit.committer : commit.author,
        acceptsCommitter(commit.committerIdentity)
      else { return nil }
      // Who the commit counts for: its author, and with --co-authors each co-author, every
      // person the filter lets in, once. The author needs no array (no allocation a commit).
      let author = commit.identity >= 0 ? number(of: Int(commit.identity)) : -1
      var coAuthors: [Int] = []
      if options.countsCoAuthors, let trailers {
        for identity in trailers {
          let person = number(of: Int(identity), asCoAuthor: true)
          if person >= 0 && person != author && !coAuthors.contains(person) {
            coAuthors.append(person)
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
          return nil
        }
      }
      let listedFor: Int
      var isLeftOutAsBot = false
      if let counted = author >= 0 ? author : coAuthors.first {
        listedFor = counted
      } else if author == Identities.leftOutAsBot {
        // Counted as left out, when it falls in the window.
        listedFor = -1
        isLeftOutAsBot = true
      } else {
        return nil
      }
      return Selected(
        stamp: stamp, author: author, coAuthors: coAuthors, listedFor: listedFor,
        authorKind: authorKind, isAssisted: isAssisted, isLeftOutAsBot: isLeftOutAsBot,
        trailers: trailers, identity: commit.identity)
    }

    /// The commit's position in the window; nil (counted outside, or as a bot left out) when it
    /// is not counted, or is a copy of one counted from an earlier history.
    @inline(__always)
    private mutating func place(_ selected: Selected, index: Int, _ facts: HistoryFacts) -> Int? {
      if facts.checksCopies && !seen.insert(facts.history.objectIDs[index]).inserted {
        return nil
      }
      let stamp = selected.stamp
      let day = bucketer.day(of: stamp)
      guard let position = days.index(of: day) else {
        outside.add(day, isBefore: day < days.first)
        if earlier != nil { countEarlier(selected, on: day) }
        return nil
      }
      // A window that starts or ends at a moment (`--since 2.weeks.ago`) counts only part
      // of its first or last day.
      if let first = options.countsFrom, stamp.seconds < first {
        outside.add(day, isBefore: true)
        return nil
      }
      if let last = options.countsThrough, stamp.seconds > last {
        outside.add(day, isBefore: false)
        return nil
      }
      if selected.isLeftOutAsBot {
        botsLeftOut += 1
        return nil
      }
      return position
    }

    /// Counts a commit outside the window when it falls in the window before, as a tally of
    /// that window alone counts it (`DailyActivity.commitTotal`).
    private mutating func countEarlier(_ selected: Selected, on day: Day) {
      guard let earlier, earlier.days.contains(day), !selected.isLeftOutAsBot else { return }
      let seconds = selected.stamp.seconds
      if let first = earlier.from, seconds < first { return }
      if let last = earlier.through, seconds > last { return }
      earlierTotal += 1
    }

    /// Also counts, by number, the commits that fall in `window` (the window before this one:
    /// the year before a year in review), as `DailyActivity.commitTotal` counts them with
    /// `ActivityOptions.countingCommits(of:)`, in the same pass. Its days must not overlap this
    /// tally's.
    package mutating func countEarlierCommits(in window: Window) {
      earlier = (window.days, window.firstMoment, window.lastMoment)
    }

    /// Counts a placed commit on its day, for its people, and lists it when asked.
    @inline(__always)
    private mutating func count(
      _ selected: Selected, at position: Int, index: Int, _ facts: HistoryFacts
    ) {
      let lines = facts.hasLines ? facts.history.packedLines[index].stats : nil
      let weight = facts.weighs ? options.measure.weight(lines) : 1
      counts[position] += weight
      if let repositoryOf = facts.repositoryOf {
        repositoryTotals?[Int(repositoryOf[index])] += 1
      }
      if facts.weighs { dayCommits[position] += 1 }
      if let lines {
        dayInsertions[position] += lines.insertions
        dayDeletions[position] += lines.deletions
      }
      let isAssisted = selected.isAssisted
      if isAssisted {
        dayAssisted[position] += 1
        if let lines, !dayAssistedInsertions.isEmpty {
          dayAssistedInsertions[position] += lines.insertions
          dayAssistedDeletions[position] += lines.deletions
        }
      }
      if selected.authorKind == .bot { dayBots[position] += 1 }
      // The author needs no array of people (no allocation a commit).
      if kept != .none {
        let author = selected.author
        if author >= 0 { credit(author, position, weight, lines, isAssisted) }
        for person in selected.coAuthors { credit(person, position, weight, lines, isAssisted) }
      }
      if options.recordsCommits { list(selected, index: index, facts) }
      if options.recordsPositions || options.recordsCommits {
        positions.append(CommitPosition(history: facts.historyIndex, index: index))
      }
    }

    /// Lists a counted commit (`ActivityOptions.recordsCommits`).
    private mutating func list(_ selected: Selected, index: Int, _ facts: HistoryFacts) {
      // The commit's own author, also when a co-author is the one the filter let in.
      let author = selected.author
      let written = author >= 0 ? authorList[author] : writtenBy(selected.identity)
      var record = CountedCommit(
        history: facts.historyIndex, index: index,
        author: written ?? authorList[selected.listedFor])
      record.countsAuthor = author >= 0
      record.coAuthors = selected.coAuthors.map { authorList[$0] }
      if selected.isAssisted {
        record.agents = agents(
          author: selected.identity, trailers: selected.trailers ?? [], history: facts.history)
      }
      record.repository = facts.repositoryOf.map { Int($0[index]) } ?? 0
      counted.append(record)
    }

    /// The agents an AI-assisted commit names: its author when an agent wrote it, its agent
    /// co-authors, and the agents its assisted trailers name, each once, in that order.
    private mutating func agents(author: Int32, trailers: [Int32], history: History)
      -> [String]
    {
      var names: [String] = []
      func add(_ name: String) { if !names.contains(name) { names.append(name) } }
      for identity in [author] + trailers where identity >= 0 {
        let raw = history.rawIdentities[Int(identity)]
        if raw.isTrailerValue {
          add(Automation.agentName(inTrailer: raw.decoded.name))
        } else if kind(of: Int(identity)) == .agent {
          add(identities.agentLabels[Int(identity)] ?? raw.decoded.name)
        }
      }
      return names
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
      result.countedPositions = positions
      result.countsByHistory = historyTotals
      result.matchFailure = matcher.matchFailure
      if earlier != nil { result.earlierCommitTotal = earlierTotal }
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
}
