extension ActivityWarning: CustomStringConvertible {
  /// The warning in one line, as the command prints it after `warning: `.
  public var description: String {
    switch self {
    case .unreadableMailmap(let path, let reason):
      return "unable to open mailmap at \(path): \(reason)"
    case .undatedCommit(let id, let byCommitter):
      return
        "commit \(id) has no valid \(byCommitter ? "committer" : "author") date; it is not counted"
    case .exportsDisagree(let commit, let what, let first, let second):
      return
        "the exports '\(first)' and '\(second)' disagree about commit \(commit) (\(what)); counted as the first has it"
    case .datedBeyondCalendar(let count, let day):
      return
        "\(Wording.count(count, "commit")) dated \(count == 1 ? "" : "from ")\(day.iso), outside the years 1 to 9999 a graph can draw; not counted"
    case .skippedRepository(_, let error):
      return "\(error.description); skipped"
    case .renameDetectionSkipped(let degraded):
      return degraded
        ? "only found copies from modified paths due to too many files."
        : "exhaustive rename detection was skipped due to too many files."
    case .renameLimitAdvice(let needed):
      return
        "you may want to set your diff.renameLimit variable to at least \(needed) and retry the command."
    case .longAttributesLine(let line):
      return "ignoring overly long attributes line \(line)"
    }
  }
}
