import Foundation
import TestSupport
import Testing

/// The library's folders read one way, as data flows: System → ObjectStore → Commits → Cache →
/// Repository → Changes → Walk → Activity → Reading → Exports → Heatmap → Rendering. They are
/// grouped in four modules, each depending on the one before it only, so the compiler refuses a
/// use of a later module's declarations. What the compiler cannot see is checked here: the
/// modules' dependencies as Package.swift declares them, and the order of the folders inside one
/// module (by type name).
@Suite("Dependencies run one way through the library's modules and folders")
struct LayeringTests {
  /// The library's modules in the order data flows, with their folders in that order.
  static let layers = [
    ("GitActivityStore", ["System", "ObjectStore", "Commits", "Cache"]),
    ("GitActivityHistory", ["Repository", "Changes", "Walk"]),
    ("GitActivityCounts", ["Activity", "Reading", "Exports", "Heatmap"]),
    ("GitActivityRendering", ["Rendering"]),
  ]
  static let folders = layers.flatMap(\.1)
  static let sources = Tools.projectRoot.appendingPathComponent("Sources")

  /// The module a room is in.
  static func module(of folder: String) -> String {
    layers.first { $0.1.contains(folder) }?.0 ?? "GitActivity"
  }

  /// The folder of a room, inside its module.
  static func directory(of folder: String) -> URL {
    sources.appendingPathComponent(module(of: folder)).appendingPathComponent(folder)
  }

  /// The Swift files of a folder, with their text less comments.
  static func files(in folder: String) throws -> [(name: String, text: String)] {
    let directory = directory(of: folder)
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

  /// The folders of a module's directory on disk.
  static func subfolders(of module: String) throws -> [String] {
    let root = sources.appendingPathComponent(module)
    return try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: root.appendingPathComponent($0).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }

  @Test("the folders on disk are the rooms, and docs/architecture.md draws them in order")
  func roomsAsDrawn() throws {
    for (module, folders) in Self.layers {
      #expect(try Self.subfolders(of: module) == folders.sorted(), "the folders of \(module)")
    }
    #expect(try Self.subfolders(of: "GitActivity") == [])
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
    for (module, _) in Self.layers {
      #expect(readme.contains("`\(module)`"), "docs/architecture.md names \(module)")
    }
  }

  @Test("each module depends on the one before it only, and says so in one file")
  func modulesInALine() throws {
    let manifest = try String(
      contentsOf: Tools.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let chain = ["CGit2"] + Self.layers.map(\.0) + ["GitActivity"]
    for index in 1..<chain.count {
      let before = chain[index - 1]
      let declared = manifest.split(separator: "\n").first {
        $0.contains(".target(name: \"\(chain[index])\"")
      }
      let dependencies = try #require(declared, "Package.swift declares \(chain[index])")
        .split(separator: "[").last?.split(separator: "]").first?
        .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
      // libgit2 is met in the store and the history layers' readers (docs/architecture.md).
      #expect(
        Set(dependencies ?? []).subtracting(["CGit2"]) == (before == "CGit2" ? [] : [before]),
        "\(chain[index]) depends on \(before) only")
    }
    // Only each module's Layer.swift imports the module below it (re-exported), so that no
    // file reaches past it; nothing imports a later module.
    for (module, folders) in Self.layers {
      for folder in folders {
        for file in try Self.files(in: folder) {
          #expect(
            !file.text.contains("import GitActivity"),
            "\(module)/\(folder)/\(file.name) imports a module of the library itself")
        }
      }
    }
  }

  @Test("inside a module, no type of a later folder is named in an earlier one")
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
          // Across modules the compiler holds the order; inside one, this scan does.
          if let later = owner[String(word)], later > index,
            Self.module(of: Self.folders[later]) == Self.module(of: folder)
          {
            backEdges.append("\(folder)/\(file.name) uses \(word) from \(Self.folders[later])/")
          }
        }
      }
    }
    #expect(backEdges.sorted() == [])
  }

  @Test(
    "Repository is a small core: extended in its own folder and, for the public door, in one file"
  )
  func repositoryCore() throws {
    var extending: [String] = []
    for folder in Self.folders {
      for file in try Self.files(in: folder)
      where file.text.split(separator: "\n").contains(where: {
        $0.hasPrefix("extension Repository ") || $0.hasPrefix("extension Repository:")
      }) {
        extending.append(folder == "Repository" ? "Repository/" : "\(folder)/\(file.name)")
      }
    }
    // Walks, line counting and reading are types of their own (`HistoryWalker`, `LineCounter`,
    // `HistoryReader`, `GitArguments`); the public calls hand the work to them.
    #expect(Set(extending) == ["Repository/", "Heatmap/Repository+Activity.swift"])
  }

  @Test("the public API is as large as docs/library.md says, and the command is its client")
  func publicSurface() throws {
    let declaration = #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:nonisolated\(unsafe\)\s+)?public\s/#
    let type =
      #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+|indirect\s+)?(?:struct|enum|class|protocol|typealias|actor)\s/#
    var declarations = 0
    var types = 0
    for folder in Self.folders {
      for file in try Self.files(in: folder) {
        for line in file.text.split(separator: "\n") {
          if (try? declaration.prefixMatch(in: line)) != nil { declarations += 1 }
          if (try? type.prefixMatch(in: line)) != nil { types += 1 }
        }
      }
    }
    let guide = try String(
      contentsOf: Tools.projectRoot.appendingPathComponent("docs/library.md"), encoding: .utf8
    ).replacingOccurrences(of: "\n", with: " ")
    #expect(
      guide.contains("\(declarations) public declarations in \(types) types"),
      "docs/library.md gives the size of the public API: \(declarations) declarations, \(types) types"
    )
    // The command sees only the public API, as an app does: the compiler holds it to that.
    let manifest = try String(
      contentsOf: Tools.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(
      manifest.contains(
        #"name: "git-heatmap", dependencies: ["GitActivity"], packageAccess: false"#))
  }

  @Test("every public declaration of the library has a doc comment")
  func documented() throws {
    let conformances =
      #/^\s*public\s+(static func ==|static func <|func hash\(into|var description)/#
    var undocumented: [String] = []
    for folder in Self.folders {
      let directory = Self.directory(of: folder)
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
