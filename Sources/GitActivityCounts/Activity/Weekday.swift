/// The days of the week, numbered as `Calendar` numbers them: 1 is Sunday, 7 is Saturday.
public enum Weekday: Int, CaseIterable, Sendable, Hashable {
  case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

  /// `Monday`.
  public var name: String { String(describing: self).capitalized }
  /// `Mon`.
  package var shortName: String { String(name.prefix(3)) }

  /// A weekday from its English name or its first three letters, in any case.
  public init?(parsing text: String) {
    let lowered = text.lowercased()
    guard
      let match = Weekday.allCases.first(where: {
        $0.name.lowercased() == lowered || $0.shortName.lowercased() == lowered
      })
    else { return nil }
    self = match
  }
}
