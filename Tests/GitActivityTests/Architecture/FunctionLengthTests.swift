import Foundation
import TestSupport
import Testing

/// No function over 120 lines; one over 80 says why beside it (`// Kept whole: …`, the last line
/// of its doc comment where it is public, as every public declaration has one): a new long
/// function fails.
@Suite("Functions short enough to read, or a reason beside them")
struct FunctionLengthTests {

  struct Function {
    var file: String
    var name: String
    var lines: Int
    var hasReason: Bool
  }

  /// Every function, initializer and subscript of `Sources/`, with its length from its
  /// declaration to its closing brace (braces in strings and comments left out).
  static func functions() throws -> [Function] {
    let root = Tools.projectRoot.appendingPathComponent("Sources")
    let declaration =
      #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|static|mutating|nonisolated|override|final|convenience)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|subscript)/#
    var found: [Function] = []
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
    for file in (files ?? []).filter({ $0.hasSuffix(".swift") }).sorted() {
      let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (start, line) in lines.enumerated() {
        guard let match = try? declaration.prefixMatch(in: line) else { continue }
        var depth = 0
        var opened = false
        var end = start
        scan: while end < lines.count {
          let code = lines[end].replacing(#/"(?:\\.|[^"\\])*"/#, with: "\"\"")
          for character in code.split(separator: "//", maxSplits: 1).first ?? "" {
            if character == "{" {
              depth += 1
              opened = true
            } else if character == "}" {
              depth -= 1
            }
          }
          if opened && depth <= 0 { break scan }
          end += 1
        }
        let reason = start > 0 && lines[start - 1].contains("// Kept whole:")
        found.append(
          Function(
            file: file, name: String(match.output.1), lines: end - start + 1, hasReason: reason))
      }
    }
    return found
  }

  @Test("none over 120 lines; none over 80 without a reason beside it")
  func lengths() throws {
    let functions = try Self.functions()
    #expect(functions.count > 500, "the scan finds the functions")
    for function in functions where function.lines > 120 {
      Issue.record("\(function.file): \(function.name) is \(function.lines) lines")
    }
    for function in functions where function.lines > 80 && !function.hasReason {
      Issue.record(
        "\(function.file): \(function.name) is \(function.lines) lines, with no reason beside it")
    }
  }
}
