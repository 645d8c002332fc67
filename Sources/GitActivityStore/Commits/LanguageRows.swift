/// The lines one commit changes in each language linguist counts, by a language's number in
/// the generated table: insertions, deletions and files, one row a language, in the order they
/// were met. Kept beside the lines of a read that asks for languages (`--review`), so that its
/// languages need no second diff.
package struct LanguageRows: Sendable, Hashable {
  package struct Row: Sendable, Hashable {
    package var language: UInt16
    package var insertions: UInt32
    package var deletions: UInt32
    package var files: UInt32

    package init(language: UInt16, insertions: UInt32, deletions: UInt32, files: UInt32) {
      self.language = language
      self.insertions = insertions
      self.deletions = deletions
      self.files = files
    }
  }

  package var rows: [Row] = []

  package init() {}
}
