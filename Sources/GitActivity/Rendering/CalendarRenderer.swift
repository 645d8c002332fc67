import Foundation

/// `--layout calendar`: the month calendar, drawn in the terminal or as SVG.
public struct CalendarRenderer: Sendable {
  /// The colors of the tiles.
  public var gradient: ColorGradient
  /// How counts map onto the gradient and the glyphs.
  public var scale: LevelScale

  /// A renderer with the seed's gradient by default.
  public init(gradient: ColorGradient = .seed, scale: LevelScale = .linear) {
    self.gradient = gradient
    self.scale = scale
  }

  func layout(_ report: ActivityReport) -> CalendarLayout {
    CalendarLayout(
      days: report.activity.days, counts: report.activity.counts, weekStart: report.window.weekStart
    )
  }

  /// What the tiles and their numbers are painted with: the gradient made legible for one
  /// number color on every tile with commits (see `ColorGradient.legible`), and a quiet color,
  /// the theme's text color, on the tiles of days without any, each at 4.5:1 or more.
  struct Colors {
    let gradient: ColorGradient
    let numbers: RGB
    let quiet: RGB
    let highest: Int
    let scale: LevelScale

    init(gradient: ColorGradient, text: RGB, counts: [Int], scale: LevelScale) {
      (self.gradient, numbers) = gradient.legible()
      quiet = text.adjusted(toContrast: 4.5, with: gradient.empty)
      highest = counts.max() ?? 0
      self.scale = scale
    }

    /// The tile of a day with `count` commits.
    func tile(_ count: Int) -> RGB { gradient.color(count: count, highest: highest, scale: scale) }

    /// The number on that tile.
    func number(_ count: Int) -> RGB { count == 0 ? quiet : numbers }
  }

  /// The tile of a day without commits on a dark background.
  public static let darkEmpty = Palette.githubDark.levels[0]

  /// The gradient for a theme: the same stops, with the theme's tile for empty days.
  public static func gradient(stops: [RGB]?, theme: SVGOptions.Theme) -> ColorGradient {
    ColorGradient(
      stops: stops ?? ColorGradient.seed.stops,
      empty: theme == .githubDark ? darkEmpty : ColorGradient.seed.empty)
  }

  // MARK: The terminal

  /// Each month in rows of its own under a header of weekday initials, its name where it begins
  /// and a blank line before the next. Tiles are two characters (the day number on its color),
  /// or, without color, the day number and a shade; one character when the terminal is narrow.
  public func terminal(_ report: ActivityReport, options: TerminalOptions) -> String {
    let calendar = layout(report)
    let colors = Colors(
      gradient: gradient, text: options.palette.text, counts: calendar.counts, scale: scale)
    // Glyph levels follow --scale, as the graph's do.
    let levels = scale.levels(for: calendar.counts)
    let hasColor = options.colorDepth == .indexed256 || options.colorDepth == .truecolor
    let label = 4
    var tileWidth = hasColor ? 2 : 3
    if label + 7 * (tileWidth + 1) > options.width { tileWidth = 1 }
    let glyphs = options.isASCII ? [".", ":", "o", "O", "@"] : ["·", "░", "▒", "▓", "█"]
    func tile(_ index: Int) -> String {
      let number = calendar.days.first.advanced(by: index).dayOfMonth
      let text: String
      switch tileWidth {
      case 1: text = hasColor ? " " : glyphs[levels[index]]
      case 2: text = (number < 10 ? " " : "") + String(number)
      default: text = (number < 10 ? " " : "") + String(number) + glyphs[levels[index]]
      }
      guard hasColor else { return text }
      let count = calendar.counts[index]
      return paint(
        text, foreground: colors.number(count), background: colors.tile(count),
        depth: options.colorDepth)
    }
    let blank = String(repeating: " ", count: tileWidth)
    var lines = [ReportText.headline(report)]
    lines.append(
      String(repeating: " ", count: label)
        + calendar.weekdayInitials.map { String(repeating: " ", count: tileWidth - 1) + $0 }.joined(
          separator: " "))
    for (number, month) in calendar.months.enumerated() {
      if number > 0 { lines.append("") }
      var cells = Array(repeating: Array(repeating: blank, count: 7), count: month.rowCount)
      for index in month.indices {
        let (row, column) = month.position(of: index)
        cells[row][column] = tile(index)
      }
      for (row, line) in cells.enumerated() {
        let prefix =
          row == 0
          ? HeatmapGrid.monthNames[month.month - 1] + " " : String(repeating: " ", count: label)
        lines.append((prefix + line.joined(separator: " ")).trimmingTrailingSpaces())
      }
    }
    lines.append("")
    lines += TextWidth.wrap(
      ReportText.statisticsItems(report),
      separator: options.isASCII ? " - " : " · ",
      width: max(options.width, 1))
    return lines.joined(separator: "\n") + "\n"
  }

