/// The paths of `git log -- <pathspec>…`, parsed and matched as git parses and matches them
/// (gitglossary "pathspec"; git's `pathspec.c` and `tree-walk.c`).
///
/// An element is a path relative to the folder it was given in, or carries magic: `:/` or
/// `:(top)` (from the top of the work tree), `:!`, `:^` or `:(exclude)`, `:(icase)`, `:(glob)`
/// (`*` stops at `/`, `**` crosses folders), `:(literal)`, and several at once
/// (`:(top,icase)…`). Without magic, `*`, `?` and `[…]` match across `/`. `GIT_GLOB_PATHSPECS`,
/// `GIT_NOGLOB_PATHSPECS`, `GIT_ICASE_PATHSPECS` and `GIT_LITERAL_PATHSPECS` apply to every
/// element, as in git. Excludes alone exclude from the whole tree, as git 2.39 adds `.` from the
/// top. `:(attr:…)` is refused (git-heatmap reads no attributes), in git's words.
package struct Pathspec: Sendable, Hashable {
  /// The magic of an element.
  struct Magic: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let top = Magic(rawValue: 1)
    static let literal = Magic(rawValue: 2)
    static let glob = Magic(rawValue: 4)
    static let icase = Magic(rawValue: 8)
    static let exclude = Magic(rawValue: 16)
  }

  /// One element, resolved against the folder it was given in.
  struct Item: Sendable, Hashable {
    /// The path from the top of the work tree (a trailing `/` kept: it takes only folders).
    var match: [UInt8]
    var magic: Magic
    /// How many leading bytes of `match` are the folder it was given in: `:(icase)` matches
    /// them with case.
    var prefix: Int
    /// How many leading bytes hold no wildcard.
    var literalLength: Int

    var hasWildcard: Bool { literalLength < match.count }
  }

  /// The one path `path` from the top, taken literally (what `--follow` follows).
  static func exactly(_ path: [UInt8]) -> Pathspec {
    Pathspec(items: [
      Item(match: path, magic: [.top, .literal], prefix: 0, literalLength: path.count)
    ])
  }

  /// The elements, in the order given (an implicit whole tree last, when all exclude).
  let items: [Item]
  let hasWildcard: Bool
  let hasExclude: Bool

  init(items: [Item]) {
    self.items = items
    hasWildcard = items.contains(where: \.hasWildcard)
    hasExclude = items.contains { $0.magic.contains(.exclude) }
  }

  /// Whether it takes the paths of every commit, as no pathspec does.
  var isEmpty: Bool { items.isEmpty }

  /// Every element written with its magic spelled out and its folder as `prefix:N`, from the
  /// top of the work tree: what `RevisionSelection.paths` holds, and `init(canonical:)` reads
  /// back to an equal pathspec, wherever the run is and whatever the environment says.
  package var canonical: [String] {
    items.map { item in
      var names = ["prefix:\(item.prefix)"]
      if item.magic.contains(.literal) { names.append("literal") }
      if item.magic.contains(.glob) { names.append("glob") }
      if item.magic.contains(.icase) { names.append("icase") }
      if item.magic.contains(.exclude) { names.append("exclude") }
      return ":(" + names.joined(separator: ",") + ")"
        + String(decoding: item.match, as: UTF8.self)
    }
  }

  /// Reads back what `canonical` wrote.
  package init(canonical elements: [String]) throws(GitError) {
    self = try Pathspec.parse(elements, prefix: [], workTree: nil, environment: [:])
  }

  /// Parses the elements of a command line given in folder `prefix` of the work tree (`[]` at
  /// the top, else ending in `/`), with the `GIT_*_PATHSPECS` variables of `environment`. An
  /// absolute path must lie inside `workTree`. Errors are git's.
  package static func parse(
    _ elements: [String], prefix: [UInt8], workTree: String?, environment: [String: String]
  ) throws(GitError) -> Pathspec {
    func flag(_ name: String) throws(GitError) -> Bool {
      guard let value = environment[name] else { return false }
      guard let truth = ConfigBoolean.parse(value) else {
        throw GitError.badPathspecSetting(value, for: name)
      }
      return truth
    }
    let literalGlobal = try flag("GIT_LITERAL_PATHSPECS")
    let globGlobal = try flag("GIT_GLOB_PATHSPECS")
    let noglobGlobal = try flag("GIT_NOGLOB_PATHSPECS")
    let icaseGlobal = try flag("GIT_ICASE_PATHSPECS")
    if globGlobal && noglobGlobal {
      throw GitError.globAndNoglob
    }
    if literalGlobal && (globGlobal || icaseGlobal) {
      throw GitError.literalWithOtherSettings
    }
    var items: [Item] = []
    for element in elements {
      if element.isEmpty {
        throw GitError.emptyPathspec
      }
      let bytes = Array(element.utf8)
      var magic: Magic = []
      var givenPrefix: Int?
      var rest = bytes[...]
      if !literalGlobal && bytes.first == UInt8(ascii: ":") {
        rest = try parseMagic(bytes, element: element, magic: &magic, prefix: &givenPrefix)
      }
      if literalGlobal { magic.insert(.literal) }
      if globGlobal && !magic.contains(.literal) { magic.insert(.glob) }
      if icaseGlobal { magic.insert(.icase) }
      if noglobGlobal && !magic.contains(.glob) { magic.insert(.literal) }
      if magic.contains(.literal) && magic.contains(.glob) {
        throw GitError.literalAndGlob(element)
      }
      var match: [UInt8]
      var itemPrefix: Int
      if let givenPrefix {
        match = Array(rest)
        itemPrefix = min(max(givenPrefix, 0), match.count)
      } else if magic.contains(.top) {
        match = Array(rest)
        itemPrefix = 0
      } else {
        guard
          let resolved = resolve(
            Array(rest), prefix: prefix, workTree: workTree.map { Array($0.utf8) })
        else {
          let top = workTree ?? "."
          throw GitError.outsideRepository(element, String(decoding: rest, as: UTF8.self), top: top)
        }
        (match, itemPrefix) = resolved
      }
      var literalLength = match.count
      if !magic.contains(.literal) {
        literalLength = match.firstIndex(where: Wildmatch.isGlobSpecial) ?? match.count
        literalLength = max(literalLength, itemPrefix)
      }
      items.append(
        Item(match: match, magic: magic, prefix: itemPrefix, literalLength: literalLength))
    }
    if !items.isEmpty && items.allSatisfy({ $0.magic.contains(.exclude) }) {
      items.append(Item(match: [], magic: [], prefix: 0, literalLength: 0))
    }
    return Pathspec(items: items)
  }

  /// The magic of an element that starts with `:`, in `magic` (and `prefix:N` in `prefix`);
  /// returns what follows it.
  private static func parseMagic(
    _ bytes: [UInt8], element: String, magic: inout Magic, prefix: inout Int?
  ) throws(GitError) -> ArraySlice<UInt8> {
    if bytes.count > 1 && bytes[1] == UInt8(ascii: "(") {
      var position = 2
      while position < bytes.count && bytes[position] != UInt8(ascii: ")") {
        var end = position
        while end < bytes.count && bytes[end] != UInt8(ascii: ",")
          && bytes[end] != UInt8(ascii: ")")
        {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        end = min(end, bytes.count)
        let word = String(decoding: bytes[position..<end], as: UTF8.self)
        position = end < bytes.count && bytes[end] == UInt8(ascii: ",") ? end + 1 : end
        switch word {
        case "": continue
        case "top": magic.insert(.top)
        case "literal": magic.insert(.literal)
        case "glob": magic.insert(.glob)
        case "icase": magic.insert(.icase)
        case "exclude": magic.insert(.exclude)
        case _ where word.hasPrefix("prefix:"):
          guard let value = Int(word.dropFirst(7)) else {
            throw GitError.badPrefixMagic
          }
          prefix = value
        case _ where word.hasPrefix("attr:"):
          throw GitError.attrMagic(element)
        default:
          throw GitError.invalidMagic(word, in: element)
        }
      }
      guard position < bytes.count else {
        throw GitError.unclosedMagic(element)
      }
      return bytes[(position + 1)...]
    }
    var position = 1
    while position < bytes.count && bytes[position] != UInt8(ascii: ":") {
      let byte = bytes[position]
      if byte == UInt8(ascii: "^") || byte == UInt8(ascii: "!") {
        magic.insert(.exclude)
      } else if byte == UInt8(ascii: "/") {
        magic.insert(.top)
      } else if Self.isMagicMnemonic(byte) {
        throw GitError.unimplementedMagic(Character(Unicode.Scalar(byte)), in: element)
      } else {
        break
      }
      position += 1
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ":") { position += 1 }
    return bytes[position...]
  }

  /// The bytes git reserves for short magic (its `GIT_PATHSPEC_MAGIC` class).
  private static func isMagicMnemonic(_ byte: UInt8) -> Bool {
    Array(##"!"#%&',-/:;<=>@_`~"##.utf8).contains(byte)
  }

  /// `path` given in folder `prefix`, from the top of the work tree, `.` and `..` resolved and
  /// repeated slashes folded as git's `normalize_path_copy` does, with how many leading bytes
  /// are still the folder's; nil when it leaves the work tree.
  static func resolve(_ path: [UInt8], prefix: [UInt8], workTree: [UInt8]?)
    -> (match: [UInt8], prefix: Int)?
  {
    guard path.first == UInt8(ascii: "/") else {
      guard let normalized = normalize(prefix + path, prefixLength: prefix.count) else {
        return nil
      }
      return (normalized.path, normalized.prefix)
    }
    guard let workTree, let normalized = normalize(path, prefixLength: 0) else { return nil }
    var top = workTree
    while top.count > 1 && top.last == UInt8(ascii: "/") { top.removeLast() }
    let absolute = [UInt8(ascii: "/")] + normalized.path
    if absolute == top { return ([], 0) }
    let inside = top == [UInt8(ascii: "/")] ? top : top + [UInt8(ascii: "/")]
    guard absolute.starts(with: inside) else { return nil }
    return (Array(absolute[inside.count...]), 0)
  }

  /// `a//b/./c/../d` as `a/b/d`, a trailing `/` kept; nil when `..` climbs above the start.
  private static func normalize(_ path: [UInt8], prefixLength: Int)
    -> (path: [UInt8], prefix: Int)?
  {
    var components: [(bytes: ArraySlice<UInt8>, fromPrefix: Bool)] = []
    var start = 0
    var endsAsFolder = false
    while start <= path.count {
      let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
      let component = path[start..<end]
      let fromPrefix = end < prefixLength
      let isLast = end == path.count
      if component.isEmpty || component.elementsEqual(".".utf8) {
        if isLast { endsAsFolder = true }
      } else if component.elementsEqual("..".utf8) {
        guard !components.isEmpty else { return nil }
        components.removeLast()
        if isLast { endsAsFolder = true }
      } else {
        components.append((component, fromPrefix))
        endsAsFolder = false
      }
      start = end + 1
    }
    var result: [UInt8] = []
    var prefix = 0
    for (index, component) in components.enumerated() {
      if index > 0 { result.append(UInt8(ascii: "/")) }
      result += component.bytes
      if component.fromPrefix { prefix = result.count + 1 }
    }
    if endsAsFolder && !result.isEmpty { result.append(UInt8(ascii: "/")) }
    return (result, min(prefix, result.count))
  }
}
