/// Writes the per-commit export (`--format commits`): one NDJSON object or one CSV row per
/// commit, in the schema `CommitRecord` describes, a piece at a time, so that an export of any
/// size is never held whole.
public struct CommitExportWriter: Sendable {
  /// NDJSON (one JSON object per line) or CSV (a header, then one row per commit).
  public enum Form: Sendable {
    case ndjson, csv
  }

  /// NDJSON or CSV.
  var form: Form
  /// Whether the records carry co-authors (the history was read with `readsTrailers`).
  var includesCoAuthors: Bool
  /// Whether the records carry each commit's lines (the history counted them).
  var includesLines: Bool
  /// With rules, the records say whether each commit is AI-assisted and which agents it names
  /// (`assisted`, `agents`; the history must have been read with its trailers); nil: not told.
  var automation: Automation?
  /// `--pseudonymize`: ids, names, emails and the repository written as keyed hashes
  /// (`Pseudonyms`), so that exports made with one key still deduplicate and still merge
  /// people, and nobody without the key can say whose they are.
  public var pseudonyms: Pseudonyms?

  /// A writer of `form`.
  public init(
    form: Form, includesCoAuthors: Bool, includesLines: Bool = false,
    automation: Automation? = nil
  ) {
    self.form = form
    self.includesCoAuthors = includesCoAuthors
    self.includesLines = includesLines
    self.automation = automation
  }

  /// What comes before the first record: the CSV header, or nothing.
  public var header: [UInt8] {
    let columns =
      CommitRecord.csvColumns + (includesLines ? CommitRecord.lineColumns : [])
      + (automation != nil ? CommitRecord.assistedColumns : [])
    return form == .csv ? Array((columns.joined(separator: ",") + "\n").utf8) : []
  }

