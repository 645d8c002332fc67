/// Whether two trees differ in what a pathspec takes, as git's recursive tree diff sees it with
/// the pathspec pruning it (`diff_tree_oid` with `revs->pruning`): entries walked in tree
/// order, what the pathspec does not take skipped, equal subtrees never read, and the first
/// difference ending the comparison. A change of mode alone is a change; a submodule is its
/// commit id. Trees are read through `ObjectReader` (the packs first), and a tree read for one
/// commit is kept for the next, which shares most of them.
struct TreeDiff {
  let pathspec: Pathspec
  /// Replace refs: a tree, too, may be replaced.
  private let substitutions: Substitutions
  /// Trees read so far, by id, up to `cacheLimit` bytes.
  private var trees: [ObjectID: [UInt8]] = [:]
  private var cachedBytes = 0
  private static let cacheLimit = 64 << 20
  /// For a pathspec of plain paths: what each path holds in a tree, by tree.
  private var keys: [ObjectID: [Key?]] = [:]
  private let plainPaths: [[ArraySlice<UInt8>]]?
  /// For plain paths: what the rest of a path names below a folder, by the folder's id.
  private var below: [BelowKey: Key?] = [:]
  private static let memoLimit = 1 << 20

  private struct BelowKey: Hashable {
    var folder: ObjectID
    /// The path's place among the plain paths, and the component below `folder`.
    var path: Int
    var index: Int
  }

  /// What a path names in a tree: its mode and id.
  private struct Key: Equatable {
    var mode: UInt32
    var id: ObjectID
  }

  /// git's empty tree, `4b825dc642cb6eb9a060e54bf8d69288fbee4904`.
  static let emptyTree = ObjectID(
    high: 0x4b82_5dc6_42cb_6eb9, middle: 0xa060_e54b_f8d6_9288, low: 0xfbee_4904)

  init(pathspec: Pathspec, substitutions: Substitutions) {
    self.pathspec = pathspec
    self.substitutions = substitutions
    // Plain paths (no wildcard, exclude or icase) are compared by what they name in each tree.
    let isPlain = pathspec.items.allSatisfy { $0.magic.intersection([.exclude, .icase]).isEmpty }
    plainPaths =
      isPlain && !pathspec.hasWildcard
      ? pathspec.items.map {
        $0.match.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      }
      : nil
  }

  /// Whether the pathspec sees a difference from tree `old` to tree `new` (nil: no tree).
  mutating func differs(
    _ old: ObjectID?, _ new: ObjectID?, reader: borrowing ObjectReader
  ) throws(GitError) -> Bool {
    if old == new { return false }
    if let plainPaths {
      return try key(old, plainPaths, reader) != key(new, plainPaths, reader)
    }
    var base: [UInt8] = []
    return try compare(old, new, base: &base, reader)
  }

  // the general case

  private typealias Cursor = TreeCursor

  private mutating func compare(
    _ old: ObjectID?, _ new: ObjectID?, base: inout [UInt8], _ reader: borrowing ObjectReader
  ) throws(GitError) -> Bool {
    var left = try Cursor(try old.map { id throws(GitError) in try read(id, reader) } ?? [])
    var right = try Cursor(try new.map { id throws(GitError) in try read(id, reader) } ?? [])
    // Equal entries are passed over before the pathspec is asked about them: only what
    // differs is matched (git asks about every entry; the answer is the same).
    while true {
      switch (left.entry, right.entry) {
      case (nil, nil):
        return false
      case (_?, nil):
        if try passesOnlyOne(&left, base: &base, reader) { return true }
      case (nil, _?):
        if try passesOnlyOne(&right, base: &base, reader) { return true }
      case (let a?, let b?):
        let order = TreeCursor.order(left, a, right, b)
        if order < 0 {
          if try passesOnlyOne(&left, base: &base, reader) { return true }
        } else if order > 0 {
          if try passesOnlyOne(&right, base: &base, reader) { return true }
        } else {
          if a.mode != b.mode || a.id != b.id {
            // A file and a submodule of one name may differ in what the pathspec takes.
            let (leftTakes, rightTakes) = (left.takes(pathspec, base), right.takes(pathspec, base))
            if leftTakes && rightTakes {
              guard TreeMode.isFolder(a.mode) && TreeMode.isFolder(b.mode) else { return true }
              if left.interest == .all && !pathspec.hasExclude { return true }
              let length = base.count
              base += left.bytes[a.name]
              base.append(UInt8(ascii: "/"))
              defer { base.removeSubrange(length...) }
              if try compare(a.id, b.id, base: &base, reader) { return true }
            } else if leftTakes, try holdsAnything(left, base: &base, reader) {
              return true
            } else if rightTakes, try holdsAnything(right, base: &base, reader) {
              return true
            }
          }
          try left.advance()
          try right.advance()
        }
      }
    }
  }

