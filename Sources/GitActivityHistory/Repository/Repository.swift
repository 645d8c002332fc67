import CGit2
import Foundation
import Synchronization

/// An open git repository. It owns its `git_repository` handle and frees it in `deinit`.
///
/// An app keeps one and reads it from any thread, task or actor: its public operations take
/// turns on the one handle (libgit2 asks that an object be used by one thread at a time, and
/// leaves the lock to the caller), and each threaded walk opens a handle of its own per worker.
///
/// `@unchecked Sendable`: the handle is used only inside `exclusively`, which every public
/// operation that reaches libgit2 goes through, or by internal code such an operation runs (on
/// its own thread, or on a worker while it waits for the worker); `workingDirectory` is set
/// only while `discover` makes the repository, before anyone else can hold it.
public final class Repository: @unchecked Sendable {
  let pointer: OpaquePointer
  /// One public operation at a time; recursive, since one operation calls others.
  private let turn = NSRecursiveLock()

  /// The git directory (`.git`, or the bare repository itself), without a trailing slash.
  package let gitDirectory: String
  /// The directory that holds objects and refs shared by linked worktrees.
  package let commonDirectory: String
  /// The working tree, or nil for a bare repository.
  package private(set) var workingDirectory: String?
  /// `git -c` configuration, above every file's.
  let commandLineConfig: CommandLineConfig
  /// The environment the repository was opened with (the process's when none was given): what
  /// `HOME` and `XDG_CONFIG_HOME` say for the files git reads outside the repository.
  let environment: [String: String]

  private init(
    pointer: OpaquePointer, commandLineConfig: CommandLineConfig, environment: [String: String]
  ) {
    self.pointer = pointer
    self.commandLineConfig = commandLineConfig
    self.environment = environment.isEmpty ? ProcessInfo.processInfo.environment : environment
    gitDirectory = Repository.trimmed(git_repository_path(pointer)) ?? ""
    commonDirectory = Repository.trimmed(git_repository_commondir(pointer)) ?? gitDirectory
    let workTree = Repository.trimmed(git_repository_workdir(pointer))
    // libgit2 1.5 takes a bare repository without a `config` file for a work tree in its parent
    // folder; git calls it bare, as it is any git directory not named `.git` (linked worktrees'
    // directories have their own rule, and the common directory's config).
    let hasConfig = RawDirectory.kind(commonDirectory + "/config").exists
    if workTree != nil, !hasConfig, !gitDirectory.hasSuffix("/.git"),
      gitDirectory == commonDirectory
    {
      workingDirectory = nil
    } else {
      workingDirectory = workTree
    }
    readAlternatesAsGit()
  }

  /// libgit2 1.5 reads `objects/info/alternates` otherwise than git: it takes a quoted line
  /// for a path with quotes in it (git unquotes it) and drops a line's carriage return (git
  /// keeps it, and finds no such store). For a file with either, the object database is made
  /// here as git reads the file: this repository's loose objects and packs, then each store
  /// the file names, as git names it, where it exists.
  /// The corresponding C function is `git_repository_set_odb`.
  private func readAlternatesAsGit() {
    let objects = commonDirectory + "/objects"
    guard let text = AtomicFile.contents(of: objects + "/info/alternates"),
      text.contains(UInt8(ascii: "\"")) || text.contains(0x0D)
    else { return }
    var odb: OpaquePointer?
    guard git_odb_new(&odb) == 0, let odb else { return }
    defer { git_odb_free(odb) }
    var loose: OpaquePointer?
    var packed: OpaquePointer?
    guard git_odb_backend_loose(&loose, objects, -1, 0, 0, 0) == 0, let loose,
      git_odb_add_backend(odb, loose, 1) == 0,
      git_odb_backend_pack(&packed, objects) == 0, let packed,
      git_odb_add_backend(odb, packed, 2) == 0
    else { return }
    for line in text.split(separator: UInt8(ascii: "\n")) {
      guard let first = line.first, first != UInt8(ascii: "#") else { continue }
      guard
        var path = first == UInt8(ascii: "\"")
          ? CQuoting.unquote(line).map(RawPath.string) : RawPath.string(line),
        !path.isEmpty
      else { continue }
      if !path.hasPrefix("/") { path = objects + "/" + path }
      guard RawDirectory.kind(path).exists else { continue }
      _ = RawPath.withCString(path) { git_odb_add_disk_alternate(odb, $0) }
    }
    _ = git_repository_set_odb(pointer, odb)
  }

