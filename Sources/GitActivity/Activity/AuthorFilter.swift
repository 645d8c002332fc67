import Foundation

/// A person after the mailmap: the name and email git shows as `%aN <%aE>`.
public struct Author: Hashable, Sendable, Comparable {
  public var name: String
  public var email: String

  public init(name: String, email: String) {
    self.name = name
    self.email = email
  }

  /// `Name <email>`, the text `--author` patterns match.
  public var nameAndEmail: String { "\(name) <\(email)>" }

  public static func < (lhs: Author, rhs: Author) -> Bool {
    (lhs.name, lhs.email) < (rhs.name, rhs.email)
  }
}

/// Which authors count: `--author` (any pattern matches), `--me`, then `--exclude-author`.
public struct AuthorFilter: Hashable, Sendable {
  /// Case-insensitive regular expressions on `Name <email>`; empty lets everyone in.
  public var patterns: [String] = []
  /// Emails that count as the user's own (`--me`), compared case-insensitively.
  public var ownEmails: [String] = []
  /// Case-insensitive regular expressions that take authors out again.
  public var exclusions: [String] = []

  public init(patterns: [String] = [], ownEmails: [String] = [], exclusions: [String] = []) {
    self.patterns = patterns
    self.ownEmails = ownEmails
    self.exclusions = exclusions
  }

  public var isEmpty: Bool { patterns.isEmpty && ownEmails.isEmpty && exclusions.isEmpty }

  /// Why `pattern` is not a regular expression, or nil when it is one.
  public static func problem(with pattern: String) -> String? {
    do {
      _ = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
      return nil
    } catch {
      return "not a valid regular expression"
    }
  }

  /// A compiled form, for deciding once per distinct author.
  struct Matcher {
    let patterns: [NSRegularExpression]
    let ownEmails: Set<String>
    let exclusions: [NSRegularExpression]
    let isOpen: Bool

    init(_ filter: AuthorFilter) {
      let compile: (String) -> NSRegularExpression? = {
        try? NSRegularExpression(pattern: $0, options: [.caseInsensitive])
      }
      patterns = filter.patterns.compactMap(compile)
      exclusions = filter.exclusions.compactMap(compile)
      ownEmails = Set(filter.ownEmails.map { $0.lowercased() })
      isOpen = filter.patterns.isEmpty && filter.ownEmails.isEmpty
    }

    /// Whether `author` (mailmapped) counts; `rawEmail` is the email the commit wrote.
    func accepts(_ author: Author, rawEmail: String) -> Bool {
      let text = author.nameAndEmail
      let range = NSRange(text.startIndex..., in: text)
      let included =
        isOpen
        || ownEmails.contains(author.email.lowercased())
        || ownEmails.contains(rawEmail.lowercased())
        || patterns.contains { $0.firstMatch(in: text, range: range) != nil }
      guard included else { return false }
      return !exclusions.contains { $0.firstMatch(in: text, range: range) != nil }
    }
  }
}
