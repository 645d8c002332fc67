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
    #expect(csv == "date,count\n2024-01-01,0\n2024-01-02,1\n2024-01-03,0\n")
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
    #expect(underGit == "--format\nsunday monday tuesday wednesday thursday friday saturday\n")
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
    #expect(lines.contains("USAGE: git-heatmap [options] [<revision>...]"))
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
    try repo.git(["config", "heatmap.author", "hopper"])
    let window = ["--format", "json", "--since", "2024-01-01", "--until", "2024-12-31"]
    let configured = heatmap(window, in: repo.path).stdout
    #expect(configured.contains("\"weekStart\": \"monday\""))
    #expect(configured.contains("\"total\": 2,"))
    let flags = heatmap(window + ["--week-start", "sunday", "--author", "lovelace"], in: repo.path)
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
