/// Every path that differs between two trees, as git's recursive tree diff queues them for
/// `git log --numstat` (`diff_tree_oid` with the recursive flag): entries walked in tree order,
/// a folder's changes in its place, equal subtrees never read, and with a pathspec only what it
/// takes (a folder is entered when the pathspec may take something below it).
enum TreeChanges {
  /// The changes from tree `old` to tree `new` (nil: no tree, as for a root commit), limited
  /// to `pathspec` when one is given.
  static func between<Source: ObjectSource & ~Copyable>(
    _ old: ObjectID?, _ new: ObjectID?, pathspec: Pathspec?, source: borrowing Source
  ) throws(GitError) -> [FileChange] {
    var changes: [FileChange] = []
    var base: [UInt8] = []
    try compare(
      old, new, base: &base, pathspec: pathspec, takesAll: pathspec == nil, source: source,
      into: &changes)
    return changes
  }

  private static func compare<Source: ObjectSource & ~Copyable>(
    _ old: ObjectID?, _ new: ObjectID?, base: inout [UInt8], pathspec: Pathspec?,
    takesAll: Bool, source: borrowing Source, into changes: inout [FileChange]
  ) throws(GitError) {
    if old == new { return }
    var left = try TreeCursor(try old.map { id throws(GitError) in try source.tree(id) } ?? [])
    var right = try TreeCursor(try new.map { id throws(GitError) in try source.tree(id) } ?? [])
    while true {
      switch (left.entry, right.entry) {
      case (nil, nil):
        return
      case (let a?, nil):
        try one(a, &left, isOld: true)
      case (nil, let b?):
        try one(b, &right, isOld: false)
      case (let a?, let b?):
        let order = TreeCursor.order(left, a, right, b)
        if order < 0 {
          try one(a, &left, isOld: true)
        } else if order > 0 {
          try one(b, &right, isOld: false)
        } else {
          if a.mode != b.mode || a.id != b.id {
            let leftTakes = takesAll || left.takes(pathspec.unsafelyUnwrapped, base)
            let rightTakes = takesAll || right.takes(pathspec.unsafelyUnwrapped, base)
            if leftTakes && rightTakes {
              if TreeMode.isFolder(a.mode) {
                try descend(
                  left.name, a.id, b.id, interest: takesAll ? .all : left.interest)
              } else {
                changes.append(
                  FileChange(
                    path: base + left.name, old: FileChange.Side(mode: a.mode, id: a.id),
                    new: FileChange.Side(mode: b.mode, id: b.id)))
              }
            } else if leftTakes {
              try only(a, name: left.name, interest: left.interest, isOld: true)
            } else if rightTakes {
              try only(b, name: right.name, interest: right.interest, isOld: false)
            }
          }
          try left.advance()
          try right.advance()
        }
      }
    }

    /// The current entry of `cursor`, on its side only: taken or not, then passed.
    func one(_ entry: TreeCursor.Entry, _ cursor: inout TreeCursor, isOld: Bool) throws(GitError) {
      if takesAll || cursor.takes(pathspec.unsafelyUnwrapped, base) {
        try only(
          entry, name: cursor.name, interest: takesAll ? .all : cursor.interest, isOld: isOld)
      }
      try cursor.advance()
    }

    /// An entry on one side only: a file added or removed, or everything below a folder.
    func only(_ entry: TreeCursor.Entry, name: ArraySlice<UInt8>, interest: Interest, isOld: Bool)
      throws(GitError)
    {
      if TreeMode.isFolder(entry.mode) {
        try descend(name, isOld ? entry.id : nil, isOld ? nil : entry.id, interest: interest)
      } else {
        let side = FileChange.Side(mode: entry.mode, id: entry.id)
        changes.append(
          FileChange(path: base + name, old: isOld ? side : nil, new: isOld ? nil : side))
      }
    }

    /// The changes below folder `name`, which the pathspec takes with `interest`.
    func descend(_ name: ArraySlice<UInt8>, _ old: ObjectID?, _ new: ObjectID?, interest: Interest)
      throws(GitError)
    {
      let length = base.count
      base += name
      base.append(UInt8(ascii: "/"))
      defer { base.removeSubrange(length...) }
      try compare(
        old, new, base: &base, pathspec: pathspec,
        takesAll: takesAll || (interest == .all && !(pathspec?.hasExclude ?? false)),
        source: source, into: &changes)
    }
  }
}
