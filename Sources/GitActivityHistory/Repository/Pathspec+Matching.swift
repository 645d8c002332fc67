extension Pathspec {
  /// The keys git looks up in changed-path Bloom filters for this pathspec: the path and each
  /// folder on the way to it, when it is one plain path (no wildcard, no magic but literal);
  /// empty when git would not use the filters.
  var bloomKeys: [BloomFilters.Key] {
    guard items.count == 1, let item = items.first, !item.hasWildcard,
      item.magic.subtracting(.literal).isEmpty
    else { return [] }
    var path = item.match[...]
    while path.last == UInt8(ascii: "/") { path = path.dropLast() }
    guard !path.isEmpty else { return [] }
    var keys = [BloomFilters.Key(path)]
    var index = path.endIndex - 1
    while index > path.startIndex {
      if path[index] == UInt8(ascii: "/") { keys.append(BloomFilters.Key(path[..<index])) }
      index -= 1
    }
    return keys
  }

  /// How much of the entry `name` (of `mode`) in the folder `base` (`[]` at the top, else ending
  /// in `/`) this pathspec takes, as git's `tree_entry_interesting` decides it for a recursive
  /// diff.
  func interest(name: UnsafeRawBufferPointer, mode: UInt32, base: [UInt8]) -> Interest {
    let positive = match(name: name, mode: mode, base: base, excluding: false)
    if !hasExclude || positive <= .none { return positive }
    let negative = match(name: name, mode: mode, base: base, excluding: true)
    if negative <= .none { return positive }
    if TreeMode.isFolder(mode) && positive >= .entry && negative == .entry { return .entry }
    if (positive == .entry && negative >= .entry) || (positive == .all && negative == .entry) {
      return .none
    }
    return .noneFromHere
  }

  /// git's `do_match`: the positive elements, or with `excluding` the excluded ones.
  private func match(
    name: UnsafeRawBufferPointer, mode: UInt32, base: [UInt8], excluding: Bool
  ) -> Interest {
    var never: Interest = hasWildcard ? .none : .noneFromHere
    let isFolder = TreeMode.isFolder(mode)
    for item in items.reversed() where item.magic.contains(.exclude) == excluding {
      let match = item.match
      if base.count >= match.count {
        if matchesFolderPrefix(item, base) { return .all }
      } else if base.isEmpty || compareBase(item, base, match, base.count) == 0 {
        if matchesEntry(item, name, mode, from: base.count, never: &never) { return .entry }
        if item.hasWildcard {
          if fnmatch(item, match[base.count...], name, literal: item.literalLength - base.count) {
            return .entry
          }
          if isFolder { return .entry }
        }
        continue
      }
      // The wildcards, against the whole path.
      guard item.hasWildcard else { continue }
      if item.literalLength > 0 && !matchesWildcardBase(item, base) { continue }
      let path = base + name
      if fnmatch(item, match[...], path, literal: item.literalLength) { return .entry }
      if isFolder { return .entry }
    }
    return never
  }

  /// git's `match_entry`: the entry is the element's path or a folder on the way to it.
  private func matchesEntry(
    _ item: Item, _ name: UnsafeRawBufferPointer, _ mode: UInt32, from start: Int,
    never: inout Interest
  ) -> Bool {
    let match = item.match[start...]
    let matchLength = match.count
    let pathLength = name.count
    var compared: Int?
    if item.magic.contains(.icase) {
      never = .none
    } else if never != .none {
      let order = Self.compare(match, name, count: min(matchLength, pathLength), folds: false)
      if order < 0 { return false }
      compared = order
      never = .none
    }
    if pathLength > matchLength { return false }
    if matchLength > pathLength {
      if match[match.startIndex + pathLength] != UInt8(ascii: "/") { return false }
      // A submodule only as itself: `sub` or `sub/`, never a path inside it.
      if !TreeMode.isFolder(mode)
        && (!TreeMode.isSubmodule(mode) || matchLength > pathLength + 1)
      {
        return false
      }
    }
    let order =
      compared
      ?? Self.compare(match, name, count: pathLength, folds: item.magic.contains(.icase))
    return order == 0
  }

  /// git's `basecmp`: under `:(icase)`, the folder the element was given in still matches with
  /// case.
  private func compareBase(_ item: Item, _ base: [UInt8], _ match: [UInt8], _ length: Int) -> Int {
    var offset = 0
    var length = length
    if item.magic.contains(.icase) {
      let exact = min(length, item.prefix)
      let order = Self.compare(base[...], match[...], count: exact, folds: false)
      if order != 0 { return order }
      offset = exact
      length -= exact
    }
    return Self.compare(
      base[offset...], match[offset...], count: length, folds: item.magic.contains(.icase))
  }

  /// git's `match_dir_prefix`: the folder `base` lies inside the element's path.
  private func matchesFolderPrefix(_ item: Item, _ base: [UInt8]) -> Bool {
    let length = item.match.count
    if compareBase(item, base, item.match, length) != 0 { return false }
    return length == 0 || (length < base.count && base[length] == UInt8(ascii: "/"))
      || item.match[length - 1] == UInt8(ascii: "/")
  }

  /// git's `match_wildcard_base`: `base` agrees with the element's bytes before its first
  /// wildcard.
  private func matchesWildcardBase(_ item: Item, _ base: [UInt8]) -> Bool {
    guard !base.isEmpty else { return true }
    let length = item.literalLength
    if base.count >= length { return compareBase(item, base, item.match, length) == 0 }
    return compareBase(item, base, item.match, base.count) == 0
  }

  /// git's `git_fnmatch`: the first `literal` bytes compared as bytes, the rest by `Wildmatch`.
  private func fnmatch(
    _ item: Item, _ pattern: ArraySlice<UInt8>, _ text: some Collection<UInt8>, literal: Int
  ) -> Bool {
    let folds = item.magic.contains(.icase)
    var pattern = pattern
    var text = Array(text)[...]
    if literal > 0 {
      guard text.count >= literal,
        Self.compare(pattern, text, count: literal, folds: folds) == 0
      else { return false }
      pattern = pattern.dropFirst(literal)
      text = text.dropFirst(literal)
    }
    return Wildmatch.matches(
      pattern, text, pathname: item.magic.contains(.glob), caseFolds: folds)
  }

  /// `strncmp` (or, folding ASCII case, `strncasecmp`) of the first `count` bytes; a string
  /// that ends first sorts first, as its NUL would.
  static func compare(
    _ left: some Collection<UInt8>, _ right: some Collection<UInt8>, count: Int, folds: Bool
  ) -> Int {
    var l = left.makeIterator()
    var r = right.makeIterator()
    for _ in 0..<max(count, 0) {
      let a = l.next() ?? 0
      let b = r.next() ?? 0
      let x = folds && a >= 0x41 && a <= 0x5A ? a + 32 : a
      let y = folds && b >= 0x41 && b <= 0x5A ? b + 32 : b
      if x != y { return Int(x) - Int(y) }
      if x == 0 { return 0 }
    }
    return 0
  }
}
