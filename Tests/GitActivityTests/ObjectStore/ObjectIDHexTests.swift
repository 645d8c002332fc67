import Foundation
import TestSupport
import Testing

@testable import GitActivityStore

/// Object ids parsed from hex eight digits at a time, a byte a lane: the same ids and the same
/// refusals as a digit-by-digit parse, for every byte in every place.
@Suite("Hex ids parsed a word at a time")
struct ObjectIDHexTests {
  /// The digit-by-digit parse: each byte's value, or nil for one that is not a hex digit.
  static func reference(_ digits: [UInt8]) -> UInt32? {
    var value: UInt32 = 0
    for byte in digits {
      guard let nibble = ObjectID.nibble(byte) else { return nil }
      value = value << 4 | UInt32(nibble)
    }
    return value
  }

  static func word(_ digits: [UInt8]) -> UInt32? {
    digits.withUnsafeBytes { ObjectID.hexWord($0.baseAddress.unsafelyUnwrapped) }
  }

  @Test("every byte value in every place of a word: the same value, or refused")
  func everyByte() {
    var wrong: [String] = []
    for base in ["0123abcd", "FFffAa90", "deadBEEF"] {
      for place in 0..<8 {
        for byte in 0...255 {
          var digits = Array(base.utf8)
          digits[place] = UInt8(byte)
          if Self.word(digits) != Self.reference(digits) { wrong.append("\(digits)") }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test("200,000 words of digits, letters, their neighbours and high bytes")
  func randomWords() {
    var generator = SeededGenerator(seed: 52)
    // The edges of each range, and bytes whose low seven bits are hex digits.
    let bytes = Array("0189:/@AFGafg`".utf8) + [0x00, 0x7F, 0x80, 0xB0, 0xC1, 0xE6, 0xFF]
    var wrong: [String] = []
    for _ in 0..<200_000 {
      let digits = (0..<8).map { _ in
        Bool.random(using: &generator)
          ? Array("0123456789abcdefABCDEF".utf8).randomElement(using: &generator) ?? 0
          : bytes.randomElement(using: &generator) ?? 0
      }
      if Self.word(digits) != Self.reference(digits) { wrong.append("\(digits)") }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test("a whole id: its forty digits as git writes them, any case, and a bad digit anywhere")
  func wholeIDs() throws {
    let text = "0123456789abcdefFEDCBA9876543210deadBEEF"
    let id = try #require(ObjectID(hex: text))
    #expect(id.description == text.lowercased())
    for place in 0..<40 {
      var bad = Array(text.utf8)
      bad[place] = UInt8(ascii: "g")
      #expect(ObjectID(hex: String(decoding: bad, as: UTF8.self)) == nil)
    }
  }
}
