import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// The line counter against git's own: each pair of files diffed by `git diff --no-index
/// --numstat` with every algorithm, and by `LineDiff` with the same one.
@Suite("Lines added and removed, counted as git's xdiff counts them")
struct LineDiffTests {
  /// `git diff --no-index --numstat --diff-algorithm=<algorithm>` of two texts: (insertions,
  /// deletions), (0, 0) when git prints nothing.
  static func gitCount(
    _ old: [UInt8], _ new: [UInt8], algorithm: DiffAlgorithm, in repository: TemporaryRepository
  ) throws -> (Int, Int) {
    let oldFile = repository.root.appendingPathComponent("old")
    let newFile = repository.root.appendingPathComponent("new")
    try Data(old).write(to: oldFile)
    try Data(new).write(to: newFile)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = [
      "diff", "--no-index", "--numstat", "--diff-algorithm=\(algorithm.rawValue)", oldFile.path,
      newFile.path,
    ]
    process.environment = repository.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: "\t")
    guard fields.count >= 2 else { return (0, 0) }
    return (Int(fields[0]) ?? -1, Int(fields[1]) ?? -1)
  }

  static func ours(_ old: [UInt8], _ new: [UInt8], _ algorithm: DiffAlgorithm) -> (Int, Int)? {
    old.withUnsafeBytes { a in
      new.withUnsafeBytes { b in
        LineDiff.count(a, b, algorithm: algorithm).map { ($0.insertions, $0.deletions) }
      }
    }
  }

  /// Lines drawn from `alphabet` values, as a file: few values make many equal lines (xdiff
  /// drops runs of them), many make unique ones (patience anchors on them).
  static func text(_ values: [Int], finalNewline: Bool) -> [UInt8] {
    Array((values.map { "line \($0)" }.joined(separator: "\n") + (finalNewline ? "\n" : "")).utf8)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var old: [UInt8]
    var new: [UInt8]
    var testDescription: String { name }
  }

  /// Hand-made edge cases, then edits of pseudorandom files made by one seeded generator (the
  /// same every run): sizes from 10 to 12,000 lines, alphabets from 3 values (long runs of
  /// equal lines) to 5,000, from one edit to a third of the file, half with a shuffled half.
  static let cases: [Case] = {
    var cases = [
      Case(name: "empty to a line", old: [], new: Array("a\n".utf8)),
      Case(name: "a line to empty", old: Array("a\n".utf8), new: []),
      Case(name: "final newline added", old: Array("a\nb".utf8), new: Array("a\nb\n".utf8)),
      Case(name: "final newline removed", old: Array("a\nb\n".utf8), new: Array("a\nb".utf8)),
      Case(name: "CRLF against LF", old: Array("a\r\nb\r\n".utf8), new: Array("a\nb\n".utf8)),
      Case(name: "only newlines", old: Array("\n\n\n".utf8), new: Array("\n\n\n\n\n".utf8)),
      Case(name: "equal", old: Array("same\n".utf8), new: Array("same\n".utf8)),
      // Middles with no line in common, their lines in the common ends: counted without the
      // ends' counts, which cannot make a line match.
      Case(
        name: "middles share no line, the ends hold theirs",
        old: Array("x\ny\n}\na\nb\nx\ny\n}\n".utf8),
        new: Array("x\ny\n}\n}\nx\nx\ny\n}\n".utf8)),
      Case(
        name: "middles share a line the ends hold many times",
        old: Array((String(repeating: "}\n", count: 300) + "a\n}\nb\n" + "c\n").utf8),
        new: Array((String(repeating: "}\n", count: 300) + "b\n}\na\n" + "c\n").utf8)),
    ]
    // Lines of every length to 40 bytes, of bytes around a newline's value and with the high
    // bit set, equal lines at every place (the last bytes of a file included).
    for seed in [UInt64(7), 8] {
      cases.append(
        Case(
          name: "lines of 0 to 40 bytes, tabs, NULs and high bytes (\(seed))",
          old: pooledLines(seed: seed, count: 400, finalNewline: seed == 7, text: true),
          new: pooledLines(seed: seed &+ 1, count: 380, finalNewline: true, text: true)))
    }
    var state: UInt64 = 0x5EED
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for index in 0..<36 {
      let size = [10, 100, 1000, 5000, 12000][index % 5]
      let alphabet = [3, 20, 200, 5000][index % 4]
      let old = (0..<size).map { _ in random(alphabet) }
      var new = old
      let edits = [1, 10, 100, size / 3 + 1][(index / 3) % 4]
      for _ in 0..<edits {
        let place = random(new.count + 1)
        switch random(3) {
        case 0 where !new.isEmpty: new.remove(at: min(place, new.count - 1))
        case 1: new.insert(random(alphabet), at: place)
        default: if !new.isEmpty { new[min(place, new.count - 1)] = random(alphabet) }
        }
      }
      if index % 2 == 1 {
        var generator = SeededGenerator(seed: state)
        new[..<(new.count / 2)].shuffle(using: &generator)
      }
      cases.append(
        Case(
          name:
            "\(size) lines of \(alphabet) values, \(edits) edits\(index % 2 == 1 ? ", shuffled" : "")",
          old: text(old, finalNewline: index % 3 != 0), new: text(new, finalNewline: index % 4 != 0)
        ))
    }
    return cases
  }()

  @Test("every algorithm counts what git counts", arguments: cases)
  func againstGit(_ change: Case) throws {
    let repository = try TemporaryRepository()
    for algorithm in DiffAlgorithm.allCases {
      let git = try Self.gitCount(change.old, change.new, algorithm: algorithm, in: repository)
      let ours = try #require(Self.ours(change.old, change.new, algorithm))
      #expect(ours == git, "\(algorithm): git \(git), ours \(ours)")
    }
  }

  /// Lines of every length from 0 to 40 bytes (their newline apart) made of bytes that sit
  /// next to a newline in value or have the high bit set (and NULs, unless `text`), drawn in
  /// an order `seed` gives from one pool of 60, so that lines repeat at every place in a
  /// buffer, its last bytes included.
  static func pooledLines(seed: UInt64, count: Int, finalNewline: Bool, text: Bool = false)
    -> [UInt8]
  {
    var made = SeededGenerator(seed: 42)
    let alphabet: [UInt8] = [text ? 0x63 : 0x00, 0x09, 0x0B, 0x20, 0x61, 0x62, 0x80, 0x8A, 0xFF]
    let pool: [[UInt8]] = (0..<60).map { index in
      (0..<(index % 41)).map { _ in alphabet[Int((made.next() >> 33) % UInt64(alphabet.count))] }
    }
    var generator = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    for line in 0..<count {
      bytes += pool[Int((generator.next() >> 33) % UInt64(pool.count))]
      if line < count - 1 || finalNewline { bytes.append(0x0A) }
    }
    return bytes
  }

  /// The records of a buffer as xdiff cuts them: each line with its newline, a last line
  /// without one a record of its own.
  static func records(_ bytes: [UInt8]) -> [[UInt8]] {
    var records: [[UInt8]] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      records.append(Array(bytes[start...index]))
      start = index + 1
    }
    if start < bytes.count { records.append(Array(bytes[start...])) }
    return records
  }

  @Test(
    "equal lines share a class and others do not, at every length and place, numbered as they first appear",
    arguments: [(UInt64(1), true), (2, false), (3, true), (4, false)])
  func classesOfLines(seed: UInt64, finalNewline: Bool) {
    let first = Self.pooledLines(seed: seed, count: 700, finalNewline: finalNewline)
    let second = Self.pooledLines(seed: seed &+ 100, count: 500, finalNewline: !finalNewline)
    let third = Self.pooledLines(seed: seed &+ 200, count: 300, finalNewline: finalNewline)
    var classifier = LineClassifier(expectedLines: 16)
    let classes = first.withUnsafeBytes { a in
      second.withUnsafeBytes { b in
        [classifier.classify(a, side: 0), classifier.classify(b, side: 1)]
      }
    }
    // The same numbering made with a dictionary of the records' bytes.
    var numbers: [[UInt8]: Int32] = [:]
    var counts: [[Int32]] = [[], []]
    var expected: [[Int32]] = [[], []]
    for (side, bytes) in [first, second].enumerated() {
      for record in Self.records(bytes) {
        let number =
          numbers[record]
          ?? {
            numbers[record] = Int32(numbers.count)
            counts[0].append(0)
            counts[1].append(0)
            return Int32(numbers.count - 1)
          }()
        counts[side][Int(number)] += 1
        expected[side].append(number)
      }
    }
    // The first line classed otherwise, if any (the whole arrays are too long to read).
    for side in 0..<2 {
      let wrong = zip(classes[side], expected[side]).enumerated().first {
        $0.element.0 != $0.element.1
      }
      #expect(wrong == nil, "side \(side), line \(wrong?.offset ?? -1)")
      #expect(classes[side].count == expected[side].count)
    }
    #expect([classifier.counts0, classifier.counts1] == counts)
    // A third buffer's lines: those already classified are found, the others are not.
    var found: [Int32] = []
    let lines = third.withUnsafeBytes { classifier.forEachKnown([$0]) { found.append($0) } }
    let records = Self.records(third)
    #expect(lines == records.count)
    #expect(found == records.compactMap { numbers[$0] })
  }

  @Test("a side larger than git diffs is refused, not counted")
  func tooLarge() {
    let size = LineDiff.maximumSize + 1
    let big = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
    defer { big.deallocate() }
    let counted = LineDiff.count(
      UnsafeRawBufferPointer(big), UnsafeRawBufferPointer(start: nil, count: 0), algorithm: .myers)
    #expect(counted == nil)
  }
}