  private func paint(
    _ text: String, foreground: RGB, background: RGB, depth: TerminalOptions.ColorDepth
  ) -> String {
    switch depth {
    case .truecolor:
      return
        "\u{1B}[38;2;\(foreground.red);\(foreground.green);\(foreground.blue);48;2;\(background.red);\(background.green);\(background.blue)m\(text)\u{1B}[0m"
    default:
      return
        "\u{1B}[38;5;\(ANSIColor.nearest256(foreground));48;5;\(ANSIColor.nearest256(background))m\(text)\u{1B}[0m"
    }
  }

  // MARK: SVG

  /// The calendar as SVG: one `role="img"` with a summary; each month a group of square tiles in
  /// rows of its own, set apart from the next by a gap; a `<title>` per day; day numbers in one
  /// color on tiles with commits and a quiet one on the others, each at 4.5:1 or more; a legend
  /// of the gradient from 0 to the busiest day. Every tile sits on whole pixels.
  public func svg(_ report: ActivityReport, options: SVGOptions) -> String {
    let calendar = layout(report)
    let isDark = options.theme == .githubDark
    let palette = isDark ? Palette.githubDark : Palette.github
    let colors = Colors(
      gradient: gradient, text: palette.text, counts: calendar.counts, scale: scale)
    let cell = options.cellSize
    let gap = options.spacing
    let pitch = cell + gap
    let fontSize = max(9, min(cell * 0.32, 16))
    let padding = max(12, fontSize).rounded()
    let headingSize = max(13, min(cell * 0.45, 22))
    let headingBaseline = padding + headingSize
    let headerBaseline = headingBaseline + headingSize * 0.5 + fontSize * 1.2
    let gridTop = (headerBaseline + fontSize * 0.6).rounded()
    let monthGap = max(gap, (cell * 0.5).rounded())
    let gridWidth = 7 * pitch - gap
    let inset = fontSize * 0.3
    var body = [""]  // the heading, once the width is known
    for (column, initial) in calendar.weekdayInitials.enumerated() {
      body.append(
        #"<text x="\#(n(padding + Double(column) * pitch + cell / 2))" y="\#(n(headerBaseline))" text-anchor="middle">\#(initial)</text>"#
      )
    }
    var top = gridTop
    for month in calendar.months {
      body.append(
        #"<g role="group" aria-label="\#(HeatmapGrid.fullMonthNames[month.month - 1]) \#(month.year)">"#
      )
      for index in month.indices {
        let (row, column) = month.position(of: index)
        let (x, y) = (padding + Double(column) * pitch, top + Double(row) * pitch)
        let day = calendar.days.first.advanced(by: index)
        let count = calendar.counts[index]
        let paint = count == 0 ? #"class="empty""# : #"fill="\#(colors.tile(count).hex)""#
        let text = count == 0 ? "q" : "n"
        body.append(
          ##"<use xlink:href="#calendar-tile" x="\##(n(x))" y="\##(n(y))" \##(paint) data-date="\##(day.iso)"><title>\##(ReportText.dayTotal(day, count: count))</title></use>"##
        )
        body.append(
          #"<text class="\#(text)" x="\#(n(x + cell - inset))" y="\#(n(y + cell - inset))">\#(day.dayOfMonth)</text>"#
        )
        // The month's name on its first tile (the window's first day when it starts later).
        if index == month.indices.lowerBound {
          body.append(
            #"<text class="\#(text) m" x="\#(n(x + inset))" y="\#(n(y + fontSize * 1.05))">\#(HeatmapGrid.monthNames[month.month - 1])</text>"#
          )
        }
      }
      body.append("</g>")
      top += Double(month.rowCount) * pitch + monthGap
    }
    let gridBottom = top - monthGap - gap

    // The legend: the empty tile for 0, then the gradient from 1 to the busiest day.
    let swatch = fontSize.rounded()
    let legendTop = (gridBottom + fontSize * 1.2).rounded()
    let legendBaseline = legendTop + swatch / 2 + fontSize * 0.35
    let corner = n(min(options.radius, swatch / 4))
    var x = padding
    body.append(
      #"<rect class="empty" x="\#(n(x))" y="\#(n(legendTop))" width="\#(n(swatch))" height="\#(n(swatch))" rx="\#(corner)"/>"#
    )
    x += swatch + fontSize * 0.35
    body.append(#"<text x="\#(n(x))" y="\#(n(legendBaseline))">0</text>"#)
    x += FontMetrics.width(of: "0", size: fontSize)
    if colors.highest > 0 {
      let busiest = "\(Wording.count(colors.highest, "commit")) a day"
      x += fontSize * 1.2
      body.append(#"<text x="\#(n(x))" y="\#(n(legendBaseline))">1</text>"#)
      x += FontMetrics.width(of: "1", size: fontSize) + fontSize * 0.35
      let barLeft = x.rounded()
      let barRight = max(
        barLeft + (fontSize * 4).rounded(),
        (padding + gridWidth - FontMetrics.width(of: busiest, size: fontSize) - fontSize * 0.35)
          .rounded(.down))
      body.append(
        ##"<rect x="\##(n(barLeft))" y="\##(n(legendTop))" width="\##(n(barRight - barLeft))" height="\##(n(swatch))" rx="\##(corner)" fill="url(#calendar-gradient)"/>"##
      )
      x = barRight + fontSize * 0.35
      body.append(#"<text x="\#(n(x))" y="\#(n(legendBaseline))">\#(busiest)</text>"#)
      x += FontMetrics.width(of: busiest, size: fontSize)
    }
    let legendWidth = x - padding

    let summary = "\(Wording.count(report.statistics.total, "commit")) \(report.window.phrase)"
    let summaryBaseline = legendTop + swatch + fontSize * 1.6
    body.append(
      #"<text class="summary" x="\#(n(padding))" y="\#(n(summaryBaseline))">\#(TextEscaping.xml(summary))</text>"#
    )
    // The canvas is as wide as the tiles, the legend or the summary; a longer heading is
    // shortened (the whole of it is the title).
    let contentWidth = max(gridWidth, legendWidth, FontMetrics.width(of: summary, size: fontSize))
    let heading = ReportText.heading(for: report, title: options.title)
    body[0] = SVGRenderer.heading(
      FontMetrics.truncate(heading, toWidth: contentWidth, size: headingSize, bold: true),
      x: padding, baseline: headingBaseline, size: headingSize)
    let width = (padding * 2 + contentWidth).rounded(.up)
    let height = (summaryBaseline + fontSize * 0.5 + padding).rounded(.up)

    // Themes as in the graph: light, dark, or light switched to dark by the viewer's preference.
    // Tiles with commits and their numbers are the same in both; the empty tiles, their quiet
    // numbers and the text follow the theme.
    let strong = isDark ? "#e6edf3" : "#1f2328"
    var css = "text { fill: \(palette.text.hex); }\n.heading, .summary { fill: \(strong); }\n"
    css += ".empty { fill: \(colors.gradient.empty.hex); }\n"
    css += ".n { fill: \(colors.numbers.hex); }\n.q { fill: \(colors.quiet.hex); }\n"
    css += ".n, .q { text-anchor: end; }\n"
    css += ".m { text-anchor: start; font-size: \(n(fontSize * 0.9))px; font-weight: 600; }\n"
    if options.theme == .auto {
      let dark = Colors(
        gradient: Self.gradient(stops: gradient.stops, theme: .githubDark),
        text: Palette.githubDark.text, counts: calendar.counts, scale: scale)
      css += "@media (prefers-color-scheme: dark) {\n"
      css += "  .background { fill: \(Palette.githubDark.background.hex); }\n"
      css +=
        "  text { fill: \(Palette.githubDark.text.hex); }\n  .heading, .summary { fill: #e6edf3; }\n"
      css +=
        "  .empty { fill: \(dark.gradient.empty.hex); }\n  .q { fill: \(dark.quiet.hex); }\n}\n"
    }
    var defs = "<defs>\n"
    defs +=
      #"<rect id="calendar-tile" width="\#(n(cell))" height="\#(n(cell))" rx="\#(n(options.radius))"/>"#
      + "\n"
    // SVG mixes gradient stops in sRGB: nine stops sampled in OKLab keep the bar as the tiles are.
    defs += #"<linearGradient id="calendar-gradient">"#
    for step in 0...8 {
      let color = colors.highest > 1 ? colors.gradient.color(at: Double(step) / 8) : colors.tile(1)
      defs += #"<stop offset="\#(n(Double(step) / 8))" stop-color="\#(color.hex)"/>"#
    }
    defs += "</linearGradient>\n</defs>\n"
    return SVGRenderer.frame(
      width: width, height: height, fontSize: fontSize, id: "calendar", title: heading,
      description: ReportText.description(for: report), css: css, defs: defs,
      background: options.isTransparent ? nil : palette.background, body: body)
  }
}
