extension HeatmapPanel {
  /// The panel's heading in words, or nil for the one graph: `2024: 1,234 commits`,
  /// `Ada Lovelace <ada@example.com> · 12 commits (45.2%)`.
  var heading: String? {
    headingParts.map { $0.subject + $0.amount }
  }

  /// The heading in two parts: whose graph it is (a name's runs of spaces made one), and what
  /// it counts, which a heading shortened to its room keeps whole (`fittedHeading`), so that
  /// a name can never push the real count out of sight.
  var headingParts: (subject: String, amount: String)? {
    switch subject {
    case .whole:
      return nil
    case .year(let year, let total):
      return ("\(year)", ": \(ReportText.amount(total, measure))")
    case .author(let name, let email, let total, let share):
      let who = email.map { "\(name) <\($0)>" } ?? name
      let collapsed = who.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return (
        collapsed, " · \(ReportText.amount(total, measure)) (\(ReportText.percent(share)))"
      )
    }
  }

  /// The heading within `width`, measured by `measure`: the subject shortened by `shorten`,
  /// the amount whole.
  func fittedHeading(
    width: Double, measure: (String) -> Double, shorten: (String, Double) -> String
  ) -> String? {
    guard let (subject, amount) = headingParts else { return nil }
    let room = width - measure(amount)
    guard room >= measure("W…") else { return shorten(subject + amount, width) }
    return shorten(subject, room) + amount
  }
}
