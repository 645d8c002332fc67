import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("One error model: nothing a user would want to know is dropped")
struct ErrorModelTests {
  static let window = ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-03"]

  @Test("a configuration git cannot read is one line and exit 1, not a silently default graph")
  func brokenConfig() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let config = repo.path + "/.git/config"
    let text = try String(contentsOfFile: config, encoding: .utf8)
    try (text + "[heatmap\n\tweeks = 3\n").write(toFile: config, atomically: true, encoding: .utf8)
    let result = heatmap(Self.window, in: repo.path)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("git-heatmap: failed to parse config file"), "\(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("a mailmap.file that cannot be read is a warning naming it; counts go on without it")
  func unreadableMailmap() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    try FileManager.default.createDirectory(
      atPath: repo.root.path + "/a-folder", withIntermediateDirectories: true)
    try repo.git(["config", "mailmap.file", repo.root.path + "/a-folder"])
    let result = heatmap(Self.window, in: repo.path)
    #expect(result.status == 0)
    #expect(nonZeroDays(result.stdout) == ["2024-01-02": 1])
    #expect(
      result.stderr
        == "git-heatmap: warning: unable to open mailmap at \(repo.root.path)/a-folder: Is a directory\n"
    )
  }

  @Test("a FIFO where git-heatmap reads a file (.mailmap, the cache) is passed over, not waited on")
  func fifos() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let cache = repo.path + "/.git/git-heatmap/history.cache"
    try FileManager.default.createDirectory(
      atPath: repo.path + "/.git/git-heatmap", withIntermediateDirectories: true)
    #expect(mkfifo(repo.path + "/.mailmap", 0o644) == 0)
    #expect(mkfifo(cache, 0o644) == 0)
    // In a process of its own, stopped after 30 s: opening a FIFO for reading waits for a writer
    // (git itself waits for ever on such a .mailmap).
    let result = try runBinary(
      Self.window, in: repo.path, environment: repo.environment,
      afterLaunch: { process in
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
          if process.isRunning { process.terminate() }
        }
      })
    #expect(result.reason == .exit && result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(String(decoding: result.stdout, as: UTF8.self)) == ["2024-01-02": 1])
    #expect(
      result.stderr
        == "git-heatmap: warning: unable to open mailmap at .mailmap: not a regular file\n")
    // The cache was written over the FIFO.
    var status = stat()
    #expect(stat(cache, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
  }

  @Test("errors carry their exit code: usage 64 with a pointer to --help, failure 1 without")
  func exitCodes() {
    let usage = CommandError.usage("invalid value 'x' for '--format'")
    #expect(usage.exitCode == 64)
    #expect(
      usage.report == "git-heatmap: invalid value 'x' for '--format'\nsee 'git-heatmap --help'\n")
    let failure = CommandError(
      GitError(message: "bad \u{1B}[31mobject", function: "x", kind: .other))
    #expect(failure.exitCode == 1)
    #expect(failure.report == "git-heatmap: bad <U+001B>[31mobject\n")
  }
}
