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

  /// The color of each day's tile.
  func colors(_ counts: [Int]) -> [RGB] {
    let highest = counts.max() ?? 0
    return counts.map { gradient.color(count: $0, highest: highest, scale: scale) }
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

  /// Rows of tiles under a header of weekday initials; a blank line and the month's name where a
  /// month begins. Tiles are two characters (the day number on its color), or, without color,
  /// the day number and a shade; one character when the terminal is narrow.
  public func terminal(_ report: ActivityReport, options: TerminalOptions) -> String {
    let calendar = layout(report)
    let colors = colors(calendar.counts)
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
      let background = colors[index]
      let foreground = ColorGradient.readableText(on: background)
      return paint(text, foreground: foreground, background: background, depth: options.colorDepth)
    }
    let blank = String(repeating: " ", count: tileWidth)
    var lines = [ReportText.headline(report)]
    lines.append(
      String(repeating: " ", count: label)
        + calendar.weekdayInitials.map { String(repeating: " ", count: tileWidth - 1) + $0 }.joined(
          separator: " "))
    var currentMonth: (Int, Int)?
    for row in 0..<calendar.rowCount {
      // The days of this row, split where a month begins.
      var segments: [[Int]] = []
      for column in 0..<7 {
        let index = row * 7 + column - calendar.leadingEmptyColumns
        guard index >= 0, index < calendar.counts.count else { continue }
        let day = calendar.days.first.advanced(by: index)
        if day.dayOfMonth == 1 || segments.isEmpty { segments.append([]) }
        segments[segments.count - 1].append(index)
      }
      for segment in segments {
        guard let first = segment.first else { continue }
        let (year, month, _) = calendar.days.first.advanced(by: first).components
        var line = String(repeating: " ", count: label)
        if currentMonth.map({ $0 != (year, month) }) ?? true {
          if currentMonth != nil { lines.append("") }
          currentMonth = (year, month)
          line = HeatmapGrid.monthNames[month - 1] + " "
        }
        var cells = Array(repeating: blank, count: 7)
        for index in segment { cells[calendar.position(of: index).column] = tile(index) }
        lines.append((line + cells.joined(separator: " ")).trimmingTrailingSpaces())
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

  /// The calendar as SVG: one `role="img"` with a summary, a group per month, a `<title>` per
  /// day, square tiles whose month-boundary rows step in towards their own month.
  public func svg(_ report: ActivityReport, options: SVGOptions) -> String {
    let calendar = layout(report)
    let colors = colors(calendar.counts)
    let cell = options.cellSize
    let gap = options.spacing
    let pitch = cell + gap
    let fontSize = max(9, min(cell * 0.32, 16))
    let padding = max(12, fontSize)
    let headingSize = max(13, min(cell * 0.45, 22))
    let heading = ReportText.heading(for: report, title: options.title)
    let headingBaseline = padding + headingSize
    let headerBaseline = headingBaseline + headingSize * 0.5 + fontSize * 1.2
    let gridTop = headerBaseline + fontSize * 0.6
    let gridWidth = 7 * pitch - gap
    let step = (cell * 0.18).rounded()
    var body: [String] = []
    body.append(
      SVGRenderer.heading(heading, x: padding, baseline: headingBaseline, size: headingSize))
    for (column, initial) in calendar.weekdayInitials.enumerated() {
      body.append(
        #"<text class="label" x="\#(n(padding + Double(column) * pitch + cell / 2))" y="\#(n(headerBaseline))" text-anchor="middle">\#(initial)</text>"#
      )
    }
    body += SVGMarkup.monthGroups(calendar.days) { dayIndex in
      var parts: [String] = []
      let (row, column) = calendar.position(of: dayIndex)
      let day = calendar.days.first.advanced(by: dayIndex)
      let count = calendar.counts[dayIndex]
      var y = gridTop + Double(row) * pitch
      var height = cell
      switch calendar.positionWithinMonth(of: dayIndex) {
      case .firstWeek:
        y += step
        height -= step
      case .lastWeek:
        height -= step
      case .interior:
        break
      }
      let x = padding + Double(column) * pitch
      let color = colors[dayIndex]
      let text = ColorGradient.readableText(on: color)
      let textClass =
        (text.red == 255 ? "day light" : "day dark") + (count == 0 ? " on-empty" : "")
      let tileClass = count == 0 ? " class=\"empty\"" : ""
      parts.append(
        #"<rect\#(tileClass) x="\#(n(x))" y="\#(n(y))" width="\#(n(cell))" height="\#(n(height))" rx="\#(n(options.radius))" ry="\#(n(options.radius))" fill="\#(color.hex)" data-date="\#(day.iso)" data-count="\#(count)"><title>\#(ReportText.dayTotal(day, count: count))</title></rect>"#
      )
      parts.append(
        #"<text class="\#(textClass)" x="\#(n(x + cell - fontSize * 0.3))" y="\#(n(y + height - fontSize * 0.3))" text-anchor="end" font-size="\#(n(fontSize))" fill="\#(text.hex)" aria-hidden="true">\#(day.dayOfMonth)</text>"#
      )
      if day.dayOfMonth == 1 {
        parts.append(
          #"<text class="\#(textClass)" x="\#(n(x + fontSize * 0.3))" y="\#(n(y + fontSize * 1.05))" font-size="\#(n(fontSize * 0.9))" font-weight="600" fill="\#(text.hex)" aria-hidden="true">\#(HeatmapGrid.monthNames[day.month - 1])</text>"#
        )
      }
      return parts.joined(separator: "\n")
    }
    let gridBottom = gridTop + Double(calendar.rowCount) * pitch - gap
    let summary = "\(Wording.count(report.statistics.total, "commit")) \(report.window.phrase)"
    let summaryBaseline = gridBottom + fontSize * 2
    body.append(
      #"<text class="summary" x="\#(n(padding))" y="\#(n(summaryBaseline))">\#(TextEscaping.xml(summary))</text>"#
    )
    let contentWidth = max(
      gridWidth, SVGRenderer.headingWidth(heading, size: headingSize),
      FontMetrics.width(of: summary, size: fontSize))
    let width = (padding * 2 + contentWidth).rounded(.up)
    let height = (summaryBaseline + fontSize * 0.5 + padding).rounded(.up)
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out +=
      #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" role="img" aria-labelledby="calendar-title calendar-desc" font-family="\#(SVGRenderer.fontStack)" font-size="\#(n(fontSize))">"#
      + "\n"
    out += #"<title id="calendar-title">\#(TextEscaping.xml(heading))</title>"# + "\n"
    out +=
      #"<desc id="calendar-desc">\#(TextEscaping.xml(ReportText.description(for: report)))</desc>"#
      + "\n"
    out +=
      "<defs><filter id=\"shadow\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"140%\"><feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"0.6\"/><feOffset dx=\"0\" dy=\"0.5\" result=\"blur\"/><feComponentTransfer><feFuncA type=\"linear\" slope=\"0.5\"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter></defs>\n"
    // Themes as in the graph: light, dark, or light switched to dark by the viewer's preference.
    let isDark = options.theme == .githubDark
    let palette = isDark ? Palette.githubDark : Palette.github
    let strong = isDark ? "#e6edf3" : "#1f2328"
    out += "<style type=\"text/css\"><![CDATA[\n"
    out += "text { fill: \(palette.text.hex); }\n.heading, .summary { fill: \(strong); }\n"
    out += ".day.light { fill: #ffffff; filter: url(#shadow); }\n.day.dark { fill: #000000; }\n"
    if options.theme == .auto {
      out += "@media (prefers-color-scheme: dark) {\n"
      out += "  .background { fill: \(Palette.githubDark.background.hex); }\n"
      out +=
        "  text { fill: \(Palette.githubDark.text.hex); }\n  .heading, .summary { fill: #e6edf3; }\n"
      out += "  .empty { fill: \(Self.darkEmpty.hex); }\n  .day.on-empty { fill: #ffffff; }\n}\n"
    }
    out += "]]></style>\n"
    if !options.isTransparent {
      out +=
        #"<rect class="background" width="100%" height="100%" rx="6" ry="6" fill="\#(palette.background.hex)"/>"#
        + "\n"
    }
    out += body.joined(separator: "\n") + "\n</svg>\n"
    return out
  }
}
