import Foundation

extension Repository {
  /// How `git log --numstat` counts lines here: `diff.renames` (`true`, `false`, `copies`),
  /// `diff.renameLimit`, `diff.algorithm` and `core.bigFileThreshold`, each as git reads it;
  /// a value git refuses is an error in git's words.
  package func configuredLineCounting() throws(GitError) -> LineCountingOptions {
    var options = LineCountingOptions()
    if let renames = try configString("diff.renames") {
      switch renames.lowercased() {
      case "copies", "copy": options.renames = .copies
      default:
        guard let on = ConfigBoolean.parse(renames) else {
          throw GitError.badBoolean(renames, for: "diff.renames", function: "git_config_rename")
        }
        options.renames = on ? .renames : .off
      }
    }
    if let limit = try configString("diff.renameLimit") {
      guard let value = Self.configInteger(limit) else {
        throw GitError.badNumber(limit, for: "diff.renamelimit", function: "git_config_int")
      }
      options.renameLimit = value
    }
    if let name = try configString("diff.algorithm") {
      guard let algorithm = DiffAlgorithm(configuration: name) else {
        throw GitError.unknownDiffAlgorithm(name)
      }
      options.algorithm = algorithm
    }
    if let value = try configString("log.showRoot") {
      guard let shows = ConfigBoolean.parse(value) else {
        throw GitError.badBoolean(value, for: "log.showroot", function: "git_config_bool")
      }
      options.showsRoot = shows
    }
    if let threshold = try configString("core.bigFileThreshold") {
      guard let value = Self.configInteger(threshold) else {
        throw GitError.badNumber(
          threshold, for: "core.bigfilethreshold", function: "git_config_ulong")
      }
      options.bigFileThreshold = value
    }
    return options
  }

  /// An integer as git reads one from configuration (`git_parse_signed`): digits with an
  /// optional `k`, `m` or `g` (any case); nil for anything else.
  static func configInteger(_ text: String) -> Int? {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces))
    var factor = 1
    switch digits.last?.lowercased() {
    case "k": factor = 1 << 10
    case "m": factor = 1 << 20
    case "g": factor = 1 << 30
    default: break
    }
    if factor > 1 { digits = digits.dropLast() }
    guard let value = Int(digits) else { return nil }
    let (product, overflow) = value.multipliedReportingOverflow(by: factor)
    return overflow ? nil : product
  }

  /// The `diff` attributes `git log` reads here: the work tree's files, `info/attributes`,
  /// `core.attributesFile` (else `$XDG_CONFIG_HOME/git/attributes`, else
  /// `~/.config/git/attributes`) and `/etc/gitattributes` (unless `GIT_ATTR_NOSYSTEM`), with
  /// `diff.<driver>.binary` for the drivers they name.
  func diffAttributes() throws(GitError) -> DiffAttributes {
    let (global, system) = try attributesFiles(environment)
    var drivers: [[UInt8]: Bool] = [:]
    for (key, value) in try configEntries(prefix: "diff.") where key.hasSuffix(".binary") {
      let driver = key.dropFirst("diff.".count).dropLast(".binary".count)
      if let binary = ConfigBoolean.parse(value) { drivers[Array(driver.utf8)] = binary }
    }
    return DiffAttributes(
      workingDirectory: workingDirectory, gitDirectory: gitDirectory, globalFile: global,
      systemFile: system, driverBinary: drivers)
  }

  /// `core.attributesFile` (else `$XDG_CONFIG_HOME/git/attributes`, else
  /// `~/.config/git/attributes`), and `/etc/gitattributes` unless `GIT_ATTR_NOSYSTEM`.
  private func attributesFiles(_ environment: [String: String]) throws(GitError) -> (
    global: String?, system: String?
  ) {
    var global = try configString("core.attributesFile")
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
  package func attributesFingerprint() throws(GitError) -> [UInt8] {
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
    let (global, system) = try attributesFiles(environment)
    if let global { add(global, as: "global", followsLinks: true) }
    if let system { add(system, as: "system", followsLinks: true) }
    add(gitDirectory + "/info/attributes", as: "info", followsLinks: true)
    if let workingDirectory {
      // The indexed files, and one in any folder of the work tree that git reads attributes
      // from though it is not indexed (a new `.gitattributes` not yet added counts for git
      // log): only those that exist, so that a new folder alone does not change the key.
      let (indexed, folders) = try indexEntries(named: ".gitattributes")
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
    for (key, value) in try configEntries(prefix: "diff.") where key.hasSuffix(".binary") {
      bytes += Array("\(key)=\(value)".utf8) + [0]
    }
    return bytes
  }
}
