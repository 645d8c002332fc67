import Foundation

/// The graph as a standalone SVG 1.1 document in GitHub's look: it renders the same in
/// browsers, in GitHub's `<img>` and in librsvg, carries each day's numbers, and describes itself
/// to screen readers. Output is deterministic: the same report and options give the same bytes.
public struct SVGRenderer: Sendable {
  /// How it draws.
  var options: SVGOptions

  /// A renderer with these options.
  public init(options: SVGOptions) {
    self.options = options
  }

  /// The heading: the title, or the repository's name and whose graph it is.
  func heading(for report: ActivityReport) -> String {
    ReportText.heading(for: report, title: options.title)
  }

  /// The report's graph as an SVG document, levels by `scale`.
  public func render(_ report: ActivityReport, scale: LevelScale) -> String {
    render(report, panels: HeatmapPanel.panels(for: report, scale: scale))
  }

  /// Draws `panels` stacked, with one legend and the report's summary at the bottom.
  public func render(_ report: ActivityReport, panels: [HeatmapPanel]) -> String {
    let layout = Layout(options: options)
    let heading = heading(for: report)
    let summary = "\(ReportText.totals(report.activity)) \(ReportText.phrase(report.window))"
    let light = options.palette(dark: options.theme == .githubDark)
    let dark = options.palette(dark: true)

    var body: [String] = []
    var y = layout.padding
    let headingSize = layout.fontSize * 1.3
    y += headingSize
    let headingIndex = body.count
    body.append("")
    y += layout.fontSize * 0.9
    var gridRight = 0.0
    // Each panel's heading, placed once the canvas's width is known, so that a name is
    // shortened only when the whole image has no room for it (a narrow window's graph is
    // narrower than the canvas its footer makes).
    var headings: [(index: Int, y: Double, panel: HeatmapPanel)] = []
    for (number, panel) in panels.enumerated() {
      var top = y
      if panel.heading != nil {
        // A heading sits nearer its own graph than the one above it, with the main title's room
        // between its letters and the month labels (about 11 px at 12 px text; it had 2).
        y += layout.fontSize * (number == 0 ? 1.2 : 2.4)
        top = y + layout.fontSize * 0.83
      }
      let (elements, bottom, right) = drawPanel(
        panel.grid, top: top, layout: layout, number: number,
        tooltip: Self.tooltips(for: panel, of: report.activity), today: report.today)
      if panel.heading != nil {
        headings.append((body.count, y, panel))
        body.append("")
      }
      body += elements
      y = bottom
      gridRight = max(gridRight, right)
    }
    // The footer: summary at the left, legend at the right.
    y += layout.fontSize * 0.8
    // Under a measure of lines, days that removed more than they added are red: the legend
    // says so before "Less".
    let removes = panels.contains { $0.grid.removals.contains(true) }
    let legend = layout.legendWidth + (removes ? layout.removalKeyWidth : 0)
    let summaryWidth = layout.textWidth(summary)
    // The canvas is as wide as the graph, or the footer when that is wider; the legend's "More"
    // ends on its right edge, and a longer heading is shortened (the whole of it is the title).
    let contentRight = max(
      gridRight, layout.padding + summaryWidth + layout.fontSize * 1.5 + legend)
    let shown = FontMetrics.truncate(
      heading, toWidth: contentRight - layout.padding, size: headingSize, bold: true)

    body[headingIndex] = Self.heading(
      shown, x: layout.padding, baseline: layout.padding + headingSize, size: headingSize)
    for heading in headings {
      body[heading.index] = Self.panelHeading(
        heading.panel, y: heading.y, width: contentRight - layout.padding, layout: layout)
    }
    let baseline = y + layout.fontSize
    body.append(
      #"<text class="summary" x="\#(n(layout.padding))" y="\#(n(baseline))">\#(TextEscaping.xml(summary))</text>"#
    )
    body += drawLegend(
      right: contentRight, baseline: baseline, layout: layout, palette: light, removes: removes)
    let width = (contentRight + layout.padding).rounded(.up)
    let height = (baseline + layout.fontSize * 0.4 + layout.padding).rounded(.up)

    return document(
      width: width, height: height, fontSize: layout.fontSize, id: "heatmap", title: heading,
      description: ReportText.description(for: report) + Self.panelSentence(panels),
      light: light, dark: dark,
      weeks: panels.map(\.grid.columnCount).max() ?? 0, cell: options.cellSize, body: body)
  }

