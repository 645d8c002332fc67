import Foundation

/// Counts what a commit changes as `git log --numstat` does: the paths that differ from its
/// parent's tree (the pathspec's only, when there is one), renames and copies found as git's
/// `diffcore-rename` finds them, then each file's lines by `LineDiff`; a binary file (by its
/// attributes, its size, or a NUL byte in its first 8,000) counts no lines, a submodule is the
/// line `Subproject commit <id>`, a change of mode alone or a rename without edits counts none.
/// One counter per thread: it keeps the attributes it has read.
struct ChangeCounter {
  let options: LineCountingOptions
  let pathspec: Pathspec?
  var attributes: DiffAttributes
  /// Called with each file's numstat line as it is counted (its path, and lines added and
  /// removed; a binary file's 0 and 0): for counts by file, such as lines by language.
  var onFile: ((_ path: [UInt8], _ insertions: Int, _ deletions: Int) -> Void)?
  /// The most files a rename search of this counter met that `diff.renameLimit` turned away
  /// (git's "you may want to set your diff.renameLimit variable to at least N"), 0 for none.
  var renameLimitNeeded = 0
  /// Whether some search under `--find-copies-harder` took copies from changed files only.
  var degradedCopies = false

  init(options: LineCountingOptions, pathspec: Pathspec?, attributes: DiffAttributes) {
    self.options = options
    self.pathspec = pathspec
    self.attributes = attributes
  }

  /// git diffs only this much of a file to decide that it is binary (`FIRST_FEW_BYTES`).
  static let binaryProbe = 8000

