import Foundation
import Synchronization
import Testing

@testable import GitActivityHistory
@testable import GitActivityStore

/// The pack bits a walk's workers set without its lock: of threads marking the same commit at
/// the same time, exactly one is told it is new, so that no commit is read twice or never.
@Suite("Pack bits tell exactly one thread a commit is new")
struct PackSeenBitsTests {
  /// What each of two threads found new, a slot each, read once both have finished.
  final class Slots: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<[Int]>.allocate(capacity: 2)
    init() { pointer.initialize(repeating: [], count: 2) }
    deinit {
      pointer.deinitialize(count: 2)
      pointer.deallocate()
    }
  }

  @Test("each pack's positions are their own, at word edges and in the last pack")
  func packsApart() {
    let bits = PackSeenBits(objectCounts: [1, 64, 65, 130])
    defer { bits.deallocate() }
    for (pack, last) in [(0, 0), (1, 63), (2, 64), (3, 129)] {
      #expect(bits.insert(pack: pack, position: 0))
      #expect(bits.insert(pack: pack, position: last) == (last != 0))
      #expect(!bits.insert(pack: pack, position: last))
    }
    // Pack 2's position 64 is the first bit of its second word, not of pack 3's first.
    #expect(bits.insert(pack: 3, position: 64))
    #expect(!bits.insert(pack: 2, position: 0))
  }

  @Test("two threads marking the same positions at once: each is new to exactly one")
  func racing() {
    let (rounds, count) = (40, 20_000)
    for _ in 0..<rounds {
      let bits = PackSeenBits(objectCounts: [count / 2, count / 2])
      defer { bits.deallocate() }
      let wins = Slots()
      let ready = Atomic<Int>(0)
      // Both threads start together and go the same way, so that they mark the same words at
      // the same time all along.
      Threads.concurrentPerform(iterations: 2, width: 2) { thread in
        ready.add(1, ordering: .sequentiallyConsistent)
        while ready.load(ordering: .sequentiallyConsistent) < 2 {}
        var mine: [Int] = []
        for number in 0..<count where bits.insert(pack: number & 1, position: number >> 1) {
          mine.append(number)
        }
        wins.pointer[thread] = mine
      }
      let all = wins.pointer[0] + wins.pointer[1]
      #expect(all.count == count)
      #expect(Set(all).count == count)
      if all.count != count { break }
    }
  }
}
