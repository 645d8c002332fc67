import Foundation

/// The `diff` attribute of paths, as git 2.39 reads it for `git log` (`attr.c`): the work
/// tree's `.gitattributes` of each folder on the way to a path (the deepest first; a symbolic
/// link is not followed), `$GIT_DIR/info/attributes` above all of them, and
/// `core.attributesFile` and the system's file below; within a file, later lines win. `binary`
/// is git's built-in macro for `-diff -merge -text`, and `[attr]` lines of the top-level files
/// define more. `-diff` makes a file binary, `diff` makes it text; `diff=<driver>` makes it what
/// `diff.<driver>.binary` says, when that is set; otherwise its content decides.
///
/// A bare repository has no work tree, so only the files outside it count, as in git. Each
/// reader keeps the folders' files it has read and the answers it has given: one per thread.
package struct DiffAttributes {
  /// What an attribute line says of `diff`.
  package enum State: Equatable, Sendable {
    case set
    case unset
    case unspecified
    case value([UInt8])
  }

  /// One line: a pattern and what it says of each attribute it names.
  struct Rule: Sendable {
    var pattern: [UInt8]
    /// The pattern ended in `/`: it matches folders only, so never a file.
    var matchesFoldersOnly: Bool
    /// The pattern has no `/`: it matches a name at any depth below its file's folder.
    var matchesNames: Bool
    var states: [(name: [UInt8], state: State)]
  }

  /// One attributes file: the folder it applies below (`[]` for the top and for the files
  /// outside the tree) and its lines.
  struct File: Sendable {
    var folder: [UInt8]
    var rules: [Rule]
  }

  private let workingDirectory: String?
  /// Above the work tree's files (`info/attributes`), and below them (global, then system),
  /// each highest first.
  private let above: [File]
  private let below: [File]
  /// `[attr]` definitions, the builtin `binary` first, later ones overriding.
  private let macros: [[UInt8]: [(name: [UInt8], state: State)]]
  /// `diff.<driver>.binary`, by driver.
  private let driverBinary: [[UInt8]: Bool]
  /// The work tree's folders read: `.some(nil)` for one without a file, nil for one it lacks.
  private var folders: [[UInt8]: File??] = [:]
  private var answers: [[UInt8]: Bool?] = [:]
  /// The lines git ignores for their length (`ignoring overly long attributes line N`), by
  /// number, of every file read.
  private(set) var longLines = Set<Int>()

  /// Lines this long or longer are ignored, as git ignores them (`ATTR_MAX_LINE_LENGTH`).
  static let maximumLineLength = 2048
  /// Files larger than this are ignored, as git ignores them (`ATTR_MAX_FILE_SIZE`).
  static let maximumFileSize = 100 << 20

  /// The attributes of a repository: its work tree (nil when bare), its git directory, and the
  /// files and settings its configuration names.
  init(
    workingDirectory: String?, gitDirectory: String, globalFile: String?, systemFile: String?,
    driverBinary: [[UInt8]: Bool]
  ) {
    self.workingDirectory = workingDirectory
    self.driverBinary = driverBinary
    var macros: [[UInt8]: [(name: [UInt8], state: State)]] = [
      Array("binary".utf8): [
        (Array("diff".utf8), .unset), (Array("merge".utf8), .unset), (Array("text".utf8), .unset),
      ]
    ]
    // Files outside the folders may define macros; later ones override earlier ones.
    var longLines = Set<Int>()
    func load(_ path: String?, followsLinks: Bool) -> File? {
      guard let path,
        let bytes = try? AtomicFile.read(
          path, followsLinks: followsLinks, limit: Self.maximumFileSize)
      else { return nil }
      let parsed = Self.parse(bytes, folder: [])
      macros.merge(parsed.macros) { $1 }
      longLines.formUnion(parsed.longLines)
      return parsed.file
    }
    let system = load(systemFile, followsLinks: true)
    let global = load(globalFile, followsLinks: true)
    let top = workingDirectory.flatMap { load($0 + "/.gitattributes", followsLinks: false) }
    let info = load(gitDirectory + "/info/attributes", followsLinks: true)
    above = [info].compactMap { $0 }
    below = [global, system].compactMap { $0 }
    self.macros = macros
    self.longLines = longLines
    folders[[]] = .some(.some(top))
  }

  /// An attributes file's lines, and the macros its `[attr]` lines define (which only the
  /// files outside the folders may: git ignores them in a folder's own file).
  static func parse(_ bytes: [UInt8], folder: [UInt8]) -> (
    file: File, macros: [[UInt8]: [(name: [UInt8], state: State)]], longLines: [Int]
  ) {
    var rules: [Rule] = []
    var macros: [[UInt8]: [(name: [UInt8], state: State)]] = [:]
    var longLines: [Int] = []
    for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    {
      var rest = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
      while let last = rest.last, last == 0x0D || last == 0x20 || last == 0x09 {
        rest = rest.dropLast()
      }
      guard let first = rest.first, first != UInt8(ascii: "#") else { continue }
      // git's `ATTR_MAX_LINE_LENGTH` (`parse_attr_line`): a line of 2,048 bytes or more (its
      // newline, and a carriage return before it, aside) is ignored, with a warning.
      let length = line.last == 0x0D ? line.count - 1 : line.count
      guard length < maximumLineLength else {
        longLines.append(number + 1)
        continue
      }
      var pattern: [UInt8]
      if first == UInt8(ascii: "\"") {
        // A quoted pattern runs to the closing quote that no backslash escapes.
        var end = rest.index(after: rest.startIndex)
        var escaped = false
        while end < rest.endIndex && (escaped || rest[end] != UInt8(ascii: "\"")) {
          escaped = !escaped && rest[end] == UInt8(ascii: "\\")
          end = rest.index(after: end)
        }
        guard end < rest.endIndex, let unquoted = CQuoting.unquote(rest[rest.startIndex...end])
        else { continue }
        pattern = unquoted
        rest = rest[rest.index(after: end)...]
      } else {
        let end = rest.firstIndex { $0 == 0x20 || $0 == 0x09 } ?? rest.endIndex
        pattern = Array(rest[..<end])
        rest = rest[end...]
      }
      let states = rest.split { $0 == 0x20 || $0 == 0x09 }.map(Self.state)
      if pattern.starts(with: Array("[attr]".utf8)) {
        let name = Array(pattern.dropFirst(6))
        macros[name] = states
        continue
      }
      // Negative patterns are refused by git.
      if pattern.first == UInt8(ascii: "!") { continue }
      var foldersOnly = false
      if pattern.count > 1, pattern.last == UInt8(ascii: "/") {
        pattern.removeLast()
        foldersOnly = true
      }
      rules.append(
        Rule(
          pattern: pattern, matchesFoldersOnly: foldersOnly,
          matchesNames: !pattern.contains(UInt8(ascii: "/")), states: states))
    }
    return (File(folder: folder, rules: rules), macros, longLines)
  }

  /// One `attr`, `-attr`, `!attr` or `attr=value`.
  private static func state(_ word: ArraySlice<UInt8>) -> (name: [UInt8], state: State) {
    switch word.first {
    case UInt8(ascii: "-"): return (Array(word.dropFirst()), .unset)
    case UInt8(ascii: "!"): return (Array(word.dropFirst()), .unspecified)
    default:
      if let equals = word.firstIndex(of: UInt8(ascii: "=")) {
        return (Array(word[..<equals]), .value(Array(word[(equals + 1)...])))
      }
      return (Array(word), .set)
    }
  }

  /// Whether the attributes alone make the file at `path` binary (true), text (false), or
  /// leave it to its content (nil).
  mutating func isBinary(_ path: [UInt8]) -> Bool? {
    if let known = answers[path] { return known }
    let answer: Bool?
    switch diffState(path) {
    case .unset: answer = true
    case .value(let driver): answer = driverBinary[driver]
    // `diff` set is git's `driver_true`: text, whatever the content.
    case .set: answer = false
    case .unspecified: answer = nil
    }
    answers[path] = answer
    return answer
  }

  private static let diff = Array("diff".utf8)

  /// The `diff` attribute of `path`, from the highest file down, each from its last line up.
  mutating func diffState(_ path: [UInt8]) -> State { state(of: Self.diff, path) }

  /// Attribute `attribute` of `path` (`linguist-language`, `linguist-vendored`, …), as git
  /// reads any attribute: from the highest file down, each from its last line up.
  package mutating func state(of attribute: [UInt8], _ path: [UInt8]) -> State {
    let name =
      path.lastIndex(of: UInt8(ascii: "/")).map { path[(path.index(after: $0))...] }
      ?? path[...]
    var files = above
    var chain: [File?] = [folderFile([]) ?? nil]
    // Down the path's folders while the work tree has them: below a folder it lacks (or one
    // longer than a path can be) there is no attributes file, and a tree thousands deep costs
    // one look, not one per level.
    for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
      guard index < Self.longestPath, let file = folderFile(Array(path[..<index])) else { break }
      chain.append(file)
    }
    files += chain.reversed().compactMap { $0 }
    files += below
    for file in files {
      for rule in file.rules.reversed() where Self.matches(rule, path: path, name: name, in: file) {
        if let state = resolve(rule.states, attribute: attribute, depth: 0) { return state }
      }
    }
    return .unspecified
  }

  /// What a line's states (last first, macros expanded) say of `attribute`, nil when nothing.
  private func resolve(
    _ states: [(name: [UInt8], state: State)], attribute: [UInt8], depth: Int
  ) -> State? {
    for (name, state) in states.reversed() {
      if name == attribute { return state }
      if state == .set, depth < 8, let macro = macros[name],
        let found = resolve(macro, attribute: attribute, depth: depth + 1)
      {
        return found
      }
    }
    return nil
  }

  /// The longest path the work tree can hold (`PATH_MAX`).
  private static let longestPath = 4096

  /// The attributes file of `folder` in the work tree, read once: `.some(nil)` when the folder
  /// has none, nil when the work tree has no such folder (nor then any below it).
  private mutating func folderFile(_ folder: [UInt8]) -> File?? {
    if let known = folders[folder] { return known }
    var file: File??
    if let workingDirectory {
      let folderPath = workingDirectory + "/" + RawPath.string(folder)
      let path = folderPath + "/.gitattributes"
      if let bytes = try? AtomicFile.read(path, followsLinks: false, limit: Self.maximumFileSize) {
        let parsed = Self.parse(bytes, folder: folder)
        file = .some(parsed.file)
        longLines.formUnion(parsed.longLines)
      } else {
        var status = stat()
        file = lstat(folderPath, &status) == 0 ? .some(nil) : nil
      }
    }
    folders[folder] = file
    return file
  }

  /// Whether `rule` of `file` matches the file at `path` (`path_matches`).
  private static func matches(
    _ rule: Rule, path: [UInt8], name: ArraySlice<UInt8>, in file: File
  ) -> Bool {
    if rule.matchesFoldersOnly { return false }
    if rule.matchesNames {
      // Any depth below the file's folder.
      guard file.folder.isEmpty || path.starts(with: file.folder + [UInt8(ascii: "/")]) else {
        return false
      }
      return Wildmatch.matches(rule.pattern, name, pathname: false, caseFolds: false)
    }
    var pattern = rule.pattern[...]
    if pattern.first == UInt8(ascii: "/") { pattern = pattern.dropFirst() }
    var relative = path[...]
    if !file.folder.isEmpty {
      guard path.count > file.folder.count + 1, path.starts(with: file.folder),
        path[file.folder.count] == UInt8(ascii: "/")
      else { return false }
      relative = path[(file.folder.count + 1)...]
    }
    return Wildmatch.matches(pattern, relative, pathname: true, caseFolds: false)
  }
}
