extension LineReader {
  /// Every sentence the line reader says of a file it cannot read, written here once.
  enum Words {
    static let truncatedGzip = "the gzip data ends early (the file is truncated)"

    static let zlibCouldNotStart = "zlib could not start"

    static let zlibFailed = "zlib failed"
    static func lineTooLong(line: Int, mebibytes: Int) -> String {
      "\(line): the line is longer than \(mebibytes) MiB, the most a record may be"
    }

    static func damagedGzip(_ detail: String) -> String {
      "the gzip data is damaged (\(detail))"
    }
  }
}
