extension JSONReader {
  /// Every sentence the JSON reader says of text that is not JSON it reads, written here once.
  enum Words {
    static func atColumn(_ message: String, column: Int) -> String {
      "\(message) at column \(column)"
    }

    static let shortEscape = "a short \\u escape"

    static let nonHexadecimalEscape = "a \\u escape that is not hexadecimal"

    static let loneBackslash = "a lone backslash"

    static func unknownEscape(_ character: Character) -> String {
      "an unknown escape '\\\(character)'"
    }

    static func expected(_ character: Character) -> String {
      "expected '\(character)'"
    }

    static let unendedObject = "the object does not end"

    static let expectedCommaOrBrace = "expected ',' or '}'"

    static let textAfterRecord = "text after the record"

    static let expectedString = "expected a string"

    static let unendedString = "the string does not end"

    static let controlCharacter = "a control character inside a string"

    static let expectedNumber = "expected a number, not null"

    static let unendedList = "the list does not end"

    static let expectedCommaOrBracket = "expected ',' or ']'"

    static let expectedBoolean = "expected true or false"

    static let expectedWholeNumber = "expected a whole number"

    static let coAuthorWithoutIdentity = "a co-author without 'name' and 'email'"

    static let unendedCoAuthors = "the co-author list does not end"

    static let expectedValue = "expected a value"
  }
}