  /// A panel's heading at `y`: a name longer than `width` is shortened rather than allowed to
  /// widen the image; the count after it stays whole.
  private static func panelHeading(
    _ panel: HeatmapPanel, y: Double, width: Double, layout: Layout
  ) -> String {
    let name =
      panel.fittedHeading(
        width: width,
        measure: { FontMetrics.width(of: $0, size: layout.fontSize, bold: true) },
        shorten: { FontMetrics.truncate($0, toWidth: $1, size: layout.fontSize, bold: true) })
      ?? ""
    return
      #"<text x="\#(n(layout.padding))" y="\#(n(y))" font-weight="600">\#(TextEscaping.xml(name))</text>"#
  }

  /// For graphs by author, whose they are, in the description a screen reader reads:
  /// ` One graph each for Ada (12 commits), Grace (7 commits).`
  static func panelSentence(_ panels: [HeatmapPanel]) -> String {
    let people = panels.compactMap { panel -> String? in
      guard case .author(let name, _, let total, _) = panel.subject else { return nil }
      return "\(name) (\(ReportText.amount(total, panel.measure)))"
    }
    return people.isEmpty ? "" : " One graph each for " + people.joined(separator: ", ") + "."
  }

  /// What a red day means, in the legend.
  static let removalKey = "more removed than added"

  /// The id of the day cell's shape, which every cell of the graph uses.
  static let cellID = "day"

  /// The SVG document of this renderer around `body` (see `frame`): the style for the theme,
  /// and the shape of a `cell` of that size when one is given.
  func document(
    width: Double, height: Double, fontSize: Double, id: String, title: String,
    description: String, light: Palette, dark: Palette, weeks: Int = 0, cell: Double? = nil,
    body: [String]
  ) -> String {
    Self.frame(
      width: width, height: height, fontSize: fontSize, id: id, title: title,
      description: description, css: style(light: light, dark: dark, weeks: weeks),
      defs: cell.map {
        // Inset half a pixel, so that the 1 px outline (GitHub's) lies inside the cell, on
        // whole pixels.
        #"<defs><rect id="\#(Self.cellID)" x="0.5" y="0.5" width="\#(n($0 - 1))" height="\#(n($0 - 1))" rx="\#(n(max(0, options.radius - 0.5)))"/></defs>"#
          + "\n"
      } ?? "", background: options.isTransparent ? nil : light.background, body: body)
  }

  /// An SVG document around `body`, as every drawing is one (the graph, the punch card, the
  /// calendar): the root with its size and `role="img"`, a title and a description that name it
  /// for screen readers (`<id>-title`, `<id>-desc`), the style sheet `css`, the `defs` (complete
  /// elements, which the body uses through `xlink:href`), and a rounded background of
  /// `background` unless nil (transparent).
  static func frame(
    width: Double, height: Double, fontSize: Double, id: String, title: String,
    description: String, css: String, defs: String, background: RGB?, body: [String]
  ) -> String {
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out +=
      #"<svg xmlns="http://www.w3.org/2000/svg"\#(defs.isEmpty ? "" : #" xmlns:xlink="http://www.w3.org/1999/xlink""#) version="1.1" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" role="img" aria-labelledby="\#(id)-title \#(id)-desc" font-family="\#(Self.fontStack)" font-size="\#(n(fontSize))">"#
      + "\n"
    out += #"<title id="\#(id)-title">\#(TextEscaping.xml(title))</title>"# + "\n"
    out += #"<desc id="\#(id)-desc">\#(TextEscaping.xml(description))</desc>"# + "\n"
    out += "<style type=\"text/css\"><![CDATA[\n" + css + "]]></style>\n"
    out += defs
    if let background {
      out +=
        #"<rect class="background" width="100%" height="100%" rx="6" ry="6" fill="\#(background.hex)"/>"#
        + "\n"
    }
    out += body.joined(separator: "\n") + "\n</svg>\n"
    return out
  }

  /// An image's heading, bold at `size`: the graph's, the punch card's and the calendar's.
  static func heading(_ text: String, x: Double, baseline: Double, size: Double) -> String {
    #"<text class="heading" x="\#(n(x))" y="\#(n(baseline))" font-size="\#(n(size))" font-weight="600">\#(TextEscaping.xml(text))</text>"#
  }

