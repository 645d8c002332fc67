/// The lines one commit changes in each language linguist counts, by a language's number in
/// the generated table: insertions, deletions and files, one row a language, in the order they
/// were met. Kept beside the lines of a read that asks for languages (`--review`), so that its
/// languages need no second diff.
struct LanguageRows: Sendable, Hashable {
  struct Row: Sendable, Hashable {
    var language: UInt16
    var insertions: UInt32
    var deletions: UInt32
    var files: UInt32
  }

  var rows: [Row] = []
}
