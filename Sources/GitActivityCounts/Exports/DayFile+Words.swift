extension DayFile {
  /// Every sentence a day file's reading says of what is wrong with the file (its name is put
  /// before them by the caller), written here once.
  enum Words {
    static func tooLarge(mebibytes: Int) -> String {
      "larger than a day file can be (\(mebibytes) MiB)"
    }

    static let empty = "empty: no days"

    static let notRead = "not read"

    static func notAWholeNumber(_ what: String, _ detail: String) -> String {
      "\(what) is not a whole number (\(detail))"
    }

    static func negative(_ what: String, _ value: Int64) -> String {
      "\(what) is negative (\(value))"
    }

    static func beyondAnyCount(_ what: String, _ value: Int64) -> String {
      "\(what) is larger than any count can be (\(value))"
    }

    static func notADate(_ what: String, _ text: String) -> String {
      "\(what) '\(text)' is not a date (YYYY-MM-DD)"
    }

    static func notAString(_ what: String, _ detail: String) -> String {
      "\(what) is not a string (\(detail))"
    }

    static func otherFormat(_ format: String, _ expected: String) -> String {
      "'format' is '\(format)', not '\(expected)'"
    }

    static let noVersion = "the day file has no 'version'"

    static func newerVersion(_ version: Int, _ reads: Int) -> String {
      "written in version \(version) by a newer git-heatmap; this one reads version \(reads)"
    }

    static func neverWritten(_ version: Int) -> String {
      "version \(version) was never written"
    }

    static let noDays = "the day file has no 'days'"

    static let noWindow = "'since' and 'until' do not make a window"

    static let notADayFile =
      "not a day file: no 'format' (git-heatmap), no dates as keys (GitLab), no 'data' or 'contributionCalendar' (GitHub)"

    static func dayWithoutDate(_ number: Int) -> String {
      "day \(number) has no 'date'"
    }

    static let nestedTooDeep = "nested deeper than GitHub's answer is"

    static let contributionDayWithoutDate = "a contribution day has no 'date'"

    static let entryWithoutTimestamp = "an entry has no 'timestamp' within the years 1 to 9999"

    static func missingColumn(_ name: String) -> String {
      "the CSV header has no '\(name)' column"
    }

    static func tooFewFields(line: Int, fields: Int) -> String {
      "line \(line) has \(fields) fields, fewer than the header"
    }

    static func anotherSource(line: Int) -> String {
      "line \(line) has another source than the lines above"
    }

    static func datesNotRising(_ what: String) -> String {
      "\(what): the dates do not rise one by one"
    }

    static func fieldNotAWholeNumber(_ what: String, _ name: String) -> String {
      "\(what): '\(name)' is not a whole number"
    }

    static func fieldNegative(_ what: String, _ name: String) -> String {
      "\(what): '\(name)' is negative"
    }

    static func fieldBeyondAnyCount(_ what: String, _ name: String) -> String {
      "\(what): '\(name)' is larger than any count can be"
    }

    static func notInOrder(_ day: String) -> String {
      "the days are not in order, each once (\(day))"
    }

    static func outsideWindow(_ day: String, first: String, last: String) -> String {
      "\(day) is outside the file's window (\(first) to \(last))"
    }

    static func partsExceedWhole(_ day: String) -> String {
      "\(day) has more assisted or bot commits than commits"
    }

    static func newerCSVVersion(line: Int, given: String, reads: Int) -> String {
      "line \(line): written in version '\(given)', and this git-heatmap reads version \(reads)"
    }
  }
}
