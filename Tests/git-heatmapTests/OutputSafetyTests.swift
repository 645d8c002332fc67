import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// The built binary, run as a user runs it, with its exit status and how it ended.
struct ProcessResult {
  var status: Int32
  var reason: Process.TerminationReason
  var stdout: Data
  var stderr: String
}

/// Runs the built git-heatmap in `directory` with the repository's environment; `stdout` may be
/// any file handle (a device, a file), else a pipe that is read.
func runBinary(
  _ arguments: [String], in directory: String, environment: [String: String],
  stdout: FileHandle? = nil, shell: Bool = false, afterLaunch: ((Process) -> Void)? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: shell ? "/bin/sh" : try builtExecutable())
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  process.environment = environment
  let outPipe = Pipe()
  let errPipe = Pipe()
  process.standardOutput = stdout ?? outPipe
  process.standardError = errPipe
  process.standardInput = FileHandle.nullDevice
  try process.run()
  afterLaunch?(process)
  // A run that never ends fails its test (killed: reason .uncaughtSignal) instead of holding up
  // the whole suite.
  DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [process] in
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  let (output, error) = readToEnd(stdout == nil ? outPipe : nil, errPipe)
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus, reason: process.terminationReason, stdout: output,
    stderr: String(decoding: error, as: UTF8.self))
}

@Suite("Output files: devices, links, pipes, full disks and signals", .serialized)
struct OutputSafetyTests {
  static let csv = ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-03"]
  static let expectedCSV = "date,count,assisted\n2024-01-01,0,0\n2024-01-02,1,0\n2024-01-03,0,0\n"

  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")  // 2024-01-02
    return repo
  }

  /// What a reader thread received, once it has received something (two seconds at most).
  static func text(when received: SharedValue<Data>) -> String {
    var waited = 0
    while received.get().isEmpty && waited < 200 {
      usleep(10_000)
      waited += 1
    }
    return String(decoding: received.get(), as: UTF8.self)
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode : 0
  }

  @Test("-o /dev/null writes to the device and leaves it a character device")
  func devNull() throws {
    let repo = try Self.repository()
    let before = Self.mode("/dev/null")
    #expect(before & S_IFMT == S_IFCHR)
    let result = heatmap(Self.csv + ["-o", "/dev/null"], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.mode("/dev/null") == before)
  }

  @Test("-o /dev/stdout, /dev/fd/1 and /proc/self/fd/1 write to standard output, a pipe")
  func standardOutputNames() throws {
    let repo = try Self.repository()
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
      let result = try runBinary(
        Self.csv + ["-o", name], in: repo.path, environment: repo.environment)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(String(decoding: result.stdout, as: UTF8.self) == Self.expectedCSV, "\(name)")
    }
  }

  @Test("a FIFO is written in place and stays a FIFO")
  func fifo() throws {
    let repo = try Self.repository()
    let fifo = repo.root.path + "/out.fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    // A reader on another thread, as `cat fifo` in another shell.
    let received = SharedValue(Data())
    let reader = Thread {
      if let handle = FileHandle(forReadingAtPath: fifo) {
        received.set(handle.readDataToEndOfFile())
      }
    }
    reader.start()
    let result = try runBinary(
      Self.csv + ["-o", fifo], in: repo.path, environment: repo.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.text(when: received) == Self.expectedCSV)
    #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
  }

  @Test("a symbolic link stays a link; the file it names is replaced and keeps its mode")
  func symbolicLink() throws {
    let repo = try Self.repository()
    let directory = repo.root.path
    try "old".write(toFile: directory + "/real.csv", atomically: false, encoding: .utf8)
    #expect(chmod(directory + "/real.csv", 0o640) == 0)
    try FileManager.default.createDirectory(
      atPath: directory + "/links", withIntermediateDirectories: true)
    #expect(symlink("../real.csv", directory + "/links/out.csv") == 0)
    let result = heatmap(Self.csv + ["-o", directory + "/links/out.csv"], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.mode(directory + "/links/out.csv") & S_IFMT == S_IFLNK)
    #expect(Self.mode(directory + "/real.csv") == S_IFREG | 0o640)
    #expect(
      try String(contentsOfFile: directory + "/real.csv", encoding: .utf8) == Self.expectedCSV)
    // A link to a file that does not exist yet creates that file.
    #expect(symlink("made.csv", directory + "/dangling.csv") == 0)
    #expect(heatmap(Self.csv + ["-o", directory + "/dangling.csv"], in: repo.path).status == 0)
    #expect(Self.mode(directory + "/dangling.csv") & S_IFMT == S_IFLNK)
    #expect(
      try String(contentsOfFile: directory + "/made.csv", encoding: .utf8) == Self.expectedCSV)
    // A replaced regular file keeps its permission bits too; nothing else is left in the folder.
    #expect(chmod(directory + "/made.csv", 0o600) == 0)
    #expect(heatmap(Self.csv + ["-o", directory + "/made.csv"], in: repo.path).status == 0)
    #expect(Self.mode(directory + "/made.csv") == S_IFREG | 0o600)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == ["dangling.csv", "links", "made.csv", "real.csv", "repo"])
  }

  @Test("a Unix socket is connected to and written")
  func socketOutput() throws {
    let repo = try Self.repository()
    let path = repo.root.path + "/out.sock"
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0 && listen(listener, 1) == 0)
    let received = SharedValue(Data())
    let reader = Thread {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      received.set(
        FileHandle(fileDescriptor: connection, closeOnDealloc: true).readDataToEndOfFile())
    }
    reader.start()
    let result = heatmap(Self.csv + ["-o", path], in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.text(when: received) == Self.expectedCSV)
    #expect(Self.mode(path) & S_IFMT == S_IFSOCK)
  }

  @Test("a full disk is one line and exit 1, on stdout and with -o; a closed pipe is SIGPIPE")
  func writeErrors() throws {
    let repo = try Self.repository()
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let toFull = try runBinary(
      Self.csv, in: repo.path, environment: repo.environment, stdout: full)
    #expect(toFull.status == 1)
    #expect(
      toFull.stderr == "git-heatmap: cannot write to standard output: No space left on device\n")
    let intoFull = heatmap(Self.csv + ["-o", "/dev/full"], in: repo.path)
    #expect(intoFull.status == 1)
    #expect(intoFull.stderr == "git-heatmap: cannot write '/dev/full': No space left on device\n")
    #expect(Self.mode("/dev/full") & S_IFMT == S_IFCHR)
    // A reader that stops early: the writer ends by SIGPIPE, as git does.
    let script =
      "'\(try builtExecutable())' --format svg --weeks 530 | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}"
    let status = try TemporaryRepository.run(
      "/bin/bash", ["-c", script], in: repo.path, environment: repo.environment)
    #expect(status == "141\n")
  }

  @Test(
    "SIGINT, SIGTERM and SIGHUP while -o is written leave no temporary; exit 128 + signal",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func interrupted(signal: Int32, expected: Int32) throws {
    let repo = try TemporaryRepository()
    // Ten authors, one graph each over five years: the SVG is written as it is drawn, so its
    // temporary is there for a while; the run is stopped once it is seen, and signalled only
    // if the temporary is still there (not yet renamed), so the signal lands mid-write.
    try repo.importLine(
      (0..<10).map {
        TemporaryRepository.ImportedCommit(
          author: "P\($0) <p\($0)@x>", time: 1_704_196_800 + $0 * 60)
      })
    let directory = repo.root.path + "/out"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let arguments = [
      "--by-author", "--top", "10", "--since", "2019-07-01", "--until", "2024-06-30",
      "--no-cache", "-o", directory + "/graph.svg",
    ]
    func temporaryIsThere() -> Bool {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      return names.contains { $0.contains(".tmp-") }
    }
    var caught = 0
    for _ in 0..<20 where caught < 1 {
      try? FileManager.default.removeItem(atPath: directory + "/graph.svg")
      var signalled = false
      let result = try runBinary(arguments, in: repo.path, environment: repo.environment) {
        process in
        // A look every half millisecond, not a spin that keeps a core in the kernel.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline {
          if temporaryIsThere() {
            kill(process.processIdentifier, SIGSTOP)
            signalled = temporaryIsThere()
            if signalled { kill(process.processIdentifier, signal) }
            kill(process.processIdentifier, SIGCONT)
            return
          }
          usleep(500)
        }
      }
      let left = try FileManager.default.contentsOfDirectory(atPath: directory)
      #expect(left.allSatisfy { $0 == "graph.svg" }, "left behind: \(left)")
      if signalled {
        #expect(result.reason == .exit && result.status == expected, "\(result)")
        #expect(!left.contains("graph.svg"))
        caught += 1
      }
    }
    #expect(caught >= 1, "the signal never arrived during the write")
  }

  @Test("temporaries of dead runs beside the cache are swept by the next save and --clear-cache")
  func staleTemporaries() throws {
    let repo = try Self.repository()
    #expect(heatmap(Self.csv, in: repo.path).status == 0)
    let directory = repo.path + "/.git/git-heatmap"
    // A process id that no process has: one that has just ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let alive = getppid()
    let names = [
      "history.cache.tmp-\(dead)-17", ".history.cache.tmp-\(dead)-99",
      "history.cache.tmp-\(alive)-1",
    ]
    for name in names {
      #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data([1])))
    }
    try repo.commit(date: "1704283200 +0000")  // something new, so the cache is written
    #expect(heatmap(Self.csv, in: repo.path).status == 0)
    var left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    #expect(left == ["history.cache", "history.cache.tmp-\(alive)-1"])
    #expect(FileManager.default.createFile(atPath: directory + "/" + names[0], contents: nil))
    #expect(heatmap(Self.csv + ["--clear-cache", "--no-cache"], in: repo.path).status == 0)
    left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    #expect(left == ["history.cache.tmp-\(alive)-1"])
  }
}

