import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("Installed like a git tool: git heatmap, man page, completions", .serialized)
struct InstallTests {
  @discardableResult
  static func run(_ command: String, in directory: String, environment: [String: String]) throws
    -> String
  {
    try TemporaryRepository.run(
      "/bin/bash", ["-c", command], in: directory, environment: environment)
  }

  @Test(
    "completions typed into real bash, zsh and fish in tmux: options, --opt=values, git heatmap",
    .enabled(
      if: ["/usr/bin/tmux", "/usr/bin/zsh", "/usr/bin/fish"].allSatisfy { Tools.isInstalled($0) },
      "tmux, zsh or fish is not installed (Scripts/test installs them)"),
    arguments: ["bash", "zsh", "fish"])
  func completionsInShells(shell: String) throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    try repo.git(["branch", "feature-x"])
    try repo.write("filed-away.txt", "x\n")
    // An alias for heatmap, as git users make them.
    try repo.git(["config", "alias.hm", "heatmap"])
    let prefix = repo.root.path + "/prefix"
    let home = repo.root.path + "/home"
    try FileManager.default.createDirectory(
      atPath: home + "/.config/fish", withIntermediateDirectories: true)
    let scripts = Tools.projectRoot.appendingPathComponent("Scripts").path
    try Self.run(
      "'\(scripts)/install' --prefix '\(prefix)' --binary '\(try builtExecutable())' 2>/dev/null",
      in: repo.path, environment: repo.environment)
    try "PS1='$ '\nsource /usr/share/bash-completion/bash_completion\n".write(
      toFile: home + "/.bashrc", atomically: true, encoding: .utf8)
    try
      "fpath=('\(prefix)/share/zsh/site-functions' $fpath)\nautoload -Uz compinit; compinit -u\nPROMPT='%% '\n"
      .write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
    try "function fish_prompt; echo '> '; end\nfunction fish_greeting; end\n".write(
      toFile: home + "/.config/fish/config.fish", atomically: true, encoding: .utf8)
    let environment = [
      "HOME": home, "PATH": prefix + "/bin:/usr/bin:/bin", "TERM": "xterm",
      // Where bash-completion and fish look for a prefix's files (the README says so).
      "XDG_DATA_DIRS": prefix + "/share:/usr/local/share:/usr/share",
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
    ]
    let command =
      ["bash": "bash --rcfile '\(home)/.bashrc' -i", "zsh": "zsh -i", "fish": "fish -i"][shell]
      ?? shell
    let session = try ShellSession(command: command, directory: repo.path, environment: environment)
    for prefixWord in ["git-heatmap", "git heatmap"] {
      // What is typed, how many Tabs, and what the screen must then show. The right side of a
      // range completes, and after --, files rather than revisions.
      let cases: [(typed: String, tabs: Int, expected: [String])] = [
        ("--for", 1, ["\(prefixWord) --format"]), ("--format=", 2, ["summary", "terminal"]),
        ("--theme=gi", 1, ["--theme=github"]), ("--week-start ", 2, ["wednesday"]),
        ("feat", 1, ["feature-x"]), ("HEAD~0..feat", 1, ["HEAD~0..feature-x"]),
        ("-- filed", 1, ["-- filed-away.txt"]),
      ]
      for (typed, tabs, expected) in cases {
        let screen = try session.complete(
          "\(prefixWord) \(typed)", tabs: tabs, expecting: expected[0])
        #expect(expected.allSatisfy(screen.contains), "\(shell) \(prefixWord) \(typed): \(screen)")
      }
    }
    // Options after an alias: git's own alias expansion in bash and zsh, ours in fish.
    let aliased = try session.complete("git hm --for", tabs: 1, expecting: "git hm --format")
    #expect(aliased.contains("git hm --format"), "\(shell): \(aliased)")
    if shell == "fish" {
      // Each value once, without the option's description beside it.
      let described = try session.complete("git-heatmap --format=", tabs: 2, expecting: "summary")
      #expect(!described.contains("what to write"), "\(described)")
    }
    for problem in ["parse error", "command not found", "No such file"] {
      let screen = try session.run(["capture-pane", "-t", "t", "-p", "-S", "-200"])
      #expect(!screen.contains(problem), "\(shell): \(screen)")
    }
  }

  @Test("a relative prefix: uninstall from another folder, the prefix spelled otherwise")
  func relativePrefix() throws {
    let repo = try TemporaryRepository()
    let scripts = Tools.projectRoot.appendingPathComponent("Scripts").path
    let binary = try builtExecutable()
    try Self.run(
      "'\(scripts)/install' --prefix local --binary '\(binary)' 2>/dev/null", in: repo.root.path,
      environment: repo.environment)
    #expect(FileManager.default.fileExists(atPath: repo.root.path + "/local/bin/git-heatmap"))
    try Self.run(
      "'\(scripts)/uninstall' --prefix ../local/ 2>/dev/null", in: repo.path,
      environment: repo.environment)
    #expect(!FileManager.default.fileExists(atPath: repo.root.path + "/local"))
  }

  @Test(
    "install into a prefix: git heatmap, man, bash/zsh/fish completions; uninstall leaves nothing")
  func installAndUninstall() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let prefix = repo.root.path + "/prefix"
    try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
    var environment = repo.environment
    environment["PATH"] = prefix + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["MANPATH"] = prefix + "/share/man"
    environment["MANPAGER"] = "cat"
    environment["MANWIDTH"] = "80"
    let scripts = Tools.projectRoot.appendingPathComponent("Scripts").path
    try Self.run(
      "'\(scripts)/install' --prefix '\(prefix)' --binary '\(try builtExecutable())'",
      in: repo.path, environment: environment)

    // Through git's own lookup of subcommands.
    let csv = try Self.run(
      "git heatmap --format csv --since 2024-01-01 --until 2024-01-03", in: repo.path,
      environment: environment)
    #expect(csv == "date,count,assisted\n2024-01-01,0,0\n2024-01-02,1,0\n2024-01-03,0,0\n")
    // git heatmap --help opens the man page; man renders it without warnings.
    let help = try Self.run("git heatmap --help 2>&1", in: repo.path, environment: environment)
    #expect(help.contains("GIT-HEATMAP(1)"))
    let warnings = try Self.run(
      "man --warnings -l '\(prefix)/share/man/man1/git-heatmap.1' 2>&1 >/dev/null", in: repo.path,
      environment: environment)
    #expect(warnings.isEmpty, "\(warnings)")
    // Completions: bash registers, and completes under git's own completion; zsh and fish parse.
    let bash = try Self.run(
      "source '\(prefix)/share/bash-completion/completions/git-heatmap'; complete -p git-heatmap",
      in: repo.path, environment: environment)
    #expect(bash == "complete -F _git_heatmap_complete git-heatmap\n")
    let underGit = try Self.run(
      """
      source /usr/share/bash-completion/completions/git
      source '\(prefix)/share/bash-completion/completions/git-heatmap'
      COMP_WORDS=(git heatmap --for); COMP_CWORD=2; COMP_LINE="git heatmap --for"; COMP_POINT=${#COMP_LINE}
      __git_wrap__git_main; echo "${COMPREPLY[@]}"
      COMP_WORDS=(git heatmap --week-start ""); COMP_CWORD=3; COMP_LINE="git heatmap --week-start "; COMP_POINT=${#COMP_LINE}
      __git_wrap__git_main; echo "${COMPREPLY[@]}"
      """, in: repo.path, environment: environment)
    // git's own conventions: an option that takes a value ends in '=', a value in a space.
    #expect(
      underGit
        == "--format=\nsunday  monday  tuesday  wednesday  thursday  friday  saturday \n")
    try Self.run(
      "zsh -n '\(prefix)/share/zsh/site-functions/_git-heatmap'", in: repo.path,
      environment: environment)
    try Self.run(
      "fish -n '\(prefix)/share/fish/vendor_completions.d/git-heatmap.fish'", in: repo.path,
      environment: environment)

    try Self.run(
      "'\(scripts)/uninstall' --prefix '\(prefix)'", in: repo.path, environment: environment)
    #expect(try FileManager.default.contentsOfDirectory(atPath: prefix) == [])
  }

  @Test("every option the parser accepts appears in --help, the man page and every completion")
  func oneSourceOfTruth() throws {
    let help = Help.text()
    let man = ManPage.text()
    let bash = Completions.bash()
    let zsh = Completions.zsh()
    let fish = Completions.fish()
    for spec in OptionTable.all {
      let long = "--" + spec.long
      #expect(help.contains(long), "help: \(long)")
      #expect(man.contains("\\-\\-" + ManPage.escape(spec.long).dropFirst(0)), "man: \(long)")
      #expect(bash.contains(long), "bash: \(long)")
      #expect(zsh.contains(long), "zsh: \(long)")
      #expect(fish.contains("-l \(spec.long)"), "fish: \(long)")
      for choice in spec.choices {
        #expect(
          bash.contains(choice) && zsh.contains(choice) && fish.contains(choice),
          "\(long) \(choice)")
      }
      // And the parser takes it.
      let arguments = [long] + (spec.takesValue ? [spec.choices.first ?? "1"] : [])
      if spec.long != "generate-completion" {
        #expect((try? ArgumentParser().parse(arguments)) != nil, "\(arguments)")
      }
    }
  }

  @Test("--help: a synopsis, grouped options with defaults, examples, in 80 columns")
  func help() throws {
    let repo = try TemporaryRepository()
    let result = heatmap(["--help"], in: repo.path)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(lines.contains("USAGE: git-heatmap [options] [<revision>...] [[--] <path>...]"))
    for heading in ["REVISIONS:", "AUTHORS:", "WINDOW:", "OUTPUT:", "APPEARANCE:", "EXAMPLES:"] {
      #expect(lines.contains(Substring(heading)), "\(heading)")
    }
    #expect(result.stdout.contains("[default: 53]"))
  }

  @Test("--version names the version, libgit2 and Swift")
  func version() throws {
    let result = heatmap(["--version"], in: "/")
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix("git-heatmap \(Command.version) (libgit2 \(libgit2Version), Swift 6.")
    )
  }

  @Test("defaults from git config heatmap.*: flags win, --no-config ignores, bad values are named")
  func configuration() throws {
    let repo = try HistoryAgainstGitTests.makeRepository()
    try repo.git(["config", "heatmap.weekStart", "monday"])
    try repo.git(["config", "heatmap.author", "Hopper"])
    let window = ["--format", "json", "--since", "2024-01-01", "--until", "2024-12-31"]
    let configured = heatmap(window, in: repo.path).stdout
    #expect(configured.contains("\"weekStart\": \"monday\""))
    #expect(configured.contains("\"total\": 2,"))
    let flags = heatmap(window + ["--week-start", "sunday", "--author", "Lovelace"], in: repo.path)
      .stdout
    #expect(flags.contains("\"weekStart\": \"sunday\"") && flags.contains("\"total\": 12,"))
    let ignored = heatmap(window + ["--no-config"], in: repo.path).stdout
    #expect(ignored.contains("\"weekStart\": \"sunday\"") && ignored.contains("\"total\": 15,"))
    try repo.git(["config", "heatmap.theme", "solarized"])
    let bad = heatmap(window, in: repo.path)
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "git-heatmap: invalid value 'solarized' for 'heatmap.theme' in git config: expected github, github-dark or auto"
      ))
  }
}

