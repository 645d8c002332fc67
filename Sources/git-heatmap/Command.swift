import Foundation
import GitActivity

/// The whole program as a function: arguments and surroundings in, text and an exit code out.
enum Command {
  static let name = "git-heatmap"
  static let version = "0.4.0"

  /// Exit codes: success, failure (git, I/O), usage error (EX_USAGE).
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    /// Input that is not what it says it is (a day file): EX_DATAERR.
    static let data: Int32 = 65
    /// `-h`, as git's commands exit after their short usage.
    static let shortUsage: Int32 = 129
  }

  static func run(_ context: RunContext, stdout: TextSink, stderr: TextSink) -> Int32 {
    let status = execute(context, stdout: stdout, stderr: stderr)
    // Output that never arrived is a failure, whatever the run itself thought.
    if stdout.failure != 0 && status == ExitCode.success {
      stderr.write(
        "\(name): cannot write to standard output: \(String(cString: strerror(stdout.failure)))\n")
      return ExitCode.failure
    }
    return status
  }

  private static func execute(_ given: RunContext, stdout: TextSink, stderr: TextSink) -> Int32 {
    var context = given
    var invocation: Invocation
    do {
      switch try parse(context, stdout: stdout) {
      case .answered(let status): return status
      case .run(let read): invocation = read
      }
    } catch {
      stderr.write(error.report)
      return error.exitCode
    }
    // git's -C: the run starts in that folder, and every relative path of the command line
    // (--repo, --scan, --from, -o) is read from there, as git reads a path after -C.
    if let directory = invocation.sources.directory {
      context.currentDirectory =
        directory.hasPrefix("/") ? directory : context.currentDirectory + "/" + directory
      invocation.sources.directory = nil
    }
    if invocation.wantsHelp {
      stdout.write(Help.text())
      return ExitCode.success
    }
    if invocation.wantsVersion {
      stdout.write(versionText())
      return ExitCode.success
    }
    do throws(CommandError) {
      let run = Run(invocation: invocation, context: context, stderr: stderr)
      if invocation.output.isPNG && invocation.output.writesStandardOutput
        && context.stdoutIsTerminal
      {
        throw .usage("a PNG is not for the terminal: name a file with -o FILE.png, or redirect")
      }
      let result = try run.render()
      // Once the graph is out, the caches finish writing (on the other core since the walk).
      defer { result.pendingWrites.forEach { $0.wait() } }
      let png =
        invocation.output.isPNG
        ? try Run.png(
          from: result.text, scale: invocation.output.scaleFactor,
          libraryName: context.environment["GIT_HEATMAP_LIBRSVG"]) : nil
      // An SVG follows its reader's light or dark scheme; a PNG is pixels, drawn once.
      if png != nil && !invocation.output.isQuiet
        && (invocation.appearance.theme == "auto" || invocation.appearance.isTransparent)
      {
        let drawn = invocation.appearance.theme == "github-dark" ? "dark" : "light"
        stderr.write(
          "\(name): note: a PNG cannot follow its reader's light or dark scheme: drawn for a \(drawn) page"
            + " (--theme github or github-dark chooses; an SVG follows the reader)\n")
      }
      try deliver(
        result, png: png, invocation: invocation, context: context, stdout: stdout, stderr: stderr)
      return ExitCode.success
    } catch {
      stderr.write(error.report)
      return error.exitCode
    }
  }

  /// What parsing the command line leads to: an answer already given (completions, usage, the
  /// man page), or a run.
  private enum Parsed {
    case answered(Int32)
    case run(Invocation)
  }

  /// The command line read, with `git config heatmap.*` filling what it leaves out, and
  /// standard input read when it lists commits.
  private static func parse(_ context: RunContext, stdout: TextSink) throws(CommandError)
    -> Parsed
  {
    var parsed = try ArgumentParser().parse(context.arguments)
    if let shell = parsed.last(.generateCompletion).flatMap(Completions.Shell.init(rawValue:)) {
      stdout.write(Completions.script(for: shell))
      return .answered(ExitCode.success)
    }
    if parsed.has(.usage) {
      // git's -h: a short usage on stdout and exit 129, whatever else is on the line.
      stdout.write(Help.usage())
      return .answered(ExitCode.shortUsage)
    }
    if parsed.has(.generateManpage) {
      stdout.write(ManPage.text())
      return .answered(ExitCode.success)
    }
    if !parsed.has(.noConfig) && !parsed.has(.help) && !parsed.has(.version) {
      try applyConfiguration(to: &parsed, context: context)
    }
    try parsed.checkCombinations()
    var read = try Invocation(parsed)
    if read.commits.readsStandardInput { try read.readStandardInput(STDIN_FILENO) }
    return .run(read)
  }

  /// Writes what the run made: to `-o`'s file (whole, or not at all), else to standard output.
  private static func deliver(
    _ result: Run.Output, png: [UInt8]?, invocation: Invocation, context: RunContext,
    stdout: TextSink, stderr: TextSink
  ) throws(CommandError) {
    if let produce = result.produce {
      if let output = invocation.output.file, output != "-" {
        let path = output.hasPrefix("/") ? output : context.currentDirectory + "/" + output
        try OutputFile.write(to: path, displayPath: output, produce: produce)
      } else {
        produce { stdout.write(String(decoding: $0, as: UTF8.self)) }
      }
    } else if let output = invocation.output.file, output != "-" {
      let path = output.hasPrefix("/") ? output : context.currentDirectory + "/" + output
      if let png {
        try OutputFile.write(png, to: path, displayPath: output)
      } else {
        // The text in pieces of a mebibyte, not copied whole (an --authors table of many
        // people over many years is a hundred megabytes).
        try OutputFile.write(to: path, displayPath: output) { write in
          var text = result.text
          text.withUTF8 { all in
            for start in stride(from: 0, to: all.count, by: 1 << 20) {
              write(Array(all[start..<min(start + (1 << 20), all.count)]))
            }
          }
        }
      }
      if !invocation.output.isQuiet, let alt = result.alternativeText {
        stderr.write("\(name): suggested alt text: \(TextEscaping.terminal(alt))\n")
      }
    } else if let png {
      stdout.write(bytes: png)
    } else {
      stdout.write(result.text)
    }
  }

  /// Fills options the command line left out from `git config heatmap.*`. Configured values are
  /// defaults, not flags (`OptionTable.configuredDefaultApplies`). A value the option would
  /// refuse is a usage error that names the config key.
  static func applyConfiguration(to parsed: inout ParsedArguments, context: RunContext)
    throws(CommandError)
  {
    var start = context.currentDirectory
    if let directory = parsed.last(.directory) {
      start = directory.hasPrefix("/") ? directory : start + "/" + directory
    }
    // A configuration git cannot read is an error, as it is for git: silently ignoring it would
    // draw a graph the user did not configure.
    let entries: [GitConfiguration.Entry]
    do {
      entries = try GitConfiguration.entriesWithOrigins(
        sections: ["heatmap", "color", "grep", "log"], from: start,
        environment: context.environment)
    } catch {
      throw CommandError(error)
    }
    let lists = Set(OptionTable.configuredLists.map { $0.key.lowercased() })
    let byKey = Dictionary(
      OptionTable.all.compactMap { spec in spec.configKey.map { ($0.lowercased(), spec) } },
      uniquingKeysWith: { first, _ in first })
    let given = parsed
    var fromConfig: [String: [String]] = [:]
    for entry in entries {
      let (name, value) = (entry.name, entry.value)
      if lists.contains(name.lowercased()) {
        parsed.configuredLists[name.lowercased(), default: []].append(
          ParsedArguments.ConfiguredValue(value: value, origin: entry.origin))
        continue
      }
      switch name.lowercased() {
      case "color.ui": parsed.gitColor.ui = value
      case "color.heatmap": parsed.gitColor.heatmap = value
      case "color.pager": parsed.gitColor.pager = value
      case "grep.patterntype", "grep.extendedregexp", "log.follow", "log.mailmap":
        parsed.gitSettings[name.lowercased()] = value
      default: break
      }
      guard let spec = byKey[name.lowercased()], OptionTable.configuredDefaultApplies(spec, given)
      else { continue }
      if spec.kind == .flag {
        // A configured flag is git's boolean: false leaves it off.
        guard let isOn = ConfigBoolean.parse(value) else {
          throw CommandError.usage(
            "invalid value '\(value)' for '\(spec.configKey ?? name)' in \(entry.origin): expected true or false"
          )
        }
        if isOn {
          parsed.values[spec.long] = [""]
          parsed.configured.insert(spec.long)
        } else {
          parsed.values[spec.long] = nil
          parsed.configured.remove(spec.long)
        }
        continue
      }
      if !spec.choices.isEmpty && !spec.choices.contains(value) {
        throw CommandError.usage(
          "invalid value '\(value)' for '\(spec.configKey ?? name)' in git config: expected \(ArgumentParser.list(spec.choices))"
        )
      }
      if spec.isRepeatable {
        fromConfig[spec.long, default: []].append(value)
      } else {
        fromConfig[spec.long] = [value]
      }
      parsed.values[spec.long] = fromConfig[spec.long]
      parsed.configured.insert(spec.long)
    }
  }

  static func versionText() -> String {
    #if compiler(>=6.3)
      let swift = "6.3"
    #elseif compiler(>=6.2)
      let swift = "6.2"
    #elseif compiler(>=6.1)
      let swift = "6.1"
    #else
      let swift = "6.0"
    #endif
    return "\(name) \(version) (libgit2 \(libgit2Version), Swift \(swift))\n"
  }

}
