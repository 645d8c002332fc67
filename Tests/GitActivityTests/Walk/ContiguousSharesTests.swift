import Foundation
import Testing

@testable import GitActivityHistory
@testable import GitActivityStore

/// Line counting shares commits among workers in stretches, so that neighbouring commits (which
/// read the same trees and blobs) meet the same caches: every index exactly once, each worker
/// in long runs, and a worker with nothing left helping the others.
@Suite("Workers count commits in contiguous stretches")
struct ContiguousSharesTests {
  /// Every batch each worker takes, in order, taking in turn.
  static func takeInTurn(count: Int, workers: Int, batch: Int) -> [[Range<Int>]] {
    let shares = ContiguousShares(count: count, workers: workers, batch: batch)
    var taken = [[Range<Int>]](repeating: [], count: workers)
    var done = Set<Int>()
    while done.count < workers {
      for worker in 0..<workers where !done.contains(worker) {
        let range = shares.next(for: worker)
        if range.isEmpty { done.insert(worker) } else { taken[worker].append(range) }
      }
    }
    return taken
  }

  @Test(
    "every index is given once, in batches no larger than asked",
    arguments: [
      (0, 2, 16), (1, 2, 16), (15, 2, 16), (16, 2, 16), (17, 2, 16), (1000, 2, 16), (1000, 3, 7),
      (5, 8, 1), (81_966, 2, 16),
    ])
  func everyIndexOnce(count: Int, workers: Int, batch: Int) {
    let taken = Self.takeInTurn(count: count, workers: workers, batch: batch)
    let all = taken.flatMap { $0.flatMap { Array($0) } }.sorted()
    #expect(all == Array(0..<count))
    #expect(taken.allSatisfy { $0.allSatisfy { $0.count <= batch } })
  }

  @Test("each worker starts at its own stretch and goes on from where it was")
  func stretches() {
    let taken = Self.takeInTurn(count: 1000, workers: 2, batch: 10)
    #expect(taken[0].first == 0..<10)
    #expect(taken[1].first == 500..<510)
    // Taking in turn, neither runs out early: each batch follows the one before it.
    for batches in taken {
      for (before, after) in zip(batches, batches.dropFirst()) {
        #expect(before.upperBound == after.lowerBound)
      }
    }
  }

  @Test("a worker with nothing left takes the back half of the largest stretch")
  func stealing() {
    let shares = ContiguousShares(count: 100, workers: 2, batch: 10)
    // Worker 1 takes all of its own stretch, 50..<100.
    var own: [Range<Int>] = []
    for _ in 0..<5 { own.append(shares.next(for: 1)) }
    #expect(own.last == 90..<100)
    // Worker 0 has taken one batch; worker 1 then takes the back half of 10..<50.
    #expect(shares.next(for: 0) == 0..<10)
    #expect(shares.next(for: 1) == 30..<40)
    #expect(shares.next(for: 0) == 10..<20)
    #expect(shares.next(for: 1) == 40..<50)
    #expect(shares.next(for: 0) == 20..<30)
    // A stretch of one batch or less is taken whole.
    #expect(shares.next(for: 1).isEmpty)
    #expect(shares.next(for: 0).isEmpty)
  }

  @Test("workers on threads take every index once")
  func threads() {
    let count = 20_000
    let seen = Locked([Int](repeating: 0, count: count))
    let shares = ContiguousShares(count: count, workers: 2, batch: 16)
    Threads.concurrentPerform(iterations: 2, width: 2) { worker in
      while true {
        let range = shares.next(for: worker)
        if range.isEmpty { return }
        seen.withLock { seen in for index in range { seen[index] += 1 } }
      }
    }
    #expect(seen.withLock { $0 }.allSatisfy { $0 == 1 })
  }
}
