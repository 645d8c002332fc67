extension WindowProblem: CustomStringConvertible {
  /// In plain words, without option names.
  public var description: String {
    switch self {
    case .startsAfterEnd(let first, let last, _):
      return "the window starts on \(first.iso), after its last day \(last.iso)"
    case .startsAfterToday(let days, let today, _, _):
      return "the window starts on \(days.first.iso), after today (\(today.iso))"
    case .outsideRepresentableYears:
      return "the window reaches outside the years 1 to 9999"
    case .lengthOutOfRange(let length, let unit):
      let range = unit == .weeks ? WindowRequest.weekRange : WindowRequest.monthRange
      return
        "\(length) \(unit == .weeks ? "weeks" : "months") is not a window: expected \(range.lowerBound) to \(range.upperBound)"
    }
  }
}
