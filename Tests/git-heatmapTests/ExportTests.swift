import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// The per-commit export and drawing from exports: an organisation's repositories exported in
/// parallel, as a CI matrix would, and drawn once, equal to `--scan` of the same tree.
@Suite("Activity as data: the per-commit export and --from", .serialized)
struct ExportTests {
  static let window = ["--since", "2019-01-01", "--until", "2024-12-31"]

  /// An organisation: `count` small repositories with several time zones, co-authors, merges
  /// and a mailmap or two, and forks of some of them (clones with commits of their own). Names
  /// sort naturally (`r2` before `r10`).
  static func organisation(count: Int) throws -> Organisation {
    let base = try TemporaryRepository()
    let organisation = Organisation(base: base, path: base.root.path + "/org")
    let root = organisation
    try FileManager.default.createDirectory(atPath: root.path, withIntermediateDirectories: true)
    var names: [String] = []
    let offsets = ["+0000", "-0800", "+0530", "+1400", "-1100", "+0200"]
    let people = [
      "Dev One <dev1@example.com>", "Dev Two <dev2@example.com>", "Pair Person <pair@example.com>",
      "dev one <DEV1@example.com>", "Zoë Ünïcode <zoe@example.com>",
    ]
    for index in 0..<count {
      let name = "r\(index)"
      let path = root.path + "/" + name
      try TemporaryRepository.run(
        "/usr/bin/git", ["init", "-q", "-b", "main", path], in: root.path,
        environment: root.environment)
      let repository = TemporaryRepository(existing: path, root: base.root)
      organisation.members.append(repository)
      var commits: [TemporaryRepository.ImportedCommit] = []
      for step in 0..<(3 + index % 5) {
        // Days spread over six years; times near midnight, so that the zone decides the day.
        let time = 1_546_300_800 + (index * 7_919 + step * 104_729) % 189_000_000 + 86_000
        var message = "work \(index).\(step)"
        if (index + step) % 4 == 0 {
          message += "\n\nCo-authored-by: \(people[(index + step) % people.count])"
        }
        commits.append(
          TemporaryRepository.ImportedCommit(
            author: people[(index * 3 + step) % people.count], time: time,
            offset: offsets[(index + step) % offsets.count],
            committer: people[(index + 1) % people.count], message: message))
      }
      try repository.importLine(commits)
      if index % 10 == 0 {
        try repository.write(".mailmap", "Dev One <dev1@example.com> dev one <DEV1@example.com>\n")
      }
      names.append(name)
    }
    // Forks: clones that share history (counted once) and add commits of their own.
    for index in stride(from: 0, to: count, by: 9) {
      let name = "r\(index)-fork"
      try TemporaryRepository.run(
        "/usr/bin/git", ["clone", "-q", "r\(index)", name], in: root.path,
        environment: root.environment)
      let fork = TemporaryRepository(existing: root.path + "/" + name, root: base.root)
      organisation.members.append(fork)
      if index % 10 == 0 {
        try fork.write(".mailmap", "Dev One <dev1@example.com> dev one <DEV1@example.com>\n")
      }
      let head = try fork.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
      try fork.importLine(
        [
          TemporaryRepository.ImportedCommit(
            author: people[index % people.count], time: 1_600_000_000 + index * 50_000,
            offset: "-0330", message: "fork work")
        ], onto: head)
      names.append(name)
    }
    organisation.names = names
    return organisation
  }

  /// A folder of repositories; the repositories live as long as it does.
  final class Organisation {
    let base: TemporaryRepository
    let path: String
    var members: [TemporaryRepository] = []
    var names: [String] = []
    var environment: [String: String] { base.environment }

    init(base: TemporaryRepository, path: String) {
      self.base = base
      self.path = path
    }
  }

