/// What a pathspec walk may know of each commit-graph position, laid out once per run by
/// merging sorted lists (each layer's ids with the stored answers' ids, and with the history
/// cache's): the walk then takes a commit's stored answer and cache record by its position,
/// with no search and no hashing.
struct PositionTables {
  /// The stored answer at each position; `compared == 0` where there is none.
  private var answers: [PathspecAnswer]
  /// The history cache's record number at each position, -1 where the cache does not have it.
  private var records: [Int32]

  init(graph: CommitGraph, stored: PathspecAnswerCache?, cache: HistoryCache?) {
    answers = [PathspecAnswer](
      repeating: PathspecAnswer(), count: stored == nil ? 0 : graph.count)
    records = [Int32](repeating: -1, count: cache == nil ? 0 : graph.count)
    let loaded = stored?.loaded
    guard loaded != nil || cache != nil else { return }
    for layer in graph.layerPositions {
      // The layer's ids once, in their rising order, for both merges.
      let mine = layer.map { graph.id(at: Int32($0)) }
      if let loaded {
        Self.merge(mine, loaded.ids.count, { loaded.ids[$0] }) { local, index in
          answers[layer.lowerBound + local] = loaded.records[index]
        }
      }
      if let cache {
        let (ids, sorted) = (cache.ids, cache.sortedIndices)
        Self.merge(mine, sorted.count, { ids[Int(sorted[$0])] }) { local, index in
          records[layer.lowerBound + local] = sorted[index]
        }
      }
    }
  }

  /// Calls `found` with `(i, j)` for each id that is both `mine[i]` and the `j`-th of a list of
  /// `count` ids, both lists in rising order.
  private static func merge(
    _ ids: [ObjectID], _ count: Int, _ id: (Int) -> ObjectID, _ found: (Int, Int) -> Void
  ) {
    var index = 0
    var position = 0
    while position < ids.count && index < count {
      let mine = ids[position]
      let theirs = id(index)
      if mine == theirs {
        found(position, index)
        position += 1
        index += 1
      } else if mine < theirs {
        position += 1
      } else {
        index += 1
      }
    }
  }

  /// The stored answer of the commit at `position`, nil when there is none.
  func answer(at position: Int32) -> PathspecAnswer? {
    guard !answers.isEmpty else { return nil }
    let answer = answers[Int(position)]
    return answer.compared == 0 ? nil : answer
  }

  /// The history cache's record of the commit at `position`: `.some(nil)` when the cache does
  /// not have it, nil when there is no cache to ask.
  func record(at position: Int32) -> Int32?? {
    guard !records.isEmpty else { return nil }
    let record = records[Int(position)]
    return .some(record < 0 ? nil : record)
  }
}
