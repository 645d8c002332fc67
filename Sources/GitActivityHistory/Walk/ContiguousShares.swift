/// Shares `0..<count` among workers in contiguous runs: each worker starts with its own run of
/// about `count / workers` indices and takes batches from its front; a worker whose run is used
/// up takes the back half of the largest run left. Neighbouring commits of a walk share most of
/// their trees and blobs (a commit's parent is usually a few places later), so a worker that
/// keeps to one stretch of the history finds them in its caches; batches dealt out in turn
/// would send every other stretch to another worker's caches.
package final class ContiguousShares: Sendable {
  private let runs: Locked<[Range<Int>]>
  private let batch: Int

  /// `count` indices for `workers` workers, given out `batch` at a time.
  package init(count: Int, workers: Int, batch: Int) {
    let workers = max(1, workers)
    let size = (count + workers - 1) / workers
    runs = Locked(
      (0..<workers).map { worker in
        min(count, worker * size)..<min(count, (worker + 1) * size)
      })
    self.batch = max(1, batch)
  }

  /// The next indices for `worker` (below the number of workers), empty when none are left.
  package func next(for worker: Int) -> Range<Int> {
    runs.withLock { runs in
      if runs[worker].isEmpty {
        // Take the back half of the largest run left (all of it when it is one batch or less).
        guard let largest = runs.indices.max(by: { runs[$0].count < runs[$1].count }),
          !runs[largest].isEmpty
        else { return 0..<0 }
        let run = runs[largest]
        let kept = run.count <= batch ? 0 : run.count / 2
        runs[largest] = run.lowerBound..<(run.lowerBound + kept)
        runs[worker] = (run.lowerBound + kept)..<run.upperBound
      }
      let run = runs[worker]
      let end = min(run.upperBound, run.lowerBound + batch)
      runs[worker] = end..<run.upperBound
      return run.lowerBound..<end
    }
  }
}
