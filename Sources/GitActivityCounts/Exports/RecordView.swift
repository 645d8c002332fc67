/// One export record as its line holds it: each text field is a place in the line (or, for text
/// that had escapes or bytes that are not UTF-8, in the parser's scratch, decoded), and numbers,
/// dates and the id are read and checked. Nothing is made a `String` until `record()` asks: a
/// draw from a million records reads their people as bytes and keeps only the new ones.
///
/// A view lives only inside the call that hands it over (its bytes are the line's).
struct RecordView {
  /// Where a text field's bytes are.
  struct Text {
    /// Offsets in the line or the scratch (a record is at most 16 MiB).
    var start: Int32
    var end: Int32
    /// In the parser's scratch rather than the line.
    var inScratch: Bool

    init(start: Int, end: Int, inScratch: Bool) {
      self.start = Int32(start)
      self.end = Int32(end)
      self.inScratch = inScratch
    }

    /// Its bytes, in `line` or in `scratch`.
    func bytes(line: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer)
      -> UnsafeRawBufferPointer
    {
      UnsafeRawBufferPointer(rebasing: (inScratch ? scratch : line)[Int(start)..<Int(end)])
    }
  }

  /// What a record holds, without the bytes its texts are in: kept by a batch parsed on
  /// another thread until its records are counted.
  struct Content {
    var repositoryText: Text
    var id: ObjectID
    /// Author name, email, written name, written email; then the committer's four.
    var people: FixedSlots<Text?>
    var authorDate: Timestamp?
    var committerDate: Timestamp?
    var parentCount: Int
    var coAuthors: [CommitRecord.Person]?
    var lines: LineStats?
    /// The agents that assisted the commit; nil when the export did not tell.
    var agents: [String]?
    /// A hash of what the commit is, as written (`fingerprintOfContent`), made where the record
    /// is parsed (on a parsing thread, for `--from`).
    var fingerprint: UInt32 = 0
  }

  let line: UnsafeRawBufferPointer
  let scratch: UnsafeRawBufferPointer
  var content: Content

  var id: ObjectID { content.id }
  var people: FixedSlots<Text?> { content.people }
  var authorDate: Timestamp? { content.authorDate }
  var committerDate: Timestamp? { content.committerDate }
  var parentCount: Int { content.parentCount }
  var coAuthors: [CommitRecord.Person]? { content.coAuthors }
  var lines: LineStats? { content.lines }
  var agents: [String]? { content.agents }
  var repositoryText: Text { content.repositoryText }
  var fingerprint: UInt32 { content.fingerprint }

  /// A hash of what a commit is, as written (its dates, parents, and people as written): two
  /// records of one commit must agree on it.
  func fingerprintOfContent() -> UInt32 {
    var hasher = WordHasher()
    // Each part in turn, not through array literals: this runs for every record read.
    func mix(_ stamp: Timestamp?) {
      hasher.mix(stamp.map { UInt64(bitPattern: $0.seconds) } ?? 0xFFFF_FFFF_FFFF_FFFF)
      hasher.mix(UInt64(UInt32(bitPattern: stamp?.offsetMinutes ?? Int32.min)))
    }
    func mix(person base: Int) {
      let person = person(base)
      hasher.mix(person.writtenName)
      hasher.mix(person.writtenEmail)
    }
    mix(authorDate)
    mix(committerDate)
    hasher.mix(UInt64(parentCount))
    mix(person: 0)
    mix(person: 4)
    return UInt32(truncatingIfNeeded: hasher.value ^ (hasher.value >> 32))
  }

  /// A text field's bytes.
  func bytes(_ text: Text) -> UnsafeRawBufferPointer {
    text.bytes(line: line, scratch: scratch)
  }

  /// The repository's name as bytes.
  var repository: UnsafeRawBufferPointer { bytes(repositoryText) }

  /// A person's bytes: as counted (name, email) and as written (each defaults to the counted
  /// one, as `CommitRecord.Person` does). `base` is 0 for the author, 4 for the committer.
  func person(_ base: Int) -> PersonParts {
    // Each text's bytes found here, not through `map(bytes)`: a method passed as a closure
    // copied the view through the runtime's value witnesses, for every person of every record.
    let (line, scratch) = (line, scratch)
    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
    let name = people[base].map { $0.bytes(line: line, scratch: scratch) } ?? empty
    let email = people[base + 1].map { $0.bytes(line: line, scratch: scratch) } ?? empty
    let writtenName = people[base + 2].map { $0.bytes(line: line, scratch: scratch) } ?? name
    let writtenEmail = people[base + 3].map { $0.bytes(line: line, scratch: scratch) } ?? email
    return PersonParts(
      name: name, email: email, writtenName: writtenName, writtenEmail: writtenEmail)
  }

  /// The whole record, every text made a `String`.
  func record() -> CommitRecord {
    func string(_ text: Text?) -> String? {
      text.map { String(decoding: bytes($0), as: UTF8.self) }
    }
    func person(_ base: Int) -> CommitRecord.Person {
      let mapped = Identity(name: string(people[base]) ?? "", email: string(people[base + 1]) ?? "")
      let written =
        people[base + 2] != nil || people[base + 3] != nil
        ? Identity(
          name: string(people[base + 2]) ?? mapped.name,
          email: string(people[base + 3]) ?? mapped.email)
        : nil
      return CommitRecord.Person(mapped, written: written)
    }
    return CommitRecord(
      repository: String(decoding: repository, as: UTF8.self), id: id, author: person(0),
      authorDate: authorDate, committer: person(4), committerDate: committerDate,
      parentCount: parentCount, coAuthors: coAuthors, lines: lines, agents: agents)
  }
}

/// A person's four texts as bytes: the name and email counted, and as written.
struct PersonParts {
  var name: UnsafeRawBufferPointer
  var email: UnsafeRawBufferPointer
  var writtenName: UnsafeRawBufferPointer
  var writtenEmail: UnsafeRawBufferPointer

  /// Whether both are the same person, byte for byte.
  func isSame(as other: PersonParts) -> Bool {
    RawBytes.equal(name, other.name) && RawBytes.equal(email, other.email)
      && RawBytes.equal(writtenName, other.writtenName)
      && RawBytes.equal(writtenEmail, other.writtenEmail)
  }
}

/// Up to eight values held in place (a record's people, times and line counts), so that reading a
/// record allocates no array for them.
struct FixedSlots<Element> {
  private var slots: (Element, Element, Element, Element, Element, Element, Element, Element)

  /// Eight slots holding `value`.
  init(repeating value: Element) {
    slots = (value, value, value, value, value, value, value, value)
  }

  subscript(index: Int) -> Element {
    get {
      switch index {
      case 0: slots.0
      case 1: slots.1
      case 2: slots.2
      case 3: slots.3
      case 4: slots.4
      case 5: slots.5
      case 6: slots.6
      default: slots.7
      }
    }
    set {
      switch index {
      case 0: slots.0 = newValue
      case 1: slots.1 = newValue
      case 2: slots.2 = newValue
      case 3: slots.3 = newValue
      case 4: slots.4 = newValue
      case 5: slots.5 = newValue
      case 6: slots.6 = newValue
      default: slots.7 = newValue
      }
    }
  }
}
