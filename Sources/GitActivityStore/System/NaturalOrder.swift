/// The order people expect of names with numbers in them: `proj2` before `proj10`. Runs of
/// ASCII digits compare by value (then by length, so that `01` and `1` still differ), everything
/// else by its UTF-8 bytes, so that the order is the same on every machine and in every locale.
public enum NaturalOrder {
  /// Whether `left` comes before `right`.
  public static func precedes(_ left: String, _ right: String) -> Bool {
    compare(Array(left.utf8), Array(right.utf8)) < 0
  }

  /// -1, 0 or 1 as `left` comes before, with, or after `right`.
  static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
    var i = 0
    var j = 0
    while i < left.count && j < right.count {
      if isDigit(left[i]) && isDigit(right[j]) {
        let leftStart = i
        let rightStart = j
        while i < left.count && isDigit(left[i]) { i += 1 }
        while j < right.count && isDigit(right[j]) { j += 1 }
        // Values compare by their digits less leading zeros: longer is larger, then digit by digit.
        let a = left[leftStart..<i].drop { $0 == UInt8(ascii: "0") }
        let b = right[rightStart..<j].drop { $0 == UInt8(ascii: "0") }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        let leftLength = i - leftStart
        let rightLength = j - rightStart
        if leftLength != rightLength { return leftLength < rightLength ? -1 : 1 }
        continue
      }
      if left[i] != right[j] { return left[i] < right[j] ? -1 : 1 }
      i += 1
      j += 1
    }
    let leftRest = left.count - i
    let rightRest = right.count - j
    return leftRest == rightRest ? 0 : leftRest < rightRest ? -1 : 1
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
