extension HeatmapPanel {
  /// The panel's heading in words, or nil for the one graph: `2024: 1,234 commits`,
  /// `Ada Lovelace <ada@example.com> · 12 commits (45.2%)`.
  public var heading: String? {
    switch subject {
    case .whole:
      return nil
    case .year(let year, let total):
      return "\(year): \(ReportText.amount(total, measure))"
    case .author(let name, let email, let total, let share):
      let who = email.map { "\(name) <\($0)>" } ?? name
      return "\(who) · \(ReportText.amount(total, measure)) (\(ReportText.percent(share)))"
    }
  }
}
