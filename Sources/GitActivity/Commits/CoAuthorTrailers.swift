/// The `Co-authored-by:` trailers of a commit message, as GitHub credits them and git's
/// `%(trailers:key=Co-authored-by,valueonly)` lists them: lines of the message's last paragraph
/// whose key is `Co-authored-by` in any case, each `Name <email>`.
enum CoAuthorTrailers {
  /// The name and email of each co-author, as byte ranges of `buffer` (a raw commit object).
  static func parse(_ buffer: UnsafeRawBufferPointer) -> [(name: Range<Int>, email: Range<Int>)] {
    let count = buffer.count
    // The message starts after the first empty line of the object.
    var start = 0
    var found = false
    while start + 1 < count {
      if buffer[start] == 0x0A && buffer[start + 1] == 0x0A {
        start += 2
        found = true
        break
      }
      start += 1
    }
    guard found else { return [] }
    // The lines of the message, less trailing empty ones; the last paragraph is what follows
    // the last empty line.
    var lines: [Range<Int>] = []
    var lineStart = start
    for index in start...count {
      if index == count || buffer[index] == 0x0A {
        lines.append(lineStart..<index)
        lineStart = index + 1
      }
    }
    func isBlank(_ line: Range<Int>) -> Bool {
      line.allSatisfy { buffer[$0] == 0x20 || buffer[$0] == 0x09 || buffer[$0] == 0x0D }
    }
    while let last = lines.last, isBlank(last) { lines.removeLast() }
    let paragraphStart = (lines.lastIndex(where: isBlank) ?? -1) + 1
    guard paragraphStart > 0 else { return [] }  // the subject alone holds no trailers
    var people: [(name: Range<Int>, email: Range<Int>)] = []
    let key = Array("co-authored-by".utf8)
    for line in lines[paragraphStart...] {
      guard line.count > key.count else { continue }
      var matches = true
      for (offset, byte) in key.enumerated() {
        let character = buffer[line.lowerBound + offset]
        let lowered = character >= 0x41 && character <= 0x5A ? character + 0x20 : character
        if lowered != byte {
          matches = false
          break
        }
      }
      guard matches else { continue }
      var position = line.lowerBound + key.count
      while position < line.upperBound && buffer[position] == 0x20 { position += 1 }
      guard position < line.upperBound, buffer[position] == UInt8(ascii: ":") else { continue }
      position += 1
      guard
        let open = (position..<line.upperBound).first(where: { buffer[$0] == UInt8(ascii: "<") }),
        let close = ((open + 1)..<line.upperBound).first(where: { buffer[$0] == UInt8(ascii: ">") })
      else { continue }
      var nameStart = position
      var nameEnd = open
      while nameStart < nameEnd && buffer[nameStart] == 0x20 { nameStart += 1 }
      while nameEnd > nameStart && buffer[nameEnd - 1] == 0x20 { nameEnd -= 1 }
      people.append((nameStart..<nameEnd, (open + 1)..<close))
    }
    return people
  }
}
