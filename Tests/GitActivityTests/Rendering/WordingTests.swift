import Foundation
import Testing

@testable import GitActivityRendering

@Suite("Numbers written as printf writes them")
struct WordingTests {
  @Test("decimals are the text String(format:) gives: ties, tiny and huge values, not numbers")
  func decimalsAsPrintf() {
    var values: [Double] = [
      0, -0.0, 1.25, 1.35, 1.15, 1.45, 2.5, 0.05, 0.005, -1.25, 99.95, 999.95, 1e15, -1e15,
      123_456.789, .infinity, -.infinity, .nan, -.nan, .leastNonzeroMagnitude, 1e300, -0.04,
      0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 9_007_199_254_740_991, 4_503_599_627_370_495.5,
      .leastNormalMagnitude, 0.95, 0.995, 0.9995, 4.6e9, 4.7e9, 4.6e18, 4.7e18,
    ]
    // Every figure a compact number divides (thousands and millions), as the cards write them.
    for figure in stride(from: 0, through: 2_000_000, by: 997) {
      values += [Double(figure) / 1_000, Double(figure) / 1_000_000]
    }
    var checked = 0
    for value in values {
      for places in [0, 1, 2, 3, 9] {
        #expect(Wording.decimal(value, places: places) == String(format: "%.\(places)f", value))
        checked += 1
      }
    }
    #expect(checked > 8_000)
    #expect(Wording.decimal(1.15, places: 1) == "1.1", "the double below 1.15 rounds down")
    #expect(Wording.decimal(1.25, places: 1) == "1.2", "an exact tie goes to the even digit")
  }
}
