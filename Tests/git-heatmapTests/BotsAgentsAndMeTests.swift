import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

/// Who counts: bots left out or kept, AI-assisted commits told apart, and every address that is
/// the user. The oracle is git: its `%aN`, `%aE` (mailmapped), `%cN`, `%cE` and
/// `%(trailers:key=…,valueonly)` for each commit, with the documented rules applied to them
/// here.
@Suite("Bots, AI-assisted commits and every address that is you, against git's trailers")
struct BotsAgentsAndMeTests {
  /// Every form the rules name, one commit a day from 2 January 2024.
  static let commits: [(author: String, email: String, committer: String, message: String)] = [
    ("Ada", "ada@corp.example", "Ada <ada@corp.example>", "plain"),
    (
      "dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com",
      "GitHub <noreply@github.com>", "Bump a"
    ),
    ("Renovate Bot", "bot@renovateapp.com", "Renovate Bot <bot@renovateapp.com>", "Update b"),
    ("ci-runner", "ci@corp.example", "ci-runner <ci@corp.example>", "nightly (heatmap.bot)"),
    (
      "Ada", "ada@home.example", "Ada <ada@home.example>",
      "kernel form\n\nAssisted-by: Claude:claude-opus-4 coccinelle\nSigned-off-by: Ada <ada@home.example>"
    ),
    ("Bob", "bob@corp.example", "Bob <bob@corp.example>", "no tools\n\nAssisted-by: Gemini"),
    (
      "Bob", "bob@corp.example", "Bob <bob@corp.example>",
      "claude code\n\nCo-Authored-By: Claude <noreply@anthropic.com>"
    ),
    (
      "Copilot", "198982749+Copilot@users.noreply.github.com",
      "GitHub <noreply@github.com>", "agent author\n\nCo-authored-by: Bob <bob@corp.example>"
    ),
    (
      "Bob", "bob@corp.example", "Bob <bob@corp.example>",
      "not the last paragraph\n\nAssisted-by: Claude\n\nThe end."
    ),
    ("Bob", "bob@corp.example", "Bob <bob@corp.example>", "space\n\nAssisted-by : Codex"),
    ("Cy", "cy@corp.example", "Cy <cy@corp.example>", "generated\n\nGenerated-by: some-llm"),
    ("Cy", "cy@corp.example", "Cy <cy@corp.example>", "configured key\n\nAI-Tool: tabby"),
    (
      "Cy", "cy@corp.example", "Cy <cy@corp.example>",
      "configured agent\n\nCo-authored-by: House Agent <agent@corp.example>"
    ),
    (
      "Ada", "12345+ada@users.noreply.github.com", "Ada <12345+ada@users.noreply.github.com>",
      "noreply"
    ),
    (
      "Cy", "cy@corp.example", "Cy <cy@corp.example>",
      "bot co-author\n\nCo-authored-by: pre-commit-ci[bot] <66853113+pre-commit-ci[bot]@users.noreply.github.com>"
    ),
    (
      "Ada", "ada@corp.example", "Ada <ada@corp.example>",
      "cursor\n\nCo-authored-by: Cursor Agent <cursoragent@cursor.com>\nCo-authored-by: Dee <dee@corp.example>"
    ),
  ]

