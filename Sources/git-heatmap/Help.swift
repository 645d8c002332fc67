/// `--help`, generated from the option table, grouped, with defaults and examples, in 80 columns.
enum Help {
  /// `-h`: what git's own `-h` gives, the forms of the command line, in a few lines.
  static func usage() -> String {
    """
    usage: git heatmap [<options>] [<revision-range>] [[--] <pathspec>...]
       or: git heatmap --from <export>... [<options>]
       or: git heatmap --format commits [<options>] [<revision-range>] [[--] <pathspec>...]

    Run 'git heatmap --help' for every option.

    """
  }

  static func text() -> String {
    var lines = [
      "git-heatmap: a GitHub-style contribution graph of a git history",
      "",
      "USAGE: git-heatmap [options] [<revision>...] [[--] <path>...]",
      "       git heatmap [options] [<revision>...] [[--] <path>...]",
      "",
      "Counts the commits of HEAD (or of the revisions and ranges given, as git log",
      "takes them: main, v1.0..v2.0, ^old new; only those that change the paths, when",
      "paths are given) per day and per author, and draws them.",
    ]
    for group in OptionSpec.Group.allCases {
      let specs = OptionTable.all.filter { $0.group == group }
      guard !specs.isEmpty else { continue }
      lines.append("")
      lines.append(group.rawValue.uppercased() + ":")
      for spec in specs {
        lines += entry(spec)
      }
    }
    lines += [
      "",
      "EXAMPLES:",
      "  git heatmap                          the last year of HEAD",
      "  git heatmap --all --me               your commits on every branch",
      "  git heatmap --year 2024 -o 2024.svg  a year as SVG, for a README",
      "  git heatmap --since '6 months ago' --format csv",
      "  git heatmap -- src/ docs/             only commits that change these paths",
      "  git heatmap --day yesterday           yesterday's commits",
      "",
      "Exit status: 0 success, 1 failure (git, I/O), 64 usage error.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One option: names on the left, help wrapped on the right, default and choices after it.
  private static func entry(_ spec: OptionSpec) -> [String] {
    var names = spec.short.map { "-\($0), " } ?? "    "
    names += spec.usage
    var help = spec.help
    if !spec.choices.isEmpty { help += " (" + spec.choices.joined(separator: ", ") + ")" }
    if let value = spec.defaultValue { help += " [default: \(value)]" }
    let indent = 28
    let width = 80 - indent
    var wrapped = wrap(help, width: width)
    var result: [String] = []
    let left = "  " + names
    if left.count < indent - 1 {
      result.append(left.padding(indent) + wrapped.removeFirst())
    } else {
      result.append(left)
    }
    result += wrapped.map { String(repeating: " ", count: indent) + $0 }
    return result
  }

  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
