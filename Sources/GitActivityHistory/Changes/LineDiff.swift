import Foundation

/// Counts the lines a change removes and adds exactly as git's xdiff does for
/// `git log --numstat`: the same records (a line and its newline; a last line without one is a
/// record of its own), the same classes of equal lines, and the same algorithms with the same
/// heuristics, so that where a change could be counted two ways it is counted git's way.
///
/// Work is done on line classes (`Int32`, one per distinct line), never on strings. A count
/// does not need where the changes are, only how many lines each side marks as changed, which
/// xdiff's later steps (sliding groups of changes into place) never alter.
struct LineDiff {
  /// The lines removed from the first side and added on the second.
  struct Count: Equatable, Sendable {
    var deletions: Int
    var insertions: Int
  }

  /// git refuses to diff a side larger than this (`MAX_XDIFF_SIZE`, 1023 MiB).
  static let maximumSize = 1024 * 1024 * 1023

  /// The lines `new` adds to and removes from `old`, by `algorithm`; nil when a side is larger
  /// than git diffs (`maximumSize`) or, for histogram, when xdiff itself gives up on the file
  /// (64 different lines in one bucket of its table), as git then fails too.
  static func count(
    _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, algorithm: DiffAlgorithm
  ) -> Count? {
    guard old.count <= maximumSize, new.count <= maximumSize else { return nil }
    if old.count == new.count,
      old.count == 0
        || memcmp(old.baseAddress.unsafelyUnwrapped, new.baseAddress.unsafelyUnwrapped, old.count)
          == 0
    {
      return Count(deletions: 0, insertions: 0)
    }
    if algorithm == .myers || algorithm == .minimal {
      // Only what lies between the common ends is classified and searched.
      var middle = LineClasses(middleOf: old, new)
      // Sides with no line in common: whatever the heuristics, no line can match, and every
      // line of the middle is changed.
      if middle.first.isEmpty || middle.second.isEmpty || middle.sharesNoLine {
        return Count(deletions: middle.first.count, insertions: middle.second.count)
      }
      middle.myers(needsMinimal: algorithm == .minimal)
      return Count(
        deletions: middle.changedFirst.count { $0 != 0 },
        insertions: middle.changedSecond.count { $0 != 0 })
    }
    var sides = LineClasses(old, new)
    if sides.first.isEmpty || sides.second.isEmpty {
      return Count(deletions: sides.first.count, insertions: sides.second.count)
    }
    switch algorithm {
    case .myers, .minimal:
      sides.myers(needsMinimal: algorithm == .minimal)
    case .patience:
      sides.patience()
    case .histogram:
      guard sides.histogram() else { return nil }
    }
    return Count(
      deletions: sides.changedFirst.count { $0 != 0 },
      insertions: sides.changedSecond.count { $0 != 0 })
  }
}

/// Both sides of a diff as line classes, with what each side marks as changed: xdiff's
/// prepared environment (`xdl_prepare_env`). Classes are numbered in the order lines first
/// appear, the first side before the second, as xdiff's classifier numbers them (histogram's
/// table is indexed by these numbers).
struct LineClasses {
  /// Each line's class, per side.
  var first: [Int32]
  var second: [Int32]
  /// How many lines of each side are in each class.
  var countsInFirst: [Int32]
  var countsInSecond: [Int32]
  /// 1 for each line the diff marks as removed (first side) or added (second side).
  var changedFirst: [UInt8]
  var changedSecond: [UInt8]

  /// For sides that are only the middle of their files (`init(middleOf:_:)`): how many lines
  /// the whole files have, which xdiff weighs lines by.
  var wholeRecords: (Int, Int)?
  /// For middles of files (`init(middleOf:_:)`): whether no line of the first side is a line
  /// of the second. Then the counts of the ends are not made (no line can match whatever
  /// they are), and `countsInFirst`, `countsInSecond` and `wholeRecords` count the middles
  /// alone.
  var sharesNoLine = false

  var classCount: Int { countsInFirst.count }

  init(_ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) {
    var classifier = LineClassifier(
      expectedLines: Self.estimatedLines(old) + Self.estimatedLines(new))
    first = classifier.classify(old, side: 0)
    second = classifier.classify(new, side: 1)
    countsInFirst = classifier.counts0
    countsInSecond = classifier.counts1
    changedFirst = Array(repeating: 0, count: first.count)
    changedSecond = Array(repeating: 0, count: second.count)
  }

