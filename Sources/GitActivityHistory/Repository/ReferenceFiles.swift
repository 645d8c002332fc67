import Foundation

/// The refs of a repository read from its files, as git's `files` backend keeps them: the
/// `packed-refs` file (read once, whole) and the loose ref files under `refs/`, a loose ref
/// standing for a packed one of the same name. `--all` with tens of thousands of packed refs
/// spends its time in libgit2's iterator, which copies and sorts every packed ref and looks
/// for a loose file of each; reading the two sources directly costs one pass over each.
///
/// Only what is plain is read here: a repository whose refs are anything else (a linked
/// worktree's own refs, a ref file that is not an id or a `ref:` line, a packed-refs line git
/// would not write) gives nil, and the caller asks libgit2, which knows every case.
struct ReferenceFiles {
  /// A ref and what it holds.
  enum Target: Equatable {
    case object(ObjectID)
    /// `ref: <name>`, resolved by the caller.
    case symbolic(String)
  }

  /// A ref: its name (bytes, a slice of the file it came from) and what it holds.
  struct Ref {
    var name: ArraySlice<UInt8>
    var target: Target
  }

  /// Every ref under `refs/`, sorted by name (bytes), or nil (see the type's comment). The
  /// packed refs are taken in the file's order (git writes them sorted, and says so), the
  /// loose ones merged in by name.
  static func read(gitDirectory: String, commonDirectory: String) throws(GitError) -> [Ref]? {
    // A linked worktree keeps some refs (refs/bisect, refs/worktree) in its own folder.
    guard
      RawPath.withoutTrailingSlashes(gitDirectory)
        == RawPath.withoutTrailingSlashes(commonDirectory)
    else { return nil }
    // The reftable backend keeps no such files.
    if RawDirectory.kind(commonDirectory + "/reftable").exists { return nil }
    let packed: [UInt8]
    do {
      packed = try AtomicFile.read(commonDirectory + "/packed-refs")
    } catch {
      // No packed refs is common; one that is there but unreadable is libgit2's to report.
      if RawDirectory.kind(commonDirectory + "/packed-refs").exists { return nil }
      packed = []
    }
    guard var refs = parsePacked(packed) else { return nil }
    var loose: [Ref] = []
    guard try readLoose(commonDirectory + "/refs", name: Array("refs".utf8), into: &loose) else {
      return nil
    }
    if !isSorted(refs) { refs.sort { precedes($0.name, $1.name) } }
    guard !loose.isEmpty else { return refs }
    // A loose ref stands for the packed one of its name.
    loose.sort { precedes($0.name, $1.name) }
    var merged: [Ref] = []
    merged.reserveCapacity(refs.count + loose.count)
    var (p, l) = (0, 0)
    while p < refs.count || l < loose.count {
      if l == loose.count || (p < refs.count && precedes(refs[p].name, loose[l].name)) {
        merged.append(refs[p])
        p += 1
      } else {
        if p < refs.count && refs[p].name == loose[l].name { p += 1 }
        merged.append(loose[l])
        l += 1
      }
    }
    return merged
  }

  /// Whether ref name `a` sorts before `b`: by bytes, as git sorts refs.
  static func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in
        let shared = min(x.count, y.count)
        let order =
          shared == 0
          ? 0 : memcmp(x.baseAddress.unsafelyUnwrapped, y.baseAddress.unsafelyUnwrapped, shared)
        return order != 0 ? order < 0 : x.count < y.count
      }
    }
  }

  /// What the ref `name` holds, by binary search in `refs` (sorted, as `read` gives them).
  static func find(_ name: [UInt8], in refs: [Ref]) -> Target? {
    var (low, high) = (0, refs.count)
    while low < high {
      let middle = (low + high) / 2
      if refs[middle].name.lexicographicallyPrecedes(name) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < refs.count && refs[low].name.elementsEqual(name) ? refs[low].target : nil
  }

  private static func isSorted(_ refs: [Ref]) -> Bool {
    for index in refs.indices.dropFirst() where !precedes(refs[index - 1].name, refs[index].name) {
      return false
    }
    return true
  }

  /// `packed-refs`: a `# pack-refs with:` header, then `<id> <name>` lines, each perhaps
  /// followed by `^<id>` (the tag peeled). Nil on any other line.
  private static func parsePacked(_ bytes: [UInt8]) -> [Ref]? {
    var refs: [Ref] = []
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let line = bytes[start..<end]
      start = end + 1
      guard let first = line.first else { continue }
      if first == UInt8(ascii: "#") || first == UInt8(ascii: "^") { continue }
      guard line.count > 41, line[line.startIndex + 40] == UInt8(ascii: " "),
        let id = line.prefix(40).withUnsafeBytes({ ObjectID(hex: $0) })
      else { return nil }
      refs.append(Ref(name: line.dropFirst(41), target: .object(id)))
    }
    return refs
  }

  /// The loose refs below `directory` (whose ref name is `name`).
  private static func readLoose(_ directory: String, name: [UInt8], into refs: inout [Ref])
    throws(GitError) -> Bool
  {
    guard let entries = RawDirectory.names(directory) else { return true }
    for entry in entries {
      let path = directory + "/" + entry
      let refName = name + [UInt8(ascii: "/")] + RawPath.bytes(entry)
      let type = RawDirectory.type(path)
      if type == .directory {
        guard try readLoose(path, name: refName, into: &refs) else { return false }
        continue
      }
      // git's lock files are not refs.
      if entry.hasSuffix(".lock") { continue }
      // A FIFO or a device as a ref would make libgit2's reading of refs wait for ever.
      if type == .special { throw GitFiles.failure(path) }
      guard let content = try? AtomicFile.read(path, limit: 4_096) else { return false }
      var text = content[...]
      while let last = text.last, last == 0x0A || last == 0x0D || last == 0x20 {
        text = text.dropLast()
      }
      if text.count == 40, let id = text.withUnsafeBytes({ ObjectID(hex: $0) }) {
        refs.append(Ref(name: refName[...], target: .object(id)))
      } else if text.starts(with: Array("ref: ".utf8)) {
        refs.append(
          Ref(
            name: refName[...],
            target: .symbolic(String(decoding: text.dropFirst(5), as: UTF8.self))))
      } else {
        return false
      }
    }
    return true
  }
}
