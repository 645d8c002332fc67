/// What each commit changes in lines, kept between runs beside the history cache
/// (`lines-<digest>.cache`): one file per way of counting (the rename and algorithm settings,
/// the attributes that make files binary, the pathspec, whether merges are diffed), so that a
/// second run costs what a commit count costs. A commit id names its trees and blobs, so a
/// record never goes stale under the same key.
package typealias LineStatsCache = CommitTable<PackedLineStats>

extension PackedLineStats: CommitTableRecord {
  package static let size: Int? = 12
  package static let magic: [UInt8] = Array("GHMLINES".utf8)
  package static let formatVersion: UInt32 = 1
  package static let fileStem = "lines"
  package static let fileExtension = "cache"
  package static let fileLimit = 16

  package init?(_ bytes: UnsafeRawBufferPointer) {
    func u32(_ at: Int) -> UInt32 {
      UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
        | UInt32(bytes[at + 3]) << 24
    }
    insertions = u32(0)
    deletions = u32(4)
    files = u32(8)
  }

  package func encode(into writer: inout ByteWriter) {
    writer.u32(insertions)
    writer.u32(deletions)
    writer.u32(files)
  }
}

extension CommitTable where Record == PackedLineStats {
  /// What is known of `id`'s lines: `record(for:)` compiled for this record, so that a reader
  /// in another module calls no generic code once a commit.
  package func lineStats(for id: ObjectID) -> PackedLineStats? { record(for: id) }
}
