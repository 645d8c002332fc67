import Foundation

/// Which commits count by who made them: `--author` (any pattern matches) or `--me`, then
/// `--exclude-author`; and `--committer` (any pattern matches). As in git log, patterns of one
/// field are alternatives and the two fields must both match, and patterns are read as git
/// reads them: basic regular expressions matched case-sensitively against `Name <email>`,
/// unless `syntax` and `ignoresCase` say otherwise (`-E`, `-F`, `-i`, `grep.patternType`).
public struct AuthorFilter: Hashable, Sendable {
  /// Patterns on `Name <email>`; empty lets everyone in.
  public var patterns: [String] = []
  /// Emails that count as the user's own (`--me`: `user.email` and the emails among
  /// `heatmap.me`), compared case-insensitively. Every identity the mailmap maps to the same
  /// person as one of them is the user's too.
  public var ownEmails: [String] = []
  /// Patterns on `Name <email>` (as written or mailmapped) that count as the user's own (the
  /// patterns among `heatmap.me`), read as `patterns` are.
  public var ownPatterns: [String] = []
  /// `--me`: each repository's `user.email` joins `ownEmails` when a report reads it (a
  /// report of repositories none of which has one throws `.userEmailUnset`).
  public var includesUser = false
  /// Patterns that take authors out again.
  public var exclusions: [String] = []
  /// Patterns on the committer's `Name <email>`; empty lets every committer in.
  public var committerPatterns: [String] = []
  /// How the patterns are read: git's default, basic regular expressions.
  public var syntax = PatternSyntax.basic
  /// `--regexp-ignore-case` (`-i`): whether the patterns fold case.
  public var ignoresCase = false
  /// Whether the patterns match people as the commits wrote them rather than mailmapped (git
  /// matches `--author` so when `log.mailmap` is false); whom a commit counts for is mailmapped
  /// either way, as in `git shortlog`.
  public var matchesWritten = false
  /// The locale whose case folding the patterns use, by name (`tr_TR.UTF-8`, `C`), as git's
  /// `regcomp` folds in the locale `LC_ALL`, `LC_CTYPE` or `LANG` names: under `C`, `É` and
  /// `é` differ. Nil folds as UTF-8 does, whatever the process's locale.
  public var locale: String?

  /// A filter from `--author` patterns, `--me` emails and `--exclude-author` patterns.
  public init(patterns: [String] = [], ownEmails: [String] = [], exclusions: [String] = []) {
    self.patterns = patterns
    self.ownEmails = ownEmails
    self.exclusions = exclusions
  }

  /// Whether the filter lets every author in.
  public var isEmpty: Bool {
    patterns.isEmpty && ownEmails.isEmpty && ownPatterns.isEmpty && !includesUser
      && exclusions.isEmpty && committerPatterns.isEmpty
  }

  /// Whose commits the filter chooses, for headings: its own emails and author patterns, nil
  /// when it chooses no one in particular.
  public var subject: String? {
    let people = ownEmails + ownPatterns + patterns
    return people.isEmpty ? nil : people.joined(separator: ", ")
  }

  /// Why `pattern` is not a pattern in this filter's syntax, or nil when it is one.
  public func problem(with pattern: String) -> String? {
    do {
      _ = try compiled(pattern)
      return nil
    } catch {
      return error.message
    }
  }

  /// `pattern` compiled as this filter reads patterns.
  func compiled(_ pattern: String) throws(POSIXRegex.Failure) -> POSIXRegex {
    try POSIXRegex(
      pattern, syntax: syntax, locale: locale, ignoresCase: ignoresCase, isPerLine: false)
  }

  /// A compiled form, for deciding once per distinct author.
  struct Matcher {
    let patterns: [POSIXRegex]
    let ownEmails: Set<String>
    let ownPatterns: [POSIXRegex]
    let exclusions: [POSIXRegex]
    let committerPatterns: [POSIXRegex]
    let isOpen: Bool
    let matchesWritten: Bool

    init(_ filter: AuthorFilter) {
      matchesWritten = filter.matchesWritten
      patterns = filter.patterns.compactMap { try? filter.compiled($0) }
      exclusions = filter.exclusions.compactMap { try? filter.compiled($0) }
      committerPatterns = filter.committerPatterns.compactMap { try? filter.compiled($0) }
      ownEmails = Set(filter.ownEmails.map { $0.lowercased() })
      ownPatterns = filter.ownPatterns.compactMap { try? filter.compiled($0) }
      isOpen =
        filter.patterns.isEmpty && filter.ownEmails.isEmpty && filter.ownPatterns.isEmpty
        && !filter.includesUser
    }

    /// The first `-P` match a pattern could not finish (`POSIXRegex.matchFailure`): a count
    /// that met one is not git's.
    var matchFailure: String? {
      (patterns + ownPatterns + exclusions + committerPatterns).lazy.compactMap(\.matchFailure)
        .first
    }

    /// Whether the filter names the user's own identities (`--me`).
    var hasOwn: Bool { !ownEmails.isEmpty || !ownPatterns.isEmpty }

    /// Whether an identity, as written and mailmapped, is one the user named as their own: its
    /// email is one of `ownEmails`, or its `Name <email>` matches one of `ownPatterns`.
    func isOwn(written: Author, mapped: Author) -> Bool {
      ownEmails.contains(written.email.lowercased())
        || ownEmails.contains(mapped.email.lowercased())
        || ownPatterns.contains {
          $0.matches(written.nameAndEmail) || $0.matches(mapped.nameAndEmail)
        }
    }

    /// Whether `author` (mailmapped) counts; `rawEmail` is the email the commit wrote, and
    /// `written` the person as written, which the patterns match with `matchesWritten`.
    /// `isOwn`: the author is one of the people `--me` stands for (`DailyActivity.Tally`
    /// decides it for a whole history, mailmap aliases included); without it, the author is
    /// the user's when their email is one of `ownEmails`.
    func accepts(_ author: Author, rawEmail: String, written: Author? = nil, isOwn: Bool = false)
      -> Bool
    {
      // `Name <email>` only when a pattern is to match it: without a filter, everyone is in.
      if isOpen && exclusions.isEmpty { return true }
      let text = (matchesWritten ? written ?? author : author).nameAndEmail
      let included =
        isOpen || isOwn
        || ownEmails.contains(author.email.lowercased())
        || ownEmails.contains(rawEmail.lowercased())
        || patterns.contains { $0.matches(text) }
      guard included else { return false }
      return !exclusions.contains { $0.matches(text) }
    }

    /// Whether every author counts, so that no author need be looked at.
    var acceptsEveryAuthor: Bool { isOpen && exclusions.isEmpty }

    /// Whether every committer counts, so that no committer need be looked at.
    var acceptsEveryCommitter: Bool { committerPatterns.isEmpty }

    /// Whether `committer` (mailmapped) matches `--committer`.
    func acceptsCommitter(_ committer: Author) -> Bool {
      committerPatterns.isEmpty || committerPatterns.contains { $0.matches(committer.nameAndEmail) }
    }
  }
}
