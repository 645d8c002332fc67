import Foundation

/// A real git repository in a temporary folder, made with the `git` command, for one test.
///
/// Every git command runs with `HOME` in the folder, `GIT_CONFIG_GLOBAL=/dev/null` and
/// `GIT_CONFIG_NOSYSTEM=1`, so nothing depends on the developer's configuration. The folder is
/// removed when the value is released.
public final class TemporaryRepository {
  /// The folder that holds the repository (and anything else the test makes).
  public let root: URL
  /// The work tree (or, for a bare repository, the git directory).
  public let path: String
  private var tick = 0

  public struct CommandError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  public init(bare: Bool = false, branch: String = "main") throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "git-heatmap-test-" + UUID().uuidString)
    path = root.appendingPathComponent(bare ? "repo.git" : "repo").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    // Without git's template (sample hooks, a description, info/exclude): fifteen files a test
    // never reads, and on ext4 each new file costs more than the repository's own few. The
    // info folder is made, as git makes it, for tests that write grafts or attributes there.
    try git(["init", "-q", "--template=", "-b", branch] + (bare ? ["--bare"] : []))
    try FileManager.default.createDirectory(
      atPath: (bare ? path : path + "/.git") + "/info", withIntermediateDirectories: true)
  }

  /// Uses an existing folder below `root`, such as a clone.
  public init(existing path: String, root: URL) {
    self.root = root
    self.path = path
  }

  /// Packs every repository in the folder that has loose objects (`git repack -a -d`: them
  /// and its packs into one pack), so that a copy is a few files rather than a thousand; the
  /// histories stay as they were, commit for commit.
  public func packEveryRepository() throws {
    guard let walk = FileManager.default.enumerator(atPath: root.path) else { return }
    var gitDirectories: [String] = []
    while let relative = walk.nextObject() as? String {
      let full = root.path + "/" + relative
      guard (relative as NSString).lastPathComponent == "objects",
        FileManager.default.fileExists(atPath: full + "/../HEAD")
      else { continue }
      gitDirectories.append((full as NSString).deletingLastPathComponent)
      walk.skipDescendants()
    }
    for directory in gitDirectories {
      // One packed as its test wants it (without deltas, say) is left as it is.
      let loose = try TemporaryRepository.run(
        "/usr/bin/git", ["--git-dir=" + directory, "count-objects"], in: root.path,
        environment: environment)
      guard !loose.hasPrefix("0 objects") else { continue }
      try TemporaryRepository.run(
        "/usr/bin/git", ["--git-dir=" + directory, "repack", "-q", "-a", "-d"], in: root.path,
        environment: environment)
    }
  }

  /// Makes every packed object of this repository loose again (`git unpack-objects`), for a
  /// test that removes objects one by one.
  public func unpackObjects() throws {
    let gitDirectory = try git(["rev-parse", "--absolute-git-dir"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let packs = gitDirectory + "/objects/pack"
    for name in try FileManager.default.contentsOfDirectory(atPath: packs)
    where name.hasSuffix(".pack") {
      // Moved out first: unpack-objects writes no object the repository already has.
      let moved = root.path + "/" + name
      try FileManager.default.moveItem(atPath: packs + "/" + name, toPath: moved)
      try FileManager.default.removeItem(
        atPath: packs + "/" + (name as NSString).deletingPathExtension + ".idx")
      try git(["unpack-objects", "-q"], input: try Data(contentsOf: URL(fileURLWithPath: moved)))
      try FileManager.default.removeItem(atPath: moved)
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// A copy of this folder (the repository and anything beside it) in a folder of its own, for
  /// a test that changes it: one history made once serves every test of a suite.
  public func copy() throws -> TemporaryRepository {
    let copied = FileManager.default.temporaryDirectory.appendingPathComponent(
      "git-heatmap-test-" + UUID().uuidString)
    try FileManager.default.copyItem(at: root, to: copied)
    let relative = String(path.dropFirst(root.path.count))
    return TemporaryRepository(existing: copied.path + relative, root: copied)
  }

  /// The environment every command here runs with.
  public var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("GIT_") { environment[key] = nil }
    environment["HOME"] = root.path
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["TZ"] = "UTC"
    environment["GIT_AUTHOR_NAME"] = "Default Author"
    environment["GIT_AUTHOR_EMAIL"] = "author@example.com"
    environment["GIT_COMMITTER_NAME"] = "Committer"
    environment["GIT_COMMITTER_EMAIL"] = "committer@example.com"
    environment["LC_ALL"] = "C"
    return environment
  }

  /// Runs git here and returns its standard output; throws with its stderr when it fails.
  @discardableResult
  public func git(
    _ arguments: [String], environment extra: [String: String] = [:], input: Data? = nil
  ) throws -> String {
    try TemporaryRepository.run(
      "/usr/bin/git", arguments, in: path, environment: environment.merging(extra) { $1 },
      input: input)
  }

  /// Writes `text` to `path` of the work tree, making the folders on the way.
  public func write(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: self.path + "/" + path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// Makes a commit with fixed dates. `date` is git's raw form, `1700000000 +0100`.
  @discardableResult
  public func commit(
    _ message: String? = nil, date: String, author: String = "Ada Lovelace",
    email: String = "ada@example.com", committerDate: String? = nil
  ) throws -> String {
    tick += 1
    try git(
      ["commit", "-q", "--allow-empty", "-m", message ?? "commit \(tick)"],
      environment: [
        "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_NAME": "Committer", "GIT_COMMITTER_EMAIL": "committer@example.com",
        "GIT_COMMITTER_DATE": committerDate ?? date,
      ])
    return try head()
  }

  /// The commit HEAD names: read from the loose ref a commit just wrote (one process fewer a
  /// commit), else from `git rev-parse`.
  public func head() throws -> String {
    var isFolder: ObjCBool = false
    let dotGit = path + "/.git"
    let gitDirectory =
      FileManager.default.fileExists(atPath: dotGit, isDirectory: &isFolder) && isFolder.boolValue
      ? dotGit : FileManager.default.fileExists(atPath: path + "/objects") ? path : nil
    if let directory = gitDirectory {
      guard let head = try? String(contentsOfFile: directory + "/HEAD", encoding: .utf8) else {
        return try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      let line = head.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.hasPrefix("ref: "),
        let id = try? String(contentsOfFile: directory + "/" + line.dropFirst(5), encoding: .utf8)
      {
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 40 { return trimmed }
      } else if line.count == 40 {
        return line
      }
    }
    return try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// One commit of a line that `importLine` writes: its author (`Name <email>`), the time it
  /// was authored and committed, the author's offset as git writes it, its committer, and its
  /// message (a line).
  public struct ImportedCommit {
    public var author: String
    public var time: Int
    public var offset: String
    public var committer: String
    public var message: String

    public init(
      author: String, time: Int, offset: String = "+0000", committer: String = "C <c@x>",
      message: String = "m"
    ) {
      self.author = author
      self.time = time
      self.offset = offset
      self.committer = committer
      self.message = message
    }
  }

  /// Appends `commits` to `refs/heads/main` as one line of history, each the parent of the
  /// next, with `git fast-import` (one pack, written oldest first): the first on top of the
  /// revision `onto`, else a root. Thousands of commits take a moment.
  public func importLine(_ commits: some Sequence<ImportedCommit>, onto: String? = nil) throws {
    var stream = ""
    var mark = 0
    for commit in commits {
      mark += 1
      stream += "commit refs/heads/main\nmark :\(mark)\n"
      stream += "author \(commit.author) \(commit.time) \(commit.offset)\n"
      stream += "committer \(commit.committer) \(commit.time) +0000\n"
      stream += "data \(commit.message.utf8.count + 1)\n\(commit.message)\n"
      if mark > 1 {
        stream += "from :\(mark - 1)\n"
      } else if let onto {
        stream += "from \(onto)\n"
      }
      stream += "\n"
    }
    try git(["fast-import", "--quiet"], input: Data(stream.utf8))
  }

  /// Writes a raw commit object (any bytes) with `git hash-object --literally` and returns its id.
  public func writeRawCommit(_ bytes: Data) throws -> String {
    try git(["hash-object", "-t", "commit", "-w", "--literally", "--stdin"], input: bytes)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The id of the empty tree, written into the repository.
  public func emptyTree() throws -> String {
    try git(["hash-object", "-t", "tree", "-w", "--stdin"], input: Data())
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Commits per day as git prints them: `git log --date=format:%Y-%m-%d --format=%ad ARGS`.
  public func gitDays(
    _ arguments: [String] = [], placeholder: String = "%ad", local: String? = nil,
    environment: [String: String] = [:]
  ) throws -> [String: Int] {
    let format = local == nil ? "format:%Y-%m-%d" : "format-local:%Y-%m-%d"
    let output = try git(
      ["log", "--date=\(format)", "--format=\(placeholder)"] + arguments,
      environment: environment.merging(local.map { ["TZ": $0] } ?? [:]) { $1 })
    var days: [String: Int] = [:]
    for line in output.split(separator: "\n") where !line.isEmpty {
      days[String(line), default: 0] += 1
    }
    return days
  }

  /// Runs a program and returns its standard output.
  @discardableResult
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String,
    environment: [String: String], input: Data? = nil
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = inputPipe
    try process.run()
    // Written on a thread of its own, so that a child that answers before it has read all its
    // input cannot fill its output pipe while the test is still writing.
    let writer = inputPipe.fileHandleForWriting
    Thread {
      if let input { writer.write(input) }
      try? writer.close()
    }.start()
    let (data, errorData) = readToEnd(output, error)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CommandError(
        description: "\(executable) \(arguments.joined(separator: " ")) failed: "
          + String(decoding: errorData, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
  }
}
