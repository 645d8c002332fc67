import Foundation
import TestSupport
import Testing

/// The library's folders read one way, as data flows: System → ObjectStore → Commits → Cache →
/// Repository → Changes → Walk → Activity → Reading → Exports → Heatmap → Rendering. Each may use the types of the folders
/// before it, never those after it.
@Suite("Dependencies run one way through the library's folders")
struct LayeringTests {
  static let folders = [
    "System", "ObjectStore", "Commits", "Cache", "Repository", "Changes", "Walk", "Activity",
    "Reading",
    "Exports", "Heatmap", "Rendering",
  ]
  static let library = Tools.projectRoot.appendingPathComponent("Sources/GitActivity")

  /// The Swift files of a folder, with their text less comments.
  static func files(in folder: String) throws -> [(name: String, text: String)] {
    let directory = library.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      .filter { $0.hasSuffix(".swift") }
      .map { name in
        let text = try String(
          contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
          line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
        return (name, code.joined(separator: "\n"))
      }
  }

  /// The types a file declares at the top level.
  static func declaredTypes(_ text: String) -> [String] {
    let pattern =
      #/^(?:public |package |internal |fileprivate |private )?(?:final )?(?:struct|enum|class|protocol|typealias|actor) (\w+)/#
    return text.split(separator: "\n").compactMap { line in
      (try? pattern.prefixMatch(in: line)).map { String($0.output.1) }
    }
  }

  @Test("the folders on disk are the rooms, and docs/architecture.md draws them in order")
  func roomsAsDrawn() throws {
    let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.library.path).filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: Self.library.appendingPathComponent($0).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    #expect(onDisk.sorted() == Self.folders.sorted())
    let readme = try String(
      contentsOf: Tools.projectRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let title = try #require(readme.range(of: "# Architecture\n"))
    let section = try #require(
      readme.range(of: "\n```\n", range: title.upperBound..<readme.endIndex))
    let diagram = readme[section.upperBound...].prefix { $0 != "\n" }
    let drawn = diagram.split(separator: "─►").map {
      $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "/", with: "")
    }
    #expect(drawn == Self.folders + ["bytes"])
    for folder in Self.folders {
      #expect(readme.contains("- **\(folder)/**"), "docs/architecture.md describes \(folder)/")
    }
  }

  @Test("no type of a later folder is named in an earlier one")
  func oneWay() throws {
    var owner: [String: Int] = [:]
    for (index, folder) in Self.folders.enumerated() {
      for file in try Self.files(in: folder) {
        for name in Self.declaredTypes(file.text) { owner[name] = index }
      }
    }
    #expect(
      owner["HistoryCache"] == Self.folders.firstIndex(of: "Cache")
        && owner["SVGRenderer"] == Self.folders.firstIndex(of: "Rendering"),
      "the scan found the types")
    var backEdges: [String] = []
    for (index, folder) in Self.folders.enumerated() {
      for file in try Self.files(in: folder) {
        let words = Set(file.text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
        for word in words {
          if let later = owner[String(word)], later > index {
            backEdges.append("\(folder)/\(file.name) uses \(word) from \(Self.folders[later])/")
          }
        }
      }
    }
    #expect(backEdges.sorted() == [])
  }

  @Test("every public declaration of the library has a doc comment")
  func documented() throws {
    let conformances =
      #/^\s*public\s+(static func ==|static func <|func hash\(into|var description)/#
    var undocumented: [String] = []
    for folder in Self.folders {
      let directory = Self.library.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      where name.hasSuffix(".swift") {
        let lines = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
          .split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated()
        where line.trimmingCharacters(in: .whitespaces).hasPrefix("public ")
          && (try? conformances.prefixMatch(in: line)) == nil
        {
          var above = index - 1
          while above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") {
            above -= 1
          }
          if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
            undocumented.append("\(folder)/\(name):\(index + 1)")
          }
        }
      }
    }
    #expect(undocumented == [])
  }
}