  deinit {
    git_repository_free(pointer)
  }

  /// `body` while no other thread uses the handle: the turn every public operation takes.
  package func exclusively<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure)
    -> Result
  {
    turn.lock()
    defer { turn.unlock() }
    return try body()
  }

  /// Finds the repository the way git does: `GIT_DIR` when set, else `start` and its parents up to
  /// `GIT_CEILING_DIRECTORIES`. A bare repository, a linked worktree or a subdirectory all work.
  /// Configuration given to git with `-c` (in `environment`) is read above the files'.
  /// The corresponding C function is `git_repository_open_ext`.
  package static func discoverGit(
    from start: String, environment: [String: String] = [:]
  ) throws(GitError) -> Repository {
    try LibGit2.ensureInitialized()
    let commandLineConfig = try CommandLineConfig(environment: environment)
    var handle: OpaquePointer?
    if let gitDir = environment["GIT_DIR"], !gitDir.isEmpty {
      let path = gitDir.hasPrefix("/") ? gitDir : start + "/" + gitDir
      try checkFiles(path)
      let status = openTrusting(
        path, &handle, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, ceiling: nil,
        searchesParents: false, environment: environment, commandLine: commandLineConfig)
      if status < 0 {
        throw GitError.gitDirNotARepository(gitDir, code: status)
      }
    } else {
      try checkFiles(GitFiles.candidate(from: start, searchesParents: true))
      let status = openTrusting(
        start, &handle, flags: 0, ceiling: environment["GIT_CEILING_DIRECTORIES"],
        searchesParents: true, environment: environment, commandLine: commandLineConfig)
      if status < 0 { throw openFailure(status, at: start, searchesParents: true) }
    }
    let repository = try opened(
      handle, at: start, environment: environment, commandLine: commandLineConfig)
    try repository.adoptWorkTreeAsGitSets(from: start, environment: environment)
    return repository
  }

  /// The work tree as git's setup code finds it (`setup_explicit_git_dir`, `setup_discovered_git_dir`):
  /// `GIT_WORK_TREE` when set (from the current folder); else, with `GIT_DIR`, `core.worktree`
  /// when configured, none when `core.bare` is true, and otherwise the current folder, which git
  /// takes for the top of the work tree. Without `GIT_DIR`, what discovery found.
  private func adoptWorkTreeAsGitSets(from start: String, environment: [String: String])
    throws(GitError)
  {
    var workTree: String?
    if let given = environment["GIT_WORK_TREE"], !given.isEmpty {
      workTree = given.hasPrefix("/") ? given : start + "/" + given
    } else if let gitDir = environment["GIT_DIR"], !gitDir.isEmpty {
      let configured = try configString("core.worktree")
      let bare = try configString("core.bare").flatMap(ConfigBoolean.parse) ?? false
      if configured == nil && !bare { workTree = start }
    }
    guard let workTree, RawDirectory.kind(workTree).isDirectory,
      let resolved = RawPath.resolved(workTree).map(RawPath.withoutTrailingSlashes),
      resolved != workingDirectory.map(RawPath.withoutTrailingSlashes)
    else { return }
    try GitError.check(
      RawPath.withCString(resolved) { git_repository_set_workdir(pointer, $0, 0) },
      "git_repository_set_workdir", kind: .other)
    workingDirectory = Repository.trimmed(git_repository_workdir(pointer))
  }

  /// Opens the repository at exactly `path` (a work tree, or a git directory), without searching
  /// parent directories. Configuration given to git with `-c` (in `environment`) is read above
  /// the files'.
  public static func openGit(at path: String, environment: [String: String] = [:])
    throws(GitError) -> Repository
  {
    try LibGit2.ensureInitialized()
    let commandLineConfig = try CommandLineConfig(environment: environment)
    var handle: OpaquePointer?
    try checkFiles(GitFiles.candidate(from: path, searchesParents: false))
    let status = openTrusting(
      path, &handle, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, ceiling: nil,
      searchesParents: false, environment: environment, commandLine: commandLineConfig)
    if status < 0 { throw openFailure(status, at: path, searchesParents: false) }
    return try opened(handle, at: path, environment: environment, commandLine: commandLineConfig)
  }

  /// The repository libgit2 opened at `path`, with the configuration files `environment`
  /// names.
  private static func opened(
    _ handle: OpaquePointer?, at path: String, environment: [String: String],
    commandLine: CommandLineConfig
  ) throws(GitError) -> Repository {
    guard let handle else {
      throw GitError.unopenable(path)
    }
    try applyConfigurationFiles(environment, to: handle)
    let repository = Repository(
      pointer: handle, commandLineConfig: commandLine, environment: environment)
    // A linked worktree's common directory, found only now, is checked too.
    if let special = GitFiles.firstSpecial(in: [repository.commonDirectory]) {
      throw GitFiles.failure(special)
    }
    try repository.checkPackOffsets()
    return repository
  }

  /// Object stores whose pack indexes were found to list only offsets their packs have.
  private static let soundStores = Locked<Set<String>>([])

  /// Refuses a repository one of whose pack indexes lists an object beyond the end of its pack,
  /// in git's words, before libgit2 reads it (libgit2 1.5 reads past the mapping and crashes).
  /// Once per object store and process: a pass over the offsets, about a millisecond for a
  /// million objects.
  private func checkPackOffsets() throws(GitError) {
    let directory = objectsDirectory
    guard !Self.soundStores.withLock({ $0.contains(directory) }) else { return }
    if PackStore(objectsDirectory: directory).listsAnyBeyondEnd {
      throw GitError.truncatedPack()
    }
    _ = Self.soundStores.withLock { $0.insert(directory) }
  }

  /// Refuses a git directory whose files git reads (`GitFiles`) are not files, before libgit2
  /// opens it (a FIFO `config` would make the open wait for ever).
  private static func checkFiles(_ directory: String?) throws(GitError) {
    guard let directory else { return }
    if let special = GitFiles.firstSpecial(in: [directory]) { throw GitFiles.failure(special) }
  }

  /// The configuration files `environment` names (see `ConfigurationFiles`), in place of
  /// libgit2's in `handle`'s configuration.
  private static func applyConfigurationFiles(
    _ environment: [String: String], to handle: OpaquePointer
  ) throws(GitError) {
    guard ConfigurationFiles.areNamed(in: environment) else { return }
    var config: OpaquePointer?
    let status = git_repository_config(&config, handle)
    if status < 0 { git_repository_free(handle) }
    try GitError.check(status, "git_repository_config", kind: .other)
    guard let config else { return }
    defer { git_config_free(config) }
    do {
      try ConfigurationFiles.apply(environment, to: config, repository: handle)
    } catch {
      git_repository_free(handle)
      throw error
    }
  }

  /// Repositories another user owns that `safe.directory` let this process open, by path.
  /// The lock also serialises every open, so that owner validation is off only for the open
  /// of a repository that is trusted.
  private static let trustedForeign = Locked<Set<String>>([])

  /// `git_repository_open_ext`, and when it fails for a repository another user owns that
  /// `safe.directory` trusts (as git reads it: system, global and `-c` values, `*` for all, an
  /// empty value resetting the list), again with libgit2's owner validation off for that open
  /// alone.
  private static func openTrusting(
    _ path: String, _ handle: inout OpaquePointer?, flags: UInt32, ceiling: String?,
    searchesParents: Bool, environment: [String: String], commandLine: CommandLineConfig
  ) -> Int32 {
    func open(validating: Bool) -> Int32 {
      trustedForeign.withLock { _ in
        if !validating { _ = cgit2_set_owner_validation(0) }
        defer { if !validating { _ = cgit2_set_owner_validation(1) } }
        return RawPath.withCString(path) { git_repository_open_ext(&handle, $0, flags, ceiling) }
      }
    }
    let status = open(validating: true)
    guard status < 0, GitError.Code(status) == .notFound || GitError.Code(status) == .owner,
      let foreign = foreignRepository(from: path, searchesParents: searchesParents)
    else { return status }
    let isTrusted =
      trustedForeign.withLock { $0.contains(foreign) }
      || SafeDirectories.trust(foreign, environment: environment, commandLine: commandLine)
    guard isTrusted else { return status }
    let trustedStatus = open(validating: false)
    // The same repository opened again (by a walk's workers, from its git directory) is
    // trusted too.
    var paths = [foreign]
    if trustedStatus == 0, let handle {
      paths += [git_repository_path(handle), git_repository_commondir(handle)].compactMap {
        Repository.trimmed($0)
      }
    }
    trustedForeign.withLock { trusted in
      for path in paths { trusted.insert(path) }
    }
    return trustedStatus
  }

  /// Why a repository at or above `path` could not be opened, in git's words where git has them.
  private static func openFailure(_ status: Int32, at path: String, searchesParents: Bool)
    -> GitError
  {
    let error = GitError.last(status: status, function: "git_repository_open_ext", kind: .other)
    if error.message.contains("extensions.objectformat") {
      return GitError.sha256Repository(
        path, libgit2: libgit2Version, code: status, function: error.function)
    }
    guard GitError.Code(status) == .notFound || GitError.Code(status) == .owner else {
      return error
    }
    // libgit2 1.5 reports a repository owned by someone else as "not found"; git names it.
    if let foreign = foreignRepository(from: path, searchesParents: searchesParents) {
      return GitError.dubiousOwnership(foreign, function: error.function)
    }
    return GitError.notARepository(
      path, searchesParents: searchesParents, code: status, function: error.function)
  }

  /// The nearest folder at or above `start` that holds a repository (a `.git`, or a bare
  /// repository's `HEAD` and `objects`) owned by another user than this process's.
  private static func foreignRepository(from start: String, searchesParents: Bool) -> String? {
    var current = RawPath.withoutTrailingSlashes(start)
    while true {
      for candidate in [current + "/.git", current] {
        var status = stat()
        func exists(_ path: String) -> Bool {
          RawPath.withCString(path) { access($0, F_OK) } == 0
        }
        let isRepository =
          (candidate.hasSuffix("/.git")
            || (exists(candidate + "/HEAD") && exists(candidate + "/objects")))
          && RawPath.withCString(candidate, { lstat($0, &status) }) == 0
        if isRepository {
          return status.st_uid != geteuid() ? current : nil
        }
      }
      guard searchesParents, current != "/", let slash = current.lastIndex(of: "/") else {
        return nil
      }
      current = slash == current.startIndex ? "/" : String(current[..<slash])
    }
  }

  /// The object store shared by every worktree: `<common git directory>/objects`.
  var objectsDirectory: String { commonDirectory + "/objects" }

  /// The path people know the repository by: its work tree, or the git directory when bare.
  public var displayPath: String { workingDirectory ?? gitDirectory }

  /// Whether the repository has no work tree, as git decides it (also for a bare repository
  /// without a `config` file, which libgit2 1.5 mistakes for a work tree).
  var isBare: Bool { workingDirectory == nil }

  /// Whether HEAD names a branch that has no commit yet, as in a new repository.
  var isHeadUnborn: Bool { exclusively { git_repository_head_unborn(pointer) == 1 } }

  /// Commits whose parents a shallow clone does not have, from the `shallow` file.
  func shallowBoundary() -> Set<ObjectID> {
    guard git_repository_is_shallow(pointer) == 1,
      let bytes = AtomicFile.contents(of: commonDirectory + "/shallow")
    else { return [] }
    let text = String(decoding: bytes, as: UTF8.self)
    return Set(text.split(whereSeparator: \.isNewline).compactMap { ObjectID(hex: String($0)) })
  }

  private static func trimmed(_ path: UnsafePointer<CChar>?) -> String? {
    guard let path else { return nil }
    return RawPath.withoutTrailingSlashes(RawPath.string(cString: path))
  }
}

