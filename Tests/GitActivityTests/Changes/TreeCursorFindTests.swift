import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// `TreeCursor.find`, which plain pathspecs look paths up with: an entry found by name in git's
/// order (a folder's name as if it ended in `/`), the scan ending past the last place the name
/// can be, as git's pruned tree walk ends.
@Suite("Finding a name in a tree")
struct TreeCursorFindTests {
  /// A tree's bytes from (mode, name) pairs, in the order given; each entry's id is its place.
  static func tree(_ entries: [(String, String)], then tail: [UInt8] = []) -> [UInt8] {
    var bytes: [UInt8] = []
    for (index, (mode, name)) in entries.enumerated() {
      bytes += Array("\(mode) \(name)".utf8) + [0]
      bytes += [UInt8(index + 1)] + [UInt8](repeating: 0, count: 19)
    }
    return bytes + tail
  }

  static func find(_ name: String, in bytes: [UInt8], prefersFolder: Bool = false) throws -> (
    mode: UInt32, place: UInt8
  )? {
    try bytes.withUnsafeBytes { raw in
      try TreeCursor.find(ArraySlice(Array(name.utf8)), in: raw, prefersFolder: prefersFolder)
    }.map { ($0.mode, UInt8($0.id.high >> 56)) }
  }

  // Sound order: `a-b` and `a.c` come between a file `a` and the folder `a`.
  static let sorted = tree([
    ("100644", "a"), ("100644", "a-b"), ("100755", "a.c"), ("40000", "a"), ("100644", "a0"),
    ("160000", "b"), ("120000", "c"),
  ])

  @Test("each name is found, with its canonical mode; absent names are not")
  func names() throws {
    #expect(try Self.find("a-b", in: Self.sorted)?.place == 2)
    #expect(try Self.find("a.c", in: Self.sorted)?.mode == 0o100755)
    #expect(try Self.find("a0", in: Self.sorted)?.place == 5)
    #expect(try Self.find("b", in: Self.sorted)?.mode == 0o160000)
    #expect(try Self.find("c", in: Self.sorted)?.place == 7)
    for absent in ["", "A", "a-", "a/", "a1", "bb", "d", "a-b-c"] {
      #expect(try Self.find(absent, in: Self.sorted) == nil, "\(absent)")
    }
    #expect(try Self.find("a", in: []) == nil)
  }

  @Test("of a file and a folder of one name, the first, or the folder when the path goes on")
  func fileAndFolder() throws {
    #expect(try Self.find("a", in: Self.sorted)?.place == 1)
    #expect(try Self.find("a", in: Self.sorted, prefersFolder: true)?.place == 4)
  }

  @Test("the scan ends past the name's last place: damage after it is not read, before it is")
  func endsEarly() throws {
    let damaged = Self.tree([("100644", "a"), ("40000", "m")], then: Array("9x z\0".utf8))
    #expect(try Self.find("a", in: damaged)?.place == 1)
    #expect(try Self.find("m", in: damaged, prefersFolder: true)?.place == 2)
    #expect(throws: GitError.self) { try Self.find("z", in: damaged) }
    // An entry cut short, and a mode that is not octal.
    #expect(throws: GitError.self) {
      try Self.find("b", in: Self.tree([("100644", "a")], then: Array("100644 b\0".utf8)))
    }
    #expect(throws: GitError.self) { try Self.find("b", in: Self.tree([("1008", "a")])) }
  }
}
