import Foundation

/// Code frequency's words: the sentence a chart's alt text and summary say, and a week's.
extension ReportText {
  /// `Week of Monday, 1 June 2026: 1,234 lines added, 56 removed`, or `… : No contributions`.
  static func week(_ week: CodeFrequency.Week) -> String {
    let said = "Week of \(date(week.first)): "
    guard week.insertions > 0 || week.deletions > 0 else { return said + "No contributions" }
    return said
      + "\(Wording.count(week.insertions, "line")) added, \(Wording.grouped(week.deletions)) removed"
  }

  /// `1,234` under a thousand, else `12.3k`, `4.5M`: the figure a cut bar or an axis shows.
  static func compact(_ figure: Int) -> String {
    let value = Double(figure)
    switch figure {
    case ..<1_000: return Wording.grouped(figure)
    case ..<1_000_000: return trimmed(value / 1_000) + "k"
    default: return trimmed(value / 1_000_000) + "M"
    }
  }

  private static func trimmed(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : Wording.decimal(value, places: 1)
  }

  /// What the chart shows, for screen readers and `--format summary`: the totals, the busiest
  /// week each way, and the cut.
  public static func frequencyDescription(_ chart: CodeFrequency, report: ActivityReport)
    -> String
  {
    var text =
      "Code frequency, weekly: \(totals(report.activity)) \(phrase(report.window))."
    let busiest = chart.busiest
    if let added = busiest.added {
      text +=
        " Most added: the week of \(date(added.first)), \(Wording.count(added.insertions, "line"))."
    }
    if let removed = busiest.removed {
      text +=
        " Most removed: the week of \(date(removed.first)), \(Wording.count(removed.deletions, "line"))."
    }
    if chart.cutsWeeks {
      text +=
        " Bars are cut at \(Wording.count(chart.cap, "line")); taller weeks are marked with their figure."
    }
    return text
  }
}

extension SVGRenderer {
  /// The height of the additions' half of the chart (and of the deletions').
  static let frequencyHalf = 44.0

