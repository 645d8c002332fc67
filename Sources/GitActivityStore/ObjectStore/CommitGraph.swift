import Foundation

/// git's `commit-graph` file (`objects/info/commit-graph`, version 1, SHA-1), which `git gc`
/// writes, or its split form (`info/commit-graphs/commit-graph-chain`, layers of files, which
/// `git commit-graph write --split` and `fetch.writeCommitGraph` write): every commit's id,
/// parents and commit time, without inflating a single object.
///
/// libgit2 1.5 does not read the files git 2.39 writes. git-heatmap reads them itself for one
/// purpose: to know the commits a walk will read before reading them, so that every core can
/// inflate commits at once even in a history that is a single line. Nothing is trusted blindly:
/// any inconsistency in the file (sizes, offsets, parent positions, order of ids) makes it
/// unusable, and the walk goes on without it.
///
/// Thread safety: every stored property is a `let`, and the mapped pages are read-only and never
/// written, so one instance may be read from any number of threads.
package final class CommitGraph: Sendable {
  /// One file of the graph: the whole graph, or one layer of a split graph's chain, whose
  /// commits are numbered after those of the layers below it (`first`). It holds the file's
  /// address, not the file (`files` keeps the files): a walk's threads copy a layer several
  /// times for every commit, and copies that retained one shared file bounced its reference
  /// count between the cores.
  private struct Layer: @unchecked Sendable {
    let base: UnsafeRawPointer
    let first: Int
    let count: Int
    let ids: SortedObjectIDs
    let data: Int
    let extraEdges: Int?
    let extraEdgeCount: Int
  }

  private let layers: [Layer]
  /// Each layer's file, mapped as long as the graph.
  private let files: [MappedFile]
  /// Each layer's changed-path Bloom filters, if it has them.
  private let blooms: [BloomFilters?]
  /// Commits in every layer.
  package let count: Int
  /// Whether every layer has git's changed-path Bloom filters (`commit-graph write
  /// --changed-paths`, version 1), consistent; only then are they asked.
  package let hasBloomFilters: Bool

  /// "No parent" in a parent slot.
  private static let none: UInt32 = 0x7000_0000

  /// Maps and checks `<objects>/info/commit-graph`, else the split graph that
  /// `info/commit-graphs/commit-graph-chain` lists (base first, each layer naming the ones below
  /// it in its `BASE` chunk); nil when there is none or any file is unusable.
  package init?(objectsDirectory: String) {
    var paths = [objectsDirectory + "/info/commit-graph"]
    var hashes: [[UInt8]] = []
    if !RawDirectory.kind(paths[0]).exists {
      let folder = objectsDirectory + "/info/commit-graphs"
      guard let chain = try? AtomicFile.read(folder + "/commit-graph-chain", limit: 1 << 20)
      else { return nil }
      hashes = chain.split(separator: 0x0A).map(Array.init).filter { !$0.isEmpty }
      guard !hashes.isEmpty, hashes.allSatisfy({ $0.count == 40 }) else { return nil }
      paths = hashes.map { folder + "/graph-" + String(decoding: $0, as: UTF8.self) + ".graph" }
    }
    var layers: [Layer] = []
    var files: [MappedFile] = []
    var blooms: [BloomFilters?] = []
    var first = 0
    for (number, path) in paths.enumerated() {
      guard let file = MappedFile(path: path, minimumSize: 8 + 12 + 256 * 4),
        let layout = CommitGraph.layout(file.bytes, baseCount: number),
        let ids = SortedObjectIDs(file, fanout: layout.1, ids: layout.2), ids.count == layout.0,
        ids.isSorted
      else { return nil }
      if number > 0 {
        // The layer names the files below it, in order.
        guard let chunks = CommitGraph.chunks(file.bytes),
          let base = CommitGraph.chunk("BASE", in: chunks), base.count == number * 20,
          (0..<number).allSatisfy({ index in
            ObjectID(rawBytes: file.base + base.lowerBound + index * 20).hex.utf8.elementsEqual(
              hashes[index])
          })
        else { return nil }
      }
      layers.append(
        Layer(
          base: file.base, first: first, count: layout.0, ids: ids, data: layout.3,
          extraEdges: layout.4, extraEdgeCount: layout.5))
      files.append(file)
      blooms.append(
        BloomFilters(file, chunks: CommitGraph.chunks(file.bytes) ?? [], count: layout.0))
      first += layout.0
    }
    guard first < Int(CommitGraph.none) else { return nil }
    self.layers = layers
    self.files = files
    self.blooms = blooms
    count = first
    hasBloomFilters = blooms.allSatisfy { $0 != nil }
  }

  /// The layer of a position, and the position within it.
  @inline(__always)
  private func locate(_ position: Int32) -> (layer: Layer, local: Int, index: Int) {
    let position = Int(position)
    var index = layers.count - 1
    while index > 0 && layers[index].first > position { index -= 1 }
    return (layers[index], position - layers[index].first, index)
  }

  /// Whether the changed-path Bloom filter of the commit at `position` says that none of
  /// `keys`' paths changed there (git trusts it so); false where there is no filter.
  package func bloomRulesOut(_ keys: [BloomFilters.Key], at position: Int32) -> Bool {
    guard hasBloomFilters else { return false }
    let (_, local, index) = locate(position)
    return blooms[index]?.rulesOut(keys, at: Int32(local)) ?? false
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
  static func layout(_ raw: UnsafeRawBufferPointer, baseCount: Int = 0) -> (
    Int, Int, Int, Int, Int?, Int
  )? {
    guard raw.count >= 8, raw.starts(with: Array("CGPH".utf8)), raw[4] == 1, raw[5] == 1 else {
      return nil
    }
    // The number of base graphs below this one: none for the whole graph, its place in a chain.
    guard Int(raw[7]) == baseCount, raw[6] >= 3, let chunks = chunks(raw), chunks.last?.id == 0
    else {
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
  package func releasePages() {
    for file in files { file.releasePages() }
  }

  /// The id at `position`.
  package func id(at position: Int32) -> ObjectID {
    let (layer, local, _) = locate(position)
    return layer.ids.id(at: local)
  }

  /// The position of `id`, or nil when the graph does not have it; `prefixes`, when given, is
  /// what `prefixCounts()` made for this graph.
  package func position(of id: ObjectID, prefixes: [[UInt32]]? = nil) -> Int32? {
    for (index, layer) in layers.enumerated().reversed() {
      let local =
        prefixes.map { tables in
          tables[index].withUnsafeBufferPointer { layer.ids.position(of: id, prefixCounts: $0) }
        } ?? layer.ids.position(of: id)
      if let local { return Int32(layer.first + local) }
    }
    return nil
  }

  /// The positions of each layer, base first: within one, ids rise with positions.
  package var layerPositions: [Range<Int>] { layers.map { $0.first..<($0.first + $0.count) } }

  /// Each layer's 16-bit prefix counts (`SortedObjectIDs.prefixCounts`), for a walk that looks
  /// up many ids: a lookup then starts among a few ids instead of a 256th of the layer.
  package func prefixCounts() -> [[UInt32]] { layers.map { $0.ids.prefixCounts() } }

  /// The ids of the parents of `position`, first parent first; nil when the graph is
  /// inconsistent there.
  package func parentIDs(of position: Int32) -> [ObjectID]? {
    var parents: [ObjectID] = []
    return forEachParent(of: position, firstOnly: false) { parents.append(id(at: $0)) }
      ? parents : nil
  }

  /// The root tree of the commit at `position`.
  package func tree(at position: Int32) -> ObjectID {
    let (layer, local, _) = locate(position)
    return ObjectID(rawBytes: layer.base + layer.data + local * 36)
  }

  /// The commit time at `position` (the committer date, as git records it in the graph).
  package func commitTime(at position: Int32) -> Int64 {
    let (layer, local, _) = locate(position)
    let word = UInt64(
      bigEndian: layer.base.loadUnaligned(
        fromByteOffset: layer.data + local * 36 + 28, as: UInt64.self)
    )
    return Int64(word & 0x3_FFFF_FFFF)
  }

  /// Calls `body` with the position of each parent of `position`, first parent first; false
  /// when the graph is inconsistent there. A parent is in the same layer or one below it.
  package func forEachParent(of position: Int32, firstOnly: Bool, _ body: (Int32) -> Void) -> Bool {
    let (layer, local, _) = locate(position)
    let limit = layer.first + layer.count
    let record = layer.data + local * 36 + 20
    let first = layer.base.bigEndianWord(at: record)
    guard first != CommitGraph.none else { return true }
    guard first < limit else { return false }
    body(Int32(first))
    if firstOnly { return true }
    let second = layer.base.bigEndianWord(at: record + 4)
    if second == CommitGraph.none { return true }
    if second & 0x8000_0000 == 0 {
      guard second < limit else { return false }
      body(Int32(second))
      return true
    }
    // An octopus: the rest of the parents are in the extra-edge list, the last one flagged.
    guard let extraEdges = layer.extraEdges else { return false }
    var edge = Int(second & 0x7FFF_FFFF)
    while edge < layer.extraEdgeCount {
      let value = layer.base.bigEndianWord(at: extraEdges + edge * 4)
      let parent = value & 0x7FFF_FFFF
      guard parent < limit else { return false }
      body(Int32(parent))
      if value & 0x8000_0000 != 0 { return true }
      edge += 1
    }
    return false
  }
}
