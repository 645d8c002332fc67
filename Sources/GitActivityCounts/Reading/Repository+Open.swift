/// The public way in: every failure an app meets is an `ActivityError`, whether opening,
/// reading or asking.
extension Repository {
  /// Finds the repository the way git does: `GIT_DIR` when set, else `start` and its parents up
  /// to `GIT_CEILING_DIRECTORIES`. A bare repository, a linked worktree or a subdirectory all
  /// work. Configuration given to git with `-c` (in `environment`) is read above the files'.
  /// Throws `.git` with `kind` `.notARepository`, `.dubiousOwnership` or
  /// `.unsupportedRepository` when none can be opened. The corresponding C function is
  /// `git_repository_open_ext`.
  public static func discover(from start: String, environment: [String: String] = [:])
    throws(ActivityError) -> Repository
  {
    do throws(GitError) {
      return try discoverGit(from: start, environment: environment)
    } catch {
      throw .git(error)
    }
  }

  /// Opens the repository at exactly `path` (a work tree, or a git directory), without
  /// searching parent folders; otherwise as `discover`.
  public static func open(at path: String, environment: [String: String] = [:])
    throws(ActivityError) -> Repository
  {
    do throws(GitError) {
      return try openGit(at: path, environment: environment)
    } catch {
      throw .git(error)
    }
  }

  /// The subject of commit `id` (full hexadecimal) as git's `%s` shows it: the first paragraph
  /// of the message, its lines joined by spaces, decoded through the commit's encoding.
  public func subject(ofCommit id: String) throws(ActivityError) -> String {
    do throws(GitError) {
      return try commitSubject(id)
    } catch {
      throw .git(error)
    }
  }

  /// How `git log --numstat` counts lines here: `diff.renames`, `diff.renameLimit`,
  /// `diff.algorithm` and `core.bigFileThreshold`, each as git reads it; a value git refuses
  /// throws `.git` in git's words.
  public func lineCountingOptions() throws(ActivityError) -> LineCountingOptions {
    do throws(GitError) {
      return try configuredLineCounting()
    } catch {
      throw .git(error)
    }
  }
}
