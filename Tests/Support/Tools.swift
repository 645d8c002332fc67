import Foundation

/// Everything a child process writes to its two pipes, each read to its end at once (on a thread
/// of its own for the standard error): read one after the other, a child that fills the second
/// pipe's buffer (64 KiB) while the first is still open would wait forever, and so would the test.
public func readToEnd(_ output: Pipe?, _ error: Pipe) -> (output: Data, error: Data) {
  final class Box: @unchecked Sendable { var data = Data() }
  let box = Box()
  let done = DispatchSemaphore(value: 0)
  let errorHandle = error.fileHandleForReading
  Thread {
    box.data = errorHandle.readDataToEndOfFile()
    done.signal()
  }.start()
  let data = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
  done.wait()
  return (data, box.data)
}

/// `count` bytes from a 64-bit linear congruential generator started at `seed`: the same bytes
/// on every run, without patterns a checksum or a CRC could mistake for structure.
public func pseudorandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
  var state = seed
  return (0..<count).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 56)
  }
}

/// Outside programs the tests check output with, found on PATH or in the project's Scripts.
public enum Tools {
  /// The project's folder, from this file's place in it.
  public static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// What the library's own tests open repositories with: no developer's configuration
  /// (`GIT_CONFIG_GLOBAL=/dev/null`, `GIT_CONFIG_NOSYSTEM=1`, and a `HOME` with nothing in it),
  /// as `TemporaryRepository` runs git.
  public static let gitEnvironment = [
    "HOME": "/nonexistent/git-heatmap-test-home", "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_CONFIG_NOSYSTEM": "1",
  ]

  /// `path`, a tool a test needs; when it is not there, an error of one line that says how to
  /// get it (Scripts/test installs every tool the suite uses).
  public static func requiredTool(_ path: String, _ what: String, installedBy command: String)
    throws -> String
  {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw TemporaryRepository.CommandError(
        description:
          "\(what) is missing (\(path)): run Scripts/test once, which installs it, or \(command)")
    }
    return path
  }

  /// Whether the tool at `path` (an executable, or a Python module for `.build/python`'s
  /// interpreter when `module` is given) is installed, for a test's `.enabled(if:)`: under plain
  /// `swift test` a test whose tool is missing is skipped, with the reason shown; under
  /// `Scripts/test` (which installs them all and sets `HEATMAP_TESTS_NEED_TOOLS=1`) it runs,
  /// and fails naming what is missing.
  public static func isInstalled(_ path: String, module: String? = nil) -> Bool {
    if ProcessInfo.processInfo.environment["HEATMAP_TESTS_NEED_TOOLS"] == "1" { return true }
    guard FileManager.default.isExecutableFile(atPath: path) else { return false }
    guard let module else { return true }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-c", "import \(module)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The Python of the project's virtual environment (DuckDB and the schema checkers).
  public static let python = projectRoot.appendingPathComponent(".build/python/bin/python3").path

  /// The process's environment made hermetic: none of the caller's `GIT_*` variables, and none
  /// of the developer's configuration (`HOME` elsewhere, `GIT_CONFIG_GLOBAL=/dev/null`,
  /// `GIT_CONFIG_NOSYSTEM=1`, no XDG folders). A test that needs a home gives its own.
  /// The sanitizer this test process runs under (`address`, `thread`, as `Scripts/test` with
  /// `SANITIZE=1` builds it), found by its runtime's entry point; nil in a plain build.
  public static let sanitizer: String? = {
    let runtimes: [(symbol: String, name: String)] = [
      ("__asan_init", "address"), ("__tsan_init", "thread"),
    ]
    return runtimes.first { dlsym(nil, $0.symbol) != nil }?.name
  }()

  public static var hermeticEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("GIT_") || key.hasPrefix("XDG_") {
      environment[key] = nil
    }
    return environment.merging(gitEnvironment) { $1 }
  }

  /// Runs `Scripts/svglint` on `svg` and returns its complaints, or nil when the file is valid.
  public static func svglint(_ svg: String) throws -> String? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lint-\(UUID().uuidString).svg")
    try svg.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = projectRoot.appendingPathComponent("Scripts/svglint")
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0
      ? nil : "exit \(process.terminationStatus): " + String(decoding: data, as: UTF8.self)
  }

  /// The color of every pixel of `svg` rendered by librsvg at 1:1, as a lookup by position.
  public static func rasterize(_ svg: String) throws -> (
    width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)
  ) {
    try inTemporaryDirectory { directory in
      let svgFile = directory.appendingPathComponent("in.svg").path
      let pngFile = directory.appendingPathComponent("out.png").path
      try svg.write(toFile: svgFile, atomically: true, encoding: .utf8)
      try TemporaryRepository.run(
        "/usr/bin/rsvg-convert", [svgFile, "-o", pngFile], in: directory.path,
        environment: ProcessInfo.processInfo.environment)
      return try pixels(ofPNG: pngFile)
    }
  }

  /// Runs `body` in a new folder of its own, removed after.
  private static func inTemporaryDirectory<Result>(
    _ body: (URL) throws -> Result
  ) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tools-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
  }

  /// The color of every pixel of the PNG file at `pngFile`, read through ImageMagick.
  public static func pixels(ofPNG pngFile: String) throws -> (
    width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)
  ) {
    try inTemporaryDirectory { directory in
      let environment = ProcessInfo.processInfo.environment
      // ImageMagick writes raw RGB bytes; the size comes from identify.
      let size = try TemporaryRepository.run(
        "/usr/bin/identify", ["-format", "%w %h", pngFile], in: directory.path,
        environment: environment
      )
      .split(separator: " ").compactMap { Int($0) }
      guard size.count == 2 else {
        throw TemporaryRepository.CommandError(description: "identify: \(size)")
      }
      let rgbFile = directory.appendingPathComponent("out.rgb").path
      try TemporaryRepository.run(
        "/usr/bin/convert", [pngFile, "-depth", "8", "-alpha", "off", "rgb:" + rgbFile],
        in: directory.path, environment: environment)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: rgbFile)))
      let (width, height) = (size[0], size[1])
      return (
        width, height,
        { x, y in
          let offset = (y * width + x) * 3
          return (bytes[offset], bytes[offset + 1], bytes[offset + 2])
        }
      )
    }
  }
}