extension Repository {
  /// A configuration value, from `git -c`, the repository's, the user's and the system's
  /// configuration, or nil when it is not set. The corresponding C function is `git_config_get_string`.
  package func configString(_ name: String) throws(GitError) -> String? {
    try exclusively { () throws(GitError) in try configSnapshotValue(name) }
  }

  private func configSnapshotValue(_ name: String) throws(GitError) -> String? {
    if let given = commandLineConfig.value(of: name) { return given ?? "" }
    return try withConfigSnapshot { config throws(GitError) in
      var value: UnsafePointer<CChar>?
      let status = git_config_get_string(&value, config, name)
      if GitError.Code(status) == .notFound { return nil }
      try GitError.check(status, "git_config_get_string", kind: .other)
      return value.map { String(cString: $0) }
    }
  }

  /// `body` with a snapshot of the repository's configuration, freed after it; nil when
  /// libgit2 gives none. The corresponding C function is `git_repository_config_snapshot`.
  func withConfigSnapshot<Value>(_ body: (OpaquePointer) throws(GitError) -> Value?)
    throws(GitError) -> Value?
  {
    var config: OpaquePointer?
    try GitError.check(
      git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot",
      kind: .other)
    guard let config else { return nil }
    defer { git_config_free(config) }
    return try body(config)
  }

