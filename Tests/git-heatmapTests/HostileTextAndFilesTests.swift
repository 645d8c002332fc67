import Foundation
import GitActivity
import TestSupport
import Testing

/// Exports, caches, names and messages made to attack the reader (issue 36's rows), each as the
/// attacker tried it.
@Suite("Hostile inputs: exports, caches, names and messages that attack the reader")
struct HostileTextAndFilesTests {
  static let window = ["--since", "2023-01-01", "--until", "2024-12-24"]

  /// A commit of `author` bytes (no encoding header) on top of `parent`, dated `time`.
  static func rawCommit(
    _ repo: TemporaryRepository, author: [UInt8], email: String, time: Int, parent: String?
  ) throws -> String {
    let tree = try repo.emptyTree()
    var raw = Data("tree \(tree)\n".utf8)
    if let parent { raw += Data("parent \(parent)\n".utf8) }
    raw += Data("author ".utf8) + Data(author)
    raw += Data(" <\(email)> \(time) +0000\ncommitter C <c@x> \(time) +0000\n\nm\n".utf8)
    return try repo.writeRawCommit(raw)
  }

  @Test("a Latin-1 byte and the private-use character it is kept as are two people, everywhere")
  func rawBytesAreNotCharacters() throws {
    let repo = try TemporaryRepository()
    let latin1: [UInt8] = [0x4A, 0xFC, 0x72, 0x67, 0x65, 0x6E]  // J\xfcrgen
    let privateUse = Array("J\u{F7FC}rgen".utf8)  // valid UTF-8, U+F7FC
    var parent: String?
    for (index, author) in [latin1, privateUse, privateUse].enumerated() {
      parent = try Self.rawCommit(
        repo, author: author, email: "j@example.com", time: 1_704_800_000 + index * 86_400,
        parent: parent)
    }
    try repo.git(["update-ref", "refs/heads/main", parent ?? ""])
    let shortlog = try repo.git(["shortlog", "-sne", "HEAD"])
    #expect(shortlog.split(separator: "\n").count == 2, "git sees two people: \(shortlog)")
    let table = heatmap(Self.window + ["--authors", "--format", "json"], in: repo.path)
    #expect(table.status == 0, "\(table.stderr)")
    let rows = try #require(
      (try JSONSerialization.jsonObject(with: Data(table.stdout.utf8)) as? [String: Any])?[
        "authors"] as? [[String: Any]])
    #expect(rows.map { $0["commits"] as? Int ?? -1 }.sorted() == [1, 2])
    let names = Set(rows.compactMap { $0["name"] as? String })
    #expect(names == ["J\u{FFFD}rgen", "J\u{F7FC}rgen"], "\(names)")
    // The export keeps them apart, and a draw from it finds two people again.
    let export = heatmap(["--format", "commits"], in: repo.path)
    let lines = export.stdout.split(separator: "\n")
    #expect(lines.count == 3 && lines.filter { $0.contains(#"J\uf7fcrgen"#) }.count == 1)
    #expect(lines.filter { $0.contains(#"J\uf700\uf7fcrgen"#) }.count == 2)
    let file = repo.root.appendingPathComponent("all.ndjson")
    try Data(export.stdout.utf8).write(to: file)
    let drawn = heatmap(
      Self.window + ["--from", file.path, "--authors", "--format", "csv"], in: repo.root.path)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout.split(separator: "\n").count == 3, "\(drawn.stdout)")
    // Images show the byte as U+FFFD, never the marker.
    let svg = heatmap(Self.window + ["--by-author", "--format", "svg"], in: repo.path).stdout
    #expect(
      !svg.unicodeScalars.contains { (0xF780...0xF7FB).contains($0.value) || $0 == "\u{F700}" })
    #expect(svg.contains("J\u{FFFD}rgen"))
  }

  /// One valid export of three commits, as lines.
  static func exportLines() throws -> (repo: TemporaryRepository, lines: [String]) {
    let repo = try TemporaryRepository()
    for day in 0..<3 {
      try repo.commit(date: "\(1_704_196_800 + day * 86_400) +0000")
    }
    let result = heatmap(["--format", "commits"], in: repo.path)
    #expect(result.status == 0)
    return (repo, result.stdout.split(separator: "\n").map(String.init))
  }

  @Test("an unknown field nested 200,000 deep is skipped in bounded stack")
  func deepNesting() throws {
    let (repo, lines) = try Self.exportLines()
    let depth = 200_000
    let deep =
      lines[0].dropLast() + #","later":{"x":"# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}}"
    let file = repo.root.appendingPathComponent("deep.ndjson")
    try Data((([String(deep)] + lines[1...]).joined(separator: "\n") + "\n").utf8).write(to: file)
    let result = heatmap(
      Self.window + ["--from", file.path, "--format", "csv"], in: repo.root.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nonZeroDays(result.stdout).values.reduce(0, +) == 3)
    // Unbalanced, it is an error with its place, not a crash.
    let broken = lines[0].dropLast() + #","later":"# + String(repeating: "[", count: depth) + "}"
    try Data((String(broken) + "\n").utf8).write(to: file)
    let failed = heatmap(Self.window + ["--from", file.path], in: repo.root.path)
    #expect(failed.status == 1)
    #expect(failed.stderr.hasPrefix("git-heatmap: \(file.path):1: expected a value at column"))
  }

  @Test(
    "a gigabyte on one line, /dev/zero and an endless pipe are errors naming the line, in small memory"
  )
  func endlessInput() throws {
    let (repo, lines) = try Self.exportLines()
    let big = repo.root.appendingPathComponent("big.ndjson.gz").path
    // 64 gzip members of 16 MiB of "a" each: one line of a gigabyte, compressed once.
    try TemporaryRepository.run(
      "/bin/sh",
      [
        "-c",
        "head -c 16777216 /dev/zero | tr '\\0' a | gzip -1 > part.gz"
          + " && for i in $(seq 64); do cat part.gz; done > '\(big)' && rm part.gz",
      ], in: repo.root.path, environment: repo.environment)
    let binary = try builtExecutable()
    for (input, name) in [(big, big), ("/dev/zero", "/dev/zero")] {
      let run = try measured(binary, ["--from", input], in: repo.root.path)
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "git-heatmap: \(name):1: the line is longer than 16 MiB, the most a record may be\n")
      #expect(run.peakKilobytes < 200_000, "peak \(run.peakKilobytes) KB")
    }
    // Standard input from a pipe that never ends.
    let pipe = try measured(
      "/bin/sh", ["-c", "yes | '\(binary)' --from -"], in: repo.root.path)
    #expect(pipe.status == 1)
    #expect(pipe.stderr.contains("standard input:"), "\(pipe.stderr)")
    // A last record without a newline is read.
    let file = repo.root.appendingPathComponent("last.ndjson")
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    let last = heatmap(Self.window + ["--from", file.path, "--format", "csv"], in: repo.root.path)
    #expect(last.status == 0 && nonZeroDays(last.stdout).values.reduce(0, +) == 3)
  }
}

