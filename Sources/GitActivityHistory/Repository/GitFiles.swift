import Foundation

/// The files git reads from a git directory, checked before anything reads them: a FIFO, a
/// socket or a device where git expects a file (`config`, `HEAD`, `packed-refs`, a loose ref,
/// `alternates`) would make a read wait for ever, so such a repository is refused instead.
enum GitFiles {
  /// The files git reads as files, relative to a git directory.
  static let named = [
    "HEAD", "config", "config.worktree", "commondir", "gitdir", "packed-refs", "shallow",
    "objects/info/alternates", "info/grafts", "info/attributes", "info/exclude",
  ]

  /// The first file of `directories` (git directories) that git reads as a file and is not
  /// one, the loose ref HEAD names included; nil when there is none. (The other loose refs are
  /// checked as `ReferenceFiles` reads them.)
  static func firstSpecial(in directories: [String]) -> String? {
    for directory in Set(directories) {
      for name in named where RawDirectory.isSpecial(directory + "/" + name) {
        return directory + "/" + name
      }
      if let head = try? AtomicFile.read(directory + "/HEAD", limit: 4_096),
        head.starts(with: Array("ref: ".utf8))
      {
        let target = String(decoding: head.dropFirst(5), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        if !target.contains(".."), RawDirectory.isSpecial(directory + "/" + target) {
          return directory + "/" + target
        }
      }
    }
    return nil
  }

  /// The error for a git directory's file that is not a regular file.
  static func failure(_ path: String) -> GitError {
    GitError.notARegularFile(path)
  }

  /// The git directory at or above `start` that discovery would open, or at exactly `start`
  /// (its `.git` folder, or the folder itself when it is a git directory); nil when there is
  /// none to check before libgit2 reads it.
  static func candidate(from start: String, searchesParents: Bool) -> String? {
    var current = RawPath.withoutTrailingSlashes(start)
    while true {
      if RawDirectory.kind(current + "/.git").isDirectory { return current + "/.git" }
      if RawDirectory.kind(current + "/objects").isDirectory
        && RawDirectory.kind(current + "/HEAD").exists
      {
        return current
      }
      guard searchesParents, current != "/", let slash = current.lastIndex(of: "/") else {
        return nil
      }
      current = slash == current.startIndex ? "/" : String(current[..<slash])
    }
  }
}
