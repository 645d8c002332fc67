import Foundation

/// The default output: the contribution graph drawn with characters, in color or without.
public struct TerminalRenderer: Sendable {
  /// How it draws.
  var options: TerminalOptions

  /// Below this width only the summary is printed.
  static let minimumGraphWidth = 20
  static let labelWidth = 4

  /// A renderer with these options.
  public init(options: TerminalOptions) {
    self.options = options
  }

  /// The glyph of each level: one terminal cell wide each (checked against wcwidth in tests).
  var glyphs: [String] {
    if options.isASCII { return [".", ":", "o", "O", "@"] }
    switch options.colorDepth {
    case .none: return ["·", "░", "▒", "▓", "█"]
    // In sixteen colors, shapes that do not fill the cell (full blocks merge rows into
    // stripes), growing with the level: with the two greens (and dim on a dark background),
    // five levels stay five, the busiest the largest.
    case .basic16: return ["·", "▪", "■", "■", "▆"]
    case .indexed256, .truecolor: return ["■", "■", "■", "■", "■"]
    }
  }

  /// The report's graph for the terminal, levels by `scale`.
  public func render(_ report: ActivityReport, scale: LevelScale) -> String {
    render(report, panels: HeatmapPanel.panels(for: report, scale: scale))
  }

  /// Draws `panels` stacked under the headline, with one legend and the statistics below.
  public func render(
    _ report: ActivityReport, panels: [HeatmapPanel], headline extra: String? = nil
  ) -> String {
    let width = max(options.width, 1)
    var lines = [bold(truncate(ReportText.headline(report) + (extra ?? ""), to: width))]
    if report.repositories.count > 1 {
      lines += TextWidth.wrap(
        ReportText.repositoryItems(report), separator: " ", width: width,
        ellipsis: options.isASCII ? "." : "…")
    }
    guard width >= Self.minimumGraphWidth else {
      lines += TextWidth.wrap(
        ReportText.statisticsItems(report) + ReportText.automationItems(report),
        separator: separator, width: width, ellipsis: options.isASCII ? "." : "…")
      return lines.joined(separator: "\n") + "\n"
    }
    var shownColumns = 0
    var totalColumns = 0
    for part in panels {
      if let heading = part.fittedHeading(
        width: Double(width), measure: { Double(TextWidth.columns(of: TextEscaping.terminal($0))) },
        shorten: { truncate(TextEscaping.terminal($0), to: Int($1)) })
      {
        lines.append("")
        lines.append(bold(heading))
      }
      let fitting = fit(part.grid, width: width)
      shownColumns = max(shownColumns, fitting.columnCount)
      totalColumns = max(totalColumns, part.grid.columnCount)
      lines += draw(fitting, today: report.today)
    }
    lines.append(
      legendLine(
        note: shownColumns < totalColumns ? "newest \(shownColumns) of \(totalColumns) weeks" : nil,
        gridWidth: min(width, Self.labelWidth + 2 * min(totalColumns, maxColumns(width)) - 1),
        width: width))
    lines += TextWidth.wrap(
      ReportText.statisticsItems(report), separator: separator, width: width,
      ellipsis: options.isASCII ? "." : "…")
    lines += TextWidth.wrap(
      ReportText.automationItems(report), separator: separator, width: width,
      ellipsis: options.isASCII ? "." : "…")
    return lines.joined(separator: "\n") + "\n"
  }

  private var separator: String { options.isASCII ? " - " : " · " }

  private func truncate(_ text: String, to width: Int) -> String {
    TextWidth.truncate(text, to: width, ellipsis: options.isASCII ? "." : "…")
  }

  /// `1,234 commits in the last year`, with whose graph it is when authors were chosen.
  private func maxColumns(_ width: Int) -> Int { max(1, (width - Self.labelWidth + 1) / 2) }

  /// The newest weeks that fit in `width`.
  func fit(_ grid: HeatmapGrid, width: Int) -> HeatmapGrid {
    let fitting = maxColumns(width)
    return grid.columnCount > fitting ? grid.suffix(fromColumn: grid.columnCount - fitting) : grid
  }

