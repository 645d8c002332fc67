/// How much of a tree entry a pathspec takes (git's `enum interesting`).
enum Interest: Int8, Comparable {
  /// Neither this entry nor any after it in the same tree.
  case noneFromHere = -1
  /// Not this entry.
  case none = 0
  /// This entry; for a folder, some of what it holds.
  case entry = 1
  /// This entry and everything below it.
  case all = 2

  static func < (left: Interest, right: Interest) -> Bool { left.rawValue < right.rawValue }
}
