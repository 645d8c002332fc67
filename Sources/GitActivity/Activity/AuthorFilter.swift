import Foundation

/// A person after the mailmap: the name and email git shows as `%aN <%aE>`.
///
/// An author is their bytes, as in git: two spellings that differ only in Unicode normalization
/// (NFC and NFD) are two authors, as they are two rows of `git shortlog`, although Swift's
/// `String` calls them equal. Order is byte order of `Name <email>`, shortlog's order for ties.
public struct Author: Hashable, Sendable, Comparable {
  /// The name, mailmapped.
  public var name: String
  /// The email, mailmapped.
  public var email: String

  /// An author with this name and email.
  public init(name: String, email: String) {
    self.name = name
    self.email = email
  }

  /// `Name <email>`, the text `--author` patterns match.
  public var nameAndEmail: String { "\(name) <\(email)>" }

  public static func == (lhs: Author, rhs: Author) -> Bool {
    lhs.name.utf8.elementsEqual(rhs.name.utf8) && lhs.email.utf8.elementsEqual(rhs.email.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    // The bytes of each part and a separator, without an array of the two (an allocation per
    // hash: every person of a history is hashed when its commits are counted).
    var name = name
    var email = email
    name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(0xFF as UInt8)
    email.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(0xFF as UInt8)
  }

  public static func < (lhs: Author, rhs: Author) -> Bool {
    lhs.orderKey.lexicographicallyPrecedes(rhs.orderKey)
  }

  /// What authors are ordered by: the bytes of `Name <email>`, in one array (made once per
  /// author where many are sorted).
  var orderKey: [UInt8] {
    let (name, email) = (name.utf8, email.utf8)
    var key: [UInt8] = []
    key.reserveCapacity(name.count + email.count + 3)
    key += name
    key += " <".utf8
    key += email
    key.append(UInt8(ascii: ">"))
    return key
  }
}

/// Which commits count by who made them: `--author` (any pattern matches) or `--me`, then
/// `--exclude-author`; and `--committer` (any pattern matches). As in git log, patterns of one
/// field are alternatives and the two fields must both match.
public struct AuthorFilter: Hashable, Sendable {
  /// Case-insensitive regular expressions on `Name <email>`; empty lets everyone in.
  public var patterns: [String] = []
  /// Emails that count as the user's own (`--me`), compared case-insensitively.
  public var ownEmails: [String] = []
  /// Case-insensitive regular expressions that take authors out again.
  public var exclusions: [String] = []
  /// Case-insensitive regular expressions on the committer's `Name <email>`; empty lets every
  /// committer in.
  public var committerPatterns: [String] = []

  /// A filter from `--author` patterns, `--me` emails and `--exclude-author` patterns.
  public init(patterns: [String] = [], ownEmails: [String] = [], exclusions: [String] = []) {
    self.patterns = patterns
    self.ownEmails = ownEmails
    self.exclusions = exclusions
  }

  /// Whether the filter lets every author in.
  public var isEmpty: Bool {
    patterns.isEmpty && ownEmails.isEmpty && exclusions.isEmpty && committerPatterns.isEmpty
  }

  /// Why `pattern` is not a regular expression, or nil when it is one.
  public static func problem(with pattern: String) -> String? {
    do {
      _ = try POSIXRegex(pattern)
      return nil
    } catch {
      return error.message
    }
  }

  /// A compiled form, for deciding once per distinct author.
  struct Matcher {
    let patterns: [POSIXRegex]
    let ownEmails: Set<String>
    let exclusions: [POSIXRegex]
    let committerPatterns: [POSIXRegex]
    let isOpen: Bool

    init(_ filter: AuthorFilter) {
      patterns = filter.patterns.compactMap { try? POSIXRegex($0) }
      exclusions = filter.exclusions.compactMap { try? POSIXRegex($0) }
      committerPatterns = filter.committerPatterns.compactMap { try? POSIXRegex($0) }
      ownEmails = Set(filter.ownEmails.map { $0.lowercased() })
      isOpen = filter.patterns.isEmpty && filter.ownEmails.isEmpty
    }

    /// Whether `author` (mailmapped) counts; `rawEmail` is the email the commit wrote.
    func accepts(_ author: Author, rawEmail: String) -> Bool {
      // `Name <email>` only when a pattern is to match it: without a filter, everyone is in.
      if isOpen && exclusions.isEmpty { return true }
      let text = author.nameAndEmail
      let included =
        isOpen
        || ownEmails.contains(author.email.lowercased())
        || ownEmails.contains(rawEmail.lowercased())
        || patterns.contains { $0.matches(text) }
      guard included else { return false }
      return !exclusions.contains { $0.matches(text) }
    }

    /// Whether every committer counts, so that no committer need be looked at.
    var acceptsEveryCommitter: Bool { committerPatterns.isEmpty }

    /// Whether `committer` (mailmapped) matches `--committer`.
    func acceptsCommitter(_ committer: Author) -> Bool {
      committerPatterns.isEmpty || committerPatterns.contains { $0.matches(committer.nameAndEmail) }
    }
  }
}