  @Test("64 repositories exported in parallel and drawn once equal --scan, byte for byte")
  func organisationMatchesScan() throws {
    let root = try Self.organisation(count: 64)
    let names = root.names
    let exports = root.path + "/../exports-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: exports) }
    // One export per repository, four at a time; NDJSON, gzipped NDJSON and CSV alike.
    let list = names.enumerated().map { index, name in
      "\(name) \(["ndjson", "ndjson.gz", "csv"][index % 3])"
    }.joined(separator: "\n")
    try list.write(toFile: exports + "/list", atomically: true, encoding: .utf8)
    let binary = try builtExecutable()
    let environment = root.environment
    let exported = try runBinary(
      [
        "-c",
        // Each line of the list is "name extension": sh gets $0 the binary, $1 the root, $2
        // the exports folder, then $3 and $4 from the line.
        "xargs -P 4 -L 1 sh -c 'exec \"$0\" --directory \"$1/$3\" --format commits --co-authors --repository-name \"$3\" -o \"$2/$3.$4\"' \"$HEATMAP\" \"$ROOT\" \"$EXPORTS\" < \"$EXPORTS/list\"",
      ], in: root.path,
      environment: environment.merging([
        "HEATMAP": binary, "ROOT": root.path, "EXPORTS": exports,
      ]) { $1 }, shell: true)
    #expect(exported.status == 0, "\(exported.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: exports).filter {
      $0 != "list"
    }
    #expect(files.count == names.count)

