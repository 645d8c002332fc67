import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

/// What must not leave a machine does not: `--counts-only` outputs carry dates and counts only
/// (every byte of every format grepped for markers planted in every field), day files carry the
/// counts from one machine to another and add up, and a pseudonymous export names no one.
@Suite("Counts only, day files and pseudonyms: what leaves and what does not")
struct CountsOnlyAndDayFilesTests {
  /// Every marker planted; none may appear in a counts-only output.
  static let markers = [
    "MARKREPO", "MARKURL", "MARKBRANCH", "MARKTAG", "MARKAUTHOR", "MARKEMAIL", "MARKCOMMITTER",
    "MARKCEMAIL", "MARKCOAUTHOR", "MARKCOEMAIL", "MARKSUBJECT", "MARKBODY", "MARKPATH",
    "MARKFILE", "MARKHOME", "Berlin",
  ]

  /// A home folder with two repositories below it whose every field carries a marker, commits
  /// on several days (with lines, a co-author and an AI-assisted one).
  static func workspace() throws -> (root: URL, home: String, environment: [String: String]) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "counts-only-\(UUID().uuidString)")
    let home = root.path + "/homeMARKHOME"
    try FileManager.default.createDirectory(
      atPath: home + "/work", withIntermediateDirectories: true)
    var environment = Tools.hermeticEnvironment
    environment["HOME"] = home
    environment["XDG_CACHE_HOME"] = home + "/.cache"
    for (number, name) in ["secret-client-acmeMARKREPO1", "internal-payrollMARKREPO2"].enumerated()
    {
      let path = home + "/work/" + name
      func git(_ arguments: [String], extra: [String: String] = [:]) throws {
        try TemporaryRepository.run(
          "/usr/bin/git", arguments, in: path, environment: environment.merging(extra) { $1 })
      }
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try git(["init", "-q", "-b", "branchMARKBRANCH"])
      try git(["remote", "add", "origin", "https://example.com/urlMARKURL.git"])
      for day in 0..<4 {
        let folder = path + "/dirMARKPATH\(day)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try String(repeating: "line \(number)\n", count: day + 1).write(
          toFile: folder + "/fileMARKFILE.txt", atomically: true, encoding: .utf8)
        try git(["add", "-A"])
        let date = "\(1_730_700_000 + day * 86_400 + number * 3_600) +0100"
        let trailer = day == 2 ? "\nAssisted-by: Claude:MARKAGENT" : ""
        try git(
          [
            "commit", "-q", "-m",
            "Fix ACME-123 MARKSUBJECT\n\nbody MARKBODY\n\nCo-authored-by: coMARKCOAUTHOR <co@MARKCOEMAIL.example>\(trailer)",
          ],
          extra: [
            "GIT_AUTHOR_NAME": "nameMARKAUTHOR", "GIT_AUTHOR_EMAIL": "me@corpMARKEMAIL.example",
            "GIT_COMMITTER_NAME": "nameMARKCOMMITTER",
            "GIT_COMMITTER_EMAIL": "c@MARKCEMAIL.example", "GIT_AUTHOR_DATE": date,
            "GIT_COMMITTER_DATE": date,
          ])
      }
      try git(["tag", "tagMARKTAG"])
    }
    return (root, home, environment)
  }

  static let window = ["--since", "2024-10-01", "--until", "2024-11-30"]

  /// Every output a run can make, each as its bytes with stderr after them.
  static func outputs(_ options: [String], in home: String, environment: [String: String])
    -> [(name: String, bytes: [UInt8])]
  {
    var made: [(String, [UInt8])] = []
    let formats = [
      ["--format", "terminal"], ["--format", "svg"], ["--format", "csv"], ["--format", "json"],
      ["--format", "summary"], ["--format", "html"], ["--format", "days"],
      ["--format", "days", "-o", home + "/out.days.csv"], ["-o", home + "/out.png"],
      ["-o", home + "/out.svg", "--theme", "auto"], ["--measure", "lines", "--format", "json"],
      ["--measure", "lines", "--format", "svg"], ["--layout", "calendar", "--format", "svg"],
      ["--co-authors", "--format", "json"], ["--me", "-v", "--format", "csv"],
      ["--format", "terminal", "--color", "always", "--since", "2020-01-01"],
    ]
    for format in formats {
      let arguments =
        ["--scan", home + "/work", "--timezone", "Europe/Berlin", "--author", "me@corp"]
        + window + options + format
      let result = heatmap(arguments, in: home, environment: environment)
      var bytes = Array(result.stdout.utf8) + Array(result.stderr.utf8)
      if let index = format.firstIndex(of: "-o") {
        bytes +=
          (try? Data(contentsOf: URL(fileURLWithPath: format[index + 1]))).map(Array.init) ?? []
      }
      made.append((format.joined(separator: " ") + " (status \(result.status))", bytes))
    }
    return made
  }

  @Test("--counts-only: no marker in any byte of any output, PNG and stderr included")
  func noMarkerLeaves() throws {
    let (root, home, environment) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    try TemporaryRepository.run(
      "/usr/bin/git", ["config", "--global", "user.email", "me@corpMARKEMAIL.example"], in: home,
      environment: environment.merging(["GIT_CONFIG_GLOBAL": home + "/.gitconfig"]) { $1 })
    var configured = environment
    configured["GIT_CONFIG_GLOBAL"] = home + "/.gitconfig"
    for (name, bytes) in Self.outputs(["--counts-only"], in: home, environment: configured) {
      #expect(name.hasSuffix("(status 0)"), "\(name): \(String(decoding: bytes, as: UTF8.self))")
      let text = String(decoding: bytes, as: UTF8.self)
      for marker in Self.markers {
        #expect(!text.contains(marker), "\(name) holds \(marker)")
      }
      #expect(bytes.count > 40, "\(name) is empty")
    }
    // The same without --counts-only: the markers are there (so this test can fail).
    let plain = Self.outputs([], in: home, environment: configured)
    let found = Set(
      plain.flatMap { output in
        Self.markers.filter { String(decoding: output.bytes, as: UTF8.self).contains($0) }
      })
    #expect(found.isSuperset(of: ["MARKREPO", "MARKAUTHOR", "MARKEMAIL", "MARKSUBJECT", "Berlin"]))
  }

  @Test(
    "--counts-only refuses what names people or commits; heatmap.countsOnly is a promise",
    arguments: [
      ["--authors"], ["--by-author"], ["--day", "2024-11-02"], ["--layout", "punchcard"],
      ["--format", "commits"], ["--emails", "--by-author"], ["--commit-url", "https://x/%H"],
    ])
  func refusals(options: [String]) throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1730700000 +0000")
    let given = heatmap(["--counts-only"] + options, in: repo.path)
    #expect(given.status == 64, "\(given.stderr)")
    #expect(given.stdout.isEmpty)
    try repo.git(["config", "heatmap.countsOnly", "true"])
    let configured = heatmap(options, in: repo.path)
    #expect(configured.status == 64)
    #expect(configured.stderr.contains("heatmap.countsOnly"), "\(configured.stderr)")
    try repo.git(["config", "heatmap.countsOnly", "false"])
    #expect(
      heatmap(options, in: repo.path).status == 0 || options.contains("--emails")
        || options.contains("--commit-url"))
  }

  @Test("a day file drawn alone gives the repositories' days and statistics; with others, sums")
  func dayFilesCarryTheCounts() throws {
    let (root, home, environment) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let work = ["--scan", home + "/work"] + Self.window
    for measure in ["commits", "lines"] {
      let made = heatmap(
        work + ["--measure", measure, "--format", "days", "-o", home + "/d.json"], in: home,
        environment: environment)
      #expect(made.status == 0, "\(made.stderr)")
      let csv = heatmap(
        work + ["--measure", measure, "--format", "days", "-o", home + "/d.csv"], in: home,
        environment: environment)
      #expect(csv.status == 0)
      for format in ["json", "csv", "summary"] {
        let direct = heatmap(
          work + ["--measure", measure, "--format", format, "--counts-only"], in: home,
          environment: environment)
        for file in ["d.json", "d.csv"] {
          let drawn = heatmap(
            Self.window + ["--measure", measure, "--format", format, "--from", home + "/" + file],
            in: home, environment: environment)
          #expect(drawn.status == 0, "\(drawn.stderr)")
          // A day file splits commits into AI-assisted and not, not lines: under lines, the
          // days' counts and the summary's first line.
          if measure == "commits" {
            #expect(drawn.stdout == direct.stdout, "\(measure) \(format) \(file)")
          } else if format == "csv" {
            #expect(nonZeroDays(drawn.stdout) == nonZeroDays(direct.stdout), "\(file)")
          } else if format == "summary" {
            #expect(
              drawn.stdout.prefix(while: { $0 != "\n" })
                == direct.stdout.prefix(while: { $0 != "\n" }))
          }
        }
      }
    }
    // Beside a repository read directly: the sum of both.
    let other = try TemporaryRepository()
    try other.commit(date: "1730700000 +0000")
    try other.commit(date: "1730786400 +0000")
    let summed = heatmap(
      Self.window + ["--format", "csv", "--from", home + "/d.json", "--repo", other.path],
      in: home, environment: environment)
    #expect(summed.status == 0, "\(summed.stderr)")
    let alone = nonZeroDays(
      heatmap(
        Self.window + ["--format", "csv", "--from", home + "/d.json"], in: home,
        environment: environment
      )
      .stdout)
    let theirs = nonZeroDays(heatmap(Self.window + ["--format", "csv"], in: other.path).stdout)
    #expect(nonZeroDays(summed.stdout) == alone.merging(theirs, uniquingKeysWith: +))
    // The same file twice: counted once, said so.
    let twice = heatmap(
      Self.window + ["--format", "csv", "--from", home + "/d.json", home + "/d.json"], in: home,
      environment: environment)
    #expect(nonZeroDays(twice.stdout) == alone)
    #expect(twice.stderr.contains("has the same days as"))
    // Two files of the same repositories whose windows overlap: said so.
    let later = heatmap(
      [
        "--scan", home + "/work", "--since", "2024-11-01", "--until", "2024-12-20", "--format",
        "days", "-o", home + "/later.json",
      ], in: home, environment: environment)
    #expect(later.status == 0)
    let overlap = heatmap(
      Self.window + ["--format", "csv", "--from", home + "/d.json", home + "/later.json"],
      in: home, environment: environment)
    #expect(overlap.stderr.contains("their windows overlap"), "\(overlap.stderr)")
  }

  @Test("GitLab's, Gitea's and GitHub's calendars, in their documented shapes, are days")
  func forgeCalendars() throws {
    let folder = try TemporaryRepository()
    let files = [
      ("gitlab.json", #"{"2024-11-02": 3, "2024-11-04": 1}"#),
      (
        "gitea.json",
        #"[{"timestamp": 1730534400, "contributions": 2}, {"timestamp": 1730538000, "contributions": 1}, {"timestamp": 1730707200, "contributions": 1}]"#
      ),
      (
        "github.json",
        #"{"data": {"user": {"contributionsCollection": {"contributionCalendar": {"totalContributions": 4, "weeks": [{"contributionDays": [{"contributionCount": 3, "date": "2024-11-02", "weekday": 1}, {"contributionCount": 0, "date": "2024-11-03", "weekday": 2}]}, {"contributionDays": [{"contributionCount": 1, "date": "2024-11-04", "weekday": 3}]}]}}}}}"#
      ),
    ]
    for (name, text) in files {
      try text.write(toFile: folder.path + "/" + name, atomically: true, encoding: .utf8)
      let drawn = heatmap(
        Self.window + ["--format", "csv", "--from", folder.path + "/" + name], in: folder.path)
      #expect(drawn.status == 0, "\(name): \(drawn.stderr)")
      #expect(nonZeroDays(drawn.stdout) == ["2024-11-02": 3, "2024-11-04": 1], "\(name)")
    }
    let github = heatmap(
      Self.window + ["--from", folder.path + "/github.json"], in: folder.path)
    #expect(github.stderr.contains("counts issues, pull requests and reviews too"))
  }

  @Test(
    "a day file that is not one is a clear error, exit 65, nothing drawn",
    arguments: [
      (#"{"format": "git-heatmap-days", "version": 2, "days": []}"#, "newer git-heatmap"),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-11-02", "commits": -1}]}"#,
        "negative"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-11-02", "commits": 99999999999999999999}]}"#,
        "whole number"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-11-02", "commits": 1000000000001}]}"#,
        "larger than any count"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-13-02", "commits": 1}]}"#,
        "not a date"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "10000-01-01", "commits": 1}]}"#,
        "not a date"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-11-02", "commits": 1}"#,
        "does not end"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "since": "2024-11-03", "until": "2024-11-30", "days": [{"date": "2024-11-02", "commits": 1}]}"#,
        "outside the file's window"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-11-03", "commits": 1}, {"date": "2024-11-02", "commits": 1}]}"#,
        "not in order"
      ),
      (
        #"{"format": "git-heatmap-days", "version": 1, "days": [{"date": "2024-11-02", "commits": 1, "assisted": 2}]}"#,
        "more assisted"
      ),
      (#"{"2024-11-02": "three"}"#, "not a whole number"),
      (#"{"nothing": 1}"#, "not a day file"),
      ("v,source,id,date,commits\n1,s,i,2024-11-02,-4\n", "negative"),
      ("v,source,id,date,commits\n3,s,i,2024-11-02,4\n", "version"),
      (String(repeating: "[", count: 200_000), "expected '{' at column 2"),
      (
        "{\"data\": " + String(repeating: "{\"a\": ", count: 50) + "1"
          + String(repeating: "}", count: 51), "nested deeper"
      ),
    ])
  func hostileDayFiles(text: String, words: String) throws {
    let folder = try TemporaryRepository()
    try text.write(toFile: folder.path + "/days.json", atomically: true, encoding: .utf8)
    let drawn = heatmap(
      Self.window + ["--format", "csv", "--from", folder.path + "/days.json"], in: folder.path)
    #expect(drawn.status == 65, "\(drawn.stderr)")
    #expect(drawn.stdout.isEmpty)
    #expect(drawn.stderr.hasPrefix("git-heatmap: \(folder.path)/days.json: "), "\(drawn.stderr)")
    #expect(drawn.stderr.contains(words), "\(drawn.stderr)")
    #expect(drawn.stderr.split(separator: "\n").count == 1)
  }

  @Test("a day file of 100 MB is refused at once, exit 65")
  func hugeDayFile() throws {
    let folder = try TemporaryRepository()
    let path = folder.path + "/big.json"
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.write(contentsOf: Data("{\"format\": \"".utf8))
    let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
    for _ in 0..<100 { try handle.write(contentsOf: chunk) }
    try handle.close()
    let drawn = heatmap(["--from", path], in: folder.path)
    #expect(drawn.status == 65 && drawn.stderr.contains("larger than a day file can be"))
  }

  @Test("a pseudonymous export deduplicates as the plain one does; another key links nothing")
  func pseudonyms() throws {
    let (root, home, environment) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    try Data((0..<32).map { UInt8($0) }).write(to: URL(fileURLWithPath: home + "/key"))
    try Data((0..<32).map { UInt8(100 + $0) }).write(to: URL(fileURLWithPath: home + "/other"))
    var exports: [String: String] = [:]
    for (name, key) in [("a", "key"), ("b", "key"), ("c", "other")] {
      let repository = name == "b" ? "internal-payrollMARKREPO2" : "secret-client-acmeMARKREPO1"
      let made = heatmap(
        [
          "--format", "commits", "--co-authors", "--pseudonymize", home + "/" + key, "-o",
          home + "/\(name).ndjson",
        ], in: home + "/work/" + repository, environment: environment)
      #expect(made.status == 0, "\(made.stderr)")
      exports[name] = try String(contentsOfFile: home + "/\(name).ndjson", encoding: .utf8)
      for marker in Self.markers {
        #expect(exports[name]?.contains(marker) == false, "\(name) holds \(marker)")
      }
    }
    let plain = heatmap(
      Self.window + ["--scan", home + "/work", "--format", "csv"], in: home,
      environment: environment)
    let drawn = heatmap(
      Self.window + ["--format", "csv", "--from", home + "/a.ndjson", home + "/b.ndjson"],
      in: home, environment: environment)
    #expect(drawn.stdout == plain.stdout)
    let people = heatmap(
      Self.window + [
        "--authors", "--format", "csv", "--from", home + "/a.ndjson", home + "/b.ndjson",
      ],
      in: home, environment: environment)
    #expect(people.stdout.split(separator: "\n").count == 2, "one person: \(people.stdout)")
    // Another key: no id, name or email in common with the first.
    func values(_ text: String?) -> Set<String> {
      Set(
        (text ?? "").split(separator: "\"").filter {
          $0.hasPrefix("person-") || $0.hasSuffix("@pseudonym.invalid") || $0.count == 40
        }.map(String.init))
    }
    #expect(!values(exports["a"]).isEmpty)
    #expect(values(exports["a"]).isDisjoint(with: values(exports["c"])))
    let short = heatmap(
      ["--format", "commits", "--pseudonymize", home + "/short"],
      in: home + "/work/internal-payrollMARKREPO2",
      environment: environment)
    #expect(short.status == 1 && short.stderr.contains("cannot read the key"))
  }
}
