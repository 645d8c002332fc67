import Foundation
import Testing

@testable import GitActivityCounts

@Suite("Languages named by number, as the whole table numbers them")
struct LanguageTableTests {
  @Test("every number names the language the whole table gives it; numbers past the end none")
  func namedAsTheTableNamesThem() {
    let table = LanguageTable.shared.languages
    #expect(table.count > 500, "linguist's table is read")
    let all = LanguageTable.languages(numbered: Set(table.indices))
    #expect(all.count == table.count)
    for (number, language) in table.enumerated() {
      #expect(all[number] == language, "language \(number)")
    }
    // A few, the last and one past it, and none.
    let last = table.count - 1
    let some = LanguageTable.languages(numbered: [0, 7, last, last + 1])
    #expect(some.keys.sorted() == [0, 7, last])
    #expect(some[last] == table[last] && some[7] == table[7])
    #expect(LanguageTable.languages(numbered: []).isEmpty)
  }
}
