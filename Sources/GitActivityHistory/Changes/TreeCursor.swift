import Foundation

/// One tree's entries, walked in the order git stores them (`mode SP name NUL id`), with how
/// much a pathspec takes of the current one: what every tree comparison reads trees with.
struct TreeCursor {
  /// A tree entry: its mode (canonical), where its name lies in the tree's bytes, its id.
  typealias Entry = (mode: UInt32, name: Range<Int>, id: ObjectID)

  let bytes: [UInt8]
  /// Where the current entry starts, and where the next one does.
  var start = 0
  var position = 0
  /// The current entry; nil past the last.
  var entry: Entry?
  /// What `takes` found for the current entry.
  var interest: Interest = .none

  init(_ bytes: [UInt8]) throws(GitError) {
    self.bytes = bytes
    try advance()
  }

  /// Moves to the next entry.
  mutating func advance() throws(GitError) {
    guard position < bytes.count else {
      entry = nil
      return
    }
    let at = position
    start = at
    let decoded = bytes.withUnsafeBytes { raw -> Result<Entry, GitError> in
      do throws(GitError) {
        let (mode, nameStart, nul) = try Self.decode(raw, at: at)
        return .success(
          (mode, nameStart..<nul, ObjectID(rawBytes: raw.baseAddress.unsafelyUnwrapped + nul + 1)))
      } catch {
        return .failure(error)
      }
    }
    let (mode, name, id) = try decoded.get()
    entry = (TreeMode.canonical(mode), name, id)
    position = name.upperBound + 21
  }

  /// Passes both cursors over the entries they hold the same, byte for byte, from their current
  /// ones on (such entries are no change, whatever a pathspec says): the bytes are compared
  /// eight at a time, and each entry passed over is checked as `advance` checks it, once for
  /// both. True when it passed over any.
  static func passSame(_ left: inout TreeCursor, _ right: inout TreeCursor) throws(GitError)
    -> Bool
  {
    guard left.entry != nil, right.entry != nil else { return false }
    let (leftStart, rightStart) = (left.start, right.start)
    let found = left.bytes.withUnsafeBytes { a in
      right.bytes.withUnsafeBytes { b -> Result<Int, GitError> in
        let room = min(a.count - leftStart, b.count - rightStart)
        let same = CommonEnds.commonStart(
          a.baseAddress.unsafelyUnwrapped + leftStart, b.baseAddress.unsafelyUnwrapped + rightStart,
          room)
        var end = leftStart
        do throws(GitError) {
          while end < a.count {
            let (_, _, nul) = try decode(a, at: end)
            guard nul + 21 - leftStart <= same else { break }
            end = nul + 21
          }
        } catch {
          return .failure(error)
        }
        return .success(end - leftStart)
      }
    }
    let passed = try found.get()
    guard passed > 0 else { return false }
    left.position = leftStart + passed
    right.position = rightStart + passed
    try left.advance()
    try right.advance()
    return true
  }

  /// The entry that starts at `position` of a tree's entries `raw`, checked as git decodes one
  /// (`mode SP name NUL id`): its mode as written, where its name starts, and where the NUL
  /// after it is (its id follows).
  @inline(__always)
  private static func decode(_ raw: UnsafeRawBufferPointer, at position: Int) throws(GitError)
    -> (mode: UInt32, nameStart: Int, nul: Int)
  {
    let count = raw.count
    guard let base = raw.baseAddress else { throw damaged() }
    var mode: UInt32 = 0
    var index = position
    while index < count {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      if byte == UInt8(ascii: " ") { break }
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 8, mode < 1 << 28 else { throw damaged() }
      mode = mode << 3 | UInt32(digit)
      index += 1
    }
    guard index > position, index < count else { throw damaged() }
    let nameStart = index + 1
    guard let pointer = memchr(base + nameStart, 0, count - nameStart) else { throw damaged() }
    let nul = base.distance(to: UnsafeRawPointer(pointer))
    guard nul > nameStart, nul + 21 <= count else { throw damaged() }
    return (mode, nameStart, nul)
  }