  /// Month labels, then seven rows with weekday labels; the day at `highlight` (an index in the
  /// grid's days) between brackets, as a cursor. With `namesYears`, a window across years names
  /// the year on its first month and on each January (`Nov 2025 … Jan 2026`), so that two
  /// Novembers are told apart.
  /// Days after `today` without commits are left blank, as GitHub ends its graph today.
  public func draw(
    _ grid: HeatmapGrid, highlight: Int? = nil, namesYears: Bool = false, today: Day? = nil
  ) -> [String] {
    let columns = grid.columnCount
    var header = [Character](repeating: " ", count: Self.labelWidth + 2 * columns)
    var nextFree = 0
    let labels = grid.monthLabels(labelColumns: 2)
    let acrossYears = Set(labels.map(\.year)).count > 1
    for (index, label) in labels.enumerated() {
      let start = Self.labelWidth + 2 * label.column
      let text =
        namesYears && acrossYears && (index == 0 || label.month == 1)
        ? "\(label.text) \(label.year)" : label.text
      guard start >= nextFree, start + text.count <= header.count + 1 else { continue }
      if start + text.count > header.count {
        header += [Character](repeating: " ", count: start + text.count - header.count)
      }
      for (offset, character) in text.enumerated() { header[start + offset] = character }
      nextFree = start + text.count + 1
    }
    var lines = [String(header).trimmingTrailingSpaces()]
    let glyphs = self.glyphs
    for row in 0..<HeatmapGrid.rows {
      var line = grid.labelledRows.contains(row) ? grid.weekday(ofRow: row).shortName + " " : "    "
      var cells: [String] = []
      var cursorColumn: Int?
      for column in 0..<columns {
        guard let index = grid.dayIndex(column: column, row: row) else {
          cells.append(" ")
          continue
        }
        if let today, grid.days.first.advanced(by: index) > today, grid.counts[index] == 0,
          index != highlight
        {
          cells.append(" ")
          continue
        }
        let level = grid.levels[index]
        if index == highlight { cursorColumn = column }
        cells.append(paint(glyphs[level], level: level))
      }
      // The cursor: brackets in the terminal's own bold text color in the gaps either side of
      // the day, so that it shows on every level in every theme (reverse video of an empty
      // day's color was 1.09:1 on GitHub's dark background) and the day keeps its color.
      let open = bold("["), close = bold("]")
      if cursorColumn == 0 { line = String(line.dropLast()) + open }
      for (column, cell) in cells.enumerated() {
        if column > 0 {
          line += column == cursorColumn ? open : column - 1 == cursorColumn ? close : " "
        }
        line += cell
      }
      if let cursorColumn, cursorColumn == cells.count - 1 { line += close }
      lines.append(line.trimmingTrailingSpaces())
    }
    return lines
  }

  /// `Less ■ ■ ■ ■ ■ More`, right-aligned under the grid, with a note at the left.
  public func legendLine(note: String?, gridWidth: Int, width: Int) -> String {
    let glyphs = self.glyphs
    let cells = (0...HeatmapMath.levelCount).map { paint(glyphs[$0], level: $0) }
    let legend = "Less " + cells.joined(separator: " ") + " More"
    let legendWidth = 5 + 2 * HeatmapMath.levelCount + 1 + 5
    let right = max(gridWidth, legendWidth)
    guard let note else {
      return String(repeating: " ", count: max(0, right - legendWidth)) + legend
    }
    let room = right - legendWidth - 2
    if TextWidth.columns(of: note) <= room {
      return note + String(repeating: " ", count: right - legendWidth - TextWidth.columns(of: note))
        + legend
    }
    return truncate(note, to: width) + "\n"
      + String(repeating: " ", count: max(0, right - legendWidth)) + legend
  }

  /// `text` in the color of `level`, or as it is without color.
  func paint(_ text: String, level: Int) -> String {
    switch options.colorDepth {
    case .none:
      return text
    case .basic16:
      // Five levels in two greens, dim, and (with the glyphs) shape. On a dark background
      // more is brighter (dim, green, bright green); on a light one more is darker, since
      // bright green on white is the faintest mark there is (1.4:1) and dim only fades it.
      let codes =
        options.palette.isDark
        ? ["90", "2;32", "32", "92", "1;92"] : ["90", "92", "92", "32", "32"]
      return "\u{1B}[\(codes[level])m\(text)\u{1B}[0m"
    case .indexed256:
      let levels = options.palette.levels
      let index =
        levels.count == 5 ? ANSIColor.ramp256(levels)[level] : ANSIColor.nearest256(levels[level])
      return "\u{1B}[38;5;\(index)m\(text)\u{1B}[0m"
    case .truecolor:
      let color = options.palette.levels[level]
      return "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m\(text)\u{1B}[0m"
    }
  }

  func bold(_ text: String) -> String {
    options.colorDepth == .none ? text : "\u{1B}[1m\(text)\u{1B}[0m"
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
