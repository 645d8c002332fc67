import Foundation
import GitActivity
import TestSupport

@testable import git_heatmap

/// What one in-process run of the command printed and returned.
struct RunResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs git-heatmap in-process, in `directory`, with the repository's clean environment: no
/// `GIT_*` variable of the caller's, and no global or system configuration file.
func heatmap(
  _ arguments: [String], in directory: String, environment: [String: String] = [:],
  now: Date = Date(timeIntervalSince1970: 1_735_000_000),
  timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
) -> RunResult {
  // Hermetic: the developer's ~/.gitconfig, ~/.config/git and /etc/gitconfig are never read,
  // nor anything else below their HOME (a test that needs one gives its own).
  let base = Tools.hermeticEnvironment
  var context = RunContext(
    arguments: arguments, environment: base.merging(environment) { $1 }, currentDirectory: directory
  )
  context.now = now
  context.localTimeZone = timeZone
  let out = StringSink()
  let err = StringSink()
  let status = Command.run(context, stdout: out, stderr: err)
  return RunResult(status: status, stdout: out.text, stderr: err.text)
}

/// The non-zero days of a `date,count` CSV.
func nonZeroDays(_ csv: String) -> [String: Int] {
  var days: [String: Int] = [:]
  let lines = csv.split(separator: "\n")
  // The days' CSV: `date,count`, then columns that depend on the run (lines, `assisted`).
  guard let header = lines.first, header == "date,count" || header.hasPrefix("date,count,") else {
    return days
  }
  for line in lines.dropFirst() {
    let parts = line.split(separator: ",")
    if parts.count >= 2, let count = Int(parts[1]), count > 0 { days[String(parts[0])] = count }
  }
  return days
}
