/// Each commit's lines by language, parallel to a history's commits, for a read that asks for
/// them (`--review`, `--languages`): a commit read from the languages cache is kept as where its
/// record lies in the cache file's bytes (shared, not copied), decoded only when added up; a
/// commit this read counted keeps its rows. A warm review of a year of git/git so makes no rows
/// for the commits it only passes on the way.
package struct CommitLanguages: Sendable {
  /// Where a commit's languages are: a record's range of `records`, an index of `counted`
  /// (`start == .max`), or none (an empty range: no rows).
  private struct Slot: Sendable {
    var start: UInt32 = 0
    var end: UInt32 = 0
  }

  /// The bytes of the cache file the records were found in.
  private var records: [UInt8] = []
  private var slots: [Slot] = []
  /// The rows of the commits this read counted.
  private var counted: [LanguageRows] = []

  /// No commits.
  package init() {}

  /// `count` commits of no rows, their records to be found in `records` (a languages cache's
  /// bytes, `CommitTable.fileBytes`).
  package init(count: Int, records: [UInt8]) {
    self.records = records
    slots = [Slot](repeating: Slot(), count: count)
  }

  /// How many commits there are.
  package var count: Int { slots.count }

  /// Commit `index`'s languages are the record at `range` of the records' bytes.
  package mutating func setRecord(at index: Int, range: Range<Int>) {
    guard range.upperBound < Int(UInt32.max) else {
      // Not a range a slot can hold (a file of 4 GiB): the rows themselves.
      set(rows(of: range), at: index)
      return
    }
    slots[index] = Slot(start: UInt32(range.lowerBound), end: UInt32(range.upperBound))
  }

  /// Commit `index`'s languages are `rows`.
  package mutating func set(_ rows: LanguageRows, at index: Int) {
    slots[index] = Slot(start: .max, end: UInt32(counted.count))
    counted.append(rows)
  }

  /// Commit `index`'s rows.
  package func rows(at index: Int) -> LanguageRows {
    let slot = slots[index]
    if slot.start == .max { return counted[Int(slot.end)] }
    return rows(of: Int(slot.start)..<Int(slot.end))
  }

  private func rows(of range: Range<Int>) -> LanguageRows {
    guard !range.isEmpty else { return LanguageRows() }
    return records.withUnsafeBytes {
      LanguageRows(UnsafeRawBufferPointer(rebasing: $0[range])) ?? LanguageRows()
    }
  }

  /// The commits at `indices`, in that order, a commit as often as it is named, their records
  /// still in the same bytes.
  package func selecting(_ indices: [Int]) -> CommitLanguages {
    var result = CommitLanguages(count: 0, records: records)
    result.slots.reserveCapacity(indices.count)
    for index in indices where index < slots.count {
      let slot = slots[index]
      if slot.start == .max {
        result.slots.append(Slot(start: .max, end: UInt32(result.counted.count)))
        result.counted.append(counted[Int(slot.end)])
      } else {
        result.slots.append(slot)
      }
    }
    return result
  }

  /// Each language's sum over the commits at `indices` (those in range), by its number: the
  /// records decoded straight into the sums, compiled here with them.
  package func sums(at indices: [Int]) -> [LanguageRows.Sum] {
    var sums: [LanguageRows.Sum] = []
    records.withUnsafeBytes { records in
      for index in indices where slots.indices.contains(index) {
        let slot = slots[index]
        if slot.start == .max {
          for row in counted[Int(slot.end)] { row.add(to: &sums) }
        } else if slot.start < slot.end {
          let record = UnsafeRawBufferPointer(
            rebasing: records[Int(slot.start)..<Int(slot.end)])
          // Records were checked when their commits were found (`languageRecord(for:)`).
          _ = LanguageRows.forEachRow(inRecord: record) { $0.add(to: &sums) }
        }
      }
    }
    return sums
  }
}
