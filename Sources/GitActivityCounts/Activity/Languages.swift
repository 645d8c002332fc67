import Foundation

/// A language as GitHub's linguist names it.
public struct Language: Hashable, Sendable {
  /// Its name (`Swift`, `C++`).
  public var name: String
  /// `programming`, `markup`, `data` or `prose`: linguist counts the first two in a
  /// repository's languages, the others only when `linguist-detectable` says so.
  var type: String
  /// Its colour on GitHub (`#F05138`), when it has one.
  public var color: String?
}

/// linguist's tables (`LinguistData`, generated from its own data files), read once: the
/// languages when a language is named, the paths' tables (`Paths`) only when a path is
/// classified, so that a run that reads languages from the cache builds no matcher.
final class LanguageTable: Sendable {
  static let shared = LanguageTable()

  let languages: [Language]
  /// Each language's `group` (the language it is counted as), empty for none.
  private let groups: [String]

  private init() {
    var languages: [Language] = []
    var groups: [String] = []
    languages.reserveCapacity(800)
    groups.reserveCapacity(800)
    Self.forEachLanguageRow { _, line in
      let fields = Self.fields(line)
      languages.append(Self.language(fields))
      groups.append(fields[3])
      return true
    }
    self.languages = languages
    self.groups = groups
  }

  /// The languages numbered `numbers` (as `shared` numbers them), read without making the
  /// others: a run that names a year's few languages from the cache builds no table of all.
  static func languages(numbered numbers: Set<Int>) -> [Int: Language] {
    var found: [Int: Language] = [:]
    guard !numbers.isEmpty else { return found }
    forEachLanguageRow { number, line in
      if numbers.contains(number) { found[number] = language(fields(line)) }
      return found.count < numbers.count
    }
    return found
  }

  /// A language from its row's fields: name, type, colour (group is the fourth).
  private static func language(_ fields: [String]) -> Language {
    Language(name: fields[0], type: fields[1], color: fields[2].isEmpty ? nil : fields[2])
  }

  /// Each row of the languages' table that is a language (four fields or more), with its
  /// number, until `body` returns false: the one place that numbers them.
  private static func forEachLanguageRow(
    _ body: (_ number: Int, _ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool
  ) {
    var number = 0
    forEachLine(LinguistData.languages) { line in
      guard line.count(where: { $0 == UInt8(ascii: "\t") }) >= 3 else { return true }
      defer { number += 1 }
      return body(number, line)
    }
  }

  /// Each line of one of `LinguistData`'s tables, split at its tabs.
  fileprivate static func forEachRow(_ table: String, _ body: ([String]) -> Void) {
    forEachLine(table) { line in
      body(fields(line))
      return true
    }
  }

  /// Each line of one of `LinguistData`'s tables (the last one too, without a newline), as its
  /// bytes, until `body` returns false.
  private static func forEachLine(
    _ table: String, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool
  ) {
    var table = table
    table.withUTF8 { bytes in
      var start = 0
      for index in 0...bytes.count
      where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
        guard body(bytes[start..<index]) else { return }
        start = index + 1
      }
    }
  }

