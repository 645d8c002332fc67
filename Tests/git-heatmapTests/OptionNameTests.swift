import Testing

@testable import git_heatmap

/// The option names the command reads (`OptionName`) and those the table declares are the same
/// set: an option added to one and not the other fails here, not silently at run time.
@Suite("One enum of option names")
struct OptionNameTests {
  @Test("OptionName and OptionTable name the same options")
  func sameNames() {
    let table = Set(OptionTable.all.map(\.long))
    let names = Set(OptionName.allCases.map(\.rawValue))
    #expect(
      table == names,
      "only in the table: \(table.subtracting(names)); only in the enum: \(names.subtracting(table))"
    )
    // Choices come from the library's own enums where there is one.
    #expect(OptionTable.spec(long: "scale")?.choices == ["github", "linear", "log", "quantile"])
    #expect(OptionTable.spec(long: "week-start")?.choices.first == "sunday")
    #expect(OptionTable.spec(long: "format")?.choices.contains("png") == true)
  }
}
