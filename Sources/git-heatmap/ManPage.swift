import Foundation

/// `git-heatmap.1`, in roff, generated from the option table: `git heatmap --help` opens it.
enum ManPage {
  // Kept whole: the man page's sections in the order `man` shows them.
  static func text() -> String {
    var out = [
      ".TH GIT-HEATMAP 1 \"\" \"git-heatmap \(Command.version)\" \"Git Manual\"",
      ".SH NAME",
      "git-heatmap \\- draw a GitHub-style contribution graph of a git history",
      ".SH SYNOPSIS",
      ".B git heatmap",
      "[\\fIoptions\\fR] [\\fIrevision\\fR...] [[\\fB\\-\\-\\fR] \\fIpath\\fR...]",
      ".SH DESCRIPTION",
      "Counts the commits of HEAD, or of the revisions and ranges given as",
      ".BR git\\-log (1)",
      "takes them, per day and per author, and draws them as a calendar grid of colored cells,",
      "one per day with weeks as columns, in the terminal; or writes them as SVG, PNG, CSV, JSON,",
      "a summary a screen reader reads well, an offline HTML page with every year, or one record",
      "per commit (NDJSON or CSV, gzipped by the file's name) to draw from later with",
      ".BR \\-\\-from .",
      "A commit's day is its author date on the author's own calendar, as",
      ".B git log \\-\\-date=format:%Y\\-%m\\-%d",
      "shows it; identities go through the mailmap as in",
      ".BR git\\-shortlog (1).",
    ]
    for group in OptionSpec.Group.allCases {
      let specs = OptionTable.all.filter { $0.group == group }
      guard !specs.isEmpty else { continue }
      out.append(".SH \(group.rawValue.uppercased()) OPTIONS")
      for spec in specs {
        var names = spec.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        names += "\\fB\\-\\-\(escape(spec.long))\\fR"
        if let placeholder = spec.placeholder { names += " \\fI\(escape(placeholder))\\fR" }
        if let placeholder = spec.optionalPlaceholder {
          names += "[=\\fI\(escape(placeholder))\\fR]"
        }
        out.append(".TP")
        out.append(names)
        var help = escape(spec.help.prefix(1).uppercased() + spec.help.dropFirst())
        if !help.hasSuffix(".") { help += "." }
        if !spec.choices.isEmpty {
          help += " One of: " + spec.choices.map(escape).joined(separator: ", ") + "."
        }
        if let value = spec.defaultValue { help += " Default: " + escape(value) + "." }
        if let key = spec.configKey { help += " Git config: \\fB" + escape(key) + "\\fR." }
        out.append(help)
      }
    }
    out += [
      ".SH CONFIGURATION",
      "Defaults can be kept in git config, for example",
      ".B git config \\-\\-global heatmap.weekStart monday.",
      "Options given on the command line win;",
      ".B \\-\\-no\\-config",
      "ignores the configuration.",
      "These keys are lists, each value one \\fBgit config \\-\\-add\\fR:",
    ]
    for (key, help) in OptionTable.configuredLists {
      out += [".TP", ".B " + escape(key), escape(help) + "."]
    }
    out += [
      "Bots: a name or an email's local part ending in [bot], GitHub web-flow and Actions,"
        + " Renovate, Dependabot, semantic-release, ImgBot, pyup.io, Snyk, Travis CI, Weblate,"
        + " bors and GitLab's token bots. Agents: Claude, GitHub Copilot, Cursor, Codex, Gemini,"
        + " Jules, Aider, Devin, Amp, OpenHands, Amazon Q, Sweep, Codegen, Factory Droid, by"
        + " email or GitHub account (docs/who-counts.md lists each).",
      ".SH ENVIRONMENT",
      ".TP",
      ".B NO_COLOR",
      "When set and not empty, no color (unless \\fB\\-\\-color always\\fR).",
      ".TP",
      ".BR CLICOLOR_FORCE ", " FORCE_COLOR",
      "Color even through a pipe.",
      ".TP",
      ".B COLUMNS",
      "The terminal width to fit the graph in.",
      ".TP",
      ".BR GIT_DIR ", " GIT_CEILING_DIRECTORIES",
      "As in git.",
      ".SH FILES",
      ".TP",
      ".I $GIT_DIR/git\\-heatmap/history.cache",
      "The facts of the commits already read, so that a repeat run reads only new commits;",
      "\\fB$XDG_CACHE_HOME/git\\-heatmap/\\fR when the git directory is not writable.",
      "Remove it with \\fB\\-\\-clear\\-cache\\fR.",
      ".SH EXIT STATUS",
      "0 on success, 1 on a failure (git, I/O), 64 on a usage error, 65 on a day file that is not one.",
      ".SH EXAMPLES",
      ".TP",
      ".B git heatmap",
      "The last year of HEAD.",
      ".TP",
      ".B git heatmap \\-\\-all \\-\\-me",
      "Your commits on every branch.",
      ".TP",
      ".B git heatmap \\-\\-year 2024 \\-o 2024.svg",
      "A year as SVG, for a README.",
      ".TP",
      ".B git heatmap \\-\\-scan ~/src \\-\\-me",
      "Your own graph across every repository below ~/src.",
      ".TP",
      ".B git heatmap \\-\\-scan ~/work \\-\\-me \\-\\-format days \\-o work.json",
      "A day file of your private work: dates and counts only, for \\fB\\-\\-from\\fR elsewhere.",
      ".TP",
      ".B git heatmap \\-\\-no\\-bots \\-\\-assisted only",
      "The AI-assisted commits of people, bots left out.",
      ".SH SEE ALSO",
      ".BR git\\-log (1),",
      ".BR git\\-shortlog (1),",
      ".BR gitmailmap (5)",
    ]
    return out.joined(separator: "\n") + "\n"
  }

  /// Escapes roff's specials: backslashes, hyphens (as \-), and a leading dot or quote.
  static func escape(_ text: String) -> String {
    var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(
      of: "-", with: "\\-")
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