    // Forks share commits: each counted once, so the whole window's total is the number of
    // distinct commits of all the repositories.
    let distinct = try Set(
      names.flatMap { name in
        try TemporaryRepository.run(
          "/usr/bin/git", ["rev-list", "--all"], in: root.path + "/" + name,
          environment: environment
        ).split(separator: "\n")
      }
    ).count
    #expect(distinct < names.count * 8)
    let readings: [[String]] = [
      [],
      ["--author", "dev1"],
      ["--timezone", "utc"],
      ["--timezone", "+05:30", "--no-merges"],
      ["--co-authors", "--author", "pair"],
      ["--co-authors", "--by-author", "--top", "3"],
      ["--date", "committer", "--timezone", "America/Los_Angeles"],
      ["--no-mailmap", "--exclude-author", "Zo"],
      ["--committer", "Two"],
      ["--layout", "punchcard", "--timezone", "+09:00"],
      ["--authors", "--sort", "first", "--exclude-author", "dev2"],
    ]
    // The repositories scanned, and their exports drawn, in `format`.
    func scannedAndDrawn(_ reading: [String], _ format: String) -> (
      scanned: RunResult, drawn: RunResult
    ) {
      let scanned = heatmap(
        Self.window + reading + ["--format", format, "--scan", root.path], in: root.path,
        environment: environment)
      let drawn = heatmap(
        Self.window + reading + ["--format", format, "--from", exports + "/r*"], in: root.path,
        environment: environment)
      return (scanned, drawn)
    }
    for reading in readings {
      let (scanned, drawn) = scannedAndDrawn(reading, "json")
      #expect(
        scanned.status == 0 && drawn.status == 0, "\(reading): \(scanned.stderr) \(drawn.stderr)")
      #expect(drawn.stdout == scanned.stdout, "\(reading)")
      #expect(!drawn.stdout.contains("\"total\": 0,"))
      if reading.isEmpty { #expect(drawn.stdout.contains("\"total\": \(distinct),")) }
      // The days alone: a CSV of days keeps no one (and, without a filter, tells no one apart).
      if !reading.contains(where: { ["--by-author", "--layout", "--authors"].contains($0) }) {
        let (scannedDays, drawnDays) = scannedAndDrawn(reading, "csv")
        #expect(scannedDays.status == 0 && scannedDays.stdout.contains(",1,0\n"), "\(reading)")
        #expect(drawnDays.status == 0 && drawnDays.stdout == scannedDays.stdout, "\(reading) csv")
      }
    }
    // One export of the whole tree (--scan names each repository by its path below the root)
    // draws the same.
    let whole = exports + "/../whole.ndjson.gz"
    let scanExport = heatmap(
      ["--scan", root.path, "--format", "commits", "--co-authors", "-o", whole], in: root.path,
      environment: environment)
    #expect(scanExport.status == 0, "\(scanExport.stderr)")
    for reading in [["--co-authors", "--author", "pair"], ["--timezone", "utc"]] {
      let scanned = heatmap(
        Self.window + reading + ["--format", "json", "--scan", root.path], in: root.path,
        environment: environment)
      let drawn = heatmap(
        Self.window + reading + ["--format", "json", "--from", whole], in: root.path,
        environment: environment)
      #expect(drawn.status == 0 && drawn.stdout == scanned.stdout, "\(reading)")
    }
    // The author table too, and the files given by the shell one by one.
    let paths = files.sorted().map { exports + "/" + $0 }
    let table = heatmap(
      Self.window + ["--authors", "--format", "json", "--scan", root.path], in: root.path,
      environment: environment)
    let fromTable = heatmap(
      Self.window + ["--authors", "--format", "json", "--from"] + paths, in: root.path,
      environment: environment)
    #expect(fromTable.status == 0 && fromTable.stdout == table.stdout)
  }

  @Test(
    "DuckDB's GROUP BY over the exports gives the days of --format csv",
    .enabled(
      if: Tools.isInstalled(Tools.python, module: "duckdb"),
      "DuckDB is not installed (Scripts/test installs it in .build/python)"))
  func duckDB() throws {
    let root = try Self.organisation(count: 30)
    let exports = root.path + "/../duck-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: exports) }
    for name in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    where name.hasPrefix("r") {
      let result = heatmap(
        ["--format", "commits", "--repository-name", name, "-o", exports + "/\(name).ndjson"],
        in: root.path + "/" + name, environment: root.environment)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let python = try Tools.requiredTool(
      Tools.python, "DuckDB",
      installedBy: "python3 -m venv .build/python && .build/python/bin/pip install duckdb")
    let query = """
      import duckdb, sys
      rows = duckdb.sql('''
        WITH commits AS (
          SELECT id, any_value(authorTime) AS t, any_value(authorOffset) AS o
          FROM read_json_auto('\(exports)/*.ndjson', format = 'newline_delimited')
          GROUP BY id)
        SELECT CAST(DATE '1970-01-01' + CAST(floor((t + o * 60) / 86400) AS INTEGER) AS VARCHAR)
          AS day, count(*) AS commits
        FROM commits GROUP BY day ORDER BY day''').fetchall()
      for day, count in rows: print(day, count)
      """
    let output = try TemporaryRepository.run(
      python, ["-c", query], in: root.path, environment: Tools.hermeticEnvironment)
    var fromDuckDB: [String: Int] = [:]
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2, let count = Int(parts[1]), parts[0] >= "2019-01-01",
        parts[0] <= "2024-12-31"
      {
        fromDuckDB[String(parts[0])] = count
      }
    }
    let csv = heatmap(
      Self.window + ["--format", "csv", "--scan", root.path], in: root.path,
      environment: root.environment)
    #expect(csv.status == 0)
    #expect(!fromDuckDB.isEmpty && fromDuckDB == nonZeroDays(csv.stdout))
  }

  /// A repository whose people are hostile: control characters, bidirectional overrides, a
  /// Latin-1 name with no encoding header, quotes, commas and a script end tag.
  static func hostile() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let names = [
      "Eve \u{1B}]0;owned\u{07}", "Mallory \u{202E}gnp.exe", "Quote \"Comma, Inc\"",
      "</script><!--", "Back\\slash", "Line\u{2028}Sep",
    ]
    for (index, name) in names.enumerated() {
      try repo.commit(
        "c\(index)\n\nCo-authored-by: \(name) Co <co\(index)@example.com>",
        date: "\(1_704_196_800 + index * 86_400) +0100", author: name,
        email: "p\(index)@example.com")
    }
    let tree = try repo.emptyTree()
    let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    var raw = Data("tree \(tree)\nparent \(head)\nauthor ".utf8)
    raw += Data([0x4A, 0xFC, 0x72, 0x67, 0x65, 0x6E])  // "Jürgen" in Latin-1, no encoding header
    raw += Data(" <j@example.com> 1704800000 +0000\ncommitter C <c@x> 1704800000 +0000\n\nm\n".utf8)
    let id = try repo.writeRawCommit(raw)
    try repo.git(["update-ref", "refs/heads/main", id])
    return repo
  }

  @Test("hostile names survive the export losslessly, in NDJSON and in CSV, escaped")
  func lossless() throws {
    let repo = try Self.hostile()
    let direct = heatmap(
      Self.window + ["--authors", "--co-authors", "--format", "json"], in: repo.path)
    #expect(direct.status == 0)
    for file in ["x.ndjson", "x.csv", "x.ndjson.gz"] {
      let path = repo.path + "/../" + UUID().uuidString + file
      let exported = heatmap(
        ["--format", "commits", "--co-authors", "-o", path], in: repo.path)
      #expect(exported.status == 0, "\(exported.stderr)")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      if !file.hasSuffix(".gz") {
        // No control byte but the line ends, no bidirectional override: plain, safe text.
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A })
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.unicodeScalars.contains("\u{202E}") && text.contains("\\u202e"))
        #expect(text.contains("J\\uf7fcrgen"))
      }
      let drawn = heatmap(
        Self.window + ["--authors", "--co-authors", "--format", "json", "--from", path],
        in: repo.path)
      #expect(drawn.status == 0, "\(drawn.stderr)")
      // The export names the repository by its path, as the direct run does.
      #expect(drawn.stdout == direct.stdout, "\(file)")
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// One repository and its export, for the error cases.
  static func exported(_ extra: [String] = []) throws -> (TemporaryRepository, String) {
    let repo = try TemporaryRepository()
    for day in 0..<4 {
      try repo.commit(
        "c\(day)\n\nCo-authored-by: Pat <pat@example.com>",
        date: "\(1_704_196_800 + day * 86_400) +0000")
    }
    let path = repo.root.path + "/one.ndjson"
    let result = heatmap(["--format", "commits", "-o", path] + extra, in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    return (repo, path)
  }

  @Test("a damaged, cut or newer export is an error naming the file and line; nothing is drawn")
  func damaged() throws {
    let (repo, path) = try Self.exported()
    let good = try String(contentsOfFile: path, encoding: .utf8)
    var lines = good.split(separator: "\n").map(String.init)
    let cases: [(name: String, text: String, message: String)] = [
      (
        "bad.ndjson", lines[0] + "\n" + lines[1] + "\n" + String(lines[2].dropLast(5)) + "\n",
        "bad.ndjson:3: "
      ),
      (
        "cut.ndjson", lines[0] + "\n" + String(lines[1].prefix(40)),
        "cut.ndjson:2: "
      ),
      (
        "newer.ndjson", lines[0].replacingOccurrences(of: "\"v\":1", with: "\"v\":2") + "\n",
        "newer.ndjson:1: written in schema 2 by a newer git-heatmap"
      ),
      (
        "noid.ndjson", lines[0].replacingOccurrences(of: "\"id\":\"", with: "\"id\":\"zz") + "\n",
        "noid.ndjson:1: 'id' is not a commit id"
      ),
      ("text.ndjson", lines[0] + " trailing\n", "text.ndjson:1: text after the record"),
      (
        "float.ndjson",
        lines[0].replacingOccurrences(of: "\"parents\":1", with: "\"parents\":1.5") + "\n",
        "float.ndjson:1: expected a whole number"
      ),
    ]
    for (name, text, message) in cases {
      let file = repo.root.path + "/" + name
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let result = heatmap(
        ["--format", "json", "--from", file, "--year", "2024"], in: repo.root.path)
      #expect(result.status == 1 && result.stdout.isEmpty, "\(name)")
      #expect(result.stderr.hasPrefix("git-heatmap: \(file):"), "\(name): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    // A gzip export cut short, and one whose bytes were damaged.
    let gz = repo.root.path + "/one.ndjson.gz"
    #expect(heatmap(["--format", "commits", "-o", gz], in: repo.path).status == 0)
    let compressed = try Data(contentsOf: URL(fileURLWithPath: gz))
    try compressed.prefix(compressed.count - 6).write(to: URL(fileURLWithPath: gz + ".cut"))
    var flipped = compressed
    flipped[flipped.count / 2] ^= 0xFF
    try flipped.write(to: URL(fileURLWithPath: gz + ".flipped"))
    let cut = heatmap(["--from", gz + ".cut", "--year", "2024"], in: repo.path)
    #expect(cut.status == 1 && cut.stderr.contains("the gzip data ends early"), "\(cut.stderr)")
    let damagedGzip = heatmap(["--from", gz + ".flipped", "--year", "2024"], in: repo.path)
    // Damaged bytes fail zlib's checks, or inflate to a line that is not a record: either way an
    // error that names the file.
    #expect(damagedGzip.status == 1 && damagedGzip.stdout.isEmpty)
    #expect(damagedGzip.stderr.hasPrefix("git-heatmap: \(gz).flipped:"), "\(damagedGzip.stderr)")
    // Files that are not there, globs that match nothing, a folder.
    for (argument, message) in [
      ("missing.ndjson", "cannot read 'missing.ndjson': No such file or directory"),
      ("nothing-*.ndjson", "no export matches 'nothing-*.ndjson'"),
      (".", "cannot read '.': it is a directory"),
    ] {
      let result = heatmap(["--from", argument], in: repo.root.path)
      #expect(
        result.status == 1 && result.stderr == "git-heatmap: \(message)\n", "\(result.stderr)")
    }
    lines = []
  }

  @Test(
    "selection options with --from, and readings with an export, are usage errors that say where they belong"
  )
  func belongings() throws {
    let (repo, path) = try Self.exported()
    // (--repo and --scan name repositories read beside the exports: see the day-file tests.)
    for arguments in [["--all"], ["--first-parent"], ["--", "src"]] {
      let result = heatmap(["--from", path] + arguments, in: repo.path)
      #expect(result.status == 64, "\(arguments)")
      #expect(
        result.stderr.contains("selects what an export holds")
          || result.stderr.contains("paths select what an export holds"), "\(result.stderr)")
    }
    for arguments in [
      ["--author", "x"], ["--year", "2024"], ["--timezone", "utc"], ["--no-merges"],
      ["--layout", "calendar"],
    ] {
      let result = heatmap(["--format", "commits"] + arguments, in: repo.path)
      #expect(
        result.status == 64 && result.stderr.contains("is a reading, not part of an export"),
        "\(arguments): \(result.stderr)")
    }
    let twice = heatmap(["--from", "-", "-"], in: repo.path)
    #expect(twice.status == 64)
    // Drawn back into an export, it is the same records (a merge of one).
    let reexport = heatmap(["--from", path, "--format", "commits"], in: repo.path)
    #expect(reexport.status == 0)
    #expect(
      Set(reexport.stdout.split(separator: "\n"))
        == Set(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")))
    // Co-authors are read when exporting; a draw that counts them needs an export that has them.
    let counting = heatmap(["--from", path, "--co-authors", "--year", "2024"], in: repo.path)
    #expect(counting.status == 1)
    #expect(
      counting.stderr.contains("one.ndjson:1: this export holds no co-authors"),
      "\(counting.stderr)")
  }

  @Test("stdin, concatenated gzip members, --day, --me, and exports that disagree")
  func readings() throws {
    let (repo, path) = try Self.exported(["--co-authors"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let gz = repo.root.path + "/one.ndjson.gz"
    #expect(heatmap(["--format", "commits", "--co-authors", "-o", gz], in: repo.path).status == 0)
    // `cat a.gz a.gz` is two gzip members; `-` is standard input.
    let shell = try runBinary(
      [
        "-c",
        "cat \"$1\" \"$1\" | \"$0\" --from - --co-authors --format csv --since 2024-01-01 --until 2024-01-06",
        try builtExecutable(), gz,
      ],
      in: repo.path, environment: repo.environment, shell: true)
    #expect(shell.status == 0, "\(shell.stderr)")
    let csv = heatmap(
      ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-06"], in: repo.path)
    #expect(String(decoding: shell.stdout, as: UTF8.self) == csv.stdout)
    // A pipe named as a file (/dev/stdin here, <(…) in bash) is kept and read twice too.
    let piped = try runBinary(
      [
        "-c",
        "cat \"$1\" | \"$0\" --from /dev/stdin --format csv --since 2024-01-01 --until 2024-01-06",
        try builtExecutable(), path,
      ], in: repo.path, environment: repo.environment, shell: true)
    #expect(piped.status == 0 && String(decoding: piped.stdout, as: UTF8.self) == csv.stdout)
    // --day lists the commits git lists for that day.
    let day = heatmap(["--from", path, "--day", "2024-01-03", "--format", "csv"], in: repo.path)
    let ids = try repo.git([
      "log", "--format=%H", "--since=2024-01-03T00:00:00Z", "--until=2024-01-03T23:59:59Z",
    ])
    .split(separator: "\n").map(String.init)
    #expect(day.status == 0 && ids.count == 1)
    #expect(ids.allSatisfy { day.stdout.contains(String($0.prefix(7))) }, "\(day.stdout)")
    // --me reads user.email from git config, with no repository needed.
    let config = repo.root.path + "/gitconfig"
    try "[user]\n\temail = ada@example.com\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let mine = heatmap(
      ["--from", path, "--me", "--format", "json", "--year", "2024"], in: repo.root.path,
      environment: ["GIT_CONFIG_GLOBAL": config])
    #expect(mine.status == 0 && mine.stdout.contains("\"total\": 4,"), "\(mine.stderr)")
    // A commit with no date is warned about, as for a repository, and not counted.
    let undated = text.split(separator: "\n")[0].replacingOccurrences(
      of: #""authorTime":\d+,"authorOffset":\d+"#, with: #""authorTime":null,"authorOffset":null"#,
      options: .regularExpression)
    let undatedFile = repo.root.path + "/undated.ndjson"
    try (undated + "\n").write(toFile: undatedFile, atomically: true, encoding: .utf8)
    let warned = heatmap(
      ["--from", undatedFile, "--year", "2024", "--format", "json"], in: repo.path)
    #expect(warned.status == 0 && warned.stdout.contains("\"total\": 0,"))
    #expect(
      warned.stderr.contains("has no valid author date; it is not counted"), "\(warned.stderr)")
    // A window the commits miss says where they are, as for a repository.
    let before = heatmap(["--from", path, "--year", "2023"], in: repo.path)
    #expect(before.status == 0)
    #expect(
      before.stderr.contains("note: 4 commits of the exports fall after the window"),
      "\(before.stderr)")
    // Two exports of one commit that disagree: reported, counted once as the first has it.
    let first = text.split(separator: "\n")[0]
    let other = first.replacingOccurrences(of: "\"repository\":\"", with: "\"repository\":\"zz-")
      .replacingOccurrences(of: "\"authorOffset\":0", with: "\"authorOffset\":60")
    let copy = repo.root.path + "/copy.ndjson"
    try (other + "\n").write(toFile: copy, atomically: true, encoding: .utf8)
    let both = heatmap(["--from", path, copy, "--format", "json", "--year", "2024"], in: repo.path)
    #expect(both.status == 0 && both.stdout.contains("\"total\": 4,"))
    // The warning names the two files, whatever repositories they say they hold.
    #expect(
      both.stderr.contains("warning: the exports '\(path)' and '\(copy)' disagree about commit"),
      "\(both.stderr)")
    #expect(both.stderr.contains("(author date)"))
  }

  @Test("an export names its repository by its remote, without credentials, or as asked")
  func names() throws {
    let (repo, _) = try Self.exported()
    try repo.git(["remote", "add", "origin", "https://bot:s3cret@example.com/org/one.git"])
    let byRemote = heatmap(["--format", "commits"], in: repo.path)
    #expect(byRemote.stdout.contains("\"repository\":\"https://example.com/org/one.git\""))
    #expect(!byRemote.stdout.contains("s3cret"))
    let named = heatmap(["--format", "commits", "--repository-name", "team/one"], in: repo.path)
    #expect(
      named.stdout.split(separator: "\n").allSatisfy { $0.contains("\"repository\":\"team/one\"") })
    let alone = heatmap(["--repository-name", "x"], in: repo.path)
    #expect(alone.status == 64)
  }

  @Test("a copy counts as the repository that sorts first has it, also when repositories alternate")
  func firstRepositoryWins() throws {
    let repo = try TemporaryRepository()
    // Records of two repositories, one after the other 10,000 times (as a merged export may
    // hold them): each commit in both, mailmapped differently.
    var text = ""
    for index in 0..<5_000 {
      let id =
        String(repeating: "0", count: 40 - String(index, radix: 16).count)
        + String(index, radix: 16)
      for (repository, name) in [("team10", "Written Later"), ("team9", "Mapped First")] {
        text +=
          "{\"v\":1,\"repository\":\"\(repository)\",\"id\":\"\(id)\",\"authorName\":\"\(name)\",\"authorEmail\":\"a@x\",\"writtenAuthorName\":\"A\",\"writtenAuthorEmail\":\"a@x\",\"authorTime\":\(1_704_196_800 + index * 60),\"authorOffset\":0,\"committerName\":\"C\",\"committerEmail\":\"c@x\",\"committerTime\":1704196800,\"committerOffset\":0,\"parents\":1}\n"
      }
    }
    let path = repo.root.path + "/merged.ndjson"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = heatmap(
      ["--from", path, "--authors", "--format", "json", "--year", "2024"], in: repo.root.path)
    #expect(result.status == 0, "\(result.stderr)")
    // team9 sorts before team10 (natural order), so its mailmap's name is the one counted.
    #expect(result.stdout.contains("\"repositories\": [\"team9\", \"team10\"]"))
    #expect(result.stdout.contains("\"name\": \"Mapped First\""), "\(result.stdout.prefix(600))")
    #expect(!result.stdout.contains("Written Later"))
    #expect(result.stdout.contains("\"commits\": 5000"))
  }

  @Test("an export holds what the selection holds: revisions and paths, as git log selects them")
  func selection() throws {
    let repo = try TemporaryRepository()
    for index in 0..<6 {
      try repo.write(index % 2 == 0 ? "docs/a.md" : "src/b.c", "version \(index)\n")
      try repo.git(["add", "-A"])
      try repo.commit(date: "\(1_704_196_800 + index * 86_400) +0000")
    }
    for arguments in [["--", "docs/"], ["HEAD~2"], ["--", ":!docs"]] {
      let exported = heatmap(["--format", "commits"] + arguments, in: repo.path)
      #expect(exported.status == 0, "\(exported.stderr)")
      let ids = Set(
        exported.stdout.split(separator: "\n").compactMap { line in
          line.range(of: #"[0-9a-f]{40}"#, options: .regularExpression).map { String(line[$0]) }
        })
      let git = Set(
        try repo.git(["log", "--format=%H"] + arguments).split(separator: "\n").map(String.init))
      #expect(!ids.isEmpty && ids == git, "\(arguments)")
    }
  }

  /// The CPU time (user and system, to 10 ms) of one run of the built binary with `arguments`.
  static func cpuSeconds(_ arguments: [String], in directory: String) throws -> (Double, Int32) {
    let report = directory + "/time-\(UUID().uuidString)"
    let result = try runBinary(
      ["-c", "exec /usr/bin/time -f '%U %S' -o \"$0\" \"$@\"", report, try builtExecutable()]
        + arguments, in: directory, environment: Tools.hermeticEnvironment, shell: true)
    let fields = try String(contentsOfFile: report, encoding: .utf8)
      .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    return (fields.reduce(0, +), result.status)
  }

  @Test(
    "--from over fifty years costs what one year costs: a record's day is looked up in the window, never searched for"
  )
  func windowLookup() throws {
    let base = try TemporaryRepository()
    // 30,000 records over 40 years, as an organisation's history exports them.
    var text = ""
    text.reserveCapacity(30_000 * 300)
    let span = 40 * 365 * 86_400
    for index in 0..<30_000 {
      let time = 800_000_000 + index * 104_729 % span
      let hex = String(index, radix: 16)
      let id = String(repeating: "0", count: 40 - hex.count) + hex
      text +=
        "{\"v\":1,\"repository\":\"org/r\(index % 50)\",\"id\":\"\(id)\",\"authorName\":\"P\(index % 300)\","
        + "\"authorEmail\":\"p\(index % 300)@example.com\",\"authorTime\":\(time),\"authorOffset\":0,"
        + "\"committerName\":\"C\",\"committerEmail\":\"c@example.com\",\"committerTime\":\(time),"
        + "\"committerOffset\":0,\"parents\":1,\"subject\":\"s\"}\n"
    }
    let file = base.root.path + "/org.ndjson"
    try text.write(toFile: file, atomically: false, encoding: .utf8)
    let common = ["--from", file, "--format", "csv", "-o", "/dev/null", "--until", "2025-12-31"]
    let (whole, wholeStatus) = try Self.cpuSeconds(
      common + ["--since", "1970-01-01"], in: base.root.path)
    let (year, yearStatus) = try Self.cpuSeconds(
      common + ["--since", "2025-01-01"], in: base.root.path)
    #expect(wholeStatus == 0 && yearStatus == 0, "\(wholeStatus) \(yearStatus)")
    // Stepping through the window's days for each record cost 25 times the one year.
    #expect(whole <= 3 * year + 0.15, "whole history \(whole) s, one year \(year) s")
  }
}
