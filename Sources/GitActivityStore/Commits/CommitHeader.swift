import Foundation

/// The parts of a raw commit object that git-heatmap needs, as byte offsets and integers.
///
/// It reads the header as git's own `log` does: parent lines follow the tree line, when a
/// header repeats `author` or `committer`, the last one wins, and a NUL byte ends a line as a
/// newline does (pretty.c's `parse_commit_header`).
/// Nothing here allocates but the parents array, which the caller reuses.
package struct CommitHeader {
  /// The `author` line, after `author `.
  package var author: Ident?
  /// The `committer` line, after `committer `.
  package var committer: Ident?
  /// The value of the `encoding` header, as offsets into the buffer.
  package var encoding: Range<Int>?
  /// The tree, from the first line.
  package var tree: ObjectID?
  /// Where the message starts, after the header's empty line, when that line is the object's
  /// first `\n\n` (no NUL byte before it): where git's `%(trailers)` reads the message from.
  package var messageStart: Int?

  /// A problem that makes the object unusable as a commit.
  package enum Problem: Error, Equatable {
    /// A `parent` line whose id is not 40 hexadecimal digits followed by a newline.
    case badParent
  }

  /// Parses `buffer`, appending the parent ids to `parents` (which it empties first).
  package static func parse(
    _ buffer: UnsafeRawBufferPointer, parents: inout [ObjectID]
  ) throws(Problem) -> CommitHeader {
    parents.removeAll(keepingCapacity: true)
    var header = CommitHeader()
    let count = buffer.count
    var position = 0
    var acceptsParents = true
    var isFirstLine = true
    var sawNul = false
    while position < count {
      let lineEnd = buffer.firstIndex(of: UInt8(ascii: "\n"), from: position) ?? count
      // A NUL byte ends a line as a newline does, in git's pretty parser: what follows it is
      // the next line. An empty line (a newline or a NUL at its start) ends the header.
      let content = buffer.firstIndex(of: 0, from: position, before: lineEnd) ?? lineEnd
      if content == position {
        if !sawNul && position > 0 && content == lineEnd { header.messageStart = position + 1 }
        break
      }
      if content != lineEnd { sawNul = true }
      if isFirstLine, buffer.hasPrefix("tree ", at: position, end: content) {
        if content - position == 45 {
          header.tree = ObjectID(
            hex: UnsafeRawBufferPointer(rebasing: buffer[(position + 5)..<content]))
        }
      } else if acceptsParents, buffer.hasPrefix("parent ", at: position, end: content) {
        let hexStart = position + 7
        guard lineEnd - hexStart == 40, content == lineEnd,
          let id = ObjectID(hex: UnsafeRawBufferPointer(rebasing: buffer[hexStart..<lineEnd]))
        else { throw .badParent }
        parents.append(id)
      } else {
        acceptsParents = false
        if buffer.hasPrefix("author ", at: position, end: content) {
          header.author = Ident.parse(buffer, from: position + 7, to: content)
        } else if buffer.hasPrefix("committer ", at: position, end: content) {
          header.committer = Ident.parse(buffer, from: position + 10, to: content)
        } else if buffer.hasPrefix("encoding ", at: position, end: content) {
          header.encoding = (position + 9)..<content
        }
      }
      isFirstLine = false
      position = content + 1
    }
    return header
  }
}

extension UnsafeRawBufferPointer {
  /// The first index of `byte` in `start..<end` (default: the whole rest).
  @inline(__always)
  func firstIndex(of byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
    let end = end ?? count
    guard start < end, let base = baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// Whether `needle` occurs anywhere (an empty one does): each place of its first byte, found
  /// by memchr, compared in full.
  package func contains(_ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard let base = baseAddress else { return false }
    let last = count - needle.count
    var start = 0
    // memcmp at each place: a packed-refs file has the first byte of `refs/replace/` on every
    // line, and a comparison of slices costs ten times as much there.
    return needle.withUnsafeBytes { wanted in
      while start <= last, let hit = firstIndex(of: first, from: start, before: last + 1) {
        if memcmp(base + hit, wanted.baseAddress.unsafelyUnwrapped, needle.count) == 0 {
          return true
        }
        start = hit + 1
      }
      return false
    }
  }

  @inline(__always)
  func hasPrefix(_ prefix: StaticString, at position: Int, end: Int) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard end - position >= length, let base = baseAddress else { return false }
    return memcmp(base + position, prefix.utf8Start, length) == 0
  }
}
