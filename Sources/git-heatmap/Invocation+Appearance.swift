import GitActivity

extension Invocation {
  /// How a graph looks: theme and colours, the level scale, sizes, title and what cells carry.
  struct Appearance {
    var theme: String?
    var tint: RGB?
    var palette: [RGB]?
    var scale: LevelScale
    /// `--streak`, `--streak-allow`: how streaks are counted.
    var streakRule = StreakRule.daily
    /// `--color`: auto, always or never; git's `color.*` settings.
    var colorMode: GitColorConfig.Mode
    var gitColor: GitColorConfig
    var isASCII: Bool
    var title: String?
    var cellSize: Double
    var spacing: Double
    var radius: Double
    var isTransparent: Bool
    /// `--emails`: authors' emails in by-author images.
    var showsEmails: Bool
    /// `--compact`: SVG cells without tooltips and `data-*`.
    var isCompact: Bool
    var animates: Bool

    /// The options of `parsed`, with the defaults of `layout` (the calendar's tiles are larger
    /// than the graph's cells, its scale linear).
    init(_ parsed: ParsedArguments, layout: Output.Layout) throws(CommandError) {
      let isCalendar = layout == .calendar
      theme = parsed.last(.theme)
      if let tint = parsed.last(.tint) {
        guard let color = RGB(parsing: tint) else {
          throw parsed.invalid(
            .tint, tint,
            expected:
              "expected #rrggbb, #rgb or one of \(ArgumentParser.list(RGB.named.keys.sorted()))")
        }
        self.tint = color
      }
      if let palette = parsed.last(.palette) {
        let colors = palette.split(separator: ",", omittingEmptySubsequences: false).map {
          RGB(parsing: String($0).trimmingCharacters(in: .whitespaces))
        }
        guard isCalendar ? colors.count >= 2 : colors.count == 5, colors.allSatisfy({ $0 != nil })
        else {
          throw parsed.invalid(
            .palette, palette,
            expected: isCalendar
              ? "expected two or more colors such as #61ab90,#1e5d86"
              : "expected five colors such as #ebedf0,#9be9a8,#40c463,#30a14e,#216e39")
        }
        self.palette = colors.compactMap { $0 }
      }
      // Lines: a quarter of the active days at each level, so that one import does not make
      // every other day level 1.
      let measuresLines =
        (parsed.last(.measure).flatMap(Measure.init(rawValue:)) ?? .commits).needsLines
      scale =
        parsed.last(.scale).flatMap(LevelScale.init(rawValue:))
        ?? (isCalendar ? .linear : measuresLines ? .quantile : .github)
      streakRule = StreakRule(
        kind: parsed.last(.streak).flatMap(StreakRule.Kind.init(rawValue:)) ?? .daily,
        allowance: try parsed.whole(.streakAllow) ?? 0)
      colorMode = parsed.last(.color).flatMap(GitColorConfig.Mode.init(rawValue:)) ?? .auto
      gitColor = parsed.gitColor
      isASCII = parsed.has(.ascii)
      title = parsed.last(.title)
      // The table holds the graph's sizes.
      cellSize =
        try parsed.number(.cellSize)
        ?? (isCalendar ? 36 : Double(Invocation.tableDefault(.cellSize)))
      spacing =
        try parsed.number(.spacing) ?? (isCalendar ? 4 : Double(Invocation.tableDefault(.spacing)))
      // The corners grow with the cells, as GitHub's 2 px on 10 and the seed's 4 px on 18.
      radius = try parsed.number(.radius) ?? (isCalendar ? 4 : (cellSize * 2 / 9).rounded())
      isTransparent = parsed.has(.transparent)
      showsEmails = parsed.has(.emails)
      isCompact = parsed.has(.compact)
      animates = parsed.has(.animate)
    }
  }
}
