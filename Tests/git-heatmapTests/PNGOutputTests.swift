import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// PNG output through librsvg, loaded only when a PNG is asked for.
@Suite("PNG output", .timeLimit(.minutes(1)))
struct PNGOutputTests {
  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    for (day, count) in [(0, 1), (3, 4), (9, 12), (20, 2)] {
      for index in 0..<count {
        try repo.commit(date: "\(1_734_000_000 + day * 86_400 + index * 60) +0000")
      }
    }
    return repo
  }

  /// The SVG's cells: where they are, and the level each has.
  static func cells(_ svg: String) throws -> [(x: Int, y: Int, size: Int, level: Int)] {
    try #require(SVGCells.parse(svg)).cells.map {
      (Int($0.x), Int($0.y), Int($0.size), $0.level)
    }
  }

  @Test(
    "-o graph.png: the SVG's size and colors, and twice the pixels with --scale-factor 2",
    arguments: [1, 2])
  func colors(scale: Int) throws {
    let repo = try Self.repository()
    let svg = heatmap(["--format", "svg", "--no-cache"], in: repo.path)
    #expect(svg.status == 0)
    let file = repo.root.appendingPathComponent("graph.png").path
    let result = heatmap(
      ["-o", file, "--no-cache"] + (scale == 2 ? ["--scale-factor", "2"] : []), in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let image = try Tools.pixels(ofPNG: file)
    let root = try #require(svg.stdout.firstMatch(of: /<svg [^>]*? width="(\d+)" height="(\d+)"/))
    #expect(image.width == scale * (Int(root.output.1) ?? 0))
    #expect(image.height == scale * (Int(root.output.2) ?? 0))
    let cells = try Self.cells(svg.stdout)
    #expect(cells.count >= 365)
    // Each level's cells have the level's color at their centre, and the four levels in use
    // are all there.
    var levels: Set<Int> = []
    for cell in cells where cell.level > 0 || cell.x % 5 == 0 {
      let centre = (scale * cell.x + scale * cell.size / 2, scale * cell.y + scale * cell.size / 2)
      let (r, g, b) = image.pixel(centre.0, centre.1)
      let want = Palette.github.levels[cell.level]
      #expect((r, g, b) == (want.red, want.green, want.blue), "cell at \(cell.x),\(cell.y)")
      levels.insert(cell.level)
    }
    #expect(levels.count >= 4)
  }

  @Test("--format png to a pipe writes the bytes; to a terminal it is a usage error")
  func standardOutput() throws {
    let repo = try Self.repository()
    let out = StringSink()
    let err = StringSink()
    var context = RunContext(
      arguments: ["--format", "png", "--no-cache"], environment: repo.environment,
      currentDirectory: repo.path)
    #expect(Command.run(context, stdout: out, stderr: err) == 0)
    #expect(out.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(out.text.isEmpty)
    context.stdoutIsTerminal = true
    let terminal = StringSink()
    #expect(Command.run(context, stdout: terminal, stderr: err) == 64)
    #expect(terminal.bytes.isEmpty)
  }

  @Test("without librsvg: one line naming the package to install, and no file")
  func missingLibrary() throws {
    let repo = try Self.repository()
    let file = repo.root.appendingPathComponent("graph.png").path
    let result = heatmap(
      ["-o", file, "--no-cache"], in: repo.path,
      environment: ["GIT_HEATMAP_LIBRSVG": "librsvg-missing.so.9"])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("apt-get install librsvg2-2"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test("--scale-factor without a PNG, or out of range, is a usage error")
  func scaleFactor() throws {
    let repo = try Self.repository()
    #expect(heatmap(["--scale-factor", "2", "--no-cache"], in: repo.path).status == 64)
    #expect(heatmap(["--format", "png", "--scale-factor", "20"], in: repo.path).status == 64)
  }
}
