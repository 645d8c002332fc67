import Foundation

/// A person line (`Name <email> 1700000000 +0100`) split as git's `split_ident_line` splits it.
package struct Ident: Equatable {
  /// The name, trimmed of trailing white space; may be empty.
  package var name: Range<Int>
  /// The text between the first `<` and the first `>` after it.
  package var email: Range<Int>
  /// Seconds since the epoch, when the line has both a timestamp and an offset; nil otherwise, as
  /// git then shows no date at all. An overflowing timestamp is 0, as in git.
  package var time: Int64?
  /// Minutes east of UTC, decoded from git's `±HHMM` the way git does (`+0090` is 90 minutes).
  package var offsetMinutes: Int32

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
  package static func isSpace(_ byte: UInt8) -> Bool {
    // git's isspace: space, tab, newline, carriage return (and not vertical tab or form feed).
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  @inline(__always)
  static func decimal(_ byte: UInt8) -> UInt8? {
    byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : nil
  }
}
