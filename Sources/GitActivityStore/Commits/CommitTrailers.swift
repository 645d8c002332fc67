import Foundation

/// The trailers of a commit message that a count reads, exactly as git's `%(trailers)` finds
/// them (git's `trailer.c`): `Co-authored-by:` people (`%(trailers:key=Co-authored-by,valueonly)`,
/// each value read as `Name <email>`; a value without `<…>` credits nobody), and the values of
/// the trailers that say a commit was AI-assisted (`Assisted-by:`, `Generated-by:` and the keys
/// `heatmap.assistedTrailer` adds).
///
/// git's rules: the title (the first paragraph) never holds trailers; trailing comment and
/// blank lines are passed over (and all below a scissors line); the trailer block is the last
/// paragraph, and only when every line of it is a trailer (`Token: value`, the token of letters,
/// digits and `-`) or a continuation (a line that starts with white space), or when it holds a
/// line git itself writes (`Signed-off-by: `, `(cherry picked from commit `) and at least a
/// quarter of its lines are trailers. A continuation belongs to the trailer above it. Keys
/// compare without regard to case, and white space before the colon is allowed (`Key : value`).
public enum CommitTrailers {
  /// The keys of the trailers that mark a commit AI-assisted without configuration: the Linux
  /// kernel's `Assisted-by: AGENT:MODEL [TOOLS]` (Documentation/process/coding-assistants.rst)
  /// and `Generated-by:`.
  public static let builtInAssistedKeys = ["Assisted-by", "Generated-by"]

  /// One trailer a count reads, as byte ranges of the buffer.
  package enum Found: Equatable {
    /// A `Co-authored-by:` person.
    case coAuthor(name: Range<Int>, email: Range<Int>)
    /// The value of an assisted trailer, its first line trimmed.
    case assisted(value: Range<Int>)
  }

  /// The `Co-authored-by` people of a raw commit object, as byte ranges of `buffer`.
  static func parse(_ buffer: UnsafeRawBufferPointer) -> [(name: Range<Int>, email: Range<Int>)] {
    parse(buffer, assistedKeys: []).compactMap { found in
      if case .coAuthor(let name, let email) = found { return (name, email) }
      return nil
    }
  }

  /// The trailers of a raw commit object (`buffer`) that a count reads: co-authors, and the
  /// values of the trailers whose keys are `assistedKeys` (lowercase ASCII), in message order.
  /// `messageStart`, when given, is where the message starts (`CommitHeader.messageStart`).
  package static func parse(
    _ buffer: UnsafeRawBufferPointer, messageStart: Int? = nil, assistedKeys: [[UInt8]]
  ) -> [Found] {
    let count = buffer.count
    guard let base = buffer.baseAddress else { return [] }
    // The message starts after the first empty line of the object, less leading blank lines.
    var start = messageStart ?? 0
    var found = messageStart != nil && start <= count
    while !found, let newline = memchr(base + start, 0x0A, count - start) {
      start = base.distance(to: UnsafeRawPointer(newline)) + 1
      if start < count && buffer[start] == 0x0A {
        start += 1
        found = true
        break
      }
    }
    // The first line is a title, never a trailer (often `area: what`).
    guard found, let titleEnd = memchr(base + start, 0x0A, count - start),
      mayHold(buffer, from: base.distance(to: UnsafeRawPointer(titleEnd)) + 1, assistedKeys)
    else { return [] }
    let message = Message(buffer: buffer, start: start, end: count)
    var subject = start
    while subject < count && message.isBlank(subject) { subject = message.nextLine(subject) }
    let end = message.trailerEnd(from: subject)
    let blockStart = message.trailerStart(from: subject, end: end)
    guard blockStart < end else { return [] }

    // The block's lines, a trailer at a time: its first line and where its last continuation
    // ends (a continuation belongs to the trailer above it).
    var result: [Found] = []
    var first = 0..<0
    var separator = -1
    var valueEnd = 0
    var line = blockStart
    while line < end {
      let next = min(message.nextLine(line), end)
      var lineEnd = next
      if lineEnd > line && buffer[lineEnd - 1] == 0x0A { lineEnd -= 1 }
      if separator >= 1 && message.isSpace(buffer[line]) {
        valueEnd = lineEnd
      } else {
        message.read(first, separator: separator, through: valueEnd, assistedKeys, into: &result)
        first = line..<lineEnd
        separator = message.separator(at: line)
        valueEnd = lineEnd
      }
      line = next
    }
    message.read(first, separator: separator, through: valueEnd, assistedKeys, into: &result)
    return result
  }

