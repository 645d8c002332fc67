import Foundation

extension DiffAttributes {
  /// The `diff` attributes `git log` reads here: the work tree's files, `info/attributes`,
  /// `core.attributesFile` (else `$XDG_CONFIG_HOME/git/attributes`, else
  /// `~/.config/git/attributes`) and `/etc/gitattributes` (unless `GIT_ATTR_NOSYSTEM`), with
  /// `diff.<driver>.binary` for the drivers they name.
  init(of repository: Repository) throws(GitError) {
    let (global, system) = try Self.attributesFiles(of: repository)
    var drivers: [[UInt8]: Bool] = [:]
    for (key, value) in try repository.configEntries(prefix: "diff.") where key.hasSuffix(".binary")
    {
      let driver = key.dropFirst("diff.".count).dropLast(".binary".count)
      if let binary = ConfigBoolean.parse(value) { drivers[Array(driver.utf8)] = binary }
    }
    self.init(
      workingDirectory: repository.workingDirectory, gitDirectory: repository.gitDirectory,
      globalFile: global,
      systemFile: system, driverBinary: drivers)
  }

  /// `core.attributesFile` (else `$XDG_CONFIG_HOME/git/attributes`, else
  /// `~/.config/git/attributes`), and `/etc/gitattributes` unless `GIT_ATTR_NOSYSTEM`.
  private static func attributesFiles(of repository: Repository) throws(GitError) -> (
    global: String?, system: String?
  ) {
    let environment = repository.environment
    var global = try repository.configString("core.attributesFile")
    if let file = global, file.hasPrefix("~/"), let home = environment["HOME"] {
      global = home + file.dropFirst()
    }
    if global == nil {
      if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
        global = xdg + "/git/attributes"
      } else if let home = environment["HOME"] {
        global = home + "/.config/git/attributes"
      }
    }
    let system =
      ConfigBoolean.parse(environment["GIT_ATTR_NOSYSTEM"] ?? "") == true
      ? nil : "/etc/gitattributes"
    return (global, system)
  }

  /// What decides which files the attributes make binary, as bytes to key a cache with: the
  /// files outside the tree, each `.gitattributes` the index tracks as the work tree holds it,
  /// and `diff.<driver>.binary`. (An untracked `.gitattributes` is read but not part of the key.)
  package static func fingerprint(of repository: Repository) throws(GitError) -> [UInt8] {
    // Each file by its role and its contents, never by where it is: the same attributes under
    // another $HOME, or in a repository moved elsewhere, count the same lines.
    var bytes: [UInt8] = []
    func add(_ path: String, as role: String, followsLinks: Bool) {
      bytes += Array(role.utf8) + [0]
      if let contents = try? AtomicFile.read(
        path, followsLinks: followsLinks, limit: DiffAttributes.maximumFileSize)
      {
        bytes += Array(String(contents.count).utf8) + [0] + contents
      }
      bytes.append(0)
    }
    let (global, system) = try attributesFiles(of: repository)
    if let global { add(global, as: "global", followsLinks: true) }
    if let system { add(system, as: "system", followsLinks: true) }
    add(repository.gitDirectory + "/info/attributes", as: "info", followsLinks: true)
    if let workingDirectory = repository.workingDirectory {
      // The indexed files, and one in any folder of the work tree that git reads attributes
      // from though it is not indexed (a new `.gitattributes` not yet added counts for git
      // log): only those that exist, so that a new folder alone does not change the key.
      let (indexed, folders) = try repository.indexEntries(named: ".gitattributes")
      let known = Set(indexed)
      var paths = indexed
      for folder in folders {
        let path =
          folder.isEmpty ? Array(".gitattributes".utf8) : folder + Array("/.gitattributes".utf8)
        var status = stat()
        if !known.contains(path),
          lstat(workingDirectory + "/" + RawPath.string(path), &status) == 0
        {
          paths.append(path)
        }
      }
      for path in paths {
        add(
          workingDirectory + "/" + RawPath.string(path), as: RawPath.string(path),
          followsLinks: false)
      }
    }
    for (key, value) in try repository.configEntries(prefix: "diff.") where key.hasSuffix(".binary")
    {
      bytes += Array("\(key)=\(value)".utf8) + [0]
    }
    return bytes
  }
}
