import Foundation

/// Every pack of a repository and of its alternates, found once when a walk starts.
///
/// A pack that appears later, a loose object, an object of a promisor remote, anything that is not
/// in these packs is read through libgit2 instead, so the list never has to be complete: an
/// object id names the same bytes in every pack that holds it. A multi-pack-index needs no reading
/// of its own: git keeps every pack's own index beside it.
package final class PackStore: Sendable {
  package let packs: [PackFile]
  /// Each pack's `view`, in the same order.
  let views: [PackView]

  /// The packs of `objectsDirectory` (`.git/objects`) and, through `info/alternates`, of the
  /// object stores it borrows from, as git follows them (five levels at most).
  package init(objectsDirectory: String) {
    var packs: [PackFile] = []
    var seen: Set<String> = []
    PackStore.collect(objectsDirectory, depth: 0, into: &packs, seen: &seen)
    self.packs = packs
    views = packs.map(\.view)
  }

  private static func collect(
    _ directory: String, depth: Int, into packs: inout [PackFile], seen: inout Set<String>
  ) {
    guard let canonical = RawPath.resolved(directory), seen.insert(canonical).inserted else {
      return
    }
    let names = RawDirectory.names(canonical + "/pack") ?? []
    // Newest first, as git and libgit2 look: recent objects are in recent packs.
    var found: [(PackFile, Int)] = []
    for name in names where name.hasPrefix("pack-") && name.hasSuffix(".idx") {
      let path = canonical + "/pack/" + name
      guard let pack = PackFile(indexPath: path) else { continue }
      var status = stat()
      let time =
        RawPath.withCString(path) { stat($0, &status) } == 0
        ? Platform.modificationSeconds(status) : 0
      found.append((pack, time))
    }
    packs += found.sorted { $0.1 > $1.1 }.map(\.0)
    guard depth < 5 else { return }
    let alternates = AtomicFile.contents(of: canonical + "/info/alternates") ?? []
    for line in alternates.split(separator: UInt8(ascii: "\n")) {
      guard let first = line.first, first != UInt8(ascii: "#") else { continue }
      // A quoted line is unquoted, as git reads it (a path with a newline, say); a carriage
      // return stays part of the path, as in git.
      var path = RawPath.string(
        first == UInt8(ascii: "\"") ? CQuoting.unquote(line) ?? [] : Array(line))
      if path.isEmpty { continue }
      if !path.hasPrefix("/") { path = canonical + "/" + path }
      collect(path, depth: depth + 1, into: &packs, seen: &seen)
    }
  }

  /// The pack holding `id`, its position in that pack's index and its offset, trying pack
  /// `hint` first.
  func locate(_ id: ObjectID, hint: Int) -> (pack: Int, position: Int, offset: Int)? {
    views.withUnsafeBufferPointer { PackView.locate(id, in: $0, hint: hint) }
  }

  /// Whether a pack's index lists `id` at an offset its pack does not have: git's "offset
  /// beyond end of packfile".
  package func listsBeyondEnd(_ id: ObjectID) -> Bool {
    packs.contains { $0.listsBeyondEnd(id) }
  }

  /// Whether any pack's index lists an object at an offset its pack does not have.
  package var listsAnyBeyondEnd: Bool { packs.contains(where: \.listsAnyBeyondEnd) }

  /// The first pack (in the store's order) holding `id` and its index position there: the one
  /// place that stands for the object in a walk's visited set, wherever it is read from.
  package func firstPlace(of id: ObjectID) -> (pack: Int, position: Int)? {
    views.withUnsafeBufferPointer { PackView.firstPlace(of: id, in: $0) }.map {
      ($0.pack, $0.position)
    }
  }

  /// Gives the pages read so far back to the kernel (see `MappedFile.releasePages`).
  package func releasePages(includingIndex: Bool = true) {
    for pack in packs { pack.releasePages(includingIndex: includingIndex) }
  }
}
