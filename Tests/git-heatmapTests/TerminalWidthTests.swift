import Foundation
import GitActivity
import TestSupport
import Testing

@testable import git_heatmap

/// Cell widths as the terminal sees them: each text is printed in a real terminal (tmux) and
/// the cursor's column after it is what `TextWidth` must say, so that a name with a family emoji,
/// a flag, a skin tone or soft hyphens neither overflows a row of `-i` nor leaves it short.
@Suite(
  "Text widths from the terminal's view", .serialized,
  .enabled(
    if: Tools.isInstalled("/usr/bin/tmux"), "tmux is not installed (Scripts/test installs it)"))
struct TerminalWidthTests {
  static let texts = [
    "👨\u{200D}👩\u{200D}👧", "🇩🇪", "👍🏽", "e\u{301}\u{301}", "a\u{AD}\u{AD}b", "\u{2764}\u{FE0F}", "名前",
    "🏳️\u{200D}🌈", "x\u{200B}y",
  ]

  @Test("every width is the column tmux's cursor reaches after the text")
  func widthsAsTmuxDrawsThem() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widths-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = folder.appendingPathComponent("columns").path
    let socket = "heatmap-widths-\(UUID().uuidString.prefix(8))"
    var script = ""
    for (index, text) in Self.texts.enumerated() {
      try text.write(
        to: folder.appendingPathComponent("\(index)"), atomically: true, encoding: .utf8)
      script +=
        "printf '\\r\\033[K'; cat \(folder.path)/\(index); tmux -L \(socket) display -p '#{cursor_x}' >> \(results)\n"
    }
    script += "touch \(results).done; sleep 30\n"
    try script.write(
      to: folder.appendingPathComponent("script"), atomically: true, encoding: .utf8)
    func tmux(_ arguments: [String]) throws -> String {
      try TemporaryRepository.run(
        "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments, in: "/",
        environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    }
    try startTmuxServer(
      [
        "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "20",
        "bash \(folder.path)/script",
      ],
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    defer { endTmuxServer(tmux) }
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: results + ".done") {
      usleep(25_000)
    }
    let columns = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
      .compactMap { Int($0) }
    try #require(columns.count == Self.texts.count, "\(columns)")
    for (text, column) in zip(Self.texts, columns) {
      #expect(
        TextWidth.columns(of: text) == column,
        "\(text.unicodeScalars.map { String($0.value, radix: 16) }): tmux \(column)")
    }
  }
}
