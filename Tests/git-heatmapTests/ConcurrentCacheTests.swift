import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("The cache under several processes and a saboteur")
struct ConcurrentCacheTests {
  @Test("4 runs at once, 12 times, while the cache is truncated, rewritten and deleted")
  func saboteur() throws {
    let repo = try TemporaryRepository()
    // 10,000 commits: a cache of 700 KB, so that reading it takes long enough to be cut
    // short.
    try repo.importLine(
      (1...10_000).map { index in
        TemporaryRepository.ImportedCommit(
          author: "A\(index % 7) <a\(index % 7)@x>", time: 1_600_000_000 + index * 4_000,
          offset: "+0100")
      })
    let arguments = ["--format", "csv", "--since", "2020-01-01", "--until", "2023-12-31"]
    let expected = try runBinary(
      arguments + ["--no-cache"], in: repo.path, environment: repo.environment)
    #expect(expected.status == 0)
    let cache = repo.path + "/.git/git-heatmap/history.cache"
    let failures = SharedValue([String]())
    let (path, environment) = (repo.path, repo.environment)
    // How long a warm run takes: the saboteur strikes at a random moment within it.
    _ = try runBinary(arguments, in: path, environment: environment)
    let started = Date()
    _ = try runBinary(arguments, in: path, environment: environment)
    let runMicroseconds = UInt32(min(Date().timeIntervalSince(started), 1) * 1_000_000)
    for round in 0..<12 {
      // A whole cache to start from, then four readers, and the saboteur strikes while they
      // read it: truncates it in place (what made a mapped read die of SIGBUS), overwrites
      // part of it, or deletes it.
      _ = try runBinary(arguments, in: path, environment: environment)
      let saboteur = Thread {
        usleep(UInt32.random(in: 0...runMicroseconds))
        let descriptor = open(cache, O_WRONLY)
        guard descriptor >= 0 else { return }
        switch round % 3 {
        case 0:
          ftruncate(descriptor, off_t.random(in: 0...4_096))
        case 1:
          var garbage = [UInt8](repeating: UInt8(truncatingIfNeeded: round), count: 4_096)
          _ = pwrite(descriptor, &garbage, garbage.count, off_t.random(in: 0...65_536))
        default:
          unlink(cache)
        }
        close(descriptor)
      }
      saboteur.start()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        do {
          let result = try runBinary(arguments, in: path, environment: environment)
          if result.reason != .exit || result.status != 0 || result.stdout != expected.stdout {
            failures.update {
              $0.append("\(result.reason == .exit ? "exit" : "signal") \(result.status)")
            }
          }
        } catch {
          failures.update { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.get().isEmpty, "\(failures.get().prefix(5))")
  }
}