  /// The repository: the commits above, a mailmap that makes Ada's noreply address her work
  /// one, `user.email` the work address and `heatmap.me` the home one, and the configured bot,
  /// agent and trailer.
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    for (index, commit) in commits.enumerated() {
      let file = repo.root.appendingPathComponent("message")
      try commit.message.write(to: file, atomically: true, encoding: .utf8)
      let committer = commit.committer.split(separator: "<")
      let date = "\(1_704_196_800 + index * 86_400) +0000"
      try repo.git(
        ["commit", "-q", "--allow-empty", "--cleanup=verbatim", "-F", file.path],
        environment: [
          "GIT_AUTHOR_NAME": commit.author, "GIT_AUTHOR_EMAIL": commit.email,
          "GIT_AUTHOR_DATE": date,
          "GIT_COMMITTER_NAME": committer[0].trimmingCharacters(in: .whitespaces),
          "GIT_COMMITTER_EMAIL": String(committer[1].dropLast()), "GIT_COMMITTER_DATE": date,
        ])
    }
    try "Ada <ada@corp.example> <12345+ada@users.noreply.github.com>\n".write(
      toFile: repo.path + "/.mailmap", atomically: true, encoding: .utf8)
    for (key, value) in [
      ("user.email", "ada@corp.example"), ("heatmap.me", "ada@home.example"),
      ("heatmap.bot", "^ci-runner "), ("heatmap.agent", "<agent@corp\\.example>$"),
      ("heatmap.assistedTrailer", "AI-Tool"),
    ] {
      try repo.git(["config", "--add", key, value])
    }
    return repo
  }

  /// One commit as git shows it.
  struct Logged {
    var day: String
    var author: String
    var authorEmail: String
    var committerEmail: String
    var assistedTrailers: [String]
    var coAuthors: [String]
  }

  static func log(_ repo: TemporaryRepository) throws -> [Logged] {
    let keys = ["Assisted-by", "Generated-by", "AI-Tool"]
    let trailers = keys.map { "%(trailers:key=\($0),valueonly,separator=%x1d)" }
    let format =
      "%ad%x1f%aN%x1f%aE%x1f%cE%x1f" + trailers.joined(separator: "%x1d")
      + "%x1f%(trailers:key=Co-authored-by,valueonly,separator=%x1d)%x1e"
    let output = try repo.git(["log", "--date=format:%Y-%m-%d", "--format=\(format)"])
    return output.split(separator: "\u{1E}").compactMap { record in
      let fields = record.trimmingCharacters(in: .newlines).split(
        separator: "\u{1F}", omittingEmptySubsequences: false
      ).map(String.init)
      guard fields.count == 6 else { return nil }
      func list(_ text: String) -> [String] {
        text.split(separator: "\u{1D}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
          .filter { !$0.isEmpty }
      }
      return Logged(
        day: fields[0], author: fields[1], authorEmail: fields[2], committerEmail: fields[3],
        assistedTrailers: list(fields[4]), coAuthors: list(fields[5]))
    }
  }

  /// The documented rules, written again here from the README's words for the identities of
  /// this repository.
  static func isBot(name: String, email: String) -> Bool {
    let local = email.split(separator: "@").first.map(String.init) ?? email
    return name.hasSuffix("[bot]") || local.hasSuffix("[bot]")
      || ["bot@renovateapp.com", "noreply@github.com"].contains(email)
      || name == "ci-runner"
  }

  static func isAgent(_ person: String) -> Bool {
    [
      "<noreply@anthropic.com>", "<cursoragent@cursor.com>", "+Copilot@users.noreply.github.com>",
      "<agent@corp.example>",
    ].contains { person.hasSuffix($0) }
  }

  static func isAssisted(_ commit: Logged) -> Bool {
    !commit.assistedTrailers.isEmpty || commit.coAuthors.contains(where: isAgent)
      || isAgent("\(commit.author) <\(commit.authorEmail)>")
  }

  static func days(_ commits: [Logged]) -> [String: Int] {
    commits.reduce(into: [:]) { $0[$1.day, default: 0] += 1 }
  }

  static let year = ["--year", "2024"]

  @Test(
    "--no-bots, --bots, --assisted only and exclude, and the assisted column: git's selection",
    arguments: [
      (["--no-bots"], "no bots"), (["--bots"], "only bots"),
      (["--assisted", "only"], "assisted only"), (["--assisted", "exclude"], "no assisted"),
      ([String](), "all"), (["--bots=exclude", "--assisted=only"], "assisted, no bots"),
    ])
  func selections(options: [String], name: String) throws {
    let repo = try Self.repository()
    let logged = try Self.log(repo)
    #expect(logged.count == Self.commits.count)
    let kept = logged.filter { commit in
      let bot = Self.isBot(name: commit.author, email: commit.authorEmail)
      let assisted = Self.isAssisted(commit)
      switch name {
      case "no bots": return !bot
      case "only bots": return bot
      case "assisted only": return assisted
      case "no assisted": return !assisted
      case "assisted, no bots": return assisted && !bot
      default: return true
      }
    }
    let result = heatmap(Self.year + options + ["--format", "csv"], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout) == Self.days(kept), "\(name)")
    // The assisted column is the assisted part of each day's count.
    var assisted: [String: Int] = [:]
    for line in result.stdout.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",")
      if let value = Int(fields[2]), value > 0 { assisted[String(fields[0])] = value }
    }
    #expect(assisted == Self.days(kept.filter(Self.isAssisted)), "\(name)")
  }

  @Test(
    "the [bot] mark: at the end of the name or of the email's local part, any case; nowhere else")
  func botMark() {
    let classifier = Automation.Classifier(Automation())
    func kind(_ name: String, _ email: String) -> Automation.Kind {
      classifier.classify(Author(name: name, email: email)).kind
    }
    #expect(kind("release-helper[bot]", "release@corp.example") == .bot)
    #expect(kind("release-helper[BOT]", "release@corp.example") == .bot)
    #expect(kind("Release Helper", "release-helper[bot]@corp.example") == .bot)
    #expect(kind("release-helper[bot] 2", "release@corp.example") == .person)
    #expect(kind("[bot]release", "release@corp.example") == .person)
    #expect(kind("Release Helper", "release@helper[bot].example") == .person)
    #expect(kind("bot]", "bot@corp.example") == .person)
  }

  @Test(
    "the byte screen that passes plain people never contradicts the rules in full: every listed identity in any case, marks, prefixes, non-ASCII"
  )
  func plainPeopleScreen() {
    let classifier = Automation.Classifier(Automation())
    var emails = ["ada@example.com", "a@b", "", "@", "x@users.noreply.github.com"]
    var names = ["Ada", "", ")", "Claude", "Aider Person (aider)", "x (AIDER)"]
    for known in Automation.agents + Automation.bots {
      switch known.match {
      case .email(let address): emails += [address, address.uppercased(), " " + address]
      case .gitHubLogin(let login):
        emails += [
          login + "@users.noreply.github.com",
          "12+" + login.uppercased() + "@USERS.noreply.github.com",
          login + "@users.noreply.github.co",
        ]
      case .nameSuffix(let suffix): names += ["Someone" + suffix, "Someone" + suffix.uppercased()]
      case .gitLabTokenBot:
        emails += [
          "project_12_bot_abc@noreply.gitlab.example", "GROUP_3_bot@noreply.x", "group_x@noreply.y",
        ]
      }
    }
    emails += [
      "helper[bot]@corp.example", "helper[BOT]@corp.example", "a@helper[bot]", "Ada@Example.COM",
      "zoë@example.com", "ada@exämple.com", "NOREPLY@ANTHROPIC.COM", "noreply@anthropic.co",
      "pat@example.com", "Greg@example.com", "\u{212A}@example.com",
    ]
    names += ["helper[bot]", "Helper[Bot]", "Zoë", "[bot] x"]
    var screened = 0
    var wrong: [String] = []
    for name in names {
      for email in emails {
        let author = Author(name: name, email: email)
        let full = classifier.classifyByRules(author)
        if Automation.Classifier.isPlainPerson(author, emailHashes: Self.emailHashes) {
          screened += 1
          if full.kind != .person { wrong.append("\(name) <\(email)>: \(full.kind)") }
        }
        if classifier.classify(author).kind != full.kind { wrong.append("\(name) <\(email)>") }
      }
    }
    #expect(wrong.count == 0, "\(wrong.prefix(5))")
    // The screen passes plain people: most pairs here are not.
    #expect(screened >= 40, "\(screened)")
    #expect(
      Automation.Classifier.isPlainPerson(
        Author(name: "Ada", email: "ada@example.com"), emailHashes: Self.emailHashes))
  }

  /// The built-in emails' hashes, as the classifier holds them.
  static let emailHashes =
    Automation.agents.compactMap { known -> UInt64? in
      if case .email(let address) = known.match {
        return Automation.Classifier.emailHash(Array(address.utf8))
      }
      return nil
    }
    + Automation.bots.compactMap { known -> UInt64? in
      if case .email(let address) = known.match {
        return Automation.Classifier.emailHash(Array(address.utf8))
      }
      return nil
    }

  @Test("every surface tells the same AI-assisted share and the bots left out")
  func surfaces() throws {
    let repo = try Self.repository()
    let logged = try Self.log(repo)
    let people = logged.filter { !Self.isBot(name: $0.author, email: $0.authorEmail) }
    let assisted = people.filter(Self.isAssisted).count
    let bots = logged.count - people.count
    #expect(assisted == 9 && bots == 3)
    let share = ReportText.percent(100 * Double(assisted) / Double(people.count))
    let terminal = heatmap(Self.year + ["--no-bots", "--color", "never"], in: repo.path)
    #expect(
      terminal.stdout.contains(
        "of which AI-assisted: \(assisted) commits, \(share) · left out: \(bots) commits by bots"),
      "\(terminal.stdout)")
    let json = heatmap(Self.year + ["--no-bots", "--format", "json"], in: repo.path)
    #expect(json.stdout.contains("\"assisted\": \(assisted),\n  \"botsLeftOut\": \(bots),"))
    let summary = heatmap(Self.year + ["--no-bots", "--format", "summary"], in: repo.path)
    #expect(summary.stdout.contains("AI-assisted: \(assisted) commits (\(share))."))
    #expect(summary.stdout.contains("Left out: \(bots) commits by bots."))
    // The SVG's tooltips and description, and the alt text.
    let svgPath = repo.path + "/graph.svg"
    let svg = heatmap(Self.year + ["--no-bots", "-o", svgPath], in: repo.path)
    let drawn = try String(contentsOfFile: svgPath, encoding: .utf8)
    #expect(drawn.contains("Tuesday, 6 February 2024: 1 commit, 1 AI-assisted</title>") == false)
    #expect(drawn.contains(": 1 commit, 1 AI-assisted</title>"))
    #expect(svg.stderr.contains("AI-assisted: \(assisted) commits (\(share))."))
    // An image does not say how many bot commits were left out: a graph a bot keeps fresh
    // would change with each of its own commits.
    #expect(!svg.stderr.contains("by bots") && !drawn.contains("by bots"))
    // --day names the agents of each commit.
    let day = heatmap(["--day", "2024-01-08"], in: repo.path)
    #expect(day.stdout.contains("1 commit, 1 AI-assisted") && day.stdout.contains("[AI: Claude]"))
    let dayJSON = heatmap(["--day", "2024-01-07", "--format", "json"], in: repo.path)
    #expect(dayJSON.stdout.contains("\"agents\": [\"Gemini\"]"))
    // The page: the switch and each commit's agents.
    let page = heatmap(Self.year + ["--format", "html"], in: repo.path)
    #expect(page.stdout.contains("<option value=\"only\">AI-assisted only</option>"))
    #expect(page.stdout.contains("\"agents\":{"))
    #expect(page.stdout.contains("\"GitHub Copilot\""))
    // --authors: the column, and bots and agents marked.
    let table = heatmap(Self.year + ["--authors", "--format", "csv"], in: repo.path)
    #expect(table.stdout.hasPrefix("name,email,commits,"))
    #expect(table.stdout.split(separator: "\n")[0].hasSuffix(",weekly,kind,assisted"))
    let rows = table.stdout.split(separator: "\n").map { $0.split(separator: ",") }
    #expect(rows.contains { $0.first == "Renovate Bot" && $0.suffix(2) == ["bot", "0"] })
    #expect(rows.contains { $0.first == "Copilot" && $0.suffix(2) == ["agent", "1"] })
    let shown = heatmap(Self.year + ["--authors", "--color", "never"], in: repo.path)
    #expect(shown.stdout.contains("Renovate Bot (bot)") && shown.stdout.contains("Copilot (agent)"))
  }

  @Test("an export keeps the AI-assisted mark and its agents; --from draws it as the repository")
  func exports() throws {
    let repo = try Self.repository()
    let export = heatmap(["--format", "commits"], in: repo.path)
    #expect(export.status == 0, "\(export.stderr)")
    let lines = export.stdout.split(separator: "\n")
    #expect(lines.count == Self.commits.count)
    #expect(lines.filter { $0.contains("\"assisted\":true") }.count == 9)
    #expect(lines.contains { $0.contains("\"agents\":[\"Claude\"]") })
    #expect(lines.contains { $0.contains("\"agents\":[\"Cursor\"]") })
    try export.stdout.write(toFile: repo.path + "/e.ndjson", atomically: true, encoding: .utf8)
    for options in [["--no-bots"], ["--assisted", "only"], ["--bots"], []] {
      let direct = heatmap(Self.year + options + ["--format", "csv"], in: repo.path)
      let drawn = heatmap(
        Self.year + options + ["--format", "csv", "--from", repo.path + "/e.ndjson"],
        in: repo.path)
      #expect(drawn.stdout == direct.stdout, "\(options)")
    }
    let csv = heatmap(["--format", "commits", "-o", repo.path + "/e.csv"], in: repo.path)
    #expect(csv.status == 0)
    let drawn = heatmap(
      Self.year + ["--assisted", "only", "--format", "csv", "--from", repo.path + "/e.csv"],
      in: repo.path)
    #expect(
      drawn.stdout
        == heatmap(Self.year + ["--assisted", "only", "--format", "csv"], in: repo.path).stdout)
  }

  @Test("--co-authors never counts an agent as a person while commits are told apart")
  func agentsAreNotPeople() throws {
    let repo = try Self.repository()
    let on = heatmap(Self.year + ["--co-authors", "--authors", "--format", "csv"], in: repo.path)
    #expect(!on.stdout.contains("Claude") && !on.stdout.contains("Cursor Agent"))
    let rows = on.stdout.split(separator: "\n").map { $0.split(separator: ",") }
    #expect(rows.contains { $0.first == "Dee" && $0[2] == "1" && $0.suffix(2) == ["person", "1"] })
    // Bots as co-authors are left out with --no-bots, and counted with --bots.
    #expect(on.stdout.contains("pre-commit-ci[bot]"))
    let noBots = heatmap(
      Self.year + ["--co-authors", "--no-bots", "--authors", "--format", "csv"], in: repo.path)
    #expect(!noBots.stdout.contains("pre-commit-ci[bot]"))
    let off = heatmap(
      Self.year + ["--co-authors", "--assisted", "off", "--authors", "--format", "csv"],
      in: repo.path)
    let offRows = off.stdout.split(separator: "\n").map { $0.split(separator: ",") }
    #expect(offRows.contains { $0.first == "Claude" && $0.last == "person" })
    #expect(off.stdout.split(separator: "\n")[0].hasSuffix(",weekly,kind"))
  }

  @Test("with --committer, a bot committer is left out by --no-bots as git's --committer would")
  func committers() throws {
    let repo = try Self.repository()
    let logged = try Self.log(repo)
    let ours = heatmap(
      Self.year + ["--committer", "@", "--no-bots", "--format", "csv"], in: repo.path)
    let expected = logged.filter {
      !Self.isBot(name: $0.author, email: $0.authorEmail)
        && !["noreply@github.com"].contains($0.committerEmail)
    }
    #expect(nonZeroDays(ours.stdout) == Self.days(expected))
  }

  @Test("--me: user.email, heatmap.me and every address the mailmap maps to them; -v names them")
  func everyAddress() throws {
    let repo = try Self.repository()
    let git = try repo.gitDays(
      ["--author=ada@corp.example", "--author=ada@home.example", "--date=format:%Y-%m-%d"])
    #expect(git.values.reduce(0, +) == 4)
    let ours = heatmap(Self.year + ["--me", "--format", "csv", "-v"], in: repo.path)
    #expect(nonZeroDays(ours.stdout) == git, "\(ours.stderr)")
    #expect(ours.stderr.contains("--me counted 3 identities as you"), "\(ours.stderr)")
    #expect(ours.stderr.contains("Ada <12345+ada@users.noreply.github.com>"))
    // A pattern in heatmap.me works as --author does.
    try repo.git(["config", "--replace-all", "heatmap.me", "^Bob "])
    let pattern = heatmap(Self.year + ["--me", "--format", "csv"], in: repo.path)
    let bob = try repo.gitDays(["--author=ada@corp.example", "--author=^Bob "])
    #expect(nonZeroDays(pattern.stdout) == bob)
  }

  @Test(
    "a bad heatmap.bot, heatmap.notBot, heatmap.agent or heatmap.assistedTrailer names its key and file",
    arguments: ["heatmap.bot", "heatmap.notBot", "heatmap.agent", "heatmap.assistedTrailer"])
  func badConfiguration(key: String) throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    try repo.git(["config", key, key == "heatmap.assistedTrailer" ? "Not a key:" : "a(b"])
    let result = heatmap(Self.year, in: repo.path)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("git-heatmap: invalid value "), "\(result.stderr)")
    #expect(result.stderr.contains("for '\(key)' in \(repo.path)/.git/config: "))
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").dropFirst() == ["see 'git-heatmap --help'"])
  }

  @Test("heatmap.notBot takes back a bot; heatmap.bots sets the default, the command line wins")
  func configuredChoices() throws {
    let repo = try Self.repository()
    try repo.git(["config", "heatmap.notBot", "renovateapp"])
    try repo.git(["config", "heatmap.bots", "exclude"])
    let logged = try Self.log(repo)
    let ours = heatmap(Self.year + ["--format", "csv"], in: repo.path)
    let expected = logged.filter {
      !Self.isBot(name: $0.author, email: $0.authorEmail) || $0.authorEmail == "bot@renovateapp.com"
    }
    #expect(nonZeroDays(ours.stdout) == Self.days(expected))
    let all = heatmap(Self.year + ["--bots=include", "--format", "csv"], in: repo.path)
    #expect(nonZeroDays(all.stdout) == Self.days(logged))
    try repo.git(["config", "heatmap.bots", "sometimes"])
    let bad = heatmap(Self.year, in: repo.path)
    #expect(bad.status == 64 && bad.stderr.contains("'heatmap.bots' in git config"))
  }
}