  /// Code frequency as an SVG document: a bar a week, lines added up in green and lines
  /// removed down in red, under month labels that match the graph's; a bar beyond the cap is
  /// drawn to the edge with a notch and its figure.
  public func render(_ chart: CodeFrequency, report: ActivityReport) -> String {
    let layout = Layout(options: options)
    let light = options.palette(dark: options.theme == .githubDark)
    let dark = options.palette(dark: true)
    let heading = ReportText.heading(for: report, title: options.title)
    let headingSize = layout.fontSize * 1.3
    var body: [String] = [""]
    var y = layout.padding + headingSize + layout.fontSize * 2.1
    let left = layout.gridLeft
    let pitch = layout.pitch
    let labelColumns = Int((layout.textWidth("May") + layout.fontSize * 0.5) / pitch) + 1
    for label in chart.grid.monthLabels(labelColumns: labelColumns) {
      body.append(
        #"<text class="label" x="\#(n(left + Double(label.column) * pitch))" y="\#(n(y))">\#(label.text)</text>"#
      )
    }
    // Room above and below for a cut bar's figure.
    let half = Self.frequencyHalf
    let zero = (y + layout.fontSize * 1.6 + half).rounded()
    let right = left + Double(chart.weeks.count) * pitch - options.spacing
    body.append(
      #"<text class="label" x="\#(n(layout.padding))" y="\#(n(zero - half + layout.fontSize * 0.7))">+\#(ReportText.compact(chart.cap))</text>"#
    )
    body.append(
      #"<text class="label" x="\#(n(layout.padding))" y="\#(n(zero + half))">−\#(ReportText.compact(chart.cap))</text>"#
    )
    body.append(
      #"<rect class="axis" x="\#(n(left))" y="\#(n(zero - 0.5))" width="\#(n(right - left))" height="1"/>"#
    )
    for (column, week) in chart.weeks.enumerated() {
      body += weekBars(
        week, chart: chart, x: left + Double(column) * pitch, zero: zero, layout: layout)
    }
    y = zero + half + layout.fontSize * 1.6
    let summary = "\(ReportText.totals(report.activity)) \(ReportText.phrase(report.window))"
    let baseline = y + layout.fontSize
    // The key: a green square "added", a red one "removed".
    let cell = layout.legendCell
    let keyWidth =
      2 * cell + layout.textWidth("added") + layout.textWidth("removed") + layout.fontSize * 1.6
    let contentRight = max(
      right, layout.padding + layout.textWidth(summary) + layout.fontSize * 1.5 + keyWidth)
    body.append(
      #"<text class="summary" x="\#(n(layout.padding))" y="\#(n(baseline))">\#(TextEscaping.xml(summary))</text>"#
    )
    var x = contentRight - keyWidth
    let squareY = (baseline - cell + layout.fontSize * 0.1).rounded()
    for (kind, word) in [("add", "added"), ("del", "removed")] {
      body.append(
        #"<rect class="\#(kind)" x="\#(n(x.rounded()))" y="\#(n(squareY))" width="\#(n(cell))" height="\#(n(cell))"/>"#
      )
      x += cell + layout.fontSize * 0.3
      body.append(#"<text class="label" x="\#(n(x))" y="\#(n(baseline))">\#(word)</text>"#)
      x += layout.textWidth(word) + layout.fontSize
    }
    let shown = FontMetrics.truncate(
      heading, toWidth: contentRight - layout.padding, size: headingSize, bold: true)
    body[0] = Self.heading(
      shown, x: layout.padding, baseline: layout.padding + headingSize, size: headingSize)
    let width = (contentRight + layout.padding).rounded(.up)
    let height = (baseline + layout.fontSize * 0.4 + layout.padding).rounded(.up)
    return Self.frame(
      width: width, height: height, fontSize: layout.fontSize, id: "frequency", title: heading,
      description: ReportText.frequencyDescription(chart, report: report),
      css: frequencyStyle(light: light, dark: dark), defs: "",
      background: options.isTransparent ? nil : light.background, body: body)
  }

  /// A week's column: its tooltip, a target for the pointer, the bar up for lines added and
  /// down for lines removed, each cut at the cap with a notch and its figure.
  private func weekBars(
    _ week: CodeFrequency.Week, chart: CodeFrequency, x: Double, zero: Double, layout: Layout
  ) -> [String] {
    let half = Self.frequencyHalf
    var body: [String] = []
    let said = TextEscaping.xml(ReportText.week(week))
    body.append(#"<g data-week="\#(week.first.iso)"><title>\#(said)</title>"#)
    // The whole column answers the pointer, so that an empty week says so too.
    body.append(
      #"<rect class="hit" x="\#(n(x))" y="\#(n(zero - half))" width="\#(n(options.cellSize))" height="\#(n(2 * half))"/>"#
    )
    for (figure, isUp) in [(week.insertions, true), (week.deletions, false)] where figure > 0 {
      let length = max(1, (chart.share(figure) * half).rounded())
      let top = isUp ? zero - 0.5 - length : zero + 0.5
      body.append(
        #"<rect class="\#(isUp ? "add" : "del")" x="\#(n(x))" y="\#(n(top))" width="\#(n(options.cellSize))" height="\#(n(length))"/>"#
      )
      guard figure > chart.cap else { continue }
      // The notch: a stroke of the background across the bar near its end, and the figure.
      let notch = isUp ? top + 4 : top + length - 6
      body.append(
        #"<rect class="notch" x="\#(n(x - 0.5))" y="\#(n(notch))" width="\#(n(options.cellSize + 1))" height="2" transform="rotate(-20 \#(n(x + options.cellSize / 2)) \#(n(notch + 1)))"/>"#
      )
      let baseline = isUp ? top - 3 : top + length + layout.fontSize * 0.9
      body.append(
        #"<text class="label figure" x="\#(n(x + options.cellSize / 2))" y="\#(n(baseline))" text-anchor="middle">\#(ReportText.compact(figure))</text>"#
      )
    }
    body.append("</g>")
    return body
  }

  /// The chart's colours: green additions and red deletions at level 3 of each ramp, the axis
  /// in the empty day's ring, and the notch in the background; the dark scheme under `auto`.
  func frequencyStyle(light: Palette, dark: Palette) -> String {
    func rules(_ palette: Palette, indent: String) -> String {
      indent + ".add { fill: \(palette.levels[3].hex); }\n" + indent
        + ".del { fill: \(palette.removal.levels[3].hex); }\n" + indent
        + ".axis { fill: \(Self.ring(palette.levels[0], dark: palette.isDark).hex); }\n" + indent
        + ".notch { fill: \(palette.background.hex); }\n"
    }
    var css = "text { fill: \(light.text.hex); }\n"
    css += ".heading, .summary { fill: \(light.isDark ? "#e6edf3" : "#1f2328"); }\n"
    css += ".hit { fill: transparent; }\n"
    css += rules(light, indent: "")
    if options.theme == .auto {
      css += "@media (prefers-color-scheme: dark) {\n"
      css += "  .background { fill: \(dark.background.hex); }\n"
      css += "  text { fill: \(dark.text.hex); }\n"
      css += "  .heading, .summary { fill: #e6edf3; }\n"
      css += rules(dark, indent: "  ")
      css += "}\n"
    }
    return css
  }
}

extension TerminalRenderer {
  /// Rows of the chart each way.
  static let frequencyRows = 4

  /// Code frequency in the terminal: the headline, month labels, four rows of additions
  /// growing up from an axis and four of deletions growing down, a key, and the sentence.
  public func render(_ chart: CodeFrequency, report: ActivityReport) -> String {
    let width = max(options.width, 1)
    var lines = [
      bold(
        TextWidth.truncate(
          ReportText.headline(report), to: width, ellipsis: options.isASCII ? "." : "…"))
    ]
    let columns = max(1, (width - Self.labelWidth + 1) / 2)
    let weeks = Array(chart.weeks.suffix(columns))
    let grid =
      chart.grid.columnCount > columns
      ? chart.grid.suffix(fromColumn: chart.grid.columnCount - columns) : chart.grid
    if width >= Self.minimumGraphWidth {
      lines.append(draw(grid).first ?? "")
      let rows = Self.frequencyRows
      let eighths = options.isASCII ? [" ", "+"] : [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
      let steps = eighths.count - 1
      // A figure's height in steps of the glyphs: at least one step when it is not 0.
      func height(_ figure: Int) -> Int {
        figure > 0 ? max(1, Int((chart.share(figure) * Double(rows * steps)).rounded())) : 0
      }
      let green = 3, red = -3
      for row in (0..<rows).reversed() {
        var line = String(repeating: " ", count: Self.labelWidth)
        line += weeks.map { week -> String in
          let filled = height(week.insertions) - row * steps
          let glyph = filled <= 0 ? " " : eighths[min(filled, steps)]
          return glyph == " " ? "  " : paint(glyph, tone: green) + " "
        }.joined()
        lines.append(line.trimmingTrailingSpaces())
      }
      let axis = options.isASCII ? "-" : "─"
      lines.append(
        String(repeating: " ", count: Self.labelWidth)
          + String(repeating: axis, count: max(0, 2 * weeks.count - 1)))
      // Deletions hang from the axis: whole blocks, and a half block (upper) for the last.
      for row in 0..<rows {
        var line = String(repeating: " ", count: Self.labelWidth)
        line += weeks.map { week -> String in
          let filled = height(week.deletions) - row * steps
          let glyph =
            filled <= 0
            ? " " : filled >= steps ? (options.isASCII ? "-" : "█") : (options.isASCII ? "-" : "▀")
          return glyph == " " ? "  " : paint(glyph, tone: red) + " "
        }.joined()
        lines.append(line.trimmingTrailingSpaces())
      }
      let key =
        "\(paint(options.isASCII ? "+" : "█", tone: green)) added  \(paint(options.isASCII ? "-" : "█", tone: red)) removed"
        + " · a full bar is \(ReportText.compact(chart.cap)) lines"
        + (chart.cutsWeeks ? ", taller weeks cut" : "")
      lines.append(key)
    }
    lines += TextWidth.wrap(
      [ReportText.frequencyDescription(chart, report: report)], separator: " ", width: width,
      ellipsis: options.isASCII ? "." : "…")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` in green (`tone` > 0) or red (< 0) at level `|tone|` of the palette's ramp.
  func paint(_ text: String, tone: Int) -> String {
    guard tone < 0 else { return paint(text, level: tone) }
    let level = -tone
    switch options.colorDepth {
    case .none: return text
    case .basic16: return "\u{1B}[31m\(text)\u{1B}[0m"
    case .indexed256:
      let index = ANSIColor.nearest256(options.palette.removal.levels[level])
      return "\u{1B}[38;5;\(index)m\(text)\u{1B}[0m"
    case .truecolor:
      let color = options.palette.removal.levels[level]
      return "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m\(text)\u{1B}[0m"
    }
  }
}
