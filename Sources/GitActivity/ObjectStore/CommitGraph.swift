import Foundation

/// git's `commit-graph` file (`objects/info/commit-graph`, version 1, SHA-1), which `git gc`
/// writes: every commit's id, parents and commit time, without inflating a single object.
///
/// libgit2 1.5 does not read the files git 2.39 writes. git-heatmap reads them itself for one
/// purpose: to know the commits a walk will read before reading them, so that every core can
/// inflate commits at once even in a history that is a single line. Nothing is trusted blindly:
/// any inconsistency in the file (sizes, offsets, parent positions, order of ids) makes it
/// unusable, and the walk goes on without it.
///
/// Thread safety: every stored property is a `let`, and the mapped pages are read-only and never
/// written, so one instance may be read from any number of threads.
final class CommitGraph: Sendable {
  private let file: MappedFile
  let count: Int
  private let ids: SortedObjectIDs
  private let data: Int
  private let extraEdges: Int?
  private let extraEdgeCount: Int
  /// git's changed-path Bloom filters (`commit-graph write --changed-paths`, version 1), when
  /// the file has them and they are consistent.
  let bloom: BloomFilters?

  /// "No parent" in a parent slot.
  private static let none: UInt32 = 0x7000_0000

  /// Maps and checks `<objects>/info/commit-graph`; nil when there is none or it is unusable.
  init?(objectsDirectory: String) {
    guard
      let file = MappedFile(
        path: objectsDirectory + "/info/commit-graph", minimumSize: 8 + 12 + 256 * 4),
      let layout = CommitGraph.layout(file.bytes),
      let ids = SortedObjectIDs(file, fanout: layout.1, ids: layout.2), ids.count == layout.0,
      ids.isSorted
    else { return nil }
    self.file = file
    self.ids = ids
    (count, _, _, data, extraEdges, extraEdgeCount) = layout
    bloom = BloomFilters(file, chunks: CommitGraph.chunks(file.bytes) ?? [], count: layout.0)
  }

  /// The chunk table: each chunk's id and where it starts, the terminating entry last.
  static func chunks(_ raw: UnsafeRawBufferPointer) -> [(id: UInt32, offset: Int)]? {
    guard raw.count >= 8 else { return nil }
    let chunkCount = Int(raw[6])
    guard raw.count >= 8 + (chunkCount + 1) * 12 else { return nil }
    var chunks: [(id: UInt32, offset: Int)] = []
    for index in 0...chunkCount {
      let entry = 8 + index * 12
      let id = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: entry, as: UInt32.self))
      let offset = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: entry + 4, as: UInt64.self))
      guard offset <= UInt64(raw.count) else { return nil }
      chunks.append((id, Int(offset)))
    }
    return chunks
  }

  /// Where chunk `name` lies, by the table `chunks`.
  static func chunk(_ name: String, in chunks: [(id: UInt32, offset: Int)]) -> Range<Int>? {
    let id = name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard let index = chunks.dropLast().firstIndex(where: { $0.id == id }) else { return nil }
    let (start, end) = (chunks[index].offset, chunks[index + 1].offset)
    return start <= end ? start..<end : nil
  }

  /// Where the chunks are, after checking that the header and the chunk table make sense and
  /// that every chunk fits the file.
  static func layout(_ raw: UnsafeRawBufferPointer) -> (Int, Int, Int, Int, Int?, Int)? {
    guard raw.count >= 8, raw.starts(with: Array("CGPH".utf8)), raw[4] == 1, raw[5] == 1 else {
      return nil
    }
    // Split graphs (commit-graph-chain) have base graphs: not read here.
    guard raw[7] == 0, raw[6] >= 3, let chunks = chunks(raw), chunks.last?.id == 0 else {
      return nil
    }
    func chunk(_ name: String) -> Range<Int>? { Self.chunk(name, in: chunks) }
    guard let fanout = chunk("OIDF"), fanout.count == 256 * 4, let ids = chunk("OIDL"),
      let data = chunk("CDAT")
    else { return nil }
    let count = Int(
      UInt32(
        bigEndian: raw.loadUnaligned(fromByteOffset: fanout.lowerBound + 255 * 4, as: UInt32.self)))
    guard ids.count == count * 20, data.count == count * 36, count < Int(CommitGraph.none) else {
      return nil
    }
    let edges = chunk("EDGE")
    if let edges, edges.count % 4 != 0 { return nil }
    return (
      count, fanout.lowerBound, ids.lowerBound, data.lowerBound, edges?.lowerBound,
      (edges?.count ?? 0) / 4
    )
  }

  /// Gives the pages read so far back to the kernel (see `MappedFile.releasePages`), once the
  /// walk is over: listing a million commits touches all of a 60 MB file.
  func releasePages() {
    file.releasePages()
  }

  /// The id at `position`.
  func id(at position: Int32) -> ObjectID {
    ids.id(at: Int(position))
  }

  /// The position of `id`, or nil when the graph does not have it.
  func position(of id: ObjectID) -> Int32? {
    ids.position(of: id).map { Int32($0) }
  }

  /// The ids of the parents of `position`, first parent first; nil when the graph is
  /// inconsistent there.
  func parentIDs(of position: Int32) -> [ObjectID]? {
    var parents: [ObjectID] = []
    return forEachParent(of: position, firstOnly: false) { parents.append(id(at: $0)) }
      ? parents : nil
  }

  /// The root tree of the commit at `position`.
  func tree(at position: Int32) -> ObjectID {
    ObjectID(rawBytes: file.base + data + Int(position) * 36)
  }

  /// The commit time at `position` (the committer date, as git records it in the graph).
  func commitTime(at position: Int32) -> Int64 {
    let word = UInt64(
      bigEndian: file.base.loadUnaligned(
        fromByteOffset: data + Int(position) * 36 + 28, as: UInt64.self)
    )
    return Int64(word & 0x3_FFFF_FFFF)
  }

  /// Calls `body` with the position of each parent of `position`, first parent first; false
  /// when the graph is inconsistent there.
  func forEachParent(of position: Int32, firstOnly: Bool, _ body: (Int32) -> Void) -> Bool {
    let record = data + Int(position) * 36 + 20
    let first = file.word(at: record)
    guard first != CommitGraph.none else { return true }
    guard first < count else { return false }
    body(Int32(first))
    if firstOnly { return true }
    let second = file.word(at: record + 4)
    if second == CommitGraph.none { return true }
    if second & 0x8000_0000 == 0 {
      guard second < count else { return false }
      body(Int32(second))
      return true
    }
    // An octopus: the rest of the parents are in the extra-edge list, the last one flagged.
    guard let extraEdges else { return false }
    var edge = Int(second & 0x7FFF_FFFF)
    while edge < extraEdgeCount {
      let value = file.word(at: extraEdges + edge * 4)
      let parent = value & 0x7FFF_FFFF
      guard parent < count else { return false }
      body(Int32(parent))
      if value & 0x8000_0000 != 0 { return true }
      edge += 1
    }
    return false
  }
}