/// A value shared between a test and the thread it starts.
final class SharedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func get() -> Value { lock.withLock { value } }
  func set(_ new: Value) { lock.withLock { value = new } }
  func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}

@Suite("Standard descriptors closed at start")
struct StandardDescriptorTests {
  @Test("with stdout closed, a first run never writes its output into the cache it opens")
  func closedStdout() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1704196800 +0000")
    let binary = try builtExecutable()
    let cache = repo.path + "/.git/git-heatmap/history.cache"
    for _ in 0..<30 {
      try? FileManager.default.removeItem(atPath: cache)
      let result = try runBinary(
        [
          "-c",
          "exec \"$0\" --format csv --since 2024-01-01 --until 2024-01-03 >&- 2>/dev/null",
          binary,
        ],
        in: repo.path, environment: repo.environment, shell: true)
      #expect(result.status == 0)
      let written = (try? Data(contentsOf: URL(fileURLWithPath: cache))) ?? Data()
      #expect(!written.isEmpty)
      #expect(String(decoding: written, as: UTF8.self).contains("date,count") == false)
    }
    let after = try runBinary(
      ["--format", "csv", "--since", "2024-01-01", "--until", "2024-01-03"], in: repo.path,
      environment: repo.environment)
    #expect(String(decoding: after.stdout, as: UTF8.self) == OutputSafetyTests.expectedCSV)
    #expect(after.stderr.isEmpty)
  }
}
