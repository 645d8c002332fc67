import Foundation

/// Which identities are bots and which are coding agents: the rules `--no-bots`, `--bots` and the
/// AI-assisted share go by.
///
/// An identity (after the mailmap) is, in this order:
/// 1. an agent when it matches a `heatmap.agent` pattern;
/// 2. a bot when it matches a `heatmap.bot` pattern and no `heatmap.notBot` pattern;
/// 3. an agent when it is on the built-in list of coding agents (`Automation.agents`);
/// 4. a person when it matches a `heatmap.notBot` pattern;
/// 5. a bot when its name, or its email's local part, ends in `[bot]` (GitHub's mark of an
///    app), or when it is on the built-in list of automation that has no such mark
///    (`Automation.bots`);
/// 6. else a person.
///
/// Patterns are POSIX extended regular expressions matched against `Name <email>` without regard
/// to case.
public struct Automation: Hashable, Sendable {
  /// What an identity is to a count.
  public enum Kind: Int8, Sendable {
    case person, bot, agent
  }

  /// One well-known automated identity.
  struct Known: Hashable, Sendable {
    /// What the identity is called in outputs (`Claude`, `GitHub Copilot`, `Renovate`).
    var label: String
    /// How it is recognized.
    var match: Match

    /// How a well-known identity is recognized.
    enum Match: Hashable, Sendable {
      /// This email, without regard to case.
      case email(String)
      /// A GitHub account: the email `ID+login@users.noreply.github.com` or
      /// `login@users.noreply.github.com`, login compared without regard to case.
      case gitHubLogin(String)
      /// A name that ends so (Aider appends ` (aider)` to the committer's name).
      case nameSuffix(String)
      /// GitLab's project and group access tokens: `project_<n>_bot…@noreply.<host>`,
      /// `group_<n>_bot…@noreply.<host>`.
      case gitLabTokenBot
    }

    /// Whether `name` and `email` are this identity.
    func matches(name: String, email: String) -> Bool {
      let lowered = email.lowercased()
      switch match {
      case .email(let address): return lowered == address
      case .gitHubLogin(let login): return Automation.gitHubLogin(of: lowered) == login
      case .nameSuffix(let suffix): return name.lowercased().hasSuffix(suffix)
      case .gitLabTokenBot:
        guard let at = lowered.lastIndex(of: "@"),
          lowered[lowered.index(after: at)...].hasPrefix("noreply.")
        else { return false }
        let local = lowered[..<at]
        for kind in ["project_", "group_"] where local.hasPrefix(kind) {
          let rest = local.dropFirst(kind.count)
          let digits = rest.prefix { $0.isASCII && $0.isNumber }
          return !digits.isEmpty && rest.dropFirst(digits.count).hasPrefix("_bot")
        }
        return false
      }
    }
  }