  /// The current entry of `cursor`, which the other side does not have (added or removed):
  /// whether the pathspec takes something of it; the cursor moves past it.
  private mutating func passesOnlyOne(
    _ cursor: inout Cursor, base: inout [UInt8], _ reader: borrowing ObjectReader
  ) throws(GitError) -> Bool {
    if cursor.takes(pathspec, base), try holdsAnything(cursor, base: &base, reader) {
      return true
    }
    try cursor.advance()
    return false
  }

  /// Whether the current entry of `cursor`, on one side only, holds anything the pathspec
  /// takes.
  private mutating func holdsAnything(
    _ cursor: Cursor, base: inout [UInt8], _ reader: borrowing ObjectReader
  ) throws(GitError) -> Bool {
    guard let entry = cursor.entry, TreeMode.isFolder(entry.mode) else { return true }
    if entry.id == Self.emptyTree { return false }
    if cursor.interest == .all && !pathspec.hasExclude { return true }
    let length = base.count
    base += cursor.bytes[entry.name]
    base.append(UInt8(ascii: "/"))
    defer { base.removeSubrange(length...) }
    return try compare(nil, entry.id, base: &base, reader)
  }

  /// Tree `id`'s bytes, from the cache or read.
  private mutating func read(_ id: ObjectID, _ reader: borrowing ObjectReader) throws(GitError)
    -> [UInt8]
  {
    if let known = trees[id] { return known }
    var bytes: [UInt8] = []
    try reader.readTree(try substitutions.object(for: id)) { buffer in bytes = Array(buffer) }
    if cachedBytes + bytes.count > Self.cacheLimit {
      trees.removeAll(keepingCapacity: true)
      keys.removeAll(keepingCapacity: true)
      cachedBytes = 0
    }
    trees[id] = bytes
    cachedBytes += bytes.count
    return bytes
  }

  // plain paths

  /// What each plain path names in tree `tree`: the entry at the path (a path inside a
  /// submodule names nothing, as in git); nil where there is none.
  private mutating func key(
    _ tree: ObjectID?, _ paths: [[ArraySlice<UInt8>]], _ reader: borrowing ObjectReader
  ) throws(GitError) -> [Key?] {
    guard let tree else { return paths.map { _ in nil } }
    if let known = keys[tree] { return known }
    if keys.count >= Self.memoLimit { keys.removeAll(keepingCapacity: true) }
    var result: [Key?] = []
    for (path, components) in paths.enumerated() {
      result.append(try lookup(components, path: path, in: tree, reader))
    }
    keys[tree] = result
    return result
  }

  /// The entry that path `path` (`components`) names below `tree`. An empty last component (a
  /// path that ended in `/`) takes only a folder or submodule.
  private mutating func lookup(
    _ components: [ArraySlice<UInt8>], path: Int, in tree: ObjectID,
    _ reader: borrowing ObjectReader
  ) throws(GitError) -> Key? {
    let top = Key(mode: TreeMode.folder, id: tree)
    // The whole tree: `.` from the top, or `:/`.
    if components.count == 1 && components[0].isEmpty { return top }
    return try entry(components, path: path, from: 0, below: top, reader)
  }

  /// What `components[index...]` name below `folder`. Trees are searched where the reader
  /// holds them (no copy); below the top, the answer is kept by the folder's id, since the
  /// folders on a path change far less often than the top tree.
  private mutating func entry(
    _ components: [ArraySlice<UInt8>], path: Int, from index: Int, below folder: Key,
    _ reader: borrowing ObjectReader
  ) throws(GitError) -> Key? {
    let name = components[index]
    if name.isEmpty {
      // A trailing slash: what came before must be a folder or a submodule.
      return TreeMode.isFolder(folder.mode) || TreeMode.isSubmodule(folder.mode) ? folder : nil
    }
    guard TreeMode.isFolder(folder.mode) else { return nil }
    let memo = index > 0 ? BelowKey(folder: folder.id, path: path, index: index) : nil
    if let memo, let known = below[memo] { return known }
    let prefersFolder = index + 1 < components.count
    var found: Key?
    try reader.readTree(try substitutions.object(for: folder.id)) { (raw) throws(GitError) in
      found = try TreeCursor.find(name, in: raw, prefersFolder: prefersFolder).map {
        Key(mode: $0.mode, id: $0.id)
      }
    }
    var result = found
    if let found, index + 1 < components.count {
      result = try entry(components, path: path, from: index + 1, below: found, reader)
    }
    if let memo {
      if below.count >= Self.memoLimit { below.removeAll(keepingCapacity: true) }
      below[memo] = .some(result)
    }
    return result
  }
}