/// A run of `executable` under `/usr/bin/time`, with its exit status, stderr and peak memory.
func measured(_ executable: String, _ arguments: [String], in directory: String) throws -> (
  status: Int32, stderr: String, peakKilobytes: Int
) {
  let report = FileManager.default.temporaryDirectory.appendingPathComponent(
    "time-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: report) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
  process.arguments = ["-f", "%M", "-o", report.path, executable] + arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  var environment = Tools.hermeticEnvironment
  environment["HOME"] = directory
  process.environment = environment
  let error = Pipe()
  process.standardOutput = FileHandle.nullDevice
  process.standardError = error
  try process.run()
  let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  let peak =
    Int(
      (try? String(contentsOf: report, encoding: .utf8))?.split(separator: "\n").last ?? "") ?? -1
  return (process.terminationStatus, text, peak)
}

extension HostileTextAndFilesTests {
  /// Whether `text` holds a scalar a terminal would obey or that could reorder or hide text:
  /// C0 but a newline, DEL, C1, the bidirectional marks, or the invisible marks.
  static func holdsMarks(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || [0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF, 0x061C].contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        || (0xE0000...0xE007F).contains($0.value)
    }
  }

  @Test("every message on stderr is cleaned: file names, config values, option values")
  func messagesCleaned() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let hostile = "x\u{1B}]0;PWN\u{07}\u{1B}[2J\u{9B}H"
    let folder = repo.root.appendingPathComponent("exports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{\"v\":1,broken\n".utf8).write(
      to: folder.appendingPathComponent(hostile + ".ndjson"))
    var failures = [
      heatmap(["--from", folder.path + "/*"], in: repo.path),
      heatmap(["--from", folder.path + "/missing" + hostile], in: repo.path),
      heatmap(["--day", hostile], in: repo.path),
      heatmap(["-E", "--author", "(" + hostile], in: repo.path),
      heatmap(["--since", hostile], in: repo.path),
    ]
    try repo.git(["config", "heatmap.palette", "x\u{1B}]52;c;aGk=\u{07}"])
    failures.append(heatmap([], in: repo.path))
    for failure in failures {
      #expect(failure.status != 0)
      #expect(failure.stderr.hasPrefix("git-heatmap: "))
      #expect(!Self.holdsMarks(failure.stderr), "\(failure.stderr.debugDescription)")
    }
    #expect(
      failures.last?.stderr.contains("heatmap.palette") == true, "\(failures.last?.stderr ?? "")")
  }

  /// A repository with authors, a subject and a folder that carry C1 controls and overrides.
  static func markedRepository() throws -> (repo: TemporaryRepository, names: [String]) {
    let repo = try TemporaryRepository()
    let names = ["Eve \u{202E}gnp.exe", "Mal\u{9B}31mlory", "Os\u{9D}car\u{9C}", "Alice"]
    for (index, name) in names.enumerated() {
      try repo.commit(
        "subject \u{9B}2J \u{202E}\(index)", date: "\(1_704_196_800 + index * 86_400) +0000",
        author: name, email: "p\(index)@x")
    }
    return (repo, names)
  }

  @Test("JSON escapes C1 controls, overrides and invisible marks, and reads back the same")
  func jsonEscapes() throws {
    let (repo, names) = try Self.markedRepository()
    for arguments in [
      ["--format", "json"], ["--authors", "--format", "json"],
      ["--by-author", "--format", "json"],
    ] {
      let result = heatmap(Self.window + arguments, in: repo.path)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!Self.holdsMarks(result.stdout), "\(arguments)")
      let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      let text = String(describing: parsed)
      if arguments.contains("--authors") || arguments.contains("--by-author") {
        for name in names { #expect(text.contains(name) || arguments.contains("--by-author")) }
      }
    }
    let day = heatmap(["--day", "2024-01-04", "--format", "json"], in: repo.path)
    #expect(!Self.holdsMarks(day.stdout))
    #expect(day.stdout.contains("\\u009b2J \\u202e2"), "\(day.stdout)")
  }

  @Test(
    "no CSV field starts a formula: --authors, --day and the export, which --from reads back the same"
  )
  func csvFormulas() throws {
    let repo = try TemporaryRepository()
    let names = [
      "=HYPERLINK(\"http://x\",\"y\")", "=cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0",
      "+1+1", "-2+3", "'quoted",
    ]
    for (index, name) in names.enumerated() {
      try repo.commit(
        name, date: "\(1_704_196_800 + index * 86_400) +0000", author: name, email: "p\(index)@x")
    }
    func fields(_ csv: String) -> [String] {
      csv.split(separator: "\n").flatMap { line in
        line.split(separator: ",", omittingEmptySubsequences: false).map {
          $0.hasPrefix("\"") ? String($0.dropFirst()) : String($0)
        }
      }
    }
    let authors = heatmap(Self.window + ["--authors", "--format", "csv"], in: repo.path)
    let day = heatmap(["--day", "2024-01-03", "--format", "csv"], in: repo.path)
    for csv in [authors.stdout, day.stdout] {
      #expect(!csv.isEmpty)
      for field in fields(csv) where !field.isEmpty {
        #expect(!"=+@".contains(field.first ?? " "), "\(field)")
        if field.first == "-" { #expect(Int(field) != nil, "\(field)") }
      }
    }
    #expect(authors.stdout.contains("'=HYPERLINK("))
    let export = repo.root.appendingPathComponent("x.csv").path
    #expect(heatmap(["--format", "commits", "-o", export], in: repo.path).status == 0)
    let written = try String(contentsOfFile: export, encoding: .utf8)
    for field in fields(written) { #expect(!"=+@".contains(field.first ?? " "), "\(field)") }
    let drawn = heatmap(
      Self.window + ["--from", export, "--authors", "--format", "json"], in: repo.root.path)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(drawn.stdout.utf8)) as? [String: Any])
    let read = Set(
      ((object["authors"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
    // The names as git wrote them (git drops a leading quote from a name).
    let asGitWroteThem = try repo.git(["log", "--format=%an"]).split(separator: "\n")
    #expect(read == Set(asGitWroteThem.map(String.init)))
  }

  @Test("images and the terminal never reorder a name, hide a mark, or cut a real count")
  func spoofedNames() throws {
    let repo = try TemporaryRepository()
    let names = [
      "Eve \u{202E})%0.09( stimmoc 0009",
      "Mallory · 9,000 commits (99.9%)" + String(repeating: " ", count: 140),
      "Alice", "Al\u{200B}ice", "Alice\u{2060}", "\u{FEFF}Alice", "Alice\u{E0041}", "Ali\u{00AD}ce",
    ]
    for (index, name) in names.enumerated() {
      try repo.commit(
        date: "\(1_704_196_800 + index * 86_400) +0000", author: name, email: "same@x")
    }
    let svg = heatmap(
      Self.window + ["--by-author", "--top", "8", "--format", "svg"], in: repo.path)
    #expect(svg.status == 0, "\(svg.stderr)")
    #expect(!Self.holdsMarks(svg.stdout))
    let terminal = heatmap(
      Self.window + ["--by-author", "--top", "8", "--color", "never"], in: repo.path,
      environment: ["COLUMNS": "100"])
    let mallory = terminal.stdout.split(separator: "\n").first { $0.hasPrefix("Mallory") } ?? ""
    #expect(mallory.hasSuffix("· 1 commit (12.5%)"), "\(mallory)")
    #expect(!Self.holdsMarks(terminal.stdout))
    let table = heatmap(Self.window + ["--authors", "--color", "never"], in: repo.path)
    let alices = table.stdout.split(separator: "\n").filter {
      $0.contains("Al") && $0.contains("ce")
    }
    #expect(Set(alices.map { $0.prefix(12) }).count == 6, "\(alices)")
  }
}

extension HostileTextAndFilesTests {
  /// Runs the binary, killed after 20 s: a run that would wait for ever fails its test.
  static func bounded(_ arguments: [String], in directory: String, _ repo: TemporaryRepository)
    throws -> ProcessResult
  {
    try runBinary(arguments, in: directory, environment: repo.environment) { process in
      DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
    }
  }

  @Test("a FIFO where git expects a file is refused, skipped under --scan, never waited on")
  func fifos() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let root = repo.root.path
    for file in ["config", "packed-refs", "refs/heads/main", "objects/info/alternates"] {
      let bad = root + "/bad-" + file.replacingOccurrences(of: "/", with: "-")
      try TemporaryRepository.run(
        "/bin/sh",
        [
          "-c",
          "cp -R repo '\(bad)' && rm -f '\(bad)/.git/\(file)' && mkfifo '\(bad)/.git/\(file)'",
        ],
        in: root, environment: repo.environment)
      let alone = try Self.bounded(["--format", "csv"], in: bad, repo)
      #expect(alone.reason == .exit && alone.status == 1, "\(file): \(alone.stderr)")
      #expect(alone.stderr.contains("is not a regular file"), "\(file): \(alone.stderr)")
    }
    let scanned = try Self.bounded(
      ["--scan", root, "--format", "csv"] + Self.window, in: "/", repo)
    #expect(scanned.reason == .exit && scanned.status == 0, "\(scanned.stderr)")
    #expect(scanned.stderr.components(separatedBy: "is not a regular file").count - 1 == 4)
    #expect(nonZeroDays(String(decoding: scanned.stdout, as: UTF8.self)).values.reduce(0, +) == 1)
    // A FIFO an export pattern matches is refused; one named on purpose is read as a pipe.
    try TemporaryRepository.run(
      "/bin/sh", ["-c", "mkdir exports && mkfifo exports/a.ndjson"], in: root,
      environment: repo.environment)
    let globbed = try Self.bounded(["--from", root + "/exports/*"], in: root, repo)
    #expect(globbed.reason == .exit && globbed.status == 1)
    #expect(globbed.stderr.contains("is not a regular file"), "\(globbed.stderr)")
    let named = try Self.bounded(
      ["--from", root + "/exports/a.ndjson", "--format", "csv"], in: root, repo)
    #expect(named.reason == .exit && named.status == 0, "\(named.stderr)")
  }

  @Test("credentials never reach a record, an image or the page")
  func credentials() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let secret = "https://user:s3cret@example.com/org/x.git?access_token=t0ken#frag"
    let export = heatmap(
      ["--format", "commits", "--repository-name", secret], in: repo.path)
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("\"repository\":\"https://example.com/org/x.git\""))
    try repo.git(["remote", "add", "origin", secret])
    let fromRemote = heatmap(["--format", "commits"], in: repo.path)
    let file = repo.root.appendingPathComponent("x.ndjson")
    // An export another tool wrote with the token in it.
    try Data(
      export.stdout.replacingOccurrences(of: "https://example.com/org/x.git", with: secret).utf8
    )
    .write(to: file)
    let outputs = [
      export.stdout, fromRemote.stdout,
      heatmap(Self.window + ["--from", file.path, "--format", "svg"], in: repo.root.path).stdout,
      heatmap(Self.window + ["--from", file.path, "--format", "json"], in: repo.root.path).stdout,
      heatmap(Self.window + ["--from", file.path, "--format", "html"], in: repo.root.path).stdout,
    ]
    for output in outputs {
      #expect(!output.isEmpty)
      #expect(!output.contains("s3cret") && !output.contains("t0ken"))
    }
  }

  @Test("a commit dated after year 9999 is warned about, as git log shows it and no window can")
  func yearTenThousand() throws {
    let repo = try TemporaryRepository()
    let first = try repo.commit(date: "1704196800 +0000")
    let tree = try repo.emptyTree()
    let future = try repo.writeRawCommit(
      Data(
        "tree \(tree)\nparent \(first)\nauthor A <a@x> 253402300800 +0000\ncommitter C <c@x> 253402300800 +0000\n\nfuture\n"
          .utf8))
    try repo.git(["update-ref", "refs/heads/main", future])
    #expect(try repo.gitDays().keys.contains("10000-01-01"))
    let result = heatmap(Self.window + ["--format", "csv"], in: repo.path)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "git-heatmap: warning: 1 commit dated 10000-01-01, outside the years 1 to 9999 a graph can draw; not counted\n"
    )
  }

  @Test("past ulimit -f the write fails in words and leaves no temporary; /proc says why")
  func fileSizeLimit() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let binary = try builtExecutable()
    let limited = try runBinary(
      ["-c", "ulimit -f 1; exec '\(binary)' -o page.html"], in: repo.path,
      environment: repo.environment, shell: true)
    #expect(limited.reason == .exit && limited.status == 1)
    #expect(limited.stderr == "git-heatmap: cannot write 'page.html': File too large\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: repo.path)
    #expect(!left.contains { $0.contains(".tmp") || $0 == "page.html" }, "\(left)")
    let proc = heatmap(["--format", "csv", "-o", "/proc/self/mem"], in: repo.path)
    #expect(proc.status == 1)
    #expect(proc.stderr.contains("cannot make the temporary file it is written to first"))
  }
}