  /// The built-in coding agents: identities agents write into `Co-authored-by:` trailers or
  /// commit as, researched from real commits. Matched by email or GitHub account, never by a
  /// name alone (people are called Claude, Jules and Devin too).
  static let agents: [Known] = [
    Known(label: "Claude", match: .email("noreply@anthropic.com")),
    Known(label: "Claude", match: .email("claude@anthropic.com")),
    Known(label: "Claude", match: .gitHubLogin("claude[bot]")),
    Known(label: "Claude", match: .gitHubLogin("claude")),
    Known(label: "GitHub Copilot", match: .gitHubLogin("copilot")),
    Known(label: "GitHub Copilot", match: .gitHubLogin("copilot-swe-agent[bot]")),
    Known(label: "GitHub Copilot", match: .email("copilot@github.com")),
    Known(label: "Cursor", match: .email("cursoragent@cursor.com")),
    Known(label: "Cursor", match: .gitHubLogin("cursor[bot]")),
    Known(label: "Cursor", match: .gitHubLogin("cursoragent")),
    Known(label: "Codex", match: .email("noreply@openai.com")),
    Known(label: "Codex", match: .email("codex@openai.com")),
    Known(label: "Codex", match: .gitHubLogin("chatgpt-codex-connector[bot]")),
    Known(label: "Gemini", match: .gitHubLogin("gemini-code-assist[bot]")),
    Known(label: "Gemini", match: .gitHubLogin("gemini-cli[bot]")),
    Known(label: "Jules", match: .gitHubLogin("google-labs-jules[bot]")),
    Known(label: "Aider", match: .email("noreply@aider.chat")),
    Known(label: "Aider", match: .nameSuffix(" (aider)")),
    Known(label: "Devin", match: .gitHubLogin("devin-ai-integration[bot]")),
    Known(label: "Amp", match: .email("amp@ampcode.com")),
    Known(label: "OpenHands", match: .email("openhands@all-hands.dev")),
    Known(label: "OpenHands", match: .gitHubLogin("openhands-agent")),
    Known(label: "Amazon Q", match: .gitHubLogin("amazon-q-developer[bot]")),
    Known(label: "Sweep", match: .gitHubLogin("sweep-ai[bot]")),
    Known(label: "Codegen", match: .gitHubLogin("codegen-sh[bot]")),
    Known(label: "Factory Droid", match: .gitHubLogin("factory-droid[bot]")),
  ]

  /// The built-in automation that has no `[bot]` mark, researched from real histories.
  static let bots: [Known] = [
    Known(label: "GitHub", match: .email("noreply@github.com")),
    Known(label: "GitHub Actions", match: .email("action@github.com")),
    Known(label: "GitHub Actions", match: .email("actions@github.com")),
    Known(label: "GitHub Actions", match: .gitHubLogin("github-actions")),
    Known(label: "Renovate", match: .email("bot@renovateapp.com")),
    Known(label: "Renovate", match: .email("renovate@whitesourcesoftware.com")),
    Known(label: "Dependabot", match: .email("support@dependabot.com")),
    Known(label: "semantic-release", match: .email("semantic-release-bot@martynus.net")),
    Known(label: "ImgBot", match: .email("imgbothelp@gmail.com")),
    Known(label: "pyup.io", match: .email("github-bot@pyup.io")),
    Known(label: "Snyk", match: .email("snyk-bot@snyk.io")),
    Known(label: "Travis CI", match: .email("travis@travis-ci.org")),
    Known(label: "Weblate", match: .email("noreply@weblate.org")),
    Known(label: "bors", match: .email("bors@rust-lang.org")),
    Known(label: "GitLab", match: .gitLabTokenBot),
  ]

  /// `heatmap.bot`: more bots.
  var botPatterns: [String] = []
  /// `heatmap.notBot`: identities that are not bots, whatever else says so.
  var notBotPatterns: [String] = []
  /// `heatmap.agent`: more coding agents.
  var agentPatterns: [String] = []

  /// Rules with the built-in lists and the patterns given.
  public init(
    botPatterns: [String] = [], notBotPatterns: [String] = [], agentPatterns: [String] = []
  ) {
    self.botPatterns = botPatterns
    self.notBotPatterns = notBotPatterns
    self.agentPatterns = agentPatterns
  }

  /// Why `pattern` is not a pattern these rules can use (an extended regular expression), or
  /// nil when it is one.
  public static func problem(with pattern: String) -> String? {
    do {
      _ = try POSIXRegex(pattern)
      return nil
    } catch {
      return error.message
    }
  }

  /// The login of a GitHub noreply address (`ID+login@users.noreply.github.com`,
  /// `login@users.noreply.github.com`), lowercase; nil for any other address.
  static func gitHubLogin(of email: String) -> String? {
    let suffix: StaticString = "@users.noreply.github.com"
    let count = suffix.utf8CodeUnitCount
    var email = email
    let isNoreply = email.withUTF8 { bytes in
      bytes.count > count
        && UnsafeBufferPointer(rebasing: bytes[(bytes.count - count)...]).elementsEqual(
          UnsafeBufferPointer(start: suffix.utf8Start, count: count))
    }
    guard isNoreply else { return nil }
    let local = email.dropLast(count)
    if let plus = local.firstIndex(of: "+") { return String(local[local.index(after: plus)...]) }
    return String(local)
  }