  /// The lines between the common ends of two files, classified as xdiff classifies the whole
  /// files for Myers: the ends are the lines xdiff's `xdl_trim_ends` would trim (found here by
  /// comparing bytes), and each class of the middle is counted over the whole files, a line of
  /// the ends counting on both sides (the ends are the same lines in both). A line of the ends
  /// is hashed only when some line of the middle has its length.
  init(middleOf old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) {
    let ends = CommonEnds(old, new)
    let middle1 = UnsafeRawBufferPointer(rebasing: old[ends.prefix..<(old.count - ends.suffix)])
    let middle2 = UnsafeRawBufferPointer(rebasing: new[ends.prefix..<(new.count - ends.suffix)])
    var classifier = LineClassifier(
      expectedLines: Self.estimatedLines(middle1) + Self.estimatedLines(middle2))
    first = classifier.classify(middle1, side: 0)
    second = classifier.classify(middle2, side: 1)
    changedFirst = Array(repeating: 0, count: first.count)
    changedSecond = Array(repeating: 0, count: second.count)
    sharesNoLine = !zip(classifier.counts0, classifier.counts1).contains { $0 > 0 && $1 > 0 }
    if sharesNoLine {
      countsInFirst = classifier.counts0
      countsInSecond = classifier.counts1
      wholeRecords = (first.count, second.count)
      return
    }
    let shared = classifier.countKnown([
      UnsafeRawBufferPointer(rebasing: old[..<ends.prefix]),
      UnsafeRawBufferPointer(rebasing: old[(old.count - ends.suffix)...]),
    ])
    countsInFirst = classifier.counts0
    countsInSecond = classifier.counts1
    wholeRecords = (first.count + shared, second.count + shared)
  }

  /// Sides made of given classes, numbered afresh in the order they first appear (for the
  /// fall-back to Myers on a range, and for tests); `classCount` bounds the classes given.
  init(first: ArraySlice<Int32>, second: ArraySlice<Int32>, classCount: Int) {
    var renumbered = [Int32](repeating: -1, count: classCount)
    var countsInFirst: [Int32] = []
    var countsInSecond: [Int32] = []
    func number(_ value: Int32) -> Int32 {
      let known = renumbered[Int(value)]
      if known >= 0 { return known }
      let number = Int32(countsInFirst.count)
      renumbered[Int(value)] = number
      countsInFirst.append(0)
      countsInSecond.append(0)
      return number
    }
    self.first = first.map { value in
      let class_ = number(value)
      countsInFirst[Int(class_)] += 1
      return class_
    }
    self.second = second.map { value in
      let class_ = number(value)
      countsInSecond[Int(class_)] += 1
      return class_
    }
    self.countsInFirst = countsInFirst
    self.countsInSecond = countsInSecond
    changedFirst = Array(repeating: 0, count: first.count)
    changedSecond = Array(repeating: 0, count: second.count)
  }

  /// About how many lines a buffer holds, from its size and its first lines; only sizes tables.
  private static func estimatedLines(_ buffer: UnsafeRawBufferPointer) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 1 }
    var lines = 0
    var position = 0
    while lines < 256 && position < buffer.count {
      lines += 1
      if let newline = memchr(base + position, 0x0A, buffer.count - position) {
        position = base.distance(to: UnsafeRawPointer(newline)) + 1
      } else {
        position = buffer.count
      }
    }
    return position > 0 ? buffer.count / max(1, position / lines) + 1 : lines + 1
  }

  /// Marks every line of the two ranges (0-based starts) changed.
  mutating func markAll(first start1: Int, _ count1: Int, second start2: Int, _ count2: Int) {
    for index in start1..<start1 + count1 { changedFirst[index] = 1 }
    for index in start2..<start2 + count2 { changedSecond[index] = 1 }
  }

  /// Runs Myers on two ranges (0-based starts) as xdiff's fall-back does
  /// (`xdl_fall_back_diff`): the ranges as files of their own, prepared afresh (their ends
  /// trimmed and their lines weighed within the ranges alone), without the minimal flag.
  mutating func myers(first start1: Int, _ count1: Int, second start2: Int, _ count2: Int) {
    var part = LineClasses(
      first: first[start1..<start1 + count1], second: second[start2..<start2 + count2],
      classCount: classCount)
    part.myers(needsMinimal: false)
    for index in 0..<count1 where part.changedFirst[index] != 0 { changedFirst[start1 + index] = 1 }
    for index in 0..<count2 where part.changedSecond[index] != 0 {
      changedSecond[start2 + index] = 1
    }
  }
}

/// The bytes two files share at their start and at their end, cut back to whole lines that
/// both files hold as lines: the records `xdl_trim_ends` trims, as byte counts.
struct CommonEnds {
  var prefix = 0
  var suffix = 0

