import CGit2
import Foundation

/// The parts of git's revision syntax that libgit2's parser does not read as git does: `@`
/// alone for HEAD, `X^!` (X and none of its parents), `X^-<n>` (X but not its n-th parent,
/// the first by default), `X^@` (X's parents, not X), and `:/<regex>` (the newest commit whose
/// message matches, from every ref and HEAD, as git searches; `:/!-<regex>` the newest that
/// does not, `:/!!` a literal `!`).
extension Repository {
  /// `text` with a leading `@` (alone, or before `~`, `^` or `:`) spelled `HEAD`, on each side
  /// of a range.
  static func atAsHead(_ text: String) -> String {
    func side(_ part: Substring) -> String {
      if part == "@" { return "HEAD" }
      if part.hasPrefix("@"), let next = part.dropFirst().first, "~^:".contains(next) {
        return "HEAD" + part.dropFirst()
      }
      return String(part)
    }
    if let range = text.range(of: "...") ?? text.range(of: "..") {
      let left = text[..<range.lowerBound]
      let right = text[range.upperBound...]
      return side(left) + text[range] + side(right)
    }
    return side(text[...])
  }

  /// The tips `text` stands for when it is one of the forms above; nil for any other text.
  func specialRevision(_ text: String) throws(GitError) -> WalkTips? {
    if text.hasSuffix("^!"), text.count > 2 {
      let commit = try namedCommit(String(text.dropLast(2)), shown: text)
      return WalkTips(included: [commit], excluded: try parents(of: commit))
    }
    if text.hasSuffix("^@"), text.count > 2 {
      let commit = try namedCommit(String(text.dropLast(2)), shown: text)
      return WalkTips(included: try parents(of: commit), excluded: [])
    }
    if let mark = text.range(of: "^-", options: .backwards), mark.lowerBound > text.startIndex,
      text[mark.upperBound...].allSatisfy(\.isASCII),
      text[mark.upperBound...].allSatisfy(\.isNumber)
    {
      let digits = text[mark.upperBound...]
      let number = digits.isEmpty ? 1 : Int(digits) ?? 0
      let commit = try namedCommit(String(text[..<mark.lowerBound]), shown: text)
      let all = try parents(of: commit)
      guard number >= 1, number <= all.count else {
        throw GitError.unknownRevision(text)
      }
      return WalkTips(included: [commit], excluded: [all[number - 1]])
    }
    if text.hasPrefix(":/"), text.count > 2, !text.dropFirst(2).contains(":") {
      guard let found = try newestCommit(matching: String(text.dropFirst(2))) else {
        throw GitError.unknownRevision(text)
      }
      return WalkTips(included: [found], excluded: [])
    }
    return nil
  }

  /// The commit `name` names, as a single revision.
  private func namedCommit(_ name: String, shown: String) throws(GitError) -> ObjectID {
    if let commit = try directCommit(name) { return commit }
    var object: OpaquePointer?
    let status = git_revparse_single(&object, pointer, Self.atAsHead(name))
    guard status == 0, let object else {
      throw GitError.unknownRevision(shown)
    }
    defer { git_object_free(object) }
    var peeled: OpaquePointer?
    guard git_object_peel(&peeled, object, GIT_OBJECT_COMMIT) == 0, let peeled,
      let oid = git_object_id(peeled)
    else {
      throw GitError.notACommit(shown)
    }
    defer { git_object_free(peeled) }
    return ObjectID(oid.pointee)
  }

  /// The parents of commit `id`, in order. The corresponding C function is
  /// `git_commit_parent_id`.
  func parents(of id: ObjectID) throws(GitError) -> [ObjectID] {
    var oid = id.gitOID
    var commit: OpaquePointer?
    try GitError.check(
      git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup", kind: .unknownRevision)
    defer { git_commit_free(commit) }
    return (0..<git_commit_parentcount(commit)).compactMap { index in
      git_commit_parent_id(commit, index).map { ObjectID($0.pointee) }
    }
  }

  /// git's `:/` search: the newest commit (by commit date) reachable from any ref or HEAD
  /// whose message matches `pattern`, an extended regular expression; `!-` before it asks for
  /// one that does not match, `!!` is a literal `!`.
  private func newestCommit(matching pattern: String) throws(GitError) -> ObjectID? {
    var text = pattern
    var isNegated = false
    if text.hasPrefix("!-") {
      isNegated = true
      text.removeFirst(2)
    } else if text.hasPrefix("!!") {
      text.removeFirst()
    } else if text.hasPrefix("!") {
      throw GitError.unknownRevision(":/" + pattern)
    }
    // As git compiles it: POSIX extended, in the process's locale.
    var regex = regex_t()
    let status = regcomp(&regex, text, REG_EXTENDED | REG_NOSUB)
    guard status == 0 else {
      throw GitError.invalidMessageRegex(pattern)
    }
    defer { regfree(&regex) }
    var walker: OpaquePointer?
    try GitError.check(git_revwalk_new(&walker, pointer), "git_revwalk_new", kind: .other)
    defer { git_revwalk_free(walker) }
    try GitError.check(
      git_revwalk_sorting(walker, GIT_SORT_TIME.rawValue), "git_revwalk_sorting", kind: .other)
    _ = git_revwalk_push_glob(walker, "refs/*")
    if let head = try headCommit() {
      var oid = head.gitOID
      try GitError.check(git_revwalk_push(walker, &oid), "git_revwalk_push", kind: .other)
    }
    var oid = git_oid()
    while git_revwalk_next(&oid, walker) == 0 {
      let message = try commitMessage(ObjectID(oid))
      if (regexec(&regex, message, 0, nil, 0) == 0) != isNegated { return ObjectID(oid) }
    }
    return nil
  }
}