  /// A line's fields, split at its tabs.
  private static func fields(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> [String] {
    line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The language each one is counted as: itself, or its `group`'s parent.
  var counted: [Int] { paths.counted }
  /// Each language by its name, lowercased.
  var byName: [String: Int] { paths.byName }

  /// What tells a path's language: extensions, file names, vendored and documentation paths.
  final class Paths: Sendable {
    static let shared = Paths()

    let byExtension: [String: Int]
    let byFilename: [String: Int]
    let vendored: [String]
    let documentation: [String]
    /// `vendored` and `documentation`, compiled once for every thread.
    let vendoredPatterns: PathPatterns
    let documentationPatterns: PathPatterns
    /// Each language by its name, lowercased (`linguist-language` names one).
    let byName: [String: Int]
    /// The language each one is counted as: itself, or its `group`'s parent.
    let counted: [Int]

    private init() {
      let table = LanguageTable.shared
      var byName: [String: Int] = [:]
      for (index, language) in table.languages.enumerated() {
        byName[language.name.lowercased()] = index
      }
      self.byName = byName
      counted = table.groups.enumerated().map { index, group in
        group.isEmpty ? index : byName[group.lowercased()] ?? index
      }
      func index(_ table: String) -> [String: Int] {
        var found: [String: Int] = [:]
        LanguageTable.forEachRow(table) { row in
          if row.count == 2 { found[row[0]] = Int(row[1]) }
        }
        return found
      }
      byExtension = index(LinguistData.extensions)
      byFilename = index(LinguistData.filenames)
      vendored = LinguistData.vendored.split(separator: "\n").map(String.init)
      documentation = LinguistData.documentation.split(separator: "\n").map(String.init)
      vendoredPatterns = PathPatterns(vendored)
      documentationPatterns = PathPatterns(documentation)
    }
  }

  var paths: Paths { Paths.shared }

  /// The language of a file by its name, as linguist finds it without reading the file: an
  /// exact file name first (`Makefile`), then the longest of its extensions, lowercased
  /// (`x.d.ts`: `.d.ts`, then `.ts`; a name starting with a dot is all extension).
  func language(ofPath path: String) -> Int? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if let found = paths.byFilename[name] { return found }
    let lowered = name.lowercased()
    var segments = lowered.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count > 1 else { return nil }
    segments.removeFirst()
    for start in segments.indices {
      if let found = paths.byExtension["." + segments[start...].joined(separator: ".")] {
        return found
      }
    }
    return nil
  }
}

/// Tells each path's language as linguist counts it in a repository's languages, one per
/// thread: the `linguist-*` attributes first (`linguist-language`, `linguist-vendored`,
/// `linguist-generated`, `linguist-documentation`, `linguist-detectable`), then linguist's
/// vendored and documentation paths, then the language by name. Nil for a file that does not
/// count. Answers are kept by path.
struct LanguageClassifier {
  private var attributes: DiffAttributes
  private let table = LanguageTable.shared
  private let vendored: PathPatterns
  private let documentation: PathPatterns
  private var answers: [[UInt8]: Int?] = [:]
  /// `linguist-language` values that name no language, each once.
  private(set) var unknownNames: Set<String> = []

  init(attributes: DiffAttributes) {
    self.attributes = attributes
    vendored = LanguageTable.Paths.shared.vendoredPatterns
    documentation = LanguageTable.Paths.shared.documentationPatterns
  }

  private static func name(_ text: String) -> [UInt8] { Array(text.utf8) }
  private static let languageAttribute = name("linguist-language")
  private static let vendoredAttribute = name("linguist-vendored")
  private static let generatedAttribute = name("linguist-generated")
  private static let documentationAttribute = name("linguist-documentation")
  private static let detectableAttribute = name("linguist-detectable")

  /// The language `path` counts as (an index of `LanguageTable.languages`), or nil.
  mutating func language(of path: [UInt8]) -> Int? {
    if let known = answers[path] { return known }
    let answer = decide(path)
    answers[path] = answer
    return answer
  }

  private mutating func decide(_ path: [UInt8]) -> Int? {
    let text = String(decoding: path, as: UTF8.self)
    // An attribute set leaves the file out; unset (`-linguist-vendored`) keeps it in whatever
    // the paths say.
    func excluded(_ attribute: [UInt8], _ patterns: PathPatterns?) -> Bool {
      switch attributes.state(of: attribute, path) {
      case .set: return true
      case .unset: return false
      case .value(let value): return value != Array("false".utf8)
      case .unspecified: return patterns?.matches(text) ?? false
      }
    }
    if excluded(Self.vendoredAttribute, vendored) || excluded(Self.generatedAttribute, nil)
      || excluded(Self.documentationAttribute, documentation)
    {
      return nil
    }
    var found: Int?
    if case .value(let value) = attributes.state(of: Self.languageAttribute, path) {
      let name = String(decoding: value, as: UTF8.self)
      // linguist reads `-` as a space in a value (`linguist-language=Objective-C` is its name).
      if let index = table.byName[name.lowercased()]
        ?? table.byName[name.replacingOccurrences(of: "-", with: " ").lowercased()]
      {
        found = index
      } else {
        unknownNames.insert(name)
      }
    }
    guard let language = found ?? table.language(ofPath: text) else { return nil }
    switch attributes.state(of: Self.detectableAttribute, path) {
    case .set: break
    case .unset: return nil
    default:
      let type = table.languages[language].type
      guard type == "programming" || type == "markup" else { return nil }
    }
    return table.counted[language]
  }
}

/// One of linguist's path patterns (Ruby regular expressions): compiled by the C library's
/// `regcomp` as an extended expression (`\d` read as `[0-9]`), a matcher many times faster than
/// Swift's; the few it cannot read (a lookahead) by Swift's `Regex`. Case-sensitive, as
/// linguist's are, and byte by byte in the C locale, as Ruby's `\w` and `\s` are ASCII only.
struct PathPattern: @unchecked Sendable {
  fileprivate let posix: POSIXRegex?
  fileprivate let swift: Regex<AnyRegexOutput>?

