extension DailyActivity.Tally {
  /// What a tally decides about the identities of the history it is adding, each once, the
  /// first time a counted commit names it.
  struct Identities {
    /// A person's number when the filter leaves them out.
    static let leftOut = -1
    /// Not yet decided.
    static let undecided = -2
    /// A bot the filter lets in while bots are left out.
    static let leftOutAsBot = -3
    /// An assisted trailer's value or an agent named as a co-author: never counted as a person
    /// while commits are told apart.
    static let notAPerson = -4

    var history = History(commits: [], objectIDs: [], identities: [], undated: [])
    var mailmap = Mailmap()
    /// Each identity's author number, or one of the values above.
    var numbers: [Int] = []
    /// With `--committer`: 1 accepted, 0 not, -1 undecided.
    var committers: [Int8] = []
    /// Each identity's `Automation.Kind`, -1 undecided.
    var kinds: [Int8] = []
    /// The person an identity names, mailmapped, with the email the commit wrote: decoded and
    /// resolved once, whoever asks (the filter, the kind, the committer).
    var people: [(author: Author, rawEmail: String, written: Author)?] = []
    /// The label of each identity found to be an agent.
    var agentLabels: [Int: String] = [:]
    /// The author of an identity the filter did not let in (for `recordsCommits`).
    var written: [Int32: Author] = [:]
    /// The people `--me` stands for in this history.
    var own: Set<Author>?
  }

  /// Starts deciding about `history`'s identities, from what the previous piece of the same
  /// read of exports decided.
  mutating func begin(_ history: History, mailmap: Mailmap) {
    var next = Identities()
    next.history = history
    next.mailmap = mailmap
    let identityCount = history.rawIdentities.count
    if let lineage = history.identityLineage, let kept = carried, kept.lineage === lineage,
      kept.numbers.count <= identityCount
    {
      carried = nil
      next.numbers = kept.numbers
      next.committers = kept.committers
      next.kinds = kept.kinds
    }
    next.numbers.append(
      contentsOf: repeatElement(Identities.undecided, count: identityCount - next.numbers.count))
    next.committers.append(
      contentsOf: repeatElement(-1, count: identityCount - next.committers.count))
    next.kinds.append(contentsOf: repeatElement(-1, count: identityCount - next.kinds.count))
    identities = next
    // The people --me stands for: every identity whose email is one of the user's, or that
    // matches one of their patterns, and every identity the mailmap maps to the same person
    // (each resolved once, by `person`).
    guard matcher.hasOwn else { return }
    let named = history.rawIdentities.indices.filter { !history.rawIdentities[$0].isTrailerValue }
    var own = Set<Author>()
    for index in named {
      let who = person(index)
      if matcher.isOwn(written: who.written, mapped: who.author) { own.insert(who.author) }
    }
    identities.own = own
    for index in named {
      let who = person(index)
      if own.contains(who.author) { ownWritten.insert(who.written) }
    }
  }

  /// The person an identity names, resolved once.
  mutating func person(_ identityIndex: Int) -> (
    author: Author, rawEmail: String, written: Author
  ) {
    if identities.people.isEmpty {
      identities.people = Array(repeating: nil, count: identities.numbers.count)
    }
    if let known = identities.people[identityIndex] { return known }
    let found = resolve(identityIndex)
    identities.people[identityIndex] = found
    return found
  }

  private func resolve(_ identityIndex: Int) -> (
    author: Author, rawEmail: String, written: Author
  ) {
    let history = identities.history
    let identity = history.rawIdentities[identityIndex].decoded
    let mapped =
      history.mappedIdentities.map {
        (name: $0[identityIndex].name, email: $0[identityIndex].email)
      }
      ?? identities.mailmap.resolve(name: identity.name, email: identity.email)
    return (
      Author(name: mapped.name, email: mapped.email), identity.email,
      Author(name: identity.name, email: identity.email)
    )
  }

  /// Whether an identity is a bot or an agent, decided once; an assisted trailer's value is
  /// neither a person nor anyone's kind.
  @inline(__always)
  mutating func kind(of identityIndex: Int) -> Automation.Kind {
    let known = identities.kinds[identityIndex]
    if known >= 0 { return Automation.Kind(rawValue: known) ?? .person }
    var found = Automation.Kind.person
    if options.bots != .include || options.detectsAssisted,
      !identities.history.rawIdentities[identityIndex].isTrailerValue
    {
      let (kind, label) = classifier.classify(person(identityIndex).author)
      found = kind
      if let label { identities.agentLabels[identityIndex] = label }
    }
    identities.kinds[identityIndex] = found.rawValue
    return found
  }

  /// Whether `--committer` (and bots left out) let in a commit by this committer.
  @inline(__always)
  mutating func acceptsCommitter(_ identityIndex: Int32) -> Bool {
    if matcher.acceptsEveryCommitter { return true }
    guard identityIndex >= 0 else { return false }
    let index = Int(identityIndex)
    if identities.committers[index] < 0 {
      let who = person(index)
      identities.committers[index] =
        matcher.acceptsCommitter(matcher.matchesWritten ? who.written : who.author)
          && !(options.bots == .exclude && kind(of: index) == .bot) ? 1 : 0
    }
    return identities.committers[index] == 1
  }

  /// The author of an identity, kept for listing commits the filter let in by a co-author.
  mutating func writtenBy(_ identityIndex: Int32) -> Author? {
    guard identityIndex >= 0 else { return nil }
    if let known = identities.written[identityIndex] { return known }
    let author = person(Int(identityIndex)).author
    identities.written[identityIndex] = author
    return author
  }

  /// A person's number: their place in `authorList` (0 for everyone when no one is kept), or
  /// `Identities.leftOut`, `leftOutAsBot` or `notAPerson`.
  @inline(__always)
  mutating func number(of identityIndex: Int, asCoAuthor: Bool = false) -> Int {
    if asCoAuthor && options.detectsAssisted {
      if identities.history.rawIdentities[identityIndex].isTrailerValue
        || kind(of: identityIndex) == .agent
      {
        return Identities.notAPerson
      }
    }
    let known = identities.numbers[identityIndex]
    if known != Identities.undecided { return known }
    let decided = decideNumber(of: identityIndex)
    identities.numbers[identityIndex] = decided
    return decided
  }

  private mutating func decideNumber(of identityIndex: Int) -> Int {
    if options.bots == .only && kind(of: identityIndex) != .bot { return Identities.leftOut }
    let excludesBots = options.bots == .exclude
    let keepsNoOne = kept == .none
    if keepsNoOne && matcher.acceptsEveryAuthor && !excludesBots { return 0 }
    let (author, rawEmail, asWritten) = person(identityIndex)
    let isOwn = identities.own?.contains(author) ?? false
    if !matcher.accepts(author, rawEmail: rawEmail, written: asWritten, isOwn: isOwn) {
      return Identities.leftOut
    }
    // A bot the filter lets in: left out, and said so.
    if excludesBots && kind(of: identityIndex) == .bot { return Identities.leftOutAsBot }
    if keepsNoOne { return 0 }
    // One hash of the author, found or added: read through the default subscript's modify
    // access, which adds `next` when the author is new.
    let next = authorList.count
    let number = Self.value(&authorNumbers[author, default: next])
    if number == next {
      authorList.append(author)
      authorCommits.append([])
      authorWeights.append([])
      authorLines.append(LineStats())
      authorTotals.append((0, 0))
      authorKinds.append(kind(of: identityIndex))
      authorAssisted.append(0)
    }
    return number
  }

  @inline(__always)
  private static func value(_ slot: inout Int) -> Int { slot }
}
