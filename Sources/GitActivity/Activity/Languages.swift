import Foundation

/// A language as GitHub's linguist names it.
public struct Language: Hashable, Sendable {
  /// Its name (`Swift`, `C++`).
  public var name: String
  /// `programming`, `markup`, `data` or `prose`: linguist counts the first two in a
  /// repository's languages, the others only when `linguist-detectable` says so.
  public var type: String
  /// Its colour on GitHub (`#F05138`), when it has one.
  public var color: String?
}

/// linguist's tables (`LinguistData`, generated from its own data files), read once.
final class LanguageTable: Sendable {
  static let shared = LanguageTable()

  let languages: [Language]
  /// The language each one is counted as: itself, or its `group`'s parent.
  let counted: [Int]
  let byExtension: [String: Int]
  let byFilename: [String: Int]
  let byName: [String: Int]
  let vendored: [String]
  let documentation: [String]

  private init() {
    func rows(_ table: String) -> [[Substring]] {
      table.split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false)
      }
    }
    var languages: [Language] = []
    var groups: [String] = []
    for row in rows(LinguistData.languages) where row.count >= 4 {
      languages.append(
        Language(
          name: String(row[0]), type: String(row[1]), color: row[2].isEmpty ? nil : String(row[2])))
      groups.append(String(row[3]))
    }
    var byName: [String: Int] = [:]
    for (index, language) in languages.enumerated() { byName[language.name.lowercased()] = index }
    counted = groups.enumerated().map { index, group in
      group.isEmpty ? index : byName[group.lowercased()] ?? index
    }
    func index(_ table: String) -> [String: Int] {
      var found: [String: Int] = [:]
      for row in rows(table) where row.count == 2 { found[String(row[0])] = Int(row[1]) }
      return found
    }
    self.languages = languages
    self.byName = byName
    byExtension = index(LinguistData.extensions)
    byFilename = index(LinguistData.filenames)
    vendored = LinguistData.vendored.split(separator: "\n").map(String.init)
    documentation = LinguistData.documentation.split(separator: "\n").map(String.init)
  }

  /// The language of a file by its name, as linguist finds it without reading the file: an
  /// exact file name first (`Makefile`), then the longest of its extensions, lowercased
  /// (`x.d.ts`: `.d.ts`, then `.ts`; a name starting with a dot is all extension).
  func language(ofPath path: String) -> Int? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if let found = byFilename[name] { return found }
    let lowered = name.lowercased()
    var segments = lowered.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count > 1 else { return nil }
    segments.removeFirst()
    for start in segments.indices {
      if let found = byExtension["." + segments[start...].joined(separator: ".")] { return found }
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
  private let vendored: [PathPattern]
  private let documentation: [PathPattern]
  private var answers: [[UInt8]: Int?] = [:]
  /// `linguist-language` values that name no language, each once.
  private(set) var unknownNames: Set<String> = []

  init(attributes: DiffAttributes) {
    self.attributes = attributes
    vendored = LanguageTable.shared.vendored.compactMap(PathPattern.init)
    documentation = LanguageTable.shared.documentation.compactMap(PathPattern.init)
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
    func excluded(_ attribute: [UInt8], _ patterns: [PathPattern]) -> Bool {
      switch attributes.state(of: attribute, path) {
      case .set: return true
      case .unset: return false
      case .value(let value): return value != Array("false".utf8)
      case .unspecified: return patterns.contains { $0.matches(text) }
      }
    }
    if excluded(Self.vendoredAttribute, vendored) || excluded(Self.generatedAttribute, [])
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
/// linguist's are.
struct PathPattern: @unchecked Sendable {
  private let posix: POSIXRegex?
  private let swift: Regex<AnyRegexOutput>?

  init?(_ pattern: String) {
    let extended = pattern.replacingOccurrences(of: "\\d", with: "[0-9]")
    if !pattern.contains("(?"),
      let compiled = try? POSIXRegex(
        extended, locale: nil, isExtended: true, ignoresCase: false, isPerLine: false)
    {
      posix = compiled
      swift = nil
    } else if let compiled = try? Regex(pattern) {
      posix = nil
      swift = compiled
    } else {
      return nil
    }
  }

  func matches(_ path: String) -> Bool {
    if let posix { return posix.matches(path) }
    return swift.map { (try? $0.firstMatch(in: path)) != nil } ?? false
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