  /// The records of `history` as lines, handed to `sink` in pieces of about 64 KiB, in the
  /// history's order. `repository` names the repository in every record; people are mapped
  /// through `mailmap` (an empty one keeps them as written).
  public func write(
    _ history: History, repository: String, mailmap: Mailmap, to sink: ([UInt8]) -> Void
  ) {
    var repositoryField: [UInt8] = []
    append(
      pseudonyms?.repository(repository) ?? RepositoryName.withoutCredentials(repository),
      to: &repositoryField)
    var people = People(history: history, mailmap: mailmap, writer: self)
    var authorFields: [Int32: [UInt8]] = [:]
    var committerFields: [Int32: [UInt8]] = [:]
    var out: [UInt8] = []
    out.reserveCapacity(1 << 17)
    let ids = history.commits.indices.map {
      pseudonyms?.commit(history.objectIDs[$0]) ?? history.objectIDs[$0]
    }
    for index in Self.order(history, ids: ids) {
      let facts = history.commits[index]
      if authorFields[facts.identity] == nil {
        authorFields[facts.identity] = fields(people.person(facts.identity), role: "author")
      }
      if committerFields[facts.committerIdentity] == nil {
        committerFields[facts.committerIdentity] = fields(
          people.person(facts.committerIdentity), role: "committer")
      }
      let trailers = history.coAuthors.isEmpty ? [] : history.coAuthors[index] ?? []
      let coAuthors =
        includesCoAuthors
        ? trailers.filter { !history.rawIdentities[Int($0)].isTrailerValue }.map {
          people.person($0)
        }
        : nil
      var agents: [String]?
      if automation != nil {
        var names: [String] = []
        for identity in [facts.identity] + trailers {
          if let name = people.agent(identity), !names.contains(name) { names.append(name) }
        }
        agents = names
      }
      appendRecord(
        repositoryField: repositoryField,
        id: ids[index],
        author: authorFields[facts.identity] ?? [], authorDate: facts.author,
        committer: committerFields[facts.committerIdentity] ?? [],
        committerDate: facts.committer, parentCount: Int(facts.parentCount),
        coAuthors: coAuthors,
        lines: includesLines ? history.lineStats(ofCommit: index) ?? LineStats() : nil,
        agents: agents, to: &out)
      if out.count >= 1 << 16 {
        sink(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    if !out.isEmpty { sink(out) }
  }

  /// A history's identities as records write them, each encoded once, the first time a commit
  /// names it, and each one's agent name (nil: a person or a bot), decided once.
  private struct People {
    let history: History
    let mailmap: Mailmap
    let pseudonyms: Pseudonyms?
    let botClassifier: Automation.Classifier
    let classifier: Automation.Classifier?
    var people: [CommitRecord.Person?]
    var agentNames: [String?]
    var decided: [Bool]

    init(history: History, mailmap: Mailmap, writer: CommitExportWriter) {
      self.history = history
      self.mailmap = mailmap
      pseudonyms = writer.pseudonyms
      classifier = writer.automation.map(Automation.Classifier.init)
      // The same rules, made once, tell bots apart for pseudonyms.
      botClassifier = classifier ?? Automation.Classifier(Automation())
      let count = history.rawIdentities.count
      people = Array(repeating: nil, count: count)
      agentNames = Array(repeating: nil, count: count)
      decided = Array(repeating: false, count: count)
    }

    mutating func person(_ index: Int32) -> CommitRecord.Person {
      guard index >= 0 else { return CommitRecord.Person(Identity(name: "", email: "")) }
      if let known = people[Int(index)] { return known }
      let written = history.rawIdentities[Int(index)].decoded
      let resolved = mailmap.resolve(name: written.name, email: written.email)
      let mapped =
        history.mappedIdentities?[Int(index)]
        ?? Identity(name: resolved.name, email: resolved.email)
      var made = CommitRecord.Person(mapped, written: written)
      if let pseudonyms {
        let isBot =
          botClassifier.classify(Author(name: mapped.name, email: mapped.email)).kind == .bot
        made = CommitRecord.Person(
          pseudonyms.identity(mapped, isBot: isBot),
          written: pseudonyms.identity(written, isBot: isBot))
      }
      people[Int(index)] = made
      return made
    }

    mutating func agent(_ index: Int32) -> String? {
      guard index >= 0, let classifier else { return nil }
      if decided[Int(index)] { return agentNames[Int(index)] }
      decided[Int(index)] = true
      let raw = history.rawIdentities[Int(index)]
      var found: String?
      if raw.isTrailerValue {
        found = Automation.agentName(inTrailer: raw.decoded.name)
      } else {
        let mapped = person(index).mapped
        let (kind, label) = classifier.classify(Author(name: mapped.name, email: mapped.email))
        if kind == .agent { found = label ?? mapped.name }
      }
      agentNames[Int(index)] = found
      return found
    }
  }

  /// The order records are written in, whatever the walk or the cache read first: the newest
  /// committer date first (a commit without one last), ties by the id written, smallest first.
  /// The same history makes the same bytes.
  static func order(_ history: History, ids: [ObjectID]) -> [Int] {
    let times = history.commits.map { $0.committer?.seconds ?? Int64.min }
    return history.commits.indices.sorted { left, right in
      times[left] != times[right] ? times[left] > times[right] : ids[left] < ids[right]
    }
  }

  /// One record as its line, newline included.
  public func line(_ record: CommitRecord) -> [UInt8] {
    var repositoryField: [UInt8] = []
    append(RepositoryName.withoutCredentials(record.repository), to: &repositoryField)
    var out: [UInt8] = []
    appendRecord(
      repositoryField: repositoryField, id: record.id,
      author: fields(record.author, role: "author"), authorDate: record.authorDate,
      committer: fields(record.committer, role: "committer"),
      committerDate: record.committerDate, parentCount: record.parentCount,
      coAuthors: record.coAuthors, lines: includesLines ? record.lines ?? LineStats() : nil,
      agents: automation != nil ? record.agents ?? [] : nil, to: &out)
    return out
  }

  private func append(_ text: String, to out: inout [UInt8]) {
    switch form {
    case .ndjson: ExportEncoding.appendJSON(text, to: &out)
    case .csv: ExportEncoding.appendCSV(text, to: &out)
    }
  }

  /// A person's fields as they stand in a record: in NDJSON the written ones only when the
  /// mailmap changed something; in CSV always (its columns are fixed).
  private func fields(_ person: CommitRecord.Person, role: String) -> [UInt8] {
    var out: [UInt8] = []
    let capitalized = role.prefix(1).uppercased() + role.dropFirst()
    switch form {
    case .ndjson:
      out += Array("\"\(role)Name\":".utf8)
      append(person.mapped.name, to: &out)
      out += Array(",\"\(role)Email\":".utf8)
      append(person.mapped.email, to: &out)
      if person.written != person.mapped {
        out += Array(",\"written\(capitalized)Name\":".utf8)
        append(person.written.name, to: &out)
        out += Array(",\"written\(capitalized)Email\":".utf8)
        append(person.written.email, to: &out)
      }
    case .csv:
      for text in [
        person.mapped.name, person.mapped.email, person.written.name, person.written.email,
      ] {
        if !out.isEmpty { out.append(UInt8(ascii: ",")) }
        append(text, to: &out)
      }
    }
    return out
  }

  private func appendRecord(
    repositoryField: [UInt8], id: ObjectID, author: [UInt8], authorDate: Timestamp?,
    committer: [UInt8], committerDate: Timestamp?, parentCount: Int,
    coAuthors: [CommitRecord.Person]?, lines: LineStats?, agents: [String]?,
    to out: inout [UInt8]
  ) {
    let isJSON = form == .ndjson
    /// What comes before a field: its key in NDJSON, a comma in CSV.
    func key(_ name: String) {
      out += isJSON ? Array(",\"\(name)\":".utf8) : [0x2C]
    }
    func date(_ stamp: Timestamp?, _ timeKey: String, _ offsetKey: String) {
      key(timeKey)
      if let stamp { ExportEncoding.appendInteger(stamp.seconds, to: &out) }
      if stamp == nil && isJSON { out += Array("null".utf8) }
      key(offsetKey)
      if let stamp { ExportEncoding.appendInteger(stamp.offsetMinutes, to: &out) }
      if stamp == nil && isJSON { out += Array("null".utf8) }
    }
    out += Array((isJSON ? "{\"v\":\(CommitRecord.version)" : "\(CommitRecord.version)").utf8)
    key("repository")
    out += repositoryField
    key("id")
    out += Array((isJSON ? "\"\(id.hex)\"" : id.hex).utf8)
    out.append(0x2C)
    out += author
    date(authorDate, "authorTime", "authorOffset")
    out.append(0x2C)
    out += committer
    date(committerDate, "committerTime", "committerOffset")
    key("parents")
    ExportEncoding.appendInteger(parentCount, to: &out)
    func lineFields() {
      guard let lines else { return }
      for (name, value) in zip(
        CommitRecord.lineColumns, [lines.insertions, lines.deletions, lines.files])
      {
        key(name)
        ExportEncoding.appendInteger(value, to: &out)
      }
    }
    if isJSON {
      if let coAuthors {
        key("coAuthors")
        Self.appendCoAuthors(coAuthors, to: &out)
      }
      lineFields()
      if let agents {
        key("assisted")
        out += Array((agents.isEmpty ? "false" : "true").utf8)
        key("agents")
        Self.appendStrings(agents, to: &out)
      }
      out += Array("}\n".utf8)
    } else {
      key("coAuthors")
      if let coAuthors {
        // The co-authors as the NDJSON form's array, in one quoted field.
        var array: [UInt8] = []
        Self.appendCoAuthors(coAuthors, to: &array)
        ExportEncoding.appendCSV(String(decoding: array, as: UTF8.self), to: &out)
      }
      lineFields()
      if let agents {
        key("assisted")
        out += Array((agents.isEmpty ? "false" : "true").utf8)
        key("agents")
        var array: [UInt8] = []
        Self.appendStrings(agents, to: &array)
        ExportEncoding.appendCSV(String(decoding: array, as: UTF8.self), to: &out)
      }
      out.append(0x0A)
    }
  }

  /// `["…", …]`.
  static func appendStrings(_ values: [String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(0x2C) }
      ExportEncoding.appendJSON(value, to: &out)
    }
    out.append(UInt8(ascii: "]"))
  }

  /// `[{"name": …, "email": …}, …]`, with `writtenName`/`writtenEmail` where the mailmap changed
  /// the person.
  static func appendCoAuthors(_ people: [CommitRecord.Person], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, person) in people.enumerated() {
      if index > 0 { out.append(0x2C) }
      out += Array("{\"name\":".utf8)
      ExportEncoding.appendJSON(person.mapped.name, to: &out)
      out += Array(",\"email\":".utf8)
      ExportEncoding.appendJSON(person.mapped.email, to: &out)
      if person.written != person.mapped {
        out += Array(",\"writtenName\":".utf8)
        ExportEncoding.appendJSON(person.written.name, to: &out)
        out += Array(",\"writtenEmail\":".utf8)
        ExportEncoding.appendJSON(person.written.email, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
  }
}
