/// `--grep`: which commits count by their message, as `git log` chooses them. A message matches
/// a pattern when one of its lines does; any pattern lets a commit in, or every one of them with
/// `--all-match`; `--invert-grep` keeps the commits that match none. Patterns are basic regular
/// expressions (git's default), extended with `-E`, plain text with `-F`; `--regexp-ignore-case`
/// folds case. With no pattern, every commit counts (`--invert-grep` or `--all-match` alone
/// change nothing, as in git). Messages are read only when patterns are given, and only for the commits the walk
/// found.
public struct MessageFilter: Hashable, Sendable {
  /// How patterns are read.
  public typealias Syntax = PatternSyntax

  /// `--grep`: the patterns, any of which lets a commit in.
  public var patterns: [String] = []
  /// `-E`, `-F`, or git's default, basic.
  public var syntax = Syntax.basic
  /// `--regexp-ignore-case`.
  public var ignoresCase = false
  /// `--invert-grep`.
  public var isInverted = false
  /// `--all-match`.
  public var requiresAll = false
  /// The locale of the case folding, as `AuthorFilter.locale`.
  public var locale: String?

  /// No patterns: every commit.
  public init() {}

  /// Whether it lets every commit in.
  public var isEmpty: Bool { patterns.isEmpty }

  /// Why the patterns do not compile, in one line, or nil.
  public func problem() -> String? {
    do {
      _ = try compiled()
      return nil
    } catch {
      return error.message
    }
  }

  private func compiled() throws(POSIXRegex.Failure) -> [POSIXRegex] {
    var regexes: [POSIXRegex] = []
    for pattern in patterns {
      regexes.append(
        try POSIXRegex(
          pattern, syntax: syntax, locale: locale, ignoresCase: ignoresCase, isPerLine: true))
    }
    return regexes
  }

  /// A plain text as an extended regular expression that matches only it.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if "$()*+.?[\\]^{|}".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// Whether a message lets its commit in. Inverted, a commit that matches any pattern is left
  /// out, `--all-match` or not (git 2.35 and later).
  func accepts(_ message: String, _ regexes: [POSIXRegex]) -> Bool {
    if isInverted { return !regexes.contains { $0.matches(message) } }
    return requiresAll
      ? regexes.allSatisfy { $0.matches(message) } : regexes.contains { $0.matches(message) }
  }

  /// The commits of `history` whose messages (read from `repository`) let them in. The history
  /// must hold its commits' ids.
  func filter(_ history: History, in repository: Repository) throws(GitError) -> History {
    guard !isEmpty else { return history }
    let regexes: [POSIXRegex]
    do {
      regexes = try compiled()
    } catch {
      throw GitError(message: error.message, function: "regcomp", kind: .invalidRequest)
    }
    var kept: [Bool] = []
    kept.reserveCapacity(history.commits.count)
    for id in history.objectIDs {
      kept.append(accepts(try repository.commitMessage(id), regexes))
    }
    // git dies at a match PCRE2 could not finish: so does the read, rather than count without
    // the commit.
    if let failure = regexes.lazy.compactMap(\.matchFailure).first {
      throw .patternMatchFailed(failure)
    }
    return history.keeping { kept[$0] }
  }
}
