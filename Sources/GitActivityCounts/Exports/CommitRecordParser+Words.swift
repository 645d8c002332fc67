extension CommitRecordParser {
  /// Every sentence the reading of a per-commit export says of a record that is wrong (the
  /// file and line are put before them by the caller), written here once.
  enum Words {
    static func headerTwice(_ name: String) -> String {
      "the CSV header has '\(name)' twice"
    }

    static func givenTwice(_ key: String) -> String {
      "'\(key)' is given twice"
    }

    static let noHeader = "no CSV header"

    static func tooFewFields(_ count: Int) -> String {
      "the row has \(count) fields, fewer than the header"
    }

    static func notAnInteger(_ name: String) -> String {
      "'\(name)' is not an integer"
    }

    static let assistedNotBoolean = "'assisted' is not true or false"

    static let noVersion = "not a git-heatmap commits export (no 'v')"

    static func neverWritten(_ version: Int64) -> String {
      "schema \(version) is not one git-heatmap ever wrote"
    }

    static let badID = "'id' is not a commit id of 40 hexadecimal digits"

    static let parentsOutOfRange = "'parents' is out of range"

    static func outOfRange(_ name: String) -> String {
      "'\(name)' is out of range"
    }

    static let assistedWithoutAgents =
      "'assisted' and 'agents' disagree: an assisted commit names its agents"

    static func missingKey(_ key: String) -> String {
      "the record has no '\(key)'"
    }

    static func missingColumn(_ name: String) -> String {
      "not a git-heatmap commits export: the CSV header has no '\(name)' column"
    }

    static func newerSchema(_ version: Int64, reads: Int) -> String {
      "written in schema \(version) by a newer git-heatmap; this one reads schema \(reads)"
    }

    static func halfATime(_ seconds: String, _ offset: String) -> String {
      "'\(seconds)' and '\(offset)' must both be null or both be numbers"
    }

    static let unendedQuote = "a quoted CSV field does not end"

    static let textAfterQuote = "text after a quoted CSV field"
  }
}
