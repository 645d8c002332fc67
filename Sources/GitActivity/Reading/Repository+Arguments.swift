import Foundation

/// Arguments as git reads them: which words are revisions and which are paths, and paths as
/// pathspecs from the top of the work tree.
extension Repository {
  /// The positional arguments of a command line split as git splits them when there is no `--`:
  /// a revision, else an existing path (or a glob), and once a path is seen, the rest are paths.
  /// An argument that is both is ambiguous, one that is neither is an error, in git's words.
  package func splitRevisionsAndPaths(_ arguments: [String], currentDirectory: String)
    throws(GitError) -> (revisions: [String], paths: [String])
  {
    try exclusively { () throws(GitError) in
      try split(arguments, currentDirectory: currentDirectory)
    }
  }

  private func split(_ arguments: [String], currentDirectory: String)
    throws(GitError) -> (revisions: [String], paths: [String])
  {
    var revisions: [String] = []
    var paths: [String] = []
    for argument in arguments {
      let isPath =
        argument.contains(where: { "*?[".contains($0) })
        || (workingDirectory != nil
          && RawDirectory.kind(absolute(argument, currentDirectory)).exists)
      if !paths.isEmpty {
        guard isPath else {
          throw GitError(
            message:
              "'\(argument)': no such path in the working tree; use '-- <path>...' to give paths that are not there",
            function: "verify_filename")
        }
        paths.append(argument)
        continue
      }
      let isRevision = names(revision: argument)
      switch (isRevision, isPath) {
      case (true, true):
        throw GitError(
          message:
            "ambiguous argument '\(argument)': both revision and filename; use '--' to separate paths from revisions",
          function: "verify_non_filename")
      case (true, false):
        revisions.append(argument)
      case (false, true):
        paths.append(argument)
      case (false, false):
        throw GitError(
          message:
            "ambiguous argument '\(argument)': unknown revision or path not in the working tree; use '--' to separate paths from revisions",
          function: "verify_filename")
      }
    }
    return (revisions, paths)
  }

  /// A pathspec as given on the command line in `currentDirectory`, parsed as git parses it
  /// (see `Pathspec`, with the `GIT_*_PATHSPECS` variables of `environment`), in the form
  /// `RevisionSelection.paths` takes: each element from the top of the work tree, its magic
  /// spelled out. An element outside the work tree, or with magic git does not know, is an
  /// error in git's words.
  public func pathspec(
    _ paths: [String], currentDirectory: String, environment: [String: String] = [:]
  ) throws(ActivityError) -> [String] {
    do throws(GitError) {
      return try canonicalPathspec(
        paths, currentDirectory: currentDirectory, environment: environment)
    } catch {
      throw .git(error)
    }
  }

  /// `pathspec`, failing in git's words.
  package func canonicalPathspec(
    _ paths: [String], currentDirectory: String, environment: [String: String] = [:]
  ) throws(GitError) -> [String] {
    guard !paths.isEmpty else { return [] }
    var prefix: [UInt8] = []
    if let top = workingDirectory {
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
      paths, prefix: prefix, workTree: workingDirectory, environment: environment
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