  /// The entry called `name` in a tree's entries `raw`, found as git's pathspec-pruned tree
  /// walk finds it: entries checked as `advance` checks them, the scan ending at the folder of
  /// that name or the first entry that sorts after it (`name/`), past which no entry of that
  /// name can be. Of a file and a folder of one name (not in a sound tree), the first is taken,
  /// or the folder when `prefersFolder` (the path goes on below it). Its mode is canonical.
  static func find(
    _ name: ArraySlice<UInt8>, in raw: UnsafeRawBufferPointer, prefersFolder: Bool
  ) throws(GitError) -> (mode: UInt32, id: ObjectID)? {
    let count = raw.count
    guard count > 0, !name.isEmpty, let base = raw.baseAddress else { return nil }
    return try name.withUnsafeBufferPointer { (target) throws(GitError) -> (UInt32, ObjectID)? in
      let wanted = target.baseAddress.unsafelyUnwrapped
      var found: (UInt32, ObjectID)?
      var position = 0
      while position < count {
        let (mode, nameStart, nul) = try decode(raw, at: position)
        let length = nul - nameStart
        let common = min(length, target.count)
        let compared = memcmp(base + nameStart, wanted, common)
        let isFolder = TreeMode.isFolder(mode)
        if compared == 0 && length == target.count {
          if found == nil || (prefersFolder && isFolder) {
            found = (TreeMode.canonical(mode), ObjectID(rawBytes: base + nul + 1))
          }
        }
        // git's order: by name, a folder's as if it ended in `/`; `name/` is the last place
        // an entry of that name can be.
        let order: Int
        if compared != 0 {
          order = Int(compared)
        } else {
          let mine: UInt8 =
            length > common
            ? base.load(fromByteOffset: nameStart + common, as: UInt8.self)
            : (isFolder ? UInt8(ascii: "/") : 0)
          let theirs = target.count > common ? target[common] : UInt8(ascii: "/")
          order = Int(mine) - Int(theirs)
        }
        // At `name/` (the folder of that name) or past it: nothing after can have the name.
        if order >= 0 { break }
        position = nul + 21
      }
      return found
    }
  }

  /// Whether the pathspec takes the current entry (git's `tree_entry_interesting`), kept
  /// in `interest`.
  mutating func takes(_ pathspec: Pathspec, _ base: [UInt8]) -> Bool {
    guard let current = entry else { return false }
    interest = bytes.withUnsafeBytes { raw in
      pathspec.interest(
        name: UnsafeRawBufferPointer(rebasing: raw[current.name]), mode: current.mode,
        base: base)
    }
    return interest >= .entry
  }

  /// The current entry's name.
  var name: ArraySlice<UInt8> { entry.map { bytes[$0.name] } ?? [] }

  static func damaged() -> GitError {
    GitError.corruptTreeEntry
  }

  /// git's order of tree entries: by name, a folder's name as if it ended in `/`.
  static func order(_ left: TreeCursor, _ a: Entry, _ right: TreeCursor, _ b: Entry) -> Int {
    let x = left.bytes[a.name]
    let y = right.bytes[b.name]
    let common = min(x.count, y.count)
    var i = x.startIndex
    var j = y.startIndex
    for _ in 0..<common {
      if x[i] != y[j] { return Int(x[i]) - Int(y[j]) }
      i += 1
      j += 1
    }
    let c1: UInt8 =
      x.count > common ? x[i] : (TreeMode.isFolder(a.mode) ? UInt8(ascii: "/") : 0)
    let c2: UInt8 =
      y.count > common ? y[j] : (TreeMode.isFolder(b.mode) ? UInt8(ascii: "/") : 0)
    return Int(c1) - Int(c2)
  }
}
