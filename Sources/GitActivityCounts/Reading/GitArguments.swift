import Foundation

/// Arguments as git reads them: which words are revisions and which are paths, and paths as
/// pathspecs from the top of the work tree.
public struct GitArguments: Sendable {
  /// The repository the arguments name things in.
  let repository: Repository

  /// Arguments read in `repository`.
  public init(_ repository: Repository) { self.repository = repository }
}

extension GitArguments {
  /// The positional arguments of a command line split as git 2.39's `setup_revisions` splits
  /// them when there is no `--`: each a revision while it names one (one that is also a file
  /// here is ambiguous), and from the first that does not, all are paths, each of which must
  /// exist or look like a pathspec (a wildcard, `:(magic)`); an argument that is neither is an
  /// error, in git's words. `..` alone is the parent folder, never a range.
  public func splitRevisionsAndPaths(_ arguments: [String], currentDirectory: String)
    throws(GitError) -> (revisions: [String], paths: [String])
  {
    try repository.exclusively { () throws(GitError) in
      try split(arguments, currentDirectory: currentDirectory)
    }
  }

  private func split(_ arguments: [String], currentDirectory: String)
    throws(GitError) -> (revisions: [String], paths: [String])
  {
    var revisions: [String] = []
    for (index, argument) in arguments.enumerated() {
      if argument != ".." && repository.names(revision: argument) {
        if isAFile(argument, from: currentDirectory) {
          throw GitError.revisionAndFile(argument)
        }
        revisions.append(argument)
        continue
      }
      if argument.hasPrefix("^") {
        throw GitError.badRevision(argument)
      }
      let paths = Array(arguments[index...])
      for (position, path) in paths.enumerated() {
        if path.hasPrefix("-") {
          throw GitError.optionAfterArguments(path)
        }
        guard !Self.looksLikePathspec(path), !isAFile(path, from: currentDirectory) else {
          continue
        }
        throw GitError.noSuchPath(path, first: position == 0)
      }
      return (revisions, paths)
    }
    return (revisions, [])
  }

  /// git's `looks_like_pathspec`: a wildcard not escaped by a backslash, or long-form magic.
  public static func looksLikePathspec(_ argument: String) -> Bool {
    if argument.hasPrefix(":(") { return true }
    var isEscaped = false
    for character in argument {
      if isEscaped {
        isEscaped = false
      } else if character == "\\" {
        isEscaped = true
      } else if "*?[".contains(character) {
        return true
      }
    }
    return false
  }

  /// git's `check_filename`: whether `argument` names something in the work tree (`:/` its
  /// top, `:/path` from the top, `:!path` and `:^path` the path they leave out); never in a
  /// bare repository or from inside the git directory, where no argument is a file.
  private func isAFile(_ argument: String, from currentDirectory: String) -> Bool {
    guard let top = repository.workingDirectory, !isInsideGitDirectory(currentDirectory) else {
      return false
    }
    var path = argument
    var base = currentDirectory
    if path.hasPrefix(":/") {
      path.removeFirst(2)
      if path.isEmpty { return true }
      base = top
    } else if path.hasPrefix(":!") || path.hasPrefix(":^") {
      path.removeFirst(2)
      if path.isEmpty { return true }
    }
    return RawDirectory.kind(absolute(path, base)).exists
  }

  /// Whether `directory` is the git directory or inside it, where git's prefix is empty.
  func isInsideGitDirectory(_ directory: String) -> Bool {
    let folder = RawPath.withoutTrailingSlashes(directory)
    return [repository.gitDirectory, repository.commonDirectory].contains {
      folder == $0 || folder.hasPrefix($0 + "/")
    }
  }

  /// The folder `currentDirectory` is, from the top of the work tree (`""` at the top, or
  /// inside the git directory); nil for a bare repository or a folder outside the work tree.
  func workingPrefix(of currentDirectory: String) -> String? {
    guard let top = repository.workingDirectory else { return nil }
    if isInsideGitDirectory(currentDirectory) { return "" }
    let topComponents = top.split(separator: "/")
    let here = Self.normalized(components: currentDirectory.split(separator: "/").map(String.init))
      .split(separator: "/")
    guard here.starts(with: topComponents) else { return nil }
    return here.dropFirst(topComponents.count).joined(separator: "/")
  }

  /// A pathspec as given on the command line in `currentDirectory`, parsed as git parses it
  /// (see `Pathspec`, with the `GIT_*_PATHSPECS` variables of `environment`), in the form
  /// `RevisionSelection.paths` takes: each element from the top of the work tree, its magic
  /// spelled out. An element outside the work tree, or with magic git does not know, is an
  /// error in git's words (`GitError`).
  public func canonicalPathspec(
    _ paths: [String], currentDirectory: String, environment: [String: String] = [:]
  ) throws(GitError) -> [String] {
    guard !paths.isEmpty else { return [] }
    var prefix: [UInt8] = []
    // Inside the git directory, paths are from the top of the work tree, as for git.
    if let top = repository.workingDirectory, !isInsideGitDirectory(currentDirectory) {
      let topComponents = top.split(separator: "/")
      let here = Self.normalized(
        components: currentDirectory.split(separator: "/").map(String.init)
      )
      .split(separator: "/")
      if here.starts(with: topComponents) && here.count > topComponents.count {
        prefix = Array((here.dropFirst(topComponents.count).joined(separator: "/") + "/").utf8)
      }
    }
    return try Pathspec.parse(
      paths, prefix: prefix, workTree: repository.workingDirectory, environment: environment
    ).canonical
  }

  private func absolute(_ path: String, _ currentDirectory: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// `a/./b/../c` as `a/c`.
  private static func normalized(components: [String]) -> String {
    var result: [String] = []
    for component in components {
      switch component {
      case "", ".": continue
      case "..": if !result.isEmpty { result.removeLast() }
      default: result.append(component)
      }
    }
    return result.joined(separator: "/")
  }
}
