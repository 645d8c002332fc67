/// Numbers and words as summaries write them.
public enum Wording {
  /// `1,234,567`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(character)
    }
    return (number < 0 ? "-" : "") + result
  }

  /// `1 commit`, `2 commits`, `1,234 commits`.
  public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? singular : (plural ?? singular + "s"))"
  }
}