  /// Whether `name` or the local part of `email` ends in `[bot]` (compared as bytes, without
  /// regard to ASCII case: every identity of a history is asked).
  static func hasBotMark(name: String, email: String) -> Bool {
    var name = name
    var email = email
    if name.withUTF8({ endsIgnoringCase($0[...], "[bot]") }) { return true }
    return email.withUTF8 { bytes in
      let end = bytes.lastIndex(of: UInt8(ascii: "@")) ?? bytes.endIndex
      return endsIgnoringCase(bytes[..<end], "[bot]")
    }
  }

  /// Whether `bytes` end with `suffix` (lowercase ASCII), without regard to ASCII case.
  static func endsIgnoringCase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ suffix: StaticString)
    -> Bool
  {
    let count = suffix.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    let start = bytes.endIndex - count
    for offset in 0..<count {
      let byte = bytes[start + offset]
      let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      if lowered != suffix.utf8Start[offset] { return false }
    }
    return true
  }

  /// `text` in lowercase, the same string when it has no capital letter (most emails).
  static func lowercase(_ text: String) -> String {
    var text = text
    let isLower = text.withUTF8 { bytes in
      for byte in bytes where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) { return false }
      return true
    }
    return isLower ? text : text.lowercased()
  }

  /// The rules compiled, for deciding once per distinct identity: the built-in lists as tables
  /// of lowercase emails and GitHub logins (a history of thousands of people is classified on
  /// every run), the patterns compiled.
  struct Classifier {
    let bots: [POSIXRegex]
    let notBots: [POSIXRegex]
    let agents: [POSIXRegex]

    /// The built-in lists by how they match: an email or a login to its kind and label, an
    /// agent's entry before a bot's (one lookup an identity: a history of thousands of people is
    /// classified on every run).
    private static let emails = table(email: true)
    private static let logins = table(email: false)
    private static let agentSuffixes = Automation.agents.compactMap { known -> (String, String)? in
      if case .nameSuffix(let suffix) = known.match { return (suffix, known.label) }
      return nil
    }

    private static func table(email: Bool) -> [String: (kind: Kind, label: String)] {
      var table: [String: (kind: Kind, label: String)] = [:]
      for (kind, list) in [(Kind.agent, Automation.agents), (.bot, Automation.bots)] {
        for known in list {
          switch known.match {
          case .email(let key) where email: table[key] = table[key] ?? (kind, known.label)
          case .gitHubLogin(let key) where !email: table[key] = table[key] ?? (kind, known.label)
          default: break
          }
        }
      }
      return table
    }

    /// The built-in emails' hashes (`emailHash`), for `isPlainPerson`: a few dozen, looked
    /// through in a row (cheaper than a set's hashing of the hash).
    private static let emailHashes = emails.keys.map { emailHash(Array($0.utf8)) }
    private let emailHashes: [UInt64]
    private let hasPatterns: Bool

    init(_ rules: Automation) {
      bots = rules.botPatterns.compactMap { try? POSIXRegex($0) }
      notBots = rules.notBotPatterns.compactMap { try? POSIXRegex($0) }
      agents = rules.agentPatterns.compactMap { try? POSIXRegex($0) }
      hasPatterns = !agents.isEmpty || !bots.isEmpty || !notBots.isEmpty
      emailHashes = Self.emailHashes
    }

    /// What `author` is, and for an agent the name outputs give it.
    func classify(_ author: Author) -> (kind: Kind, label: String?) {
      if !hasPatterns && Self.isPlainPerson(author, emailHashes: emailHashes) {
        return (.person, nil)
      }
      return classifyByRules(author)
    }

    /// FNV-1a of an ASCII email's bytes in lowercase.
    static func emailHash(_ bytes: some Sequence<UInt8>) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes {
        let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        hash = (hash ^ UInt64(lowered)) &* 0x100_0000_01b3
      }
      return hash
    }

    /// Whether the built-in rules surely make `author` a person, looked at as bytes, without a
    /// string made or hashed (most of a history's thousands of people are plainly people, and
    /// every run classifies them): an ASCII email whose hash is no listed email's, that is not
    /// GitHub's noreply address and does not start with `p` or `g` (GitLab's token bots), no
    /// `[bot]` mark on the name or the email, and a name that does not end in `)` (an agent's
    /// suffix). Anything else is decided by the rules in full (`classifyByRules`), which this
    /// never contradicts.
    static func isPlainPerson(_ author: Author, emailHashes: [UInt64]) -> Bool {
      var (name, email) = (author.name, author.email)
      let nameIsPlain = name.withUTF8 { bytes in
        bytes.last != UInt8(ascii: ")") && !endsIgnoringCase(bytes[...], "[bot]")
      }
      guard nameIsPlain else { return false }
      return email.withUTF8 { bytes in
        guard let first = bytes.first, first | 0x20 != UInt8(ascii: "p"),
          first | 0x20 != UInt8(ascii: "g")
        else { return false }
        // One pass: ASCII, the last `@`, and the hash.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var at = bytes.count
        var high: UInt8 = 0
        for index in bytes.indices {
          let byte = bytes[index]
          high |= byte
          if byte == UInt8(ascii: "@") { at = index }
          let lowered = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
          hash = (hash ^ UInt64(lowered)) &* 0x100_0000_01b3
        }
        return high < 0x80 && !emailHashes.contains(hash)
          && !endsIgnoringCase(bytes[..<at], "[bot]")
          && !endsIgnoringCase(bytes[...], "@users.noreply.github.com")
      }
    }

    /// What `author` is by the rules in full (see `Automation`).
    func classifyByRules(_ author: Author) -> (kind: Kind, label: String?) {
      let text = hasPatterns ? author.nameAndEmail : ""
      let shownName = author.name.isEmpty ? author.email : author.name
      if agents.contains(where: { $0.matches(text) }) { return (.agent, shownName) }
      let isNotBot = notBots.contains { $0.matches(text) }
      if !isNotBot && bots.contains(where: { $0.matches(text) }) { return (.bot, nil) }
      let email = Automation.lowercase(author.email)
      let login = Automation.gitHubLogin(of: email)
      let byEmail = Self.emails[email]
      let byLogin = login.flatMap { Self.logins[$0] }
      if let known = byEmail, known.kind == .agent { return (.agent, known.label) }
      if let known = byLogin, known.kind == .agent { return (.agent, known.label) }
      var name = author.name
      if name.withUTF8({ $0.last }) == UInt8(ascii: ")") {
        let lowered = name.lowercased()
        if let (_, label) = Self.agentSuffixes.first(where: { lowered.hasSuffix($0.0) }) {
          return (.agent, label)
        }
      }
      if isNotBot { return (.person, nil) }
      let first = email.utf8.first
      if byEmail != nil || byLogin != nil
        || Automation.hasBotMark(name: author.name, email: author.email)
        || ((first == UInt8(ascii: "p") || first == UInt8(ascii: "g"))
          && (email.hasPrefix("project_") || email.hasPrefix("group_"))
          && Known(label: "", match: .gitLabTokenBot).matches(name: author.name, email: email))
      {
        return (.bot, nil)
      }
      return (.person, nil)
    }
  }

  /// The agent an assisted trailer's value names: what comes before its first `:` (the
  /// kernel's `AGENT:MODEL [TOOLS]`), else the value, trimmed.
  static func agentName(inTrailer value: String) -> String {
    let agent = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first
    let trimmed = (agent ?? "").trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? value.trimmingCharacters(in: .whitespaces) : trimmed
  }
}
