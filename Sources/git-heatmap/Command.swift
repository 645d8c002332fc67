import Foundation
import GitActivity

/// The whole program as a function: arguments and surroundings in, text and an exit code out.
enum Command {
  static let name = "git-heatmap"
  static let version = "0.1.0"

  /// Exit codes: success, failure (git, I/O), usage error (EX_USAGE).
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
  }

  /// A failure that is not the user's wording: git, I/O.
  struct Failure: Error {
    var message: String
  }

  static func run(_ context: RunContext, stdout: TextSink, stderr: TextSink) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try Invocation(ArgumentParser().parse(context.arguments))
    } catch {
      stderr.write("\(name): \(error.message)\nsee '\(name) --help'\n")
      return ExitCode.usage
    }
    if invocation.wantsHelp {
      stdout.write(Help.text())
      return ExitCode.success
    }
    if invocation.wantsVersion {
      stdout.write(versionText())
      return ExitCode.success
    }
    do {
      let run = Run(invocation: invocation, context: context, stderr: stderr)
      let result = try run.render()
      if let output = invocation.output, output != "-" {
        try write(result.text, to: output, context: context)
        if !invocation.isQuiet, let alt = result.alternativeText {
          stderr.write("\(name): suggested alt text: \(TextEscaping.terminal(alt))\n")
        }
      } else {
        stdout.write(result.text)
      }
      return ExitCode.success
    } catch let error as UsageError {
      stderr.write("\(name): \(error.message)\nsee '\(name) --help'\n")
      return ExitCode.usage
    } catch let error as Failure {
      stderr.write("\(name): \(error.message)\n")
      return ExitCode.failure
    } catch let error as GitError {
      stderr.write("\(name): \(TextEscaping.terminal(error.message))\n")
      return ExitCode.failure
    } catch {
      stderr.write("\(name): \(error)\n")
      return ExitCode.failure
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

  private static func write(_ text: String, to output: String, context: RunContext) throws(Failure)
  {
    let path = output.hasPrefix("/") ? output : context.currentDirectory + "/" + output
    do {
      try OutputFile.write(text, to: path)
    } catch {
      throw Failure(message: error.message.replacingOccurrences(of: path, with: output))
    }
  }
}