  /// How wide a heading is as `heading` draws it.
  static func headingWidth(_ text: String, size: Double) -> Double {
    FontMetrics.width(of: text, size: size, bold: true)
  }

  /// Month labels, weekday labels and cells of one grid, from `top` down.
  /// What each day of a panel's grid says in its tooltip, with its `data-*` attributes: for the
  /// report's own days, its commits (and lines); for an author's, whose and how many.
  static func tooltips(for panel: HeatmapPanel, of activity: DailyActivity)
    -> (Int) -> (text: String, data: String)
  {
    let grid = panel.grid
    let shift = activity.days.first.distance(to: grid.days.first)
    switch panel.subject {
    case .author(let name, _, _, _):
      return { index in
        let text =
          "\(name): \(ReportText.date(grid.days.first.advanced(by: index))): \(ReportText.amount(grid.counts[index], panel.measure))"
        return (text, "")
      }
    case .whole, .year:
      return { index in
        let at = index + shift
        var data = ""
        if at < activity.insertions.count {
          data =
            #" data-commits="\#(activity.commitCounts[at])" data-insertions="\#(activity.insertions[at])" data-deletions="\#(activity.deletions[at])""#
        }
        return (ReportText.dayTotal(activity, at: at), data)
      }
    }
  }

  private func drawPanel(
    _ grid: HeatmapGrid, top: Double, layout: Layout, number: Int,
    tooltip: (Int) -> (text: String, data: String), today: Day
  ) -> (elements: [String], bottom: Double, right: Double) {
    var elements: [String] = []
    let pitch = layout.pitch
    // The grid starts on whole pixels, so that with whole-pixel cells and gaps every cell edge
    // falls on a pixel edge and stays sharp at 1x.
    let left = layout.gridLeft
    let monthBaseline = top + layout.fontSize
    let gridTop = (monthBaseline + layout.fontSize * 0.5).rounded()
    let labelColumns = Int((layout.textWidth("May") + layout.fontSize * 0.5) / pitch) + 1
    for label in grid.monthLabels(labelColumns: labelColumns) {
      elements.append(
        #"<text class="label" x="\#(n(left + Double(label.column) * pitch))" y="\#(n(monthBaseline))">\#(label.text)</text>"#
      )
    }
    for row in grid.labelledRows {
      let centre = gridTop + Double(row) * pitch + options.cellSize / 2
      elements.append(
        #"<text class="label" x="\#(n(layout.padding))" y="\#(n(centre + layout.fontSize * 0.35))">\#(grid.weekday(ofRow: row).shortName)</text>"#
      )
    }
    // A group per weekday row, as GitHub's own graph is a table of weekday rows: the row's
    // `translate` places its cells vertically, so that each cell says only its column.
    var rows = Array(repeating: [Int](), count: HeatmapGrid.rows)
    for dayIndex in grid.counts.indices { rows[grid.position(of: dayIndex).row].append(dayIndex) }
    for (row, days) in rows.enumerated() where !days.isEmpty {
      elements.append(#"<g transform="translate(0 \#(n(gridTop + Double(row) * pitch)))">"#)
      for dayIndex in days {
        let column = grid.position(of: dayIndex).column
        let day = grid.days.first.advanced(by: dayIndex)
        let level = grid.levels[dayIndex]
        // A day after today has no count yet (unless a commit is dated on it): an outline where
        // it will be, without a tooltip that would call it a day of 0 commits.
        if day > today && grid.counts[dayIndex] == 0 {
          elements.append(
            "<use xlink:href=\"#\(Self.cellID)\" x=\"\(n(left + Double(column) * pitch))\" class=\"future\"/>"
          )
          continue
        }
        // Every cell is a `<use>` of the one shape in <defs>; the level's color comes from its
        // class (one CSS rule a level, level 0 the default); with --animate a week's class
        // carries its delay (one CSS rule a week).
        let tone = grid.isRemoval(dayIndex) ? "r" : "l"
        let classes = [level > 0 ? "\(tone)\(level)" : nil, options.animates ? "w\(column)" : nil]
          .compactMap { $0 }.joined(separator: " ")
        let place =
          "xlink:href=\"#\(Self.cellID)\" x=\"\(n(left + Double(column) * pitch))\""
          + (classes.isEmpty ? "" : #" class="\#(classes)""#)
        if options.isCompact {
          elements.append("<use \(place)/>")
        } else {
          // The date for tools, the day in words for people (the count is in the tooltip and in
          // the CSV and JSON exports).
          let said = tooltip(dayIndex)
          elements.append(
            #"<use \#(place) data-date="\#(day.iso)"\#(said.data)><title>\#(TextEscaping.xml(said.text))</title></use>"#
          )
        }
      }
      elements.append("</g>")
    }
    let bottom = gridTop + Double(HeatmapGrid.rows) * pitch - options.spacing
    let right = left + Double(grid.columnCount) * pitch - options.spacing
    return (elements, bottom, right)
  }

  /// "Less", a square per level and "More", ending on `right`; the squares on whole pixels.
  func drawLegend(
    right: Double, baseline: Double, layout: Layout, palette: Palette, removes: Bool = false
  ) -> [String] {
    let cell = layout.legendCell
    let more = right - layout.textWidth("More")
    let squaresRight = (more - layout.fontSize * 0.4).rounded(.down)
    var x = squaresRight - 5 * cell - 4 * layout.legendGap
    let y = (baseline - cell + layout.fontSize * 0.1).rounded()
    let radius = n(max(0, min(options.radius, cell / 2) - 0.5))
    let less = x - layout.fontSize * 0.4 - layout.textWidth("Less")
    var elements = [
      #"<text class="label" x="\#(n(less))" y="\#(n(baseline))">Less</text>"#
    ]
    if removes {
      // A red square and its words, before the ramp: what a red day means.
      let words = less - layout.fontSize * 1.2 - layout.textWidth(Self.removalKey)
      let square = (words - layout.fontSize * 0.4 - cell).rounded(.down)
      elements.append(
        #"<rect class="legend r3" x="\#(n(square + 0.5))" y="\#(n(y + 0.5))" width="\#(n(cell - 1))" height="\#(n(cell - 1))" rx="\#(radius)" ry="\#(radius)" fill="\#(palette.removal.levels[3].hex)"/>"#
      )
      elements.append(
        #"<text class="label" x="\#(n(words))" y="\#(n(baseline))">\#(Self.removalKey)</text>"#)
    }
    for level in 0...HeatmapMath.levelCount {
      elements.append(
        #"<rect class="legend l\#(level)" x="\#(n(x + 0.5))" y="\#(n(y + 0.5))" width="\#(n(cell - 1))" height="\#(n(cell - 1))" rx="\#(radius)" ry="\#(radius)" fill="\#(palette.levels[level].hex)"/>"#
      )
      x += cell + layout.legendGap
    }
    elements.append(#"<text class="label" x="\#(n(more))" y="\#(n(baseline))">More</text>"#)
    return elements
  }

  func style(light: Palette, dark: Palette, weeks: Int = 0) -> String {
    var css = ""
    css += "text { fill: \(light.text.hex); }\n"
    css += ".heading, .summary { fill: \(light.isDark ? "#e6edf3" : "#1f2328"); }\n"
    css += "use, .day, .legend { shape-rendering: geometricPrecision; }\n"
    // Every cell has GitHub's 1 px outline (so that empty days read on either background): a
    // ring of its own color under a veil of ink, opaque, so that no edge blends.
    css += "use, .legend { stroke-width: 1; }\n"
    css += Self.levelRules(light, indent: "")
    css += "use.future { fill: none; stroke-opacity: 0.5; }\n"
    if options.theme == .auto {
      css += "@media (prefers-color-scheme: dark) {\n"
      css += "  .background { fill: \(dark.background.hex); }\n"
      css += "  text { fill: \(dark.text.hex); }\n"
      css += "  .heading, .summary { fill: #e6edf3; }\n"
      css += Self.levelRules(dark, indent: "  ")
      css += "}\n"
    }
    if options.isTransparent && options.theme != .auto {
      // No background of its own: the page's shows through, light or dark. Text, empty days
      // and the greens follow the viewer's scheme, as the auto theme's do, so that a light
      // graph on a dark README is not #1f2328 text at 1.19:1, glaring #ebedf0 blocks, a
      // one-commit day that shouts (13.2:1) and a busiest day that fades (3.0:1).
      let other = options.palette(dark: !light.isDark)
      css += "@media (prefers-color-scheme: \(light.isDark ? "light" : "dark")) {\n"
      css += "  text { fill: \(other.text.hex); }\n"
      css += "  .heading, .summary { fill: \(other.isDark ? "#e6edf3" : "#1f2328"); }\n"
      // A palette the user gave (`--palette`) keeps its own colors; the tint's or GitHub's
      // ramp is the other scheme's.
      if options.levelColors == nil {
        css += Self.levelRules(other, indent: "  ")
      }
      css += "}\n"
    }
    if options.animates {
      // From a faint but visible state, so that a still capture (a preview, a thumbnail) is
      // never an empty grid; a week at a time, one rule per week.
      css +=
        "@keyframes reveal { from { opacity: 0.35; transform: scale(0.7); } to { opacity: 1; transform: scale(1); } }\n"
      css +=
        "use { animation: reveal 0.4s cubic-bezier(0.34, 1.56, 0.64, 1) both; }\n"
      // Each cell grows from its own centre: a `<use>`'s x applies inside its transform, so the
      // origin is the week's centre in the row's coordinates (the row group carries the y).
      let layout = Layout(options: options)
      for week in 0..<weeks {
        let centre = layout.gridLeft + Double(week) * layout.pitch + options.cellSize / 2
        css +=
          ".w\(week) { animation-delay: \(n(Double(week) * 0.03))s; transform-origin: \(n(centre))px \(n(options.cellSize / 2))px; }\n"
      }
      css += "@media (prefers-reduced-motion: reduce) { use { animation: none; } }\n"
    }
    return css
  }

  /// Arial and the fonts made to its metrics, whose widths `FontMetrics` knows, so that text is
  /// laid out as it renders: Arial on macOS and Windows, Liberation Sans (which fontconfig also
  /// gives for Arial) or Arimo on Linux; no web fonts.
  static let fontStack =
    "Arial, &apos;Liberation Sans&apos;, Arimo, Helvetica, sans-serif"

  /// A cell's outline: its color under GitHub's veil, #1f2328 at 6 % on light, white at 5 %
  /// on dark.
  static func ring(_ color: RGB, dark: Bool) -> RGB {
    dark
      ? RGB(red: 255, green: 255, blue: 255).over(color, opacity: 0.05)
      : RGB(red: 0x1f, green: 0x23, blue: 0x28).over(color, opacity: 0.06)
  }

  /// The fill and outline of each level's cells (level 0 the default of every cell).
  static func levelRules(_ palette: Palette, indent: String) -> String {
    let removal = palette.removal
    return palette.levels.enumerated().map { level, color in
      "\(indent)\(level == 0 ? "use, .l0" : ".l\(level)") { fill: \(color.hex); stroke: \(ring(color, dark: palette.isDark).hex); }\n"
    }.joined()
      + (1...HeatmapMath.levelCount).map { level in
        let color = removal.levels[level]
        return
          "\(indent).r\(level) { fill: \(color.hex); stroke: \(ring(color, dark: palette.isDark).hex); }\n"
      }.joined()
  }

  /// Measurements derived from the cell size, with text measured in the font it names.
  struct Layout {
    let options: SVGOptions
    var pitch: Double { options.cellSize + options.spacing }
    /// GitHub's 12 px, whatever the cell size.
    var fontSize: Double { 12 }
    var padding: Double { max(10, fontSize) }
    var legendCell: Double { min(options.cellSize, fontSize) }
    var legendGap: Double { max(2, min(options.spacing, 4)) }
    var weekdayLabelWidth: Double { textWidth("Wed") + fontSize * 0.5 }
    /// The left edge of the grid, on a whole pixel so that with whole-pixel cells and gaps every
    /// cell edge falls on a pixel edge and stays sharp at 1x.
    var gridLeft: Double { (padding + weekdayLabelWidth).rounded() }
    var legendWidth: Double {
      textWidth("Less") + textWidth("More") + fontSize * 0.8 + 5 * legendCell + 4 * legendGap
    }
    /// The red square and "more removed than added" before the legend, and their gaps.
    var removalKeyWidth: Double {
      legendCell + textWidth(SVGRenderer.removalKey) + fontSize * 1.6
    }

    /// The text's width in the font the SVG names (see `FontMetrics`).
    func textWidth(_ text: String, size: Double? = nil, bold: Bool = false) -> Double {
      FontMetrics.width(of: text, size: size ?? fontSize, bold: bold)
    }
  }
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
@inline(__always)
func n(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  if rounded == rounded.rounded() { return String(Int(rounded)) }
  var text = Wording.decimal(rounded, places: 2)
  while text.hasSuffix("0") { text.removeLast() }
  return text
}
