/// One commit as the per-commit export holds it (`--format commits`): what a later draw needs
/// to count it under any reading (author filters, the date and zone, merges, co-authors) and
/// nothing more. The schema is in the README; `CommitRecord.version` names it.
public struct CommitRecord: Hashable, Sendable {
  /// The schema version this build writes and reads.
  static let version = 1

  /// A person in a record: after the mailmap, and as the commit wrote them.
  struct Person: Hashable, Sendable {
    /// After the repository's mailmap (with `--no-mailmap`: as written).
    var mapped: Identity
    /// As the commit wrote it.
    var written: Identity

    /// A person; `written` defaults to `mapped` (no mailmap entry changed them).
    init(_ mapped: Identity, written: Identity? = nil) {
      self.mapped = mapped
      self.written = written ?? mapped
    }
  }

  /// The repository's name (`--repository-name`, else its path or remote).
  var repository: String
  /// The commit's id, 40 hexadecimal digits.
  var id: ObjectID
  /// Who wrote the commit.
  var author: Person
  /// The author date; nil when git shows none.
  var authorDate: Timestamp?
  /// Who committed it.
  var committer: Person
  /// The committer date; nil when git shows none.
  var committerDate: Timestamp?
  /// How many parents the commit has (more than one: a merge).
  var parentCount: Int
  /// The `Co-authored-by` people; nil when the export did not read them (no `--co-authors`).
  var coAuthors: [Person]?
  /// The lines the commit changes (`insertions`, `deletions`, `files` in the record), as
  /// `git log --numstat` counts them; nil when the export did not count them (made with
  /// `--measure commits`).
  var lines: LineStats?
  /// The agents that assisted the commit (`assisted` is true when there are any); nil when the
  /// export did not tell AI-assisted commits apart (`--assisted off`).
  var agents: [String]?

  /// A record of every field.
  init(
    repository: String, id: ObjectID, author: Person, authorDate: Timestamp?, committer: Person,
    committerDate: Timestamp?, parentCount: Int, coAuthors: [Person]?, lines: LineStats? = nil,
    agents: [String]? = nil
  ) {
    self.agents = agents
    self.repository = repository
    self.id = id
    self.author = author
    self.authorDate = authorDate
    self.committer = committer
    self.committerDate = committerDate
    self.parentCount = parentCount
    self.coAuthors = coAuthors
    self.lines = lines
  }

  /// The columns of the CSV form, in order (the NDJSON form uses the same names as keys).
  static let csvColumns = [
    "v", "repository", "id", "authorName", "authorEmail", "writtenAuthorName",
    "writtenAuthorEmail", "authorTime", "authorOffset", "committerName", "committerEmail",
    "writtenCommitterName", "writtenCommitterEmail", "committerTime", "committerOffset",
    "parents", "coAuthors",
  ]
  /// The columns a CSV export made with lines has after those.
  static let lineColumns = ["insertions", "deletions", "files"]
  /// The columns a CSV export that tells AI-assisted commits apart has last: `assisted`
  /// (`true` or `false`) and `agents` (a JSON array of names, as `coAuthors` is).
  static let assistedColumns = ["assisted", "agents"]

  /// Whether two records of the same commit disagree about what the commit is (its dates,
  /// parents, people as written, co-authors): the mailmapped names may differ, as two
  /// repositories may have different mailmaps.
  func disagreement(with other: CommitRecord) -> String? {
    if authorDate != other.authorDate { return "author date" }
    if committerDate != other.committerDate { return "committer date" }
    if parentCount != other.parentCount { return "parents" }
    if author.written != other.author.written { return "author" }
    if committer.written != other.committer.written { return "committer" }
    if let mine = lines, let theirs = other.lines, mine != theirs { return "lines" }
    if let mine = coAuthors, let theirs = other.coAuthors,
      mine.map(\.written) != theirs.map(\.written)
    {
      return "co-authors"
    }
    return nil
  }
}
