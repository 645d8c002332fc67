import Foundation
import TestSupport
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore
@testable import git_heatmap

/// `--languages`: each file's lines of `git log --numstat` given to the language GitHub's
/// linguist gives it, vendored, generated and documentation files left out as linguist leaves
/// them, and the `linguist-*` attributes read as linguist reads them. The oracle is linguist
/// itself (the Debian package `ruby-github-linguist`, whose data the tables come from).
@Suite("Lines by language, as linguist tells languages apart")
struct LanguagesTests {
  /// The files: path → lines, each version a commit.
  static let files: [String: String] = [
    "src/app.py": "import os\n\ndef main():\n    print(os.getcwd())\n",
    "src/lib.rs": "fn main() {\n    println!(\"hi\");\n}\n",
    "src/util.h": "#ifndef UTIL_H\n#define UTIL_H\nint util(void);\n#endif\n",
    "src/util.c": "#include \"util.h\"\nint util(void) { return 1; }\n",
    "web/index.html": "<!DOCTYPE html>\n<html><body><p>hi</p></body></html>\n",
    "web/style.css": "body {\n  margin: 0;\n}\n",
    "web/view.tsx": "export const View = () => <div>hi</div>;\n",
    "Makefile": "all:\n\tcc -o app src/util.c\n",
    "scripts/run.sh": "#!/bin/sh\necho run\n",
    "data/config.json": "{\"a\": 1}\n",
    "notes.txt": "some notes\n",
    "README.md": "# Title\n\nText.\n",
    "docs/guide.md": "# Guide\n",
    "vendor/lib.js": "var a = 1;\n",
    "node_modules/x/index.js": "module.exports = 1;\n",
    "vendor/kept.js": "var kept = 1;\n",
    "gen/api.go": "package api\n\nfunc A() {}\n",
    "special.txt": "print('python after all')\n",
    "data/shown.json": "{\"shown\": true}\n",
  ]

  static let attributes = """
    vendor/kept.js -linguist-vendored
    gen/** linguist-generated
    special.txt linguist-language=Python
    data/shown.json linguist-detectable
    src/util.c -linguist-detectable

    """

  /// Made once (`makeRepository`); each test is given a copy of its own.
  static func repository() throws -> TemporaryRepository { try shared.copy() }
  static let shared = SharedRepository(makeRepository)

