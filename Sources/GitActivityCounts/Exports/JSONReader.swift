/// Just enough JSON for one export record: an object of strings, integers, nulls and the
/// co-author array, read straight from the line's bytes. Other values are skipped whole (a later
/// schema's fields, or a tool's), and anything that is not JSON is an error with its column.
struct JSONReader {
  typealias Failure = CommitRecordParser.Failure

  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private func failure(_ what: String) -> Failure {
    let (line, column) = place
    return Failure(
      message: line == 1
        ? "\(what) at column \(column)" : "\(what) at line \(line), column \(column)"
    )
  }

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
    {
      index += 1
    }
  }

  @inline(__always)
  private mutating func expect(_ byte: UInt8) throws(Failure) {
    // Most often the byte itself, with no space before it.
    if index < bytes.count, bytes[index] == byte {
      index += 1
      return
    }
    try expectAfterSpace(byte)
  }

  private mutating func expectAfterSpace(_ byte: UInt8) throws(Failure) {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else {
      throw failure(Words.expected(Character(Unicode.Scalar(byte))))
    }
    index += 1
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  /// Reads an object, calling `member` with each key; `member` must read the value.
  mutating func object(_ member: (String, inout JSONReader) throws(Failure) -> Void)
    throws(Failure)
  {
    try objectWithKeyBytes { (key, reader) throws(Failure) in
      try member(String(decoding: key, as: UTF8.self), &reader)
    }
  }

  /// Reads an object, calling `member` with each key's bytes (escapes undone); `member` must
  /// read the value. No key is made a `String`.
  mutating func objectWithKeyBytes(
    _ member: (UnsafeRawBufferPointer, inout JSONReader) throws(Failure) -> Void
  ) throws(Failure) {
    guard try openObject() else { return }
    repeat {
      let key = try stringPlace()
      try expect(UInt8(ascii: ":"))
      skipSpace()
      if key.hasEscapes {
        let unescaped = Array(try text(of: key).utf8)
        var reader = self
        let result = unescaped.withUnsafeBytes { raw in
          Result { () throws(Failure) in try member(raw, &reader) }
        }
        self = reader
        try result.get()
      } else {
        try member(UnsafeRawBufferPointer(rebasing: bytes[key.range]), &self)
      }
    } while try nextMember()
  }

  /// Reads an object's `{`; false when the object is empty (its `}` read too), true when a
  /// member follows, which `key(…)` or a string and a colon begin.
  mutating func openObject() throws(Failure) -> Bool {
    try expect(UInt8(ascii: "{"))
    skipSpace()
    guard peek() == UInt8(ascii: "}") else { return true }
    index += 1
    return false
  }

  /// After a member's value: true at a `,` (another member follows), false at the object's
  /// `}`.
  mutating func nextMember() throws(Failure) -> Bool {
    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
      index += 1
      return true
    }
    skipSpace()
    guard let next = peek() else { throw failure(Words.unendedObject) }
    if next == UInt8(ascii: "}") {
      index += 1
      return false
    }
    guard next == UInt8(ascii: ",") else { throw failure(Words.expectedCommaOrBrace) }
    index += 1
    return true
  }

  /// A member's key and its colon: the key's number in `keys`, or nil for another key. The
  /// keys of an object are mostly `keys` in their order, some left out: the key is first
  /// matched in place, quotes and all, against the few after the one before (`previous`),
  /// and only otherwise read as a string (its escapes undone) and found by `number`.
  mutating func key(
    in keys: [StaticString], after previous: Int, number: (UnsafeRawBufferPointer) -> Int?
  ) throws(Failure) -> Int? {
    skipSpace()
    var found: Int?
    if let base = bytes.baseAddress, index < bytes.count,
      base.load(fromByteOffset: index, as: UInt8.self) == 0x22
    {
      let start = index + 1
      for candidate in stride(from: previous + 1, to: min(previous + 7, keys.count), by: 1) {
        let key = keys[candidate]
        let count = key.utf8CodeUnitCount
        if start + count < bytes.count,
          base.load(fromByteOffset: start + count, as: UInt8.self) == 0x22,
          Self.same(UnsafeRawPointer(key.utf8Start), base + start, count: count)
        {
          index = start + count + 1
          found = candidate
          break
        }
      }
    }
    if found == nil {
      let key = try stringPlace()
      if key.hasEscapes {
        found = Array(try text(of: key).utf8).withUnsafeBytes { number($0) }
      } else {
        found = number(UnsafeRawBufferPointer(rebasing: bytes[key.range]))
      }
    }
    try expect(UInt8(ascii: ":"))
    skipSpace()
    return found
  }

  /// Whether `count` bytes at `a` and `b` are the same; from 8 to 24 bytes (a key), compared as
  /// their first, middle and last eight, overlapping where shorter.
  @inline(__always)
  static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    guard count >= 8, count <= 24 else {
      for offset in 0..<count
      where a.load(fromByteOffset: offset, as: UInt8.self)
        != b.load(fromByteOffset: offset, as: UInt8.self)
      {
        return false
      }
      return true
    }
    func word(_ base: UnsafeRawPointer, _ at: Int) -> UInt64 {
      base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
    }
    let middle = min(8, count - 8)
    return word(a, 0) == word(b, 0) && word(a, middle) == word(b, middle)
      && word(a, count - 8) == word(b, count - 8)
  }

  /// Checks that nothing but space is left.
  mutating func end() throws(Failure) {
    skipSpace()
    guard index == bytes.count else { throw failure(Words.textAfterRecord) }
  }

  /// Where a JSON string's bytes are in the line (between its quotes), and what they hold.
  struct StringPlace {
    var range: Range<Int>
    /// Whether it has a `\\` escape to undo.
    var hasEscapes: Bool
    /// Whether every byte is ASCII (then, without escapes, the bytes are the text).
    var isASCII: Bool
  }

  /// A JSON string, read as far as its closing quote but not decoded.
  mutating func stringPlace() throws(Failure) -> StringPlace {
    skipSpace()
    guard peek() == 0x22, let base = bytes.baseAddress else { throw failure(Words.expectedString) }
    // In locals, not the reader's own index: this loop reads most of every record's bytes.
    let start = index + 1
    let count = bytes.count
    var at = start
    var hasEscapes = false
    var bits: UInt8 = 0
    var wordBits: UInt64 = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while true {
      // Eight bytes a step while none is a quote, a backslash or a control character. In a word
      // that has one, the lowest flag is exact (a flag above it may be a borrow's): the bytes
      // before it are passed at once, and the loop below looks at that one.
      while at + 8 <= count {
        let word = base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let special =
          ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
          | ((word &- ones &* 0x20) & ~word)
        let flags = special & highs
        if flags != 0 {
          let before = flags.trailingZeroBitCount &>> 3
          wordBits |= word & ((1 &<< UInt64(before &* 8)) &- 1)
          at += before
          break
        }
        wordBits |= word
        at += 8
      }
      guard at < count else {
        index = at
        throw failure(Words.unendedString)
      }
      let byte = base.load(fromByteOffset: at, as: UInt8.self)
      if byte == 0x22 { break }
      if byte < 0x20 {
        index = at
        throw failure(Words.controlCharacter)
      }
      bits |= byte
      if byte == 0x5C {
        hasEscapes = true
        at += 1
      }
      at += 1
    }
    if wordBits & highs != 0 { bits |= 0x80 }
    index = at + 1
    return StringPlace(range: start..<at, hasEscapes: hasEscapes, isASCII: bits < 0x80)
  }

  /// The text of a string read with `stringPlace`.
  func text(of place: StringPlace) throws(Failure) -> String {
    let slice = bytes[place.range]
    guard place.hasEscapes else {
      // Bytes that are not UTF-8 in a string are not JSON; read them as U+FFFD rather than guess.
      return String(decoding: UnsafeRawBufferPointer(rebasing: slice), as: UTF8.self)
    }
    do {
      return try Self.unescape(Array(slice)[...])
    } catch {
      // The column just past the closing quote.
      throw Failure(message: Words.atColumn(error.message, column: place.range.upperBound + 2))
    }
  }

  /// The bytes of the line the reader reads.
  var line: UnsafeRawBufferPointer { bytes }

  /// A JSON string.
  mutating func string() throws(Failure) -> String {
    try text(of: stringPlace())
  }

  /// Undoes JSON's escapes (the CSV form uses the same ones).
  static func unescape(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    var index = bytes.startIndex
    func flush() {
      if !utf8.isEmpty {
        scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
        utf8.removeAll(keepingCapacity: true)
      }
    }
    func hex4(_ at: Int) throws(Failure) -> UInt32 {
      guard at + 4 <= bytes.endIndex else { throw Failure(message: Words.shortEscape) }
      var value: UInt32 = 0
      for byte in bytes[at..<at + 4] {
        guard let nibble = ObjectID.nibble(byte) else {
          throw Failure(message: Words.nonHexadecimalEscape)
        }
        value = value << 4 | UInt32(nibble)
      }
      return value
    }
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == 0x5C else {
        utf8.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.endIndex else { throw Failure(message: Words.loneBackslash) }
      let kind = bytes[index + 1]
      index += 2
      let simple: UInt8?
      switch kind {
      case UInt8(ascii: "\""): simple = 0x22
      case UInt8(ascii: "\\"): simple = 0x5C
      case UInt8(ascii: "/"): simple = 0x2F
      case UInt8(ascii: "b"): simple = 0x08
      case UInt8(ascii: "f"): simple = 0x0C
      case UInt8(ascii: "n"): simple = 0x0A
      case UInt8(ascii: "r"): simple = 0x0D
      case UInt8(ascii: "t"): simple = 0x09
      case UInt8(ascii: "u"): simple = nil
      default: throw Failure(message: Words.unknownEscape(Character(Unicode.Scalar(kind))))
      }
      if let simple {
        utf8.append(simple)
        continue
      }
      var value = try hex4(index)
      index += 4
      if (0xD800..<0xDC00).contains(value), index + 6 <= bytes.endIndex,
        bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u")
      {
        let low = try hex4(index + 2)
        if (0xDC00..<0xE000).contains(low) {
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
      }
      flush()
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    flush()
    return String(scalars)
  }

  /// A whole number that fits 64 bits.
  mutating func integer() throws(Failure) -> Int64 {
    guard let value = try optionalInteger() else { throw failure(Words.expectedNumber) }
    return value
  }

  /// Reads an array, calling `element` for each of its values; `element` must read the value.
  mutating func array(_ element: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
    try expect(UInt8(ascii: "["))
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      try element(&self)
      skipSpace()
      guard let next = peek() else { throw failure(Words.unendedList) }
      index += 1
      if next == UInt8(ascii: "]") { return }
      guard next == UInt8(ascii: ",") else {
        index -= 1
        throw failure(Words.expectedCommaOrBracket)
      }
    }
  }

  /// The first byte of the next value, after space: `{`, `[`, `"`, a digit, `-`, `t`, `f`,
  /// `n`; nil at the end.
  mutating func nextValueStart() -> UInt8? {
    skipSpace()
    return peek()
  }

  /// Where the reader is, as a line and column of the text (1-based), for messages about a
  /// document of several lines.
  var place: (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for offset in 0..<min(index, bytes.count) where bytes[offset] == 0x0A {
      line += 1
      lineStart = offset + 1
    }
    return (line, index - lineStart + 1)
  }

  /// `true` or `false`.
  mutating func boolean() throws(Failure) -> Bool {
    skipSpace()
    if literal("true") { return true }
    if literal("false") { return false }
    throw failure(Words.expectedBoolean)
  }

  /// A whole number, or nil for `null`.
  mutating func optionalInteger() throws(Failure) -> Int64? {
    skipSpace()
    // Up to 18 digits and then a byte that ends a number (`,` or `}`), as an export writes
    // them: no overflow is possible, so none is checked for.
    if let base = bytes.baseAddress {
      let isNegative =
        index < bytes.count && base.load(fromByteOffset: index, as: UInt8.self) == 0x2D
      var at = isNegative ? index + 1 : index
      let first = at
      var value: Int64 = 0
      while at < bytes.count, at - first < 18 {
        let digit = base.load(fromByteOffset: at, as: UInt8.self) &- 0x30
        guard digit < 10 else { break }
        value = value &* 10 &+ Int64(digit)
        at += 1
      }
      if at > first, at < bytes.count {
        let after = base.load(fromByteOffset: at, as: UInt8.self)
        if after == UInt8(ascii: ",") || after == UInt8(ascii: "}") {
          index = at
          return isNegative ? -value : value
        }
      }
    }
    if literal("null") { return nil }
    let isNegative = peek() == UInt8(ascii: "-")
    if isNegative { index += 1 }
    // Read straight from the bytes (no text made for each number), as `Int64(_:)` reads them:
    // digits only, within 64 bits, negative down to `Int64.min`.
    var value: Int64 = 0
    var digits = 0
    var overflows = false
    while let byte = peek(), byte >= 0x30 && byte <= 0x39 {
      let digit = Int64(byte &- 0x30)
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        isNegative
        ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      overflows = overflows || overflow1 || overflow2
      value = next
      digits += 1
      index += 1
    }
    if let byte = peek(),
      byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E")
    {
      throw failure(Words.expectedWholeNumber)
    }
    guard digits > 0, !overflows else { throw failure(Words.expectedWholeNumber) }
    return value
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      return false
    }
    index += count
    return true
  }

  /// `[{"name": …, "email": …, "writtenName"?: …, "writtenEmail"?: …}, …]`
  mutating func coAuthors() throws(Failure) -> [CommitRecord.Person] {
    try expect(UInt8(ascii: "["))
    var people: [CommitRecord.Person] = []
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return people
    }
    while true {
      var parts: [String?] = [nil, nil, nil, nil]
      try object { (key, reader) throws(Failure) in
        switch key {
        case "name": parts[0] = try reader.string()
        case "email": parts[1] = try reader.string()
        case "writtenName": parts[2] = try reader.string()
        case "writtenEmail": parts[3] = try reader.string()
        default: try reader.skipValue()
        }
      }
      guard let name = parts[0], let email = parts[1] else {
        throw failure(Words.coAuthorWithoutIdentity)
      }
      let mapped = Identity(name: name, email: email)
      let written =
        parts[2] != nil || parts[3] != nil
        ? Identity(name: parts[2] ?? name, email: parts[3] ?? email) : nil
      people.append(CommitRecord.Person(mapped, written: written))
      skipSpace()
      guard let next = peek() else { throw failure(Words.unendedCoAuthors) }
      index += 1
      if next == UInt8(ascii: "]") { return people }
      guard next == UInt8(ascii: ",") else { throw failure(Words.expectedCommaOrBracket) }
    }
  }

  /// `["…", …]`: an array of strings.
  mutating func strings() throws(Failure) -> [String] {
    try expect(UInt8(ascii: "["))
    var values: [String] = []
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return values
    }
    while true {
      skipSpace()
      values.append(try string())
      skipSpace()
      guard let next = peek() else { throw failure(Words.unendedList) }
      index += 1
      if next == UInt8(ascii: "]") { return values }
      guard next == UInt8(ascii: ",") else { throw failure(Words.expectedCommaOrBracket) }
    }
  }

  /// Skips any JSON value.
  mutating func skipValue() throws(Failure) {
    // Objects and arrays are followed with a stack of what is open (one byte a level), never
    // by recursion: a value nested 200,000 deep takes 200 KB, not the thread's stack.
    var open: [UInt8] = []
    while true {
      skipSpace()
      guard let byte = peek() else { throw failure(Words.expectedValue) }
      switch byte {
      case UInt8(ascii: "{"):
        index += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
          index += 1
        } else {
          open.append(byte)
          try memberKey()
          continue
        }
      case UInt8(ascii: "["):
        index += 1
        skipSpace()
        if peek() == UInt8(ascii: "]") {
          index += 1
        } else {
          open.append(byte)
          continue
        }
      case 0x22:
        try skipString()
      default:
        try skipScalar()
      }
      // A value ended: close what it ends, or go on to the next member or element.
      while let top = open.last {
        let isObject = top == UInt8(ascii: "{")
        skipSpace()
        guard let next = peek() else {
          throw failure(isObject ? "the object does not end" : "the array does not end")
        }
        if next == UInt8(ascii: isObject ? "}" : "]") {
          index += 1
          open.removeLast()
          continue
        }
        guard next == UInt8(ascii: ",") else {
          throw failure(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        index += 1
        if isObject { try memberKey() }
        break
      }
      if open.isEmpty { return }
    }
  }

  /// An object member's key and its colon, when skipping.
  private mutating func memberKey() throws(Failure) {
    try skipString()
    try expect(UInt8(ascii: ":"))
  }

  /// A string, when skipping: checked as `string()` checks it (its escapes undone only to see
  /// that they are JSON's), but no text made of it (a field the record does not have, as a
  /// tool's `subject`, is in every line).
  private mutating func skipString() throws(Failure) {
    let place = try stringPlace()
    if place.hasEscapes { _ = try text(of: place) }
  }

  /// A literal or a number, when skipping.
  private mutating func skipScalar() throws(Failure) {
    if literal("null") || literal("true") || literal("false") { return }
    let start = index
    while let next = peek(),
      (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: "-") || next == UInt8(ascii: "+")
        || next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E")
    {
      index += 1
    }
    guard index > start else { throw failure(Words.expectedValue) }
  }

}