  /// The co-author key, as bytes no thread retains: the workers read it at once.
  static let coAuthorKey: StaticString = "co-authored-by"
  static var coAuthorBytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: coAuthorKey.utf8Start, count: coAuthorKey.utf8CodeUnitCount)
  }

  /// Whether a line from `start` on begins with one of the keys a count reads (without regard
  /// to case), then spaces or tabs, then `:`: what the first line of every such trailer is. Most
  /// messages have none, and need no more reading; this looks only at their colons.
  static func mayHold(_ buffer: UnsafeRawBufferPointer, from start: Int, _ keys: [[UInt8]]) -> Bool
  {
    guard let base = buffer.baseAddress else { return false }
    let count = buffer.count
    var index = start
    while index < count, let colon = memchr(base + index, Int32(UInt8(ascii: ":")), count - index) {
      let at = base.distance(to: UnsafeRawPointer(colon))
      index = at + 1
      var tokenEnd = at
      while tokenEnd > start && (buffer[tokenEnd - 1] == 0x20 || buffer[tokenEnd - 1] == 0x09) {
        tokenEnd -= 1
      }
      if startsLine(buffer, with: coAuthorBytes, endingAt: tokenEnd, from: start) { return true }
      for key in keys
      where key.withUnsafeBufferPointer({
        startsLine(buffer, with: $0, endingAt: tokenEnd, from: start)
      }) {
        return true
      }
    }
    return false
  }

  /// Whether `key` (lowercase) ends at `end`, regardless of case, and starts a line at or after
  /// `start`.
  private static func startsLine(
    _ buffer: UnsafeRawBufferPointer, with key: UnsafeBufferPointer<UInt8>, endingAt end: Int,
    from start: Int
  ) -> Bool {
    let first = end - key.count
    return first >= start && (first == 0 || buffer[first - 1] == 0x0A)
      && equalsIgnoringCase(buffer, first..<end, key)
  }

  /// Whether the bytes of `range` in `buffer` are `key` (lowercase ASCII), regardless of case.
  private static func equalsIgnoringCase(
    _ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, _ key: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    range.count == key.count
      && zip(range, key).allSatisfy { index, byte in
        let character = buffer[index]
        return (character >= 0x41 && character <= 0x5A ? character + 0x20 : character) == byte
      }
  }

  /// A commit message as byte positions of the raw object, with git's line rules.
  private struct Message {
    let buffer: UnsafeRawBufferPointer
    let start: Int
    let end: Int
    static let comment = UInt8(ascii: "#")
    static let generated: [StaticString] = ["Signed-off-by: ", "(cherry picked from commit "]

    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// The start of the line after the one at `line` (git's `next_line`).
    func nextLine(_ line: Int) -> Int {
      guard line < end, let base = buffer.baseAddress else { return end }
      // memchr: a message is read a line at a time, and most of it is long lines of prose.
      guard let found = memchr(base + line, 0x0A, end - line) else { return end }
      return base.distance(to: UnsafeRawPointer(found)) + 1
    }

    /// Adds the trailer whose first line is `first` (its `:` `separator` bytes in, or -1 for
    /// none) and whose value runs through `valueEnd` to `result`, when a count reads it.
    func read(
      _ first: Range<Int>, separator: Int, through valueEnd: Int, _ assistedKeys: [[UInt8]],
      into result: inout [Found]
    ) {
      guard separator >= 1 else { return }
      var tokenEnd = first.lowerBound + separator
      while tokenEnd > first.lowerBound && isSpace(buffer[tokenEnd - 1]) { tokenEnd -= 1 }
      let token = first.lowerBound..<tokenEnd
      let valueStart = first.lowerBound + separator + 1
      if equalsIgnoringCase(token, CommitTrailers.coAuthorBytes) {
        // The value: from after the separator through its continuations.
        guard valueStart <= valueEnd else { return }
        let value = valueStart..<valueEnd
        guard let open = value.first(where: { buffer[$0] == UInt8(ascii: "<") }),
          let close = ((open + 1)..<valueEnd).first(where: { buffer[$0] == UInt8(ascii: ">") })
        else { return }
        var nameStart = valueStart
        var nameEnd = open
        while nameStart < nameEnd && isSpace(buffer[nameStart]) { nameStart += 1 }
        while nameEnd > nameStart && isSpace(buffer[nameEnd - 1]) { nameEnd -= 1 }
        result.append(.coAuthor(name: nameStart..<nameEnd, email: (open + 1)..<close))
      } else if assistedKeys.contains(where: { key in
        key.withUnsafeBufferPointer { equalsIgnoringCase(token, $0) }
      }) {
        var valueFrom = min(valueStart, first.upperBound)
        var valueTo = first.upperBound
        while valueFrom < valueTo && isSpace(buffer[valueFrom]) { valueFrom += 1 }
        while valueTo > valueFrom && isSpace(buffer[valueTo - 1]) { valueTo -= 1 }
        result.append(.assisted(value: valueFrom..<valueTo))
      }
    }

    /// Whether the line at `line` holds only white space (git's `is_blank_line`).
    func isBlank(_ line: Int) -> Bool {
      var index = line
      while index < end && buffer[index] != 0x0A && isSpace(buffer[index]) { index += 1 }
      return index == end || buffer[index] == 0x0A
    }

    /// Where the line at `line` has its `:` after a token (git's `find_separator`), or -1.
    func separator(at line: Int) -> Int {
      var sawSpace = false
      var index = line
      while index < end {
        let byte = buffer[index]
        if byte == UInt8(ascii: ":") { return index - line }
        let isTokenByte =
          (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
          || byte == UInt8(ascii: "-")
        if !sawSpace && isTokenByte {
          index += 1
          continue
        }
        if index != line && (byte == 0x20 || byte == 0x09) {
          sawSpace = true
          index += 1
          continue
        }
        break
      }
      return -1
    }

    /// Whether the bytes of `range` are `key` (lowercase ASCII), regardless of case.
    func equalsIgnoringCase(_ range: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
      CommitTrailers.equalsIgnoringCase(buffer, range, key)
    }

    func starts(_ line: Int, with prefix: StaticString) -> Bool {
      buffer.hasPrefix(prefix, at: line, end: end)
    }

    /// The start of the line before the one that ends at `limit` (git's `last_line`), or nil.
    func lastLine(from first: Int, before limit: Int) -> Int? {
      let length = limit - first
      if length <= 0 { return nil }
      if length == 1 { return first }
      var index = limit - 2
      while index >= first {
        if buffer[index] == 0x0A { return index + 1 }
        index -= 1
      }
      return first
    }

    /// Whether `Conflicts:` ends a line anywhere from `first` on.
    func mentionsConflicts(from first: Int) -> Bool {
      guard let base = buffer.baseAddress else { return false }
      var index = first
      while let colon = memchr(base + index, Int32(UInt8(ascii: ":")), end - index) {
        let at = base.distance(to: UnsafeRawPointer(colon))
        if at + 1 < end && buffer[at + 1] == 0x0A && at >= first + 9
          && buffer.hasPrefix("Conflicts:", at: at - 9, end: end)
        {
          return true
        }
        index = at + 1
      }
      return false
    }

    /// Where the message ends for trailers: before a scissors line, and before the comment and
    /// blank lines (and an old `Conflicts:` block) that end it (git's `ignore_non_trailer`).
    func trailerEnd(from first: Int) -> Int {
      // Most messages have no comment character and no `Conflicts:` line: then only the empty
      // lines at the end are passed over, found from the end.
      if let base = buffer.baseAddress, first < end,
        memchr(base + first, Int32(Self.comment), end - first) == nil,
        !mentionsConflicts(from: first)
      {
        var runStart = end
        while runStart > first && buffer[runStart - 1] == 0x0A
          && (runStart - 1 == first || buffer[runStart - 2] == 0x0A)
        {
          runStart -= 1
        }
        return runStart
      }
      // One pass: a scissors line (which starts with the comment character) cuts the message,
      // and the run of comment, blank and `Conflicts:` lines before it is passed over.
      var runStart: Int?
      var inConflicts = false
      var line = first
      while line < end {
        let byte = buffer[line]
        if byte == Self.comment
          && starts(line, with: "# ------------------------ >8 ------------------------\n")
        {
          return runStart ?? line
        }
        if byte == Self.comment || byte == 0x0A {
          if runStart == nil { runStart = line }
        } else if byte == UInt8(ascii: "C") && starts(line, with: "Conflicts:\n") {
          inConflicts = true
          if runStart == nil { runStart = line }
        } else if inConflicts && byte == 0x09 {
          // A path of the conflicts block.
        } else if runStart != nil {
          runStart = nil
          inConflicts = false
        }
        line = nextLine(line)
      }
      return runStart ?? end
    }

    /// Where the trailer block starts in `first..<limit`, or `limit` when there is none (git's
    /// `find_trailer_start`).
    func trailerStart(from first: Int, end limit: Int) -> Int {
      var line = first
      while line < limit {
        if buffer[line] != Self.comment && isBlank(line) { break }
        line = nextLine(line)
      }
      let endOfTitle = line
      var onlySpaces = true
      var recognized = false
      var trailerLines = 0
      var otherLines = 0
      var possibleContinuations = 0
      var cursor = lastLine(from: first, before: limit)
      while let current = cursor, current >= endOfTitle {
        defer { cursor = current > first ? lastLine(from: first, before: current) : nil }
        if buffer[current] == Self.comment {
          otherLines += possibleContinuations
          possibleContinuations = 0
          continue
        }
        if isBlank(current) {
          if onlySpaces { continue }
          otherLines += possibleContinuations
          if recognized && trailerLines * 3 >= otherLines { return nextLine(current) }
          if trailerLines > 0 && otherLines == 0 { return nextLine(current) }
          return limit
        }
        onlySpaces = false
        if Self.generated.contains(where: { starts(current, with: $0) }) {
          trailerLines += 1
          possibleContinuations = 0
          recognized = true
          continue
        }
        if separator(at: current) >= 1 && !isSpace(buffer[current]) {
          trailerLines += 1
          possibleContinuations = 0
        } else if isSpace(buffer[current]) {
          possibleContinuations += 1
        } else {
          otherLines += 1
          possibleContinuations = 0
        }
      }
      return limit
    }
  }
}
