import Foundation
import GitActivity
import TestSupport
import Testing

/// Patterns and the options around them, as git log 2.39 reads them: `--author` and
/// `--committer` are basic regular expressions matched case-sensitively, `-i`, `-E`, `-F` and
/// `--basic-regexp` change them and `--grep` alike (the last of those wins), `grep.patternType` and
/// `grep.extendedRegexp` are their defaults, `--invert-grep` drops a commit that matches any
/// pattern, and the `--no-` forms of the parent limits forget earlier ones. git is the oracle
/// for every row.
@Suite("Patterns as git log reads them")
struct GitLogPatternTests {
  static let window = ["--since", "2024-01-01", "--until", "2024-12-31"]

  /// Six commits by four people, with messages to grep, a merge among them.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let people = [
      ("Thor Odinson", "thor@asgard", "docs: the hammer"),
      ("Grace Hopper", "grace@navy.mil", "code: a compiler"),
      ("Linus", "linus@example.org", "docs and code"),
      ("thor", "t@x", "second try"),
      ("a.b", "dot@x", "s.c.nd"),
    ]
    for (index, person) in people.enumerated() {
      try repo.commit(
        person.2, date: "\(1_710_000_000 + index * 86_400) +0000", author: person.0,
        email: person.1)
    }
    try repo.git(["checkout", "-q", "-b", "side", "HEAD~2"])
    try repo.commit("side work", date: "1710600000 +0000", author: "Ada", email: "ada@x")
    try repo.git(["checkout", "-q", "main"])
    try repo.git(
      ["merge", "-q", "--no-ff", "-m", "merge side", "side"],
      environment: [
        "GIT_AUTHOR_DATE": "1710700000 +0000", "GIT_COMMITTER_DATE": "1710700000 +0000",
      ])
    return repo
  }

  @Test(
    "each row counts the commits git log counts",
    arguments: [
      ["--author=Thor\\|Nobody"],
      ["--author=Grace|Linus"],
      ["--author=THOR"],
      ["-i", "--author=THOR"],
      ["-E", "--author=Grace|Linus"],
      ["-E", "-i", "--author=grace|LINUS"],
      ["-F", "--author=a.b"],
      ["--author=a.b"],
      ["--committer=Committer"],
      ["-F", "-E", "--grep=(s).c.nd"],
      ["-E", "-F", "--grep=s.c.nd"],
      ["--basic-regexp", "--grep=docs\\|code"],
      ["-E", "--basic-regexp", "--grep=docs|code"],
      ["--invert-grep"],
      ["--all-match"],
      ["--grep=docs", "--grep=nomatch", "--all-match", "--invert-grep"],
      ["--grep=docs", "--grep=code", "--all-match"],
      ["-i", "--grep=DOCS"],
      ["--max-count=-1"],
      ["--merges", "--no-min-parents"],
      ["--no-merges", "--no-max-parents"],
      ["--min-parents=2", "--merges", "--no-min-parents", "--min-parents=1"],
      ["--max-parents=0", "--no-max-parents", "--no-merges"],
      // -P: PCRE2's syntax, as Debian's git (built with PCRE2) reads it.
      ["-P", "--grep=^\\w+:\\s"],
      ["-P", "--author=^(?!Thor)\\w+ \\w"],
      ["-P", "-i", "--grep=DOCS(?= and)"],
      ["-P", "--grep=s\\.c\\.nd"],
      ["-P", "--grep=^code", "--grep=try$"],
      ["-E", "-P", "--author=Grace|Linus"],
      ["-P", "-F", "--grep=s.c.nd"],
    ])
  func againstGit(_ arguments: [String]) throws {
    let repo = try Self.repository()
    let result = heatmap(["--format", "csv"] + Self.window + arguments, in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == (try repo.gitDays(arguments)), "\(arguments)")
  }

  @Test(
    "grep.patternType and grep.extendedRegexp are the default syntax, as for git log",
    arguments: [
      ("grep.patternType", "extended", ["--grep=docs\\|code"]),
      ("grep.patternType", "extended", ["--grep=docs|code"]),
      ("grep.patternType", "fixed", ["--grep=s.c.nd"]),
      ("grep.patternType", "fixed", ["--author=a.b"]),
      ("grep.patternType", "basic", ["--grep=docs|code"]),
      ("grep.extendedRegexp", "true", ["--author=Grace|Linus"]),
      ("grep.patternType", "default", ["--grep=docs|code"]),
      ("grep.patternType", "fixed", ["-E", "--grep=docs|code"]),
      ("grep.patternType", "perl", ["--grep=^\\w+:\\s"]),
    ])
  func configuredSyntax(_ key: String, _ value: String, _ arguments: [String]) throws {
    let repo = try Self.repository()
    try repo.git(["config", key, value])
    let result = heatmap(["--format", "csv"] + Self.window + arguments, in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == (try repo.gitDays(arguments)), "\(key)=\(value)")
    // Given with -c (GIT_CONFIG_PARAMETERS, as git hands it to a subcommand), as git takes it.
    try repo.git(["config", "--unset", key])
    let parameters = ["GIT_CONFIG_PARAMETERS": "'\(key)=\(value)'"]
    let given = heatmap(
      ["--format", "csv"] + Self.window + arguments, in: repo.path, environment: parameters)
    #expect(nonZeroDays(given.stdout) == (try repo.gitDays(arguments, environment: parameters)))
  }

  @Test("a bad -P pattern is an error in PCRE2's words; a bad grep.patternType is named")
  func refused() throws {
    let repo = try Self.repository()
    #expect(throws: (any Error).self) { try repo.git(["log", "-P", "--grep=a("]) }
    let perl = heatmap(["-P", "--grep=a("], in: repo.path)
    #expect(perl.status == 64)
    #expect(
      perl.stderr.hasPrefix(
        "git-heatmap: invalid value for '--grep <pattern>': not a valid regular expression (missing closing parenthesis)\n"
      ))
    // A -P pattern PCRE2 cannot finish: git dies, and so does the read, in git's words.
    try repo.commit(
      String(repeating: "a", count: 40) + "!", date: "1710900000 +0000", author: "A",
      email: "a@x")
    let limit = ["-P", "--grep=^(a+)+$"]
    #expect(throws: (any Error).self) { try repo.git(["log"] + limit) }
    let stopped = heatmap(limit, in: repo.path)
    #expect(stopped.status == 1)
    // pcre2_jit_match where PCRE2 has a JIT (as here), else pcre2_match, as git names them.
    #expect(
      ["jit_match", "match"].contains {
        stopped.stderr
          == "git-heatmap: pcre2_\($0) failed with error code -47: match limit exceeded\n"
      })
    // The same for an author pattern, counted after the walk.
    try repo.commit(
      "runaway author", date: "1710900100 +0000",
      author: String(repeating: "a", count: 40) + "!", email: "b@x")
    #expect(throws: (any Error).self) { try repo.git(["log", "-P", "--author=^(a+)+$"]) }
    let author = heatmap(["-P", "--author=^(a+)+$"], in: repo.path)
    #expect(author.status == 1)
    #expect(
      ["jit_match", "match"].contains {
        author.stderr
          == "git-heatmap: pcre2_\($0) failed with error code -47: match limit exceeded\n"
      })
    try repo.git(["config", "grep.patternType", "weird"])
    let weird = heatmap(["--grep=x"], in: repo.path)
    #expect(weird.status == 64)
    #expect(weird.stderr.hasPrefix("git-heatmap: invalid grep.patterntype value: 'weird'\n"))
  }
}
