import Foundation

/// The sentences of the library's git errors that name an object (see `GitError+Words.swift`
/// in System for the rest): each written here once, in git's words where git has words.
extension GitError {
  /// A loose object that does not inflate or parse.
  static func corruptLooseObject(_ id: ObjectID, _ why: String) -> GitError {
    GitError(
      message: "corrupt loose object '\(id.hex)' (\(why))", function: "read_loose_object",
      kind: .damagedObject)
  }

  /// A loose object's file that cannot be opened (`action` "open") or read ("read").
  static func looseObjectFailed(_ id: ObjectID, _ action: String, errno number: Int32)
    -> GitError
  {
    GitError(
      message: "unable to \(action) loose object \(id.hex): \(String(cString: strerror(number)))",
      function: action, kind: .damagedObject)
  }

  /// An object whose content hashes to another id.
  package static func hashMismatch(_ id: ObjectID, stored: ObjectID) -> GitError {
    GitError(
      message:
        "object \(id.hex) is corrupt: what is stored for it is object \(stored.hex) (run git fsck)",
      function: "parse_object", kind: .damagedObject)
  }

  /// An object of another type than the one asked for (`name`: "commit", "tree", "blob").
  package static func notA(_ name: String, _ id: ObjectID) -> GitError {
    GitError(
      message: "object \(id.hex) is not a \(name)", function: "git_odb_object_type", kind: .other)
  }

  /// A `name` (commit, tree, blob) the repository does not have.
  package static func missing(_ name: String, _ id: ObjectID, code: Int32) -> GitError {
    GitError(
      code: code, message: "\(name) \(id.hex) is missing from the repository",
      function: "git_odb_read", kind: .damagedObject)
  }

  /// A `name` (commit, tree, blob) that libgit2 could not read, with its words.
  package static func unreadable(_ name: String, _ id: ObjectID, _ detail: String, code: Int32)
    -> GitError
  {
    GitError(
      code: code, message: "cannot read \(name) \(id.hex): \(detail)", function: "git_odb_read",
      kind: .objectRead(code))
  }

  /// An object whose header libgit2 could not read, with its words.
  package static func unreadableHeader(_ id: ObjectID, _ detail: String, code: Int32) -> GitError {
    GitError(
      code: code, message: "cannot read object \(id.hex): \(detail)",
      function: "git_odb_read_header", kind: .damagedObject)
  }

  /// An object that could not be read whole (git's words: `unable to read`).
  package static func unableToRead(_ id: ObjectID, code: Int32, function: String) -> GitError {
    GitError(
      code: code, message: "unable to read \(id.hex)", function: function, kind: .damagedObject)
  }

  /// A commit whose parent line does not hold an id.
  package static func malformedParent(_ id: ObjectID) -> GitError {
    GitError(
      message: "commit \(id.hex) is corrupt: a parent line is malformed", function: "parse_commit",
      kind: .damagedObject)
  }

  /// A commit that names no tree.
  package static func commitWithoutTree(_ id: ObjectID) -> GitError {
    GitError(
      message: "commit \(id.hex) is corrupt: it names no tree", function: "parse_commit",
      kind: .damagedObject)
  }

  /// A tag object that does not parse.
  package static func corruptTag(_ id: ObjectID) -> GitError {
    GitError(message: "tag \(id.hex) is corrupt", function: "parse_tag", kind: .damagedObject)
  }

  /// A ref whose object cannot be read while it is peeled.
  package static func unreadableRef(
    _ name: String, commit id: ObjectID, _ detail: String, code: Int32
  ) -> GitError {
    GitError(
      code: code, message: "cannot read commit \(id.hex) (\(name)): \(detail)",
      function: "git_odb_read_header", kind: .objectRead(code))
  }

  /// A ref whose chain of tags reaches an object that is not there.
  package static func pointsAtMissing(_ name: String, _ id: ObjectID, code: Int32) -> GitError {
    GitError(
      code: code, message: "\(name) points at a missing object \(id.hex)",
      function: "git_odb_read_header", kind: .damagedObject)
  }

  /// Replace refs that replace one another deeper than git follows.
  package static func replaceTooDeep(_ id: ObjectID) -> GitError {
    GitError(
      message: "replace depth too high for object \(id.hex)", function: "replace_object",
      kind: .other)
  }

  /// A commit-graph file that lists a commit otherwise than its object says.
  package static func commitGraphDisagrees(with id: ObjectID) -> GitError {
    GitError(
      message: "the commit-graph file disagrees with commit \(id.hex)", function: "commit-graph",
      kind: .damagedObject)
  }
}
