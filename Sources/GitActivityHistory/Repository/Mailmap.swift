/// A `.mailmap`, parsed and matched the way git does it (mailmap.c), not the way libgit2 1.5 does.
///
/// git compares both the commit email and the commit name case-insensitively (`strcasecmp`),
/// while libgit2's `git_mailmap_resolve` compares emails case-sensitively; counts would then
/// disagree with `git shortlog -sne`. Later lines override earlier ones, and sources loaded later
/// override earlier sources, as in git.
public struct Mailmap: Sendable, Equatable {
  /// What an entry maps to; a nil part keeps the commit's own.
  struct Replacement: Sendable, Equatable {
    var name: String?
    var email: String?
  }

  /// The entries for one commit email: a replacement for any name, and replacements by name.
  struct Entry: Sendable, Equatable {
    var simple = Replacement()
    var byName: [[UInt8]: Replacement] = [:]
  }

  /// Entries keyed by the ASCII-lowercased commit email, as bytes: git compares bytes, so an
  /// NFC and an NFD spelling are different keys (Swift's `String` would call them equal).
  private(set) var entries: [[UInt8]: Entry] = [:]

  /// A mailmap with no entries: every identity stays as written.
  public init() {}

  /// Parses the text of a mailmap file.
  init(parsing text: String) {
    add(parsing: Array(text.utf8))
  }

  /// Parses the bytes of a mailmap file.
  init(parsing bytes: [UInt8]) {
    add(parsing: bytes)
  }

  /// Whether the mailmap has no entries.
  var isEmpty: Bool { entries.isEmpty }

  /// Adds the lines of another mailmap source; its lines override what is there.
  mutating func add(parsing bytes: [UInt8]) {
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      addLine(line)
    }
  }

  /// One line, as git's `read_mailmap_line`.
  private mutating func addLine(_ line: ArraySlice<UInt8>) {
    if line.first == UInt8(ascii: "#") { return }
    guard let (name1, email1, rest) = Mailmap.nameAndEmail(line, allowsEmptyEmail: false) else {
      return
    }
    var oldName: String?
    var oldEmail: String?
    if let rest, let (name2, email2, _) = Mailmap.nameAndEmail(rest, allowsEmptyEmail: true) {
      oldName = name2
      oldEmail = email2
    }
    var newEmail: String? = email1
    if oldEmail == nil {
      oldEmail = newEmail
      newEmail = nil
    }
    guard let key = oldEmail.map(Mailmap.fold) else { return }
    var entry = entries[key] ?? Entry()
    if let oldName {
      entry.byName[Mailmap.fold(oldName)] = Replacement(name: name1, email: newEmail)
    } else {
      if let name1 { entry.simple.name = name1 }
      if let newEmail { entry.simple.email = newEmail }
    }
    entries[key] = entry
  }

  /// git's `parse_name_and_email`: the name before `<` (trimmed, nil when empty), the email
  /// between `<` and the next `>`, and the rest of the line after it (nil when empty).
  private static func nameAndEmail(
    _ text: ArraySlice<UInt8>, allowsEmptyEmail: Bool
  ) -> (String?, String, ArraySlice<UInt8>?)? {
    guard let open = text.firstIndex(of: UInt8(ascii: "<")),
      let close = text[(open + 1)...].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    let email = text[(open + 1)..<close]
    if !allowsEmptyEmail && email.isEmpty { return nil }
    var nameStart = text.startIndex
    var nameEnd = open
    while nameStart < nameEnd, Ident.isSpace(text[nameStart]) { nameStart += 1 }
    while nameEnd > nameStart, Ident.isSpace(text[nameEnd - 1]) { nameEnd -= 1 }
    let name = text[nameStart..<nameEnd]
    let rest = text[(close + 1)...]
    return (
      name.isEmpty ? nil : TextDecoding.decode(name, encoding: nil),
      TextDecoding.decode(email, encoding: nil),
      rest.isEmpty ? nil : rest
    )
  }

  /// The bytes of `text` with ASCII letters folded to lowercase, as `strcasecmp` compares.
  static func fold(_ text: String) -> [UInt8] {
    text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
  }

  /// The identity git shows for a commit's `name` and `email` (`%aN`, `%aE`).
  package func resolve(name: String, email: String) -> (name: String, email: String) {
    guard let entry = entries[Mailmap.fold(email)] else { return (name, email) }
    var replacement = entry.simple
    if !entry.byName.isEmpty, let byName = entry.byName[Mailmap.fold(name)] {
      replacement = byName
    }
    return (replacement.name ?? name, replacement.email ?? email)
  }
}
