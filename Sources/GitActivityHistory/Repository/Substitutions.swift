import CGit2
import Foundation

/// What git puts in place of commits when it reads history: replace refs (`refs/replace/<id>`
/// names the object to read instead of `<id>`) and grafts (`info/grafts` gives a commit other
/// parents). libgit2 1.5 honours neither; git log honours both, so the walk applies them itself.
package struct Substitutions: Sendable, Equatable {
  /// Object to read instead of each replaced one.
  var replacements: [ObjectID: ObjectID] = [:]
  /// Parents to use instead of a commit's own.
  var grafts: [ObjectID: [ObjectID]] = [:]

  package var isEmpty: Bool { replacements.isEmpty && grafts.isEmpty }

  /// The object git reads for `id`: replacements are followed as git follows them, five deep at
  /// most (git's `MAXREPLACEDEPTH`).
  func object(for id: ObjectID) throws(GitError) -> ObjectID {
    guard !replacements.isEmpty else { return id }
    var current = id
    for _ in 0..<6 {
      guard let next = replacements[current] else { return current }
      current = next
    }
    throw GitError.replaceTooDeep(id)
  }

  /// Parses `info/grafts`: a commit id and its parents' ids per line; `#` lines are comments. A
  /// line git would refuse is an error, as it is for git ("bad graft data").
  static func parseGrafts(_ text: String) throws(GitError) -> [ObjectID: [ObjectID]] {
    var grafts: [ObjectID: [ObjectID]] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let ids = trimmed.split(separator: " ").map { ObjectID(hex: String($0)) }
      guard let commit = ids.first ?? nil, !ids.contains(nil) else {
        throw GitError.badGraft(line)
      }
      grafts[commit] = ids.dropFirst().compactMap { $0 }
    }
    return grafts
  }
}

extension Repository {
  /// The substitutions git log would make here. `replaceRefBase` is where replace refs live
  /// (`refs/replace/`, or `GIT_REPLACE_REF_BASE`), nil for `--no-replace-objects` or
  /// `GIT_NO_REPLACE_OBJECTS`; `core.useReplaceRefs = false` turns replacement off too, as in
  /// git. The graft file is `info/grafts` in the common git directory unless `graftFile`
  /// (`GIT_GRAFT_FILE`) names another.
  package func substitutions(replaceRefBase: String?, graftFile: String?) throws(GitError)
    -> Substitutions
  {
    var result = Substitutions()
    if var base = replaceRefBase, try configBool("core.useReplaceRefs") ?? true {
      if !base.hasSuffix("/") { base += "/" }
      for (name, target) in try mayHaveReferences(under: base)
        ? references(matching: base + "*") : []
      {
        guard let original = ObjectID(hex: String(name.dropFirst(base.count))) else { continue }
        result.replacements[original] = target
      }
    }
    let graftFile = graftFile ?? commonDirectory + "/info/grafts"
    if let bytes = AtomicFile.contents(of: graftFile) {
      result.grafts = try Substitutions.parseGrafts(String(decoding: bytes, as: UTF8.self))
    }
    return result
  }

  /// Whether a ref under `prefix` (such as `refs/replace/`) may exist: false only when there is
  /// no folder of loose refs for it and `packed-refs` does not hold the prefix anywhere. Asking
  /// libgit2 instead copies and sorts every packed ref first: 27 of the 52 ms of a default run on
  /// rails/rails, whose clone packs 53,000 refs and no replace ref.
  func mayHaveReferences(under prefix: String) -> Bool {
    if RawDirectory.kind(commonDirectory + "/" + prefix).exists { return true }
    let packed: [UInt8]
    do {
      packed = try AtomicFile.read(commonDirectory + "/packed-refs")
    } catch {
      // No packed refs; a file that is there but cannot be read is libgit2's to report.
      return error.code != ENOENT
    }
    // The store's memchr search: a byte-by-byte scan of git/git's packed-refs cost 4 % of a
    // warm run of a year's lines (4.4 M instructions, the walk's scan and the line count's).
    let needle = Array(prefix.utf8)
    return packed.withUnsafeBytes { $0.contains(needle) }
  }

  /// The refs whose names match `glob`, with the ids they point at (not peeled).
  func references(matching glob: String) throws(GitError) -> [(name: String, id: ObjectID)] {
    var result: [(name: String, id: ObjectID)] = []
    try forEachReference(matching: glob) { reference in
      guard let name = git_reference_name(reference), let oid = git_reference_target(reference)
      else { return }
      result.append((String(cString: name), ObjectID(oid.pointee)))
    }
    return result
  }

  /// A boolean configuration value as git reads it, or nil when it is not set.
  /// The corresponding C function is `git_config_get_bool`.
  func configBool(_ name: String) throws(GitError) -> Bool? {
    if let given = commandLineConfig.value(of: name) {
      guard let value = given else { return true }
      guard let truth = ConfigBoolean.parse(value) else {
        throw GitError.badBoolean(value, for: name)
      }
      return truth
    }
    return try withConfigSnapshot { config throws(GitError) in
      var value: Int32 = 0
      let status = git_config_get_bool(&value, config, name)
      if GitError.Code(status) == .notFound { return nil }
      try GitError.check(status, "git_config_get_bool", kind: .other)
      return value != 0
    }
  }
}