  init(_ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) {
    guard let a = old.baseAddress, let b = new.baseAddress else { return }
    let shorter = min(old.count, new.count)
    var same = Self.commonStart(a, b, shorter)
    // Back to the start of the line holding the first difference (or the shorter's end).
    while same > 0 && a.load(fromByteOffset: same - 1, as: UInt8.self) != 0x0A { same -= 1 }
    prefix = same
    let room = shorter - prefix
    var tail = Self.commonEnd(a + old.count, b + new.count, room)
    guard tail > 0 else { return }
    // Where both files start a line within the common end: at its start when both do there,
    // else after its first newline.
    let start1 = old.count - tail
    let start2 = new.count - tail
    let bothStart =
      (start1 == 0 || a.load(fromByteOffset: start1 - 1, as: UInt8.self) == 0x0A)
      && (start2 == 0 || b.load(fromByteOffset: start2 - 1, as: UInt8.self) == 0x0A)
    if !bothStart {
      guard let newline = memchr(a + start1, 0x0A, tail) else { return }
      tail -= a.distance(to: UnsafeRawPointer(newline)) + 1 - start1
    }
    suffix = tail
  }

  /// How many bytes `a` and `b` share from their start, within `count`.
  static func commonStart(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int {
    var index = 0
    while index + 8 <= count
      && a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
    {
      index += 8
    }
    while index < count
      && a.load(fromByteOffset: index, as: UInt8.self)
        == b.load(fromByteOffset: index, as: UInt8.self)
    {
      index += 1
    }
    return index
  }

  /// How many bytes the buffers ending at `a` and `b` share at their end, within `count`.
  private static func commonEnd(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int {
    var index = 0
    while index + 8 <= count
      && a.loadUnaligned(fromByteOffset: -index - 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: -index - 8, as: UInt64.self)
    {
      index += 8
    }
    while index < count
      && a.load(fromByteOffset: -index - 1, as: UInt8.self)
        == b.load(fromByteOffset: -index - 1, as: UInt8.self)
    {
      index += 1
    }
    return index
  }
}

/// Gives each distinct line a class number, in the order lines first appear (`xdlclassifier`):
/// lines are equal when their bytes are, newline included.
///
/// Each line is found and hashed in one pass, eight bytes at a time. A slot of the table holds
/// a class and the high half of its hash, so that a probe rarely looks at a class that is not
/// the line's.
struct LineClassifier {
  /// A class's first line: its hash, where it starts in its side's buffer, its length, its side.
  private struct Record {
    var hash: UInt64
    var start: Int
    var length: Int32
    var side: Int32
  }

  /// Slots: 0 when empty, else the class plus one in the low half and the hash's high half.
  private var table: [UInt64]
  private var mask: Int
  private var records: [Record] = []
  /// Each side's buffer, where its records' starts are counted from.
  private var buffer0: UnsafeRawPointer?
  private var buffer1: UnsafeRawPointer?
  /// How many lines of the first and of the second side are in each class.
  private(set) var counts0: [Int32] = []
  private(set) var counts1: [Int32] = []

  init(expectedLines: Int) {
    var size = 16
    while size < expectedLines * 2 { size <<= 1 }
    table = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// The class of each line of `buffer`, counted for `side` (0 or 1).
  mutating func classify(_ buffer: UnsafeRawBufferPointer, side: Int) -> [Int32] {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return [] }
    if side == 0 { buffer0 = base } else { buffer1 = base }
    var classes: [Int32] = []
    classes.reserveCapacity(buffer.count / 32 + 16)
    var position = 0
    let end = buffer.count
    while position < end {
      let (next, hash) = Self.line(base, from: position, end: end)
      classes.append(
        classOf(base + position, hash: hash, start: position, length: next - position, side: side))
      position = next
    }
    return classes
  }

  /// Calls `body` with the class of each line of `buffers` that is already classified, and
  /// returns how many lines (records) they hold; lines of a length no class has are not
  /// looked up.
  @discardableResult
  func forEachKnown(_ buffers: [UnsafeRawBufferPointer], _ body: (Int32) -> Void) -> Int {
    var lengthSeen = [Bool](repeating: false, count: 4097)
    var longest = 0
    for record in records {
      lengthSeen[min(Int(record.length), 4096)] = true
      longest = max(longest, Int(record.length))
    }
    var lines = 0
    for buffer in buffers {
      guard let base = buffer.baseAddress, buffer.count > 0 else { continue }
      var position = 0
      let end = buffer.count
      while position < end {
        let (next, hash) = Self.line(base, from: position, end: end)
        let length = next - position
        lines += 1
        if length <= longest && lengthSeen[min(length, 4096)],
          let found = find(base + position, hash: hash, length: length)
        {
          body(found)
        }
        position = next
      }
    }
    return lines
  }

  /// Counts each line of `buffers` that is already classified on both sides (lines of the
  /// common ends, which both files hold), and returns how many lines they hold.
  mutating func countKnown(_ buffers: [UnsafeRawBufferPointer]) -> Int {
    // The counts are taken out while `forEachKnown` reads the classifier, and put back.
    var first = counts0
    var second = counts1
    counts0 = []
    counts1 = []
    let lines = forEachKnown(buffers) { class_ in
      first[Int(class_)] += 1
      second[Int(class_)] += 1
    }
    counts0 = first
    counts1 = second
    return lines
  }

  /// The slot's mark for `hash`: its high half, never 0 in the low half once a class is added.
  @inline(__always)
  private static func mark(_ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 }

  /// The class of a line, when one has been given to it.
  private func find(_ bytes: UnsafeRawPointer, hash: UInt64, length: Int) -> Int32? {
    probe(bytes, hash: hash, length: length).class_.map { Int32($0) }
  }

  /// Where a line's hash leads in the table: to its class, or to the empty slot it would take.
  @inline(__always)
  private func probe(_ bytes: UnsafeRawPointer, hash: UInt64, length: Int) -> (
    class_: Int?, slot: Int
  ) {
    var slot = Int(truncatingIfNeeded: hash) & mask
    let mark = Self.mark(hash)
    return records.withUnsafeBufferPointer { records in
      table.withUnsafeBufferPointer { table in
        while true {
          let found = table[slot]
          if found == 0 { return (nil, slot) }
          if found & 0xFFFF_FFFF_0000_0000 == mark {
            let index = Int(found & 0xFFFF_FFFF) - 1
            let record = records[index]
            if record.hash == hash && Int(record.length) == length,
              let other = record.side == 0 ? buffer0 : buffer1,
              memcmp(other + record.start, bytes, length) == 0
            {
              return (index, slot)
            }
          }
          slot = (slot + 1) & mask
        }
      }
    }
  }

  private mutating func classOf(
    _ bytes: UnsafeRawPointer, hash: UInt64, start: Int, length: Int, side: Int
  ) -> Int32 {
    let (known, slot) = probe(bytes, hash: hash, length: length)
    if let known {
      if side == 0 { counts0[known] += 1 } else { counts1[known] += 1 }
      return Int32(known)
    }
    let number = records.count
    table[slot] = Self.mark(hash) | UInt64(number + 1)
    records.append(Record(hash: hash, start: start, length: Int32(length), side: Int32(side)))
    counts0.append(side == 0 ? 1 : 0)
    counts1.append(side == 1 ? 1 : 0)
    if records.count * 2 > table.count { grow() }
    return Int32(number)
  }

  private mutating func grow() {
    table = Array(repeating: 0, count: table.count * 2)
    mask = table.count - 1
    for (index, record) in records.enumerated() {
      var slot = Int(truncatingIfNeeded: record.hash) & mask
      while table[slot] != 0 { slot = (slot + 1) & mask }
      table[slot] = Self.mark(record.hash) | UInt64(index + 1)
    }
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080
  private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

  /// The line that starts at `position` of `base` (which holds `end` bytes): where the next
  /// one starts (past its newline, or at `end`), and the line's hash. The newline is looked for
  /// and the bytes hashed in one pass, eight at a time while eight remain in the buffer.
  @inline(__always)
  static func line(_ base: UnsafeRawPointer, from position: Int, end: Int) -> (Int, UInt64) {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
    var offset = position
    while offset + 8 <= end {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let probe = word ^ newlines
      let found = (probe &- ones) & ~probe & highs
      if found == 0 {
        hash = (hash ^ word) &* 0x1000_0000_01B3 &+ (hash >> 29)
        offset += 8
        continue
      }
      // The lowest marked byte is the first newline (a borrow only marks bytes above one).
      let bytes = found.trailingZeroBitCount >> 3 + 1
      let kept = bytes == 8 ? word : word & ((1 << UInt64(bytes * 8)) - 1)
      offset += bytes
      return (offset, finish(hash, kept, length: offset - position))
    }
    // Fewer than eight bytes are left: the rest of the line is one partial word, packed as
    // the word path masks it.
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < end {
      let byte = base.load(fromByteOffset: offset, as: UInt8.self)
      offset += 1
      tail |= UInt64(byte) << shift
      shift += 8
      if byte == 0x0A { break }
    }
    return (offset, finish(hash, tail, length: offset - position))
  }

  @inline(__always)
  private static func finish(_ hash: UInt64, _ last: UInt64, length: Int) -> UInt64 {
    var value = (hash ^ last ^ UInt64(truncatingIfNeeded: length) << 56) &* 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 32
    return value &* 0xC4CE_B9FE_1A85_EC53
  }
}
