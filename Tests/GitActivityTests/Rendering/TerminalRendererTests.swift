import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

#if canImport(Glibc)
  import Glibc
#endif

/// The C library's `wcwidth`, which Glibc's Swift module does not export.
@_silgen_name("wcwidth")
private func systemWCWidth(_ character: Int32) -> Int32

@Suite("The terminal graph")
struct TerminalRendererTests {
  static func render(
    _ depth: TerminalOptions.ColorDepth, width: Int, ascii: Bool = false, weeks: Int = 20,
    subject: String? = nil, palette: Palette = .githubDark
  ) -> String {
    TerminalRenderer(
      options: TerminalOptions(colorDepth: depth, palette: palette, isASCII: ascii, width: width)
    )
    .render(Fixtures.report(weeks: weeks, subject: subject), scale: .github)
  }

  @Test(
    "whole output for a fixed grid",
    arguments: [
      (TerminalOptions.ColorDepth.none, 40, false, "terminal-plain-40.txt"),
      (.none, 80, false, "terminal-plain-80.txt"),
      (.none, 120, false, "terminal-plain-120.txt"),
      (.none, 80, true, "terminal-ascii-80.txt"),
      (.truecolor, 80, false, "terminal-truecolor-80.ansi"),
      (.indexed256, 120, false, "terminal-256-120.ansi"),
      (.basic16, 40, false, "terminal-16-40.ansi"),
    ] as [(TerminalOptions.ColorDepth, Int, Bool, String)])
  func golden(depth: TerminalOptions.ColorDepth, width: Int, ascii: Bool, file: String) throws {
    let weeks = width == 120 ? 53 : 20
    try Fixtures.expectGolden(Self.render(depth, width: width, ascii: ascii, weeks: weeks), file)
  }

  @Test("no line is wider than the terminal, at any width, and nothing hangs")
  func neverWraps() {
    for width in [1, 5, 19, 20, 21, 30, 40, 57, 80, 111, 200] {
      for ascii in [false, true] {
        let text = Self.render(
          .none, width: width, ascii: ascii, weeks: 53, subject: "someone with a long name <x@y>")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          #expect(TextWidth.columns(of: String(line)) <= width, "width \(width): '\(line)'")
        }
      }
    }
    #expect(Self.render(.none, width: 19, weeks: 53).split(separator: "\n").count <= 6)
  }

  @Test("without color no escape byte is written; ASCII mode writes only ASCII")
  func noEscapes() {
    let plain = Self.render(.none, width: 120, weeks: 53)
    #expect(!plain.utf8.contains(0x1B))
    let ascii = Self.render(.none, width: 120, ascii: true, weeks: 53)
    #expect(ascii.utf8.allSatisfy { $0 < 0x80 })
    #expect(Self.render(.truecolor, width: 120, weeks: 53).utf8.contains(0x1B))
  }

  @Test("widths agree with the C library's wcwidth where names hide surprises")
  func widthsOfHiddenCharacters() throws {
    #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    // The soft hyphen (shown, one column), the zero-width joiner and space, a combining accent.
    for value in [0xAD, 0x200D, 0x200B, 0x0301, 0x1F468, 0x4E2D] {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      #expect(
        TextWidth.columns(of: scalar) == Int(max(0, systemWCWidth(Int32(value)))),
        "U+\(String(value, radix: 16))")
    }
    #expect(TextWidth.columns(of: String(repeating: "\u{AD}", count: 50)) == 50)
  }

  @Test("every glyph is one terminal cell wide, by the C library's wcwidth")
  func glyphWidths() throws {
    #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    for depth in [TerminalOptions.ColorDepth.none, .basic16, .indexed256, .truecolor] {
      for ascii in [false, true] {
        let glyphs = TerminalRenderer(
          options: TerminalOptions(colorDepth: depth, palette: .github, isASCII: ascii)
        ).glyphs
        let isSquares = (depth == .indexed256 || depth == .truecolor) && !ascii
        // Sixteen colors: a dot, a small square, a square and a large block, with the greens
        // and dim for the rest.
        let expected = isSquares ? 1 : depth == .basic16 && !ascii ? 4 : 5
        #expect(Set(glyphs).count == expected)
        for glyph in glyphs {
          let scalars = Array(glyph.unicodeScalars)
          #expect(scalars.count == 1)
          #expect(systemWCWidth(Int32(scalars[0].value)) == 1, "\(glyph)")
          #expect(TextWidth.columns(of: glyph) == 1)
        }
      }
    }
  }

  @Test("a hostile author name cannot move the cursor, retitle the window or reorder the line")
  func hostileSubject() {
    let hostile = "Eve\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}gnp.exe\u{2066}\r\n\u{9B}31m"
    let text = Self.render(.truecolor, width: 200, subject: hostile)
    let firstLine = String(text.split(separator: "\n")[0])
    // Each mark shown by its code point: never obeyed, never hidden.
    let shown =
      "Eve<U+001B>[2J<U+001B>]0;pwned<U+0007><U+202E>gnp.exe<U+2066><U+000D><U+000A><U+009B>31m"
    #expect(
      firstLine == "\u{1B}[1m" + "13 commits in the last 20 weeks by \(shown)" + "\u{1B}[0m"
        || firstLine.contains("by \(shown)"))
    #expect(
      !text.contains("\u{202E}") && !text.contains("\u{2066}") && !text.contains("\u{9B}")
        && !text.contains("\u{07}"))
    #expect(TextEscaping.terminal(hostile) == shown)
  }

  @Test("the 256-color palette and the seed's tint")
  func colors() throws {
    #expect(ANSIColor.nearest256(RGB(red: 0, green: 0, blue: 0)) == 16)
    #expect(ANSIColor.nearest256(RGB(red: 255, green: 255, blue: 255)) == 231)
    #expect(ANSIColor.nearest256(RGB(red: 0x80, green: 0x80, blue: 0x80)) == 244)
    // GitHub's brightest dark green: the cube's green of its hue (#00d75f), not a yellower one.
    #expect(ANSIColor.nearest256(try #require(RGB(parsing: "#39d353"))) == 41)
    let tinted = Palette.github.tinted(try #require(RGB(parsing: "#0000ff")))
    // Opacity 0.25 + 0.75 × level / 4 over white: 0.4375, 0.625, 0.8125, 1.
    #expect(tinted.levels.map(\.hex) == ["#ebedf0", "#8f8fff", "#6060ff", "#3030ff", "#0000ff"])
  }
}