/// An interactive shell in a real terminal (tmux): keys typed, the screen read.
final class ShellSession {
  let socket = "heatmap-shell-\(UUID().uuidString.prefix(8))"
  let environment: [String: String]

  init(command: String, directory: String, environment: [String: String]) throws {
    var environment = environment
    environment["TMUX"] = nil
    self.environment = environment
    let variables = environment.map { "\($0.key)=\(ShellSession.quoted($0.value))" }.joined(
      separator: " ")
    try startTmuxServer(
      [
        "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "160", "-y", "40",
        "-c", directory, "env -i \(variables) \(command)",
      ], environment: environment)
    // Ready once the shell has drawn its prompt and stopped drawing (five seconds at most).
    var last = ""
    for _ in 0..<100 {
      usleep(50_000)
      let screen = (try? run(["capture-pane", "-t", "t", "-p"])) ?? ""
      if !screen.allSatisfy(\.isWhitespace) && screen == last { break }
      last = screen
    }
  }

  deinit {
    endTmuxServer { try self.run($0) }
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    try TemporaryRepository.run(
      "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments, in: "/",
      environment: environment)
  }

  /// Types `text`, then Tab `tabs` times (the shell takes the keys in order), and returns the
  /// screen once it shows `expected` (polled, four seconds at most); the line is cleared after,
  /// and the screen polled until it is.
  func complete(_ text: String, tabs: Int = 2, expecting expected: String) throws -> String {
    try run(["send-keys", "-t", "t", "-l", text])
    for _ in 0..<tabs { try run(["send-keys", "-t", "t", "Tab"]) }
    var screen = ""
    for _ in 0..<80 {
      screen = try run(["capture-pane", "-t", "t", "-p"])
      if screen.contains(expected) { break }
      usleep(50_000)
    }
    try run(["send-keys", "-t", "t", "C-u"])
    try run(["send-keys", "-t", "t", "C-l"])
    for _ in 0..<40 {
      usleep(50_000)
      let cleared = try run(["capture-pane", "-t", "t", "-p"])
      if !cleared.contains(text) { break }
    }
    return screen
  }
}
