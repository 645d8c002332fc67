import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Tree comparison passes over runs of entries that are the same bytes on both sides: every
/// entry whose bytes differ anywhere (its mode, its name, the last byte of its id) is still a
/// change, and damage is still found where a comparison entry by entry finds it.
@Suite("Comparing trees: runs of the same entries passed over as bytes")
struct TreeChangesSameRunTests {
  /// Trees by id, for `TreeChanges` to read.
  struct Trees: ObjectSource {
    var trees: [ObjectID: [UInt8]]
    func tree(_ id: ObjectID) throws(GitError) -> [UInt8] {
      guard let bytes = trees[id] else { throw GitError.corruptTreeEntry }
      return bytes
    }
    func blob(_ id: ObjectID) throws(GitError) -> [UInt8] { [] }
    func blobSize(_ id: ObjectID) throws(GitError) -> Int { 0 }
    func forget(_ id: ObjectID) {}
  }

  static func id(_ value: UInt32) -> ObjectID { ObjectID(high: 0xAB, middle: 0, low: value) }

  /// A tree's bytes from (mode, name, id) entries, in the order given.
  static func tree(_ entries: [(String, String, ObjectID)]) -> [UInt8] {
    var bytes: [UInt8] = []
    for (mode, name, id) in entries {
      bytes += Array("\(mode) \(name)".utf8) + [0]
      withUnsafeBytes(of: id.high.bigEndian) { bytes += $0 }
      withUnsafeBytes(of: id.middle.bigEndian) { bytes += $0 }
      withUnsafeBytes(of: id.low.bigEndian) { bytes += $0 }
    }
    return bytes
  }

  /// Files `f00` to `f39`, their ids 1 to 40.
  static let files: [(String, String, ObjectID)] = (0..<40).map {
    ("100644", String(format: "f%02d", $0), id(UInt32($0 + 1)))
  }

  static func changes(_ old: [UInt8], _ new: [UInt8]) throws -> [String] {
    let source = Trees(trees: [id(1000): old, id(2000): new])
    return try TreeChanges.between(id(1000), id(2000), pathspec: nil, source: source).map {
      String(decoding: $0.path, as: UTF8.self)
        + ($0.old == nil ? " added" : $0.new == nil ? " deleted" : " changed")
    }
  }

  @Test("an entry differing in the last byte of its id, its mode or its name is a change")
  func differences() throws {
    let old = Self.tree(Self.files)
    var edited = Self.files
    edited[20].2 = Self.id(21 + 256)  // the id's last byte but one
    edited[21].2 = Self.id(22 + 1_000)  // the id's last byte
    edited[30].0 = "100755"
    #expect(
      try Self.changes(old, Self.tree(edited)) == ["f20 changed", "f21 changed", "f30 changed"])
    var renamed = Self.files
    renamed[39].1 = "f39x"
    #expect(try Self.changes(old, Self.tree(renamed)) == ["f39 deleted", "f39x added"])
    #expect(try Self.changes(old, Self.tree(Self.files.dropLast())) == ["f39 deleted"])
    #expect(try Self.changes(Self.tree(Self.files.dropLast()), old) == ["f39 added"])
    #expect(try Self.changes(old, Self.tree(Array(Self.files.dropFirst()))) == ["f00 deleted"])
    #expect(try Self.changes(old, old + []).isEmpty)
  }

  @Test("damage inside a run of the same bytes, or just past it, is an error")
  func damage() throws {
    var damaged = Self.tree(Self.files)
    // A mode digit of f10 (each entry 31 bytes) made an 8: a tree git refuses.
    damaged[10 * 31 + 2] = UInt8(ascii: "8")
    #expect(throws: GitError.self) { try Self.changes(damaged, damaged) }
    var edited = Self.files
    edited[9].2 = Self.id(500)
    #expect(throws: GitError.self) { try Self.changes(Self.tree(edited), damaged) }
  }
}