  /// A blob read for one commit, with what comparing it has learnt: whether it holds a NUL in
  /// its first 8,000 bytes, and its chunks for similarity (as text, or as binary).
  final class Blob {
    let bytes: [UInt8]
    lazy var hasNUL: Bool = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { memchr($0, 0, min(raw.count, ChangeCounter.binaryProbe)) != nil }
        ?? false
    }
    var textSpans: SpanHash?
    var binarySpans: SpanHash?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func spans(isText: Bool) -> SpanHash {
      if isText, let textSpans { return textSpans }
      if !isText, let binarySpans { return binarySpans }
      let made = bytes.withUnsafeBytes { SpanHash($0, isText: isText) }
      if isText { textSpans = made } else { binarySpans = made }
      return made
    }
  }

  /// One file as the count sees it: a path and what it held on one side.
  struct Pair {
    var oldPath: [UInt8]
    var old: FileChange.Side?
    var newPath: [UInt8]
    var new: FileChange.Side?
    /// A rename or a copy: never left out of the list, even when nothing changed.
    var isRenamed: Bool
  }

  /// The lines and files commit tree `new` changes from its parent's tree `old` (nil for a
  /// root commit, diffed against the empty tree).
  mutating func count<Source: ObjectSource & ~Copyable>(
    from old: ObjectID?, to new: ObjectID, source: borrowing Source
  ) throws(GitError) -> LineStats {
    var changes = try TreeChanges.between(old, new, pathspec: pathspec, source: source)
    // `--relative`: only what changes below the folder counts (git drops the rest as it
    // queues the changes, before any rename search).
    if let folder = options.relativeFolder {
      changes.removeAll { !$0.path.starts(with: folder) }
    }
    if changes.isEmpty { return LineStats() }
    var blobs: [ObjectID: Blob] = [:]
    let pairs: [Pair]
    let harder = options.renames == .copies && options.findsCopiesHarder
    if options.renames == .off || !changes.contains(where: { $0.old == nil })
      || (!harder
        && !changes.contains(where: {
          $0.new == nil || options.renames == .copies && $0.old != nil
        }))
    {
      pairs = changes.map {
        Pair(oldPath: $0.path, old: $0.old, newPath: $0.path, new: $0.new, isRenamed: false)
      }
    } else {
      // `--find-copies-harder`: every file of the parent's tree the pathspec lets in is a
      // source, changed or not.
      var unchanged: [FileChange] = []
      if harder, let old {
        let changed = Set(changes.map(\.path))
        for file in try TreeChanges.between(nil, old, pathspec: pathspec, source: source)
        where !changed.contains(file.path) {
          if let folder = options.relativeFolder, !file.path.starts(with: folder) { continue }
          unchanged.append(FileChange(path: file.path, old: file.new, new: file.new))
        }
      }
      var search = RenameSearch(
        changes: changes, copies: options.renames == .copies, unchanged: unchanged)
      pairs = try search.pairs(counter: &self, blobs: &blobs, source: source)
      renameLimitNeeded = max(renameLimitNeeded, search.limitNeeded)
      degradedCopies = degradedCopies || search.isDegraded
    }
    let deleted = Set(changes.lazy.filter { $0.new == nil }.map(\.path))
    let counted = try lines(of: pairs, deleted: deleted, blobs: &blobs, source: source)
    // The new sides read are done with, unless the parent holds them too (a file copied or
    // moved).
    let oldIDs = Set(changes.compactMap { $0.old?.id })
    for change in changes {
      if let new = change.new, blobs[new.id] != nil, !oldIDs.contains(new.id) {
        source.forget(new.id)
      }
    }
    return counted
  }

  /// The lines and files of `pairs`, each counted as `--numstat` counts one file, those
  /// `--diff-filter` keeps only. `deleted`: the paths the commit deleted (a rename's source).
  mutating func lines<Source: ObjectSource & ~Copyable>(
    of pairs: [Pair], deleted: Set<[UInt8]>, blobs: inout [ObjectID: Blob],
    source: borrowing Source
  ) throws(GitError) -> LineStats {
    var kept = pairs
    if !options.diffFilter.isEmpty {
      let indices = options.diffFilter.kept(Self.statuses(of: pairs, deleted: deleted))
      kept = indices.map { pairs[$0] }
    }
    var stats = LineStats()
    for pair in kept {
      try add(pair, to: &stats, blobs: &blobs, source: source)
    }
    return stats
  }

  /// One file's numstat line (`builtin_diffstat`).
  private mutating func add<Source: ObjectSource & ~Copyable>(
    _ pair: Pair, to stats: inout LineStats, blobs: inout [ObjectID: Blob],
    source: borrowing Source
  ) throws(GitError) {
    let oldBinary = try isBinary(pair.oldPath, pair.old, blobs: &blobs, source: source)
    let newBinary = try isBinary(pair.newPath, pair.new, blobs: &blobs, source: source)
    // git's numstat decides binary files so whatever `--text` says (`builtin_diffstat`).
    if oldBinary || newBinary {
      stats.files += 1
      onFile?(pair.newPath, 0, 0)
      return
    }
    if let old = pair.old, let new = pair.new, old.id == new.id {
      stats.files += 1
      onFile?(pair.newPath, 0, 0)
      return
    }
    let oldBytes =
      try pair.old.map { side throws(GitError) in
        try content(side, blobs: &blobs, source: source)
      } ?? []
    let newBytes =
      try pair.new.map { side throws(GitError) in
        try content(side, blobs: &blobs, source: source)
      } ?? []
    let counted = oldBytes.withUnsafeBytes { a in
      newBytes.withUnsafeBytes { b in LineDiff.count(a, b, algorithm: options.algorithm) }
    }
    guard let counted else {
      throw GitError.noDiffstat(pair.oldPath)
    }
    // A file changed in place whose lines are all the same is not listed.
    if !pair.isRenamed, let old = pair.old, let new = pair.new, old.mode == new.mode,
      counted.insertions == 0 && counted.deletions == 0
    {
      return
    }
    stats.files += 1
    stats.insertions += counted.insertions
    stats.deletions += counted.deletions
    onFile?(pair.new == nil ? pair.oldPath : pair.newPath, counted.insertions, counted.deletions)
  }

  /// Whether git takes the file at `path` for binary (`diff_filespec_is_binary`): for a
  /// regular file its attributes (`-diff` binary, `diff` text, `diff=<driver>` as
  /// `diff.<driver>.binary` says), else (and for a symbolic link, whose driver is always the
  /// default one) its size past `core.bigFileThreshold`, read from the object's header without
  /// inflating it, or a NUL in its first 8,000 bytes. A side that is not there is not binary.
  mutating func isBinary<Source: ObjectSource & ~Copyable>(
    _ path: [UInt8], _ side: FileChange.Side?, blobs: inout [ObjectID: Blob],
    source: borrowing Source
  ) throws(GitError) -> Bool {
    guard let side else { return false }
    if TreeMode.isSubmodule(side.mode) { return false }
    if side.isRegularFile, let byAttributes = attributes.isBinary(path) { return byAttributes }
    if let known = blobs[side.id] {
      return known.bytes.count > options.bigFileThreshold || known.hasNUL
    }
    if try source.blobSize(side.id) > options.bigFileThreshold { return true }
    return try self.blob(side.id, blobs: &blobs, source: source).hasNUL
  }

  /// The bytes git diffs for a side: the blob, or a submodule's `Subproject commit <id>` line.
  func content<Source: ObjectSource & ~Copyable>(
    _ side: FileChange.Side, blobs: inout [ObjectID: Blob], source: borrowing Source
  ) throws(GitError) -> [UInt8] {
    if TreeMode.isSubmodule(side.mode) { return Array("Subproject commit \(side.id.hex)\n".utf8) }
    return try blob(side.id, blobs: &blobs, source: source).bytes
  }

  /// Blob `id`, read once for the commit.
  func blob<Source: ObjectSource & ~Copyable>(
    _ id: ObjectID, blobs: inout [ObjectID: Blob], source: borrowing Source
  ) throws(GitError) -> Blob {
    if let known = blobs[id] { return known }
    let blob = Blob(try source.blob(id))
    blobs[id] = blob
    return blob
  }
}
