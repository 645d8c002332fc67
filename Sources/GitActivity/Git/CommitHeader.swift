import Foundation

/// The parts of a raw commit object that git-heatmap needs, as byte offsets and integers.
///
/// It reads the header as git's own `log` does: parent lines follow the tree line, and when a
/// header repeats `author` or `committer`, the last one wins (pretty.c's `parse_commit_header`).
/// Nothing here allocates but the parents array, which the caller reuses.
struct CommitHeader {
  /// The `author` line, after `author `.
  var author: Ident?
  /// The `committer` line, after `committer `.
  var committer: Ident?
  /// The value of the `encoding` header, as offsets into the buffer.
  var encoding: Range<Int>?
  /// The tree, from the first line.
  var tree: ObjectID?

  /// A problem that makes the object unusable as a commit.
  enum Problem: Error, Equatable {
    /// A `parent` line whose id is not 40 hexadecimal digits followed by a newline.
    case badParent
  }

  /// Parses `buffer`, appending the parent ids to `parents` (which it empties first).
  static func parse(
    _ buffer: UnsafeRawBufferPointer, parents: inout [ObjectID]
  ) throws(Problem) -> CommitHeader {
    parents.removeAll(keepingCapacity: true)
    var header = CommitHeader()
    let count = buffer.count
    var position = 0
    var acceptsParents = true
    var isFirstLine = true
    while position < count {
      let lineEnd = buffer.firstIndex(of: UInt8(ascii: "\n"), from: position) ?? count
      // git's pretty parser stops at a NUL byte as at the end of the header.
      let content = buffer.firstIndex(of: 0, from: position, before: lineEnd) ?? lineEnd
      if content == position { break }
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
      if content < lineEnd { break }
      position = lineEnd + 1
    }
    return header
  }
}

/// A person line (`Name <email> 1700000000 +0100`) split as git's `split_ident_line` splits it.
struct Ident: Equatable {
  /// The name, trimmed of trailing white space; may be empty.
  var name: Range<Int>
  /// The text between the first `<` and the first `>` after it.
  var email: Range<Int>
  /// Seconds since the epoch, when the line has both a timestamp and an offset; nil otherwise, as
  /// git then shows no date at all. An overflowing timestamp is 0, as in git.
  var time: Int64?
  /// Minutes east of UTC, decoded from git's `±HHMM` the way git does (`+0090` is 90 minutes).
  var offsetMinutes: Int32

  /// The whole `name <email>` part, for interning identities.
  var identity: Range<Int> { name.lowerBound..<email.upperBound }

  /// The latest timestamp git accepts (`date_overflows`), and the last second whose year still
  /// fits gmtime's `int`, beyond which git shows 1970-01-01.
  static let latestTimestamp: UInt64 = UInt64(Int64.max) - 1
  static let latestRepresentableSeconds: Int64 = 67_767_976_233_316_800

  /// Splits the line between `start` and `end`; nil when it has no `<…>` at all.
  static func parse(_ buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Ident? {
    guard let open = buffer.firstIndex(of: UInt8(ascii: "<"), from: start, before: end),
      let close = buffer.firstIndex(of: UInt8(ascii: ">"), from: open + 1, before: end)
    else { return nil }
    var nameEnd = open
    while nameEnd > start, isSpace(buffer[nameEnd - 1]) { nameEnd -= 1 }
    var ident = Ident(name: start..<nameEnd, email: (open + 1)..<close, time: nil, offsetMinutes: 0)

    // The date follows the last '>' of the line.
    var cursor = end - 1
    while buffer[cursor] != UInt8(ascii: ">") { cursor -= 1 }
    cursor += 1
    while cursor < end, isSpace(buffer[cursor]) { cursor += 1 }
    var timestamp: UInt64 = 0
    var overflowed = false
    let digitsStart = cursor
    while cursor < end, let digit = decimal(buffer[cursor]) {
      let (times10, o1) = timestamp.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { overflowed = true }
      timestamp = sum
      cursor += 1
    }
    guard cursor > digitsStart else { return ident }
    while cursor < end, isSpace(buffer[cursor]) { cursor += 1 }
    guard cursor < end, buffer[cursor] == UInt8(ascii: "+") || buffer[cursor] == UInt8(ascii: "-")
    else { return ident }
    let isNegative = buffer[cursor] == UInt8(ascii: "-")
    cursor += 1
    var zone: Int64 = 0
    let zoneStart = cursor
    while cursor < end, let digit = decimal(buffer[cursor]) {
      zone = min(zone * 10 + Int64(digit), Int64(Int32.max))
      cursor += 1
    }
    guard cursor > zoneStart else { return ident }

    if overflowed || timestamp >= latestTimestamp {
      ident.time = 0
      ident.offsetMinutes = 0
      return ident
    }
    // strtol's value must fit an int, else git uses offset 0.
    let minutes = zone >= Int64(Int32.max) ? 0 : (zone / 100) * 60 + zone % 100
    let signed = isNegative ? -minutes : minutes
    let local = Int64(timestamp).addingReportingOverflow(signed * 60)
    if local.overflow || local.partialValue > latestRepresentableSeconds
      || local.partialValue < -latestRepresentableSeconds
    {
      // gmtime cannot represent the year; git falls back to the epoch in UTC.
      ident.time = 0
      ident.offsetMinutes = 0
    } else {
      ident.time = Int64(timestamp)
      ident.offsetMinutes = Int32(signed)
    }
    return ident
  }

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    // git's isspace: space, tab, newline, carriage return (and not vertical tab or form feed).
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  @inline(__always)
  static func decimal(_ byte: UInt8) -> UInt8? {
    byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : nil
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

  /// Whether `needle` occurs anywhere: each place of its first byte compared in full.
  func contains(_ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    let last = count - needle.count
    var start = 0
    while start <= last, let hit = firstIndex(of: first, from: start, before: last + 1) {
      if self[hit..<(hit + needle.count)].elementsEqual(needle) { return true }
      start = hit + 1
    }
    return false
  }

  @inline(__always)
  func hasPrefix(_ prefix: StaticString, at position: Int, end: Int) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard end - position >= length, let base = baseAddress else { return false }
    return memcmp(base + position, prefix.utf8Start, length) == 0
  }
}