  /// Every configuration entry whose name starts with `prefix` (lowercase, such as `diff.`),
  /// lowest precedence first, `git -c` last, names as libgit2 gives them (section and key in
  /// lowercase). The corresponding C function is `git_config_iterator_new`.
  func configEntries(prefix: String) throws(GitError) -> [(name: String, value: String)] {
    let found = try withConfigSnapshot { config throws(GitError) in
      var entries: [(name: String, value: String)] = []
      try GitConfiguration.forEachEntry(of: config) { key, entry throws(GitError) in
        guard key.lowercased().hasPrefix(prefix) else { return }
        entries.append((key.lowercased(), entry.value.map { String(cString: $0) } ?? ""))
      }
      return entries
    }
    // No snapshot: no entries, not even git -c's.
    guard let result = found else { return [] }
    let given = commandLineConfig.entries.filter { $0.name.lowercased().hasPrefix(prefix) }
    return result.reversed() + given.map { ($0.name.lowercased(), $0.value ?? "true") }
  }

  /// The paths of the index's entries whose last part is `name` (such as `.gitattributes`),
  /// as bytes; none in a bare repository. The corresponding C function is
  /// `git_index_get_byindex`.
  func indexedPaths(named name: String) throws(GitError) -> [[UInt8]] {
    try indexEntries(named: name).paths
  }

