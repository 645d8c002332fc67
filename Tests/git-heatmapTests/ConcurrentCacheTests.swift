import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

@Suite("The cache under several processes and a saboteur")
struct ConcurrentCacheTests {
  @Test("4 runs at once, 50 times, while the cache is truncated, rewritten and deleted")
  func saboteur() throws {
    let repo = try TemporaryRepository()
    // 8,000 commits: a cache of 400 KB, so that reading it takes long enough to be
    // cut short.
    var stream = ""
    for index in 1...8_000 {
      let time = 1_600_000_000 + index * 4_000
      stream += "commit refs/heads/main\nmark :\(index)\n"
      stream += "author A\(index % 7) <a\(index % 7)@x> \(time) +0100\n"
      stream += "committer C <c@x> \(time) +0000\ndata 2\nm\n"
      stream += index > 1 ? "from :\(index - 1)\n\n" : "\n"
    }
    try repo.git(["fast-import", "--quiet"], input: Data(stream.utf8))
    let arguments = ["--format", "csv", "--since", "2020-01-01", "--until", "2023-12-31"]
    let expected = try runBinary(
      arguments + ["--no-cache"], in: repo.path, environment: repo.environment)
    #expect(expected.status == 0)
    let cache = repo.path + "/.git/git-heatmap/history.cache"
    let stop = Locked(false)
    // The saboteur: truncates the file in place (what made a mapped read die of SIGBUS), fills
    // it with other bytes, deletes it, in turn, as fast as it can.
    let saboteur = Thread {
      var round = 0
      while !stop.get() {
        round += 1
        let descriptor = open(cache, O_WRONLY)
        if descriptor >= 0 {
          switch round % 6 {
          case 0..<4:
            ftruncate(descriptor, off_t(round * 37 % 4_096))
          case 4:
            var garbage = [UInt8](repeating: UInt8(truncatingIfNeeded: round), count: 512)
            _ = pwrite(descriptor, &garbage, garbage.count, off_t(round % 2_048))
          default:
            unlink(cache)
          }
          close(descriptor)
        }
        usleep(UInt32(round % 7) * 150)
      }
    }
    saboteur.start()
    defer { stop.set(true) }
    let failures = Locked([String]())
    let (path, environment) = (repo.path, repo.environment)
    for _ in 0..<50 {
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
