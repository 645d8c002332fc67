import Foundation

/// Finds the repositories below a folder: work trees (a folder with `.git`) and bare
/// repositories (a folder with `HEAD`, `objects/` and `refs/`), as `--scan` does; hand what it
/// finds to `Repository.read(repositoriesAt:_:environment:)` to count them together.
public enum RepositoryScanner {
  /// Folders it never descends into.
  static let skipped: Set<String> = [".git", "node_modules"]

  /// Every repository at most `depth` levels below `root` (the root itself is level 0), sorted.
  /// It descends into work trees (to find nested repositories) but not into git directories or
  /// `node_modules`, and follows a symbolic link only to a folder it has not seen, so links that
  /// form loops end.
  public static func scan(_ root: String, depth: Int) -> [String] {
    var found: [String] = []
    var seen = Set<FileIdentity>()
    var pending: [(path: String, level: Int)] = [(RawPath.withoutTrailingSlashes(root), 0)]
    while let (path, level) = pending.popLast() {
      guard let identity = FileIdentity(path), seen.insert(identity).inserted else { continue }
      if isWorkTree(path) {
        found.append(path)
      } else if isBareRepository(path) {
        found.append(path)
        continue
      }
      guard level < depth, let names = RawDirectory.names(path) else { continue }
      for name in names.sorted() where !skipped.contains(name) {
        let child = path == "/" ? "/" + name : path + "/" + name
        if RawDirectory.kind(child).isDirectory { pending.append((child, level + 1)) }
      }
    }
    return found.sorted()
  }

  static func isWorkTree(_ path: String) -> Bool {
    RawDirectory.kind(path + "/.git").exists
  }

  static func isBareRepository(_ path: String) -> Bool {
    let head = RawDirectory.kind(path + "/HEAD")
    return head.exists && !head.isDirectory && RawDirectory.kind(path + "/objects").isDirectory
      && RawDirectory.kind(path + "/refs").isDirectory
  }
}
