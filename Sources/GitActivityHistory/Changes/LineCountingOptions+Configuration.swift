import Foundation

extension LineCountingOptions {
  /// How `git log --numstat` counts lines here: `diff.renames` (`true`, `false`, `copies`),
  /// `diff.renameLimit`, `diff.algorithm` and `core.bigFileThreshold`, each as git reads it;
  /// a value git refuses is an error in git's words.
  package static func configured(in repository: Repository) throws(GitError) -> LineCountingOptions
  {
    var options = LineCountingOptions()
    if let renames = try repository.configString("diff.renames") {
      switch renames.lowercased() {
      case "copies", "copy": options.renames = .copies
      default:
        guard let on = ConfigBoolean.parse(renames) else {
          throw GitError.badBoolean(renames, for: "diff.renames", function: "git_config_rename")
        }
        options.renames = on ? .renames : .off
      }
    }
    if let limit = try repository.configString("diff.renameLimit") {
      guard let value = Self.configInteger(limit) else {
        throw GitError.badNumber(limit, for: "diff.renamelimit", function: "git_config_int")
      }
      options.renameLimit = value
    }
    if let name = try repository.configString("diff.algorithm") {
      guard let algorithm = DiffAlgorithm(configuration: name) else {
        throw GitError.unknownDiffAlgorithm(name)
      }
      options.algorithm = algorithm
    }
    if let value = try repository.configString("log.showRoot") {
      guard let shows = ConfigBoolean.parse(value) else {
        throw GitError.badBoolean(value, for: "log.showroot", function: "git_config_bool")
      }
      options.showsRoot = shows
    }
    if let threshold = try repository.configString("core.bigFileThreshold") {
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
}
