/// Every path that differs between two trees, as git's recursive tree diff queues them for
/// `git log --numstat` (`diff_tree_oid` with the recursive flag): entries walked in tree order,
/// a folder's changes in its place, equal subtrees never read, and with a pathspec only what it
/// takes (a folder is entered when the pathspec may take something below it).
///
/// The walk keeps its own stack of open folders rather than recursing: a tree nested 10,000
/// deep (git 2.39 reads one) costs memory in proportion, never the thread's stack.
enum TreeChanges {
  /// A folder being compared: its two cursors, where its path ends in the path being built,
  /// and whether the pathspec takes all of it.
  private struct Frame {
    var left: TreeCursor
    var right: TreeCursor
    var baseLength: Int
    var takesAll: Bool
  }

  /// The changes from tree `old` to tree `new` (nil: no tree, as for a root commit), limited
  /// to `pathspec` when one is given.
  // Kept whole: git's `diff_tree` merge of two sorted trees, its cases side by side.
  static func between<Source: ObjectSource & ~Copyable>(
    _ old: ObjectID?, _ new: ObjectID?, pathspec: Pathspec?, source: borrowing Source
  ) throws(GitError) -> [FileChange] {
    var changes: [FileChange] = []
    guard old != new else { return changes }
    func frame(_ old: ObjectID?, _ new: ObjectID?, baseLength: Int, takesAll: Bool)
      throws(GitError) -> Frame
    {
      Frame(
        left: try TreeCursor(try old.map { id throws(GitError) in try source.tree(id) } ?? []),
        right: try TreeCursor(
          try new.map { id throws(GitError) in
            // The new side's tree is done with once read (see `ObjectSource.forget`).
            let bytes = try source.tree(id)
            source.forget(id)
            return bytes
          } ?? []),
        baseLength: baseLength, takesAll: takesAll)
    }
    var base: [UInt8] = []
    var stack = [try frame(old, new, baseLength: 0, takesAll: pathspec == nil)]
    while var top = stack.popLast() {
      base.removeSubrange(top.baseLength...)
      let takesAll = top.takesAll
      /// A folder to enter once this one's current entry is passed (its frame goes on top).
      var entering: Frame?
      /// An entry on one side only: a file added or removed, or a folder entered.
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
      func descend(
        _ name: ArraySlice<UInt8>, _ old: ObjectID?, _ new: ObjectID?, interest: Interest
      ) throws(GitError) {
        guard old != new else { return }
        let length = base.count + name.count + 1
        entering = try frame(
          old, new, baseLength: length,
          takesAll: takesAll || (interest == .all && !(pathspec?.hasExclude ?? false)))
        base += name
        base.append(UInt8(ascii: "/"))
      }
      func one(_ entry: TreeCursor.Entry, _ cursor: inout TreeCursor, isOld: Bool)
        throws(GitError)
      {
        if takesAll || cursor.takes(pathspec.unsafelyUnwrapped, base) {
          try only(
            entry, name: cursor.name, interest: takesAll ? .all : cursor.interest, isOld: isOld)
        }
        try cursor.advance()
      }
      while entering == nil {
        switch (top.left.entry, top.right.entry) {
        case (nil, nil):
          break
        case (let a?, nil):
          try one(a, &top.left, isOld: true)
          continue
        case (nil, let b?):
          try one(b, &top.right, isOld: false)
          continue
        case (let a?, let b?):
          // A run of entries the same on both sides is no change: passed over as bytes.
          if try TreeCursor.passSame(&top.left, &top.right) { continue }
          let order = TreeCursor.order(top.left, a, top.right, b)
          if order < 0 {
            try one(a, &top.left, isOld: true)
          } else if order > 0 {
            try one(b, &top.right, isOld: false)
          } else {
            if a.mode != b.mode || a.id != b.id {
              let leftTakes = takesAll || top.left.takes(pathspec.unsafelyUnwrapped, base)
              let rightTakes = takesAll || top.right.takes(pathspec.unsafelyUnwrapped, base)
              if leftTakes && rightTakes {
                if TreeMode.isFolder(a.mode) {
                  try descend(
                    top.left.name, a.id, b.id, interest: takesAll ? .all : top.left.interest)
                } else {
                  changes.append(
                    FileChange(
                      path: base + top.left.name, old: FileChange.Side(mode: a.mode, id: a.id),
                      new: FileChange.Side(mode: b.mode, id: b.id)))
                }
              } else if leftTakes {
                try only(a, name: top.left.name, interest: top.left.interest, isOld: true)
              } else if rightTakes {
                try only(b, name: top.right.name, interest: top.right.interest, isOld: false)
              }
            }
            try top.left.advance()
            try top.right.advance()
          }
          continue
        }
        break
      }
      if let entering {
        // This folder goes on after the one entered, which is compared first (tree order).
        stack.append(top)
        stack.append(entering)
      }
    }
    return changes
  }
}