  static func makeRepository() throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    try repo.write(".gitattributes", attributes)
    var day = 1_704_196_800
    for (round, suffix) in ["", "// more\n", "// and more\n"].enumerated() {
      for (path, text) in files.sorted(by: { $0.key < $1.key }) {
        let comment =
          path.hasSuffix(".py") || path.hasSuffix(".sh")
          ? suffix.replacingOccurrences(of: "//", with: "#") : suffix
        try repo.write(path, round == 0 ? text : text + comment)
      }
      try repo.git(["add", "-A"])
      try repo.commit("round \(round)", date: "\(day) +0000")
      day += 86_400
    }
    // A file renamed, and one removed.
    try repo.git(["mv", "src/app.py", "src/main.py"])
    try FileManager.default.removeItem(atPath: repo.path + "/web/style.css")
    try repo.git(["add", "-A"])
    try repo.commit("rename and remove", date: "\(day) +0000")
    return repo
  }

  /// linguist's verdict on each path, given its first contents: the language it counts as,
  /// or nil when it does not count.
  static func linguist(_ paths: [String], in repo: TemporaryRepository) throws -> [String: String] {
    let script = """
      require "linguist"
      require "base64"
      STDIN.read.split("\\n").each do |line|
        path, encoded = line.split("\\t")
        content = Base64.decode64(encoded || "")
        blob = Linguist::Blob.new(path, content)
        language = blob.language
        counted = language && !blob.vendored? && !blob.documentation? && !blob.generated? &&
          [:programming, :markup].include?(language.type)
        puts "#{path}\\t#{counted ? (language.group || language).name : ""}"
      end
      """
    let output = try TemporaryRepository.run(
      "/usr/bin/ruby", ["-e", script, repo.path], in: repo.path, environment: repo.environment,
      input: Data(
        paths.map { path in
          let text = files[path] ?? files[path == "src/main.py" ? "src/app.py" : path] ?? ""
          return path + "\t" + Data(text.utf8).base64EncodedString()
        }.joined(separator: "\n").utf8))
    var verdicts: [String: String] = [:]
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
      if parts.count == 2, !parts[1].isEmpty { verdicts[String(parts[0])] = String(parts[1]) }
    }
    return verdicts
  }

  @Test(
    "each language's lines equal git's numstat of the files linguist gives it",
    .enabled(
      if: Tools.isInstalled("/usr/bin/ruby"),
      "ruby and linguist are not installed (Scripts/test installs ruby-github-linguist)"))
  func againstLinguist() throws {
    _ = try Tools.requiredTool(
      "/usr/bin/ruby", "linguist's oracle", installedBy: "apt install ruby-github-linguist")
    let repo = try Self.repository()
    let numstat = try repo.git(["log", "--numstat", "--format="])
    var rows: [(path: String, added: Int, removed: Int)] = []
    for line in numstat.split(separator: "\n") {
      let parts = line.split(separator: "\t")
      guard parts.count == 3, let added = Int(parts[0]), let removed = Int(parts[1]) else {
        continue
      }
      // A rename (`src/{app.py => main.py}`) changes no line.
      if parts[2].contains(" => ") { continue }
      rows.append((String(parts[2]), added, removed))
    }
    let verdicts = try Self.linguist(Array(Set(rows.map(\.path))), in: repo)
    // What the attributes say, as linguist reads them.
    var expected: [String: [Int]] = [:]
    for row in rows {
      var language = verdicts[row.path]
      switch row.path {
      case "vendor/kept.js": language = "JavaScript"
      case "gen/api.go", "src/util.c": language = nil
      case "special.txt": language = "Python"
      case "data/shown.json": language = "JSON"
      default: break
      }
      guard let language else { continue }
      expected[language, default: [0, 0]][0] += row.added
      expected[language, default: [0, 0]][1] += row.removed
    }
    #expect(expected.count >= 8, "\(expected)")
    #expect(expected["TypeScript"] != nil, "TSX counts as its group, TypeScript")
    let result = heatmap(
      ["--languages", "--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31"],
      in: repo.path)
    #expect(result.status == 0, "\(result.stderr)")
    var ours: [String: [Int]] = [:]
    for line in result.stdout.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: ",")
      ours[String(parts[0])] = [Int(parts[1]) ?? -1, Int(parts[2]) ?? -1]
    }
    #expect(ours == expected)
    #expect(result.stdout.hasPrefix("language,insertions,deletions,lines,share,files\n"))
  }

  @Test(
    "languages are counted in the lines' pass and cached beside them: warm equals --no-cache, the warning stays"
  )
  func cachedBesideLines() throws {
    let repo = try Self.repository()
    try repo.write(
      ".gitattributes", Self.attributes + "notes.txt linguist-language=NoSuchLanguage\n")
    let arguments = [
      "--languages", "--format", "csv", "--since", "2024-01-01", "--until", "2024-01-31",
    ]
    let cold = heatmap(arguments, in: repo.path)
    let warm = heatmap(arguments, in: repo.path)
    let uncached = heatmap(arguments + ["--no-cache"], in: repo.path)
    #expect(cold.status == 0 && warm.status == 0 && uncached.status == 0, "\(cold.stderr)")
    #expect(cold.stdout.split(separator: "\n").count > 3)
    #expect(warm.stdout == cold.stdout && uncached.stdout == cold.stdout)
    let warning = "names no language linguist knows: 'NoSuchLanguage'"
    #expect(cold.stderr.contains(warning) && warm.stderr.contains(warning), "\(warm.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: repo.path + "/.git/git-heatmap")
    #expect(files.contains { $0.hasPrefix("languages-") && $0.hasSuffix(".cache") }, "\(files)")
  }

  @Test("JSON and the terminal say the same; an unknown linguist-language is a warning")
  func surfacesAndWarnings() throws {
    let repo = try Self.repository()
    try repo.write(
      ".gitattributes", Self.attributes + "notes.txt linguist-language=NoSuchLanguage\n")
    let window = ["--since", "2024-01-01", "--until", "2024-01-31"]
    let json = heatmap(["--languages", "--format", "json"] + window, in: repo.path)
    #expect(json.status == 0)
    #expect(
      json.stderr.contains(
        "warning: a linguist-language attribute names no language linguist knows: 'NoSuchLanguage'"),
      "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["linguist"] as? String == LanguageLines.linguistVersion)
    let languages = try #require(object["languages"] as? [[String: Any]])
    #expect(languages.first?["name"] as? String == "Python")
    let terminal = heatmap(["--languages", "--color", "never"] + window, in: repo.path).stdout
    #expect(terminal.contains("Python"), "\(terminal)")
    #expect(terminal.hasPrefix("Lines by language in January 2024"))
    // --languages lists; it does not draw.
    let refused = heatmap(["--languages", "--layout", "punchcard"], in: repo.path)
    #expect(refused.status == 64)
  }

  @Test(
    "vendored and documentation paths are linguist's verdicts, the patterns matched as one",
    .enabled(
      if: Tools.isInstalled("/usr/bin/ruby"),
      "ruby and linguist are not installed (Scripts/test installs ruby-github-linguist)"))
  func pathVerdictsAgainstLinguist() throws {
    _ = try Tools.requiredTool(
      "/usr/bin/ruby", "linguist's oracle", installedBy: "apt install ruby-github-linguist")
    // Each pattern's own edges: brackets with Ruby's \s, \d, anchors, a lookahead, names
    // that are not ASCII, spaces.
    let paths = [
      "src/main.swift", "node_modules/a/b.js", "lib/jquery-1.12.4.js", "lib/jquery.js",
      "lib/jquery-ui-1.8.2.custom.css", "static/bootstrap.min.css", "x/bootstrap-theme.css",
      "x/bootstrap.css", "x/bootstrapx", "x/custom.bootstrap-theme.css",
      "x/custom.bootstrapsass.css", "x/custom.bootstrap theme.css", "a import.css",
      "aimport.less", "vendor/x.c", "Vendor/x.c", "xvendor/x.c", "a/cache/b", "cache",
      "dist/app.js", "a/dist", "configure", "a/configure", "configure.ac", "config.guess",
      "x/config.sub", "a.min.js", "a-min.css", "a.min.jsx", "docs/guide.md", "doc/x",
      "Docs/x", "a/docs/x", "README", "README.md", "a/README.txt", "READMEx", "readme.md",
      "CHANGELOG", "CHANGES.md", "CHANGELOGx", "LICENSE", "License.txt", "licence",
      "COPYING", "CONTRIBUTING.md", "INSTALL", "CITATION.cff", "CITATIONS.bib", "CITATION.md",
      "examples/a.py", "a/examples/b.py", "samples/x", "Samples/x", "test/fixtures/x.js",
      "éè/jquery.js", "日本/vendor/x.c", "a b/x.min.js", ".yarn/releases/x.js", "gradlew",
      "a/gradlew", "gradle/wrapper/x", "font-awesome.css", "x/fontawesome/a.less",
      "x/select2/a.js", "run.n", "jquery.fileupload-ui.js", "x.framework/Headers/a.h",
      "Carthage/Build/x", "Pods/x", "deps/x", "third_party/x", "3rdparty/x", "extern/x",
      "external/x", "bower_components/x", "a.js.map", "jquery-3.1.1.min.js", "ext/x",
      "erlang.mk", ".indent.pro", "debian/x", "cpplint.py", "ace-builds/x", "fabfile.py",
      "waf", "Godeps/_workspace/x", "_esy/x", "x.xcworkspacedata", "MochiKit.js",
      "dojo.js", "tiny_mce/x", "ckeditor.js", "go.sum", "go.mod", "Cargo.lock",
      "package-lock.json", "x/.gitattributes", "sub/.github/workflows/a.yml",
    ]
    let script = """
      require "linguist"
      STDIN.read.force_encoding("UTF-8").split("\n").each do |path|
        blob = Linguist::Blob.new(path, "")
        puts "#{blob.vendored? ? 1 : 0}#{blob.documentation? ? 1 : 0}"
      end
      """
    let repo = try TemporaryRepository()
    let output = try TemporaryRepository.run(
      "/usr/bin/ruby", ["-e", script], in: repo.path, environment: repo.environment,
      input: Data(paths.joined(separator: "\n").utf8))
    let verdicts = output.split(separator: "\n").map(String.init)
    try #require(verdicts.count == paths.count, "\(output)")
    let table = LanguageTable.shared
    var differing: [String] = []
    for (path, verdict) in zip(paths, verdicts) {
      let ours =
        (table.paths.vendoredPatterns.matches(path) ? "1" : "0")
        + (table.paths.documentationPatterns.matches(path) ? "1" : "0")
      if ours != verdict { differing.append("\(path): ours \(ours), linguist \(verdict)") }
    }
    #expect(differing.isEmpty, "\(differing)")
    #expect(verdicts.filter { $0.hasPrefix("1") }.count > 30, "a test with vendored paths")
    #expect(verdicts.filter { $0.hasSuffix("1") }.count > 10, "a test with documentation paths")
  }

  @Test("the tables are linguist's: names, extensions by its own fallbacks, every pattern compiles")
  func tables() throws {
    let table = LanguageTable.shared
    func name(_ path: String) -> String? {
      table.language(ofPath: path).map { table.languages[$0].name }
    }
    #expect(name("a/b/Makefile") == "Makefile")
    #expect(name("x.h") == "C")
    #expect(name("README.md") == "Markdown")
    #expect(name("x.d.ts") == "TypeScript")
    #expect(name("x.PY") == "Python")
    #expect(name("x.pl") == "Perl")
    #expect(name("noextension") == nil)
    #expect(table.paths.vendored.count > 100 && table.paths.documentation.count > 10)
    for pattern in table.paths.vendored + table.paths.documentation {
      #expect(PathPattern(pattern) != nil, "\(pattern)")
    }
    // Read by the C library (with \d) and by Swift's Regex (a lookahead) alike.
    let vendored = table.paths.vendored.compactMap(PathPattern.init)
    for path in [
      "node_modules/a/b.js", "lib/jquery-1.12.4.js", "static/bootstrap.min.css", "vendor/x.c",
    ] {
      #expect(vendored.contains { $0.matches(path) }, "\(path)")
    }
    #expect(!vendored.contains { $0.matches("src/main.swift") })
  }
}