  /// The paths of the index named `name` (see `indexedPaths`), and every folder that holds an
  /// indexed file (`""` the top), sorted.
  func indexEntries(named name: String) throws(GitError) -> (paths: [[UInt8]], folders: [[UInt8]]) {
    guard !isBare else { return ([], []) }
    var index: OpaquePointer?
    try GitError.check(git_repository_index(&index, pointer), "git_repository_index", kind: .other)
    guard let index else { return ([], []) }
    defer { git_index_free(index) }
    let wanted = Array(name.utf8)
    var paths: [[UInt8]] = []
    var folders: Set<[UInt8]> = [[]]
    for position in 0..<git_index_entrycount(index) {
      guard let entry = git_index_get_byindex(index, position), let path = entry.pointee.path
      else { continue }
      let bytes = Array(UnsafeRawBufferPointer(start: path, count: strlen(path)))
      if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
        // Entries are sorted: a folder repeats for each of its files, and is inserted once.
        var folder = Array(bytes[..<slash])
        while folders.insert(folder).inserted {
          guard let up = folder.lastIndex(of: UInt8(ascii: "/")) else { break }
          folder = Array(folder[..<up])
        }
      }
      if bytes.count >= wanted.count, Array(bytes.suffix(wanted.count)) == wanted,
        bytes.count == wanted.count || bytes[bytes.count - wanted.count - 1] == UInt8(ascii: "/")
      {
        paths.append(bytes)
      }
    }
    return (paths, folders.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// The contents of the blob that `spec` names (such as `HEAD:.mailmap`), or nil when it does not
  /// name a blob. The corresponding C function is `git_revparse_single`.
  func blobContents(_ spec: String) throws(GitError) -> [UInt8]? {
    var object: OpaquePointer?
    let status = git_revparse_single(&object, pointer, spec)
    // No such file, or no HEAD yet: no blob, as git reads it.
    let code = GitError.Code(status)
    if code == .notFound || code == .unbornBranch { return nil }
    try GitError.check(status, "git_revparse_single", kind: .unknownRevision)
    guard let object else { return nil }
    defer { git_object_free(object) }
    guard git_object_type(object) == GIT_OBJECT_BLOB else { return nil }
    let size = Int(git_blob_rawsize(object))
    guard size > 0, let raw = git_blob_rawcontent(object) else { return [] }
    return Array(UnsafeRawBufferPointer(start: raw, count: size))
  }

  /// The mailmap git would use here: `.mailmap` in the work tree, then `mailmap.blob` (by default
  /// `HEAD:.mailmap` in a bare repository), then `mailmap.file`, later sources overriding earlier
  /// ones, as git's `read_mailmap` does. A file that exists but cannot be read is left out with
  /// a warning, as git warns (`unreadable`: the path as configured, and the system's reason);
  /// the work tree's `.mailmap` is not followed when it is a symbolic
  /// link (git refuses it, so that a checked-out link cannot make it read a file elsewhere).
  package func mailmap() throws(GitError) -> (
    mailmap: Mailmap, unreadable: [(path: String, reason: String)]
  ) {
    try exclusively { () throws(GitError) in try readMailmap() }
  }

  private func readMailmap() throws(GitError) -> (
    mailmap: Mailmap, unreadable: [(path: String, reason: String)]
  ) {
    var mailmap = Mailmap()
    var unreadable: [(path: String, reason: String)] = []
    func add(file path: String, followsLinks: Bool, shown: String) {
      do {
        mailmap.add(parsing: try AtomicFile.read(path, followsLinks: followsLinks))
      } catch  where error.code != ENOENT {
        // `read` refuses what is not a regular file (a FIFO would wait for a writer) with EINVAL.
        let reason = error.code == EINVAL ? "not a regular file" : error.reason
        unreadable.append((shown, reason))
      } catch {}
    }
    if let workingDirectory {
      add(file: workingDirectory + "/.mailmap", followsLinks: false, shown: ".mailmap")
    }
    let blob = try configString("mailmap.blob") ?? (isBare ? "HEAD:.mailmap" : nil)
    if let blob, let bytes = try blobContents(blob) {
      mailmap.add(parsing: bytes)
    }
    if var file = try configString("mailmap.file") {
      let shown = file
      if file.hasPrefix("~/"), let home = environment["HOME"] {
        file = home + file.dropFirst()
      } else if !file.hasPrefix("/"), let workingDirectory {
        file = workingDirectory + "/" + file
      }
      add(file: file, followsLinks: true, shown: shown)
    }
    return (mailmap, unreadable)
  }
}

extension Repository {
  /// The subject of commit `id` as git's `%s` shows it: the first paragraph of the message, its
  /// lines joined by spaces, decoded through the commit's encoding. The corresponding C
  /// functions are `git_commit_lookup` and `git_commit_summary`.
  public func commitSubject(_ id: String) throws(GitError) -> String {
    guard let objectID = ObjectID(hex: id) else {
      throw GitError.notACommitID(id)
    }
    return try commitText(objectID, git_commit_summary)
  }

  /// A commit's whole message, decoded through its `encoding` header.
  package func commitMessage(_ id: ObjectID) throws(GitError) -> String {
    try commitText(id, git_commit_message)
  }

  /// A part of a commit's message (`git_commit_summary`, `git_commit_message`), decoded.
  private func commitText(
    _ id: ObjectID, _ part: (OpaquePointer?) -> UnsafePointer<CChar>?
  ) throws(GitError) -> String {
    try exclusively { () throws(GitError) in
      var oid = id.gitOID
      var commit: OpaquePointer?
      try GitError.check(
        git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup", kind: .unknownRevision)
      defer { git_commit_free(commit) }
      guard let text = part(commit) else { return "" }
      let encoding = git_commit_message_encoding(commit).map { String(cString: $0) }
      return TextDecoding.decode(
        UnsafeRawBufferPointer(start: text, count: strlen(text)), encoding: encoding)
    }
  }
}