  init?(_ pattern: String) {
    if !pattern.contains("(?"), let compiled = PathPattern.posix(pattern) {
      posix = compiled
      swift = nil
    } else if let compiled = try? Regex(pattern) {
      posix = nil
      swift = compiled
    } else {
      return nil
    }
  }

  /// `pattern` (one of linguist's, or several joined by `|`) as the C library reads it: Ruby's
  /// `\d` is `[0-9]`, and its `\s` in a bracket (`[^\s]`) is `[:space:]` there (in a POSIX
  /// bracket a backslash is itself).
  fileprivate static func posix(_ pattern: String) -> POSIXRegex? {
    let read = pattern.replacingOccurrences(of: "\\d", with: "[0-9]")
      .replacingOccurrences(of: "[^\\s]", with: "[^[:space:]]")
    return try? POSIXRegex(
      read, locale: "C", isExtended: true, ignoresCase: false, isPerLine: false)
  }

  func matches(_ path: String) -> Bool {
    if let posix { return posix.matches(path) }
    return swift.map { (try? $0.firstMatch(in: path)) != nil } ?? false
  }
}

/// A list of linguist's path patterns, matched as one: those the C library reads joined into
/// one alternation (one pass over the path instead of one a pattern; none of linguist's
/// patterns refers back to a group, so numbering the groups anew changes nothing), the others
/// each on its own.
struct PathPatterns: Sendable {
  private let joined: PathPattern?
  private let others: [PathPattern]

  init(_ patterns: [String]) {
    let each = patterns.map { ($0, PathPattern($0)) }
    let compiled = each.compactMap(\.1)
    let posix = each.filter { $0.1?.posix != nil }.map(\.0)
    joined =
      posix.isEmpty
      ? nil
      : PathPattern.posix(posix.map { "(" + $0 + ")" }.joined(separator: "|")).map {
        PathPattern(posix: $0)
      }
    others = joined == nil ? compiled : compiled.filter { $0.posix == nil }
  }

  /// Whether any of the patterns matches somewhere in `path`.
  func matches(_ path: String) -> Bool {
    if let joined, joined.matches(path) { return true }
    return others.contains { $0.matches(path) }
  }
}

extension PathPattern {
  fileprivate init(posix: POSIXRegex) {
    self.posix = posix
    swift = nil
  }
}

/// Lines added and removed in each language.
public struct LanguageLines: Hashable, Sendable {
  /// The language.
  public var language: Language
  /// Lines added in its files.
  public var insertions: Int
  /// Lines removed from its files.
  public var deletions: Int
  /// How many times one of its files was changed (a file in two commits counts twice).
  public var changes: Int
  /// Lines added and removed.
  public var lines: Int { insertions.addingSaturating(deletions) }

  /// `language`'s lines.
  public init(language: Language, insertions: Int, deletions: Int, changes: Int) {
    self.language = language
    self.insertions = insertions
    self.deletions = deletions
    self.changes = changes
  }

  /// The linguist version whose data tells the languages apart.
  public static var linguistVersion: String { LinguistData.version }
}
