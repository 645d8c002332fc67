import Foundation

/// `--layout calendar`: the month calendar, drawn in the terminal or as SVG.
public struct CalendarRenderer: Sendable {
  /// The colors of the tiles.
  var gradient: ColorGradient
  /// How counts map onto the gradient and the glyphs.
  var scale: LevelScale

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

  /// What the tiles and their numbers are painted with: the gradient's own colours (its
  /// lightness range kept), and on each tile the black or white number that reads better
  /// (4.58:1 at the least, where the two meet); the quiet text colour on days without commits,
  /// at 4.5:1 or more against their tile.
  struct Colors {
    let gradient: ColorGradient
    let quiet: RGB
    /// Where the gradient ends: the busiest day, or under GitHub's scale the busiest that is
    /// not an outlier (as the graph's levels read the same days), busier days at its end.
    let highest: Int
    /// Whether some day is busier than `highest` (the legend says "or more").
    let hasOutliers: Bool
    let scale: LevelScale

    init(gradient: ColorGradient, text: RGB, counts: [Int], scale: LevelScale) {
      self.gradient = gradient
      quiet = text.adjusted(toContrast: 4.5, with: gradient.empty)
      let busiest = counts.max() ?? 0
      highest = LevelScale.Thresholds(scale: scale, counts: counts).highest
      hasOutliers = busiest > highest
      self.scale = scale
    }

    /// `54 commits a day`, or `15 or more commits a day` when outliers were set aside.
    func busiest(_ measure: Measure) -> String {
      hasOutliers
        ? "\(Wording.grouped(highest)) or more \(ReportText.unit(of: measure)) a day"
        : "\(ReportText.amount(highest, measure)) a day"
    }

    /// The tile of a day with `count` commits.
    func tile(_ count: Int) -> RGB { gradient.color(count: count, highest: highest, scale: scale) }

    /// The number on that tile.
    func number(_ count: Int) -> RGB {
      count == 0 ? quiet : CalendarRenderer.legibleNumber(on: tile(count))
    }
  }

  /// Black or white, whichever reads better on `tile`.
  static func legibleNumber(on tile: RGB) -> RGB {
    let white = RGB(red: 255, green: 255, blue: 255)
    let black = RGB(red: 0, green: 0, blue: 0)
    return tile.contrast(with: black) >= tile.contrast(with: white) ? black : white
  }

  /// The tile of a day without commits on a dark background.
  static let darkEmpty = Palette.githubDark.levels[0]

  /// The gradient for a theme: the stops as given on light, and on dark from the darkest to the
  /// lightest (GitHub's dark convention: brighter is more), with the theme's empty tile.
  public static func gradient(stops: [RGB]?, theme: SVGOptions.Theme) -> ColorGradient {
    let given = stops ?? ColorGradient.seed.stops
    guard theme == .githubDark else {
      return ColorGradient(stops: given, empty: ColorGradient.seed.empty)
    }
    let darkening = (given.last?.oklab.lightness ?? 0) < (given.first?.oklab.lightness ?? 0)
    return ColorGradient(stops: darkening ? given.reversed() : given, empty: darkEmpty)
  }

  // The terminal

  /// Whole months side by side as `cal -3` sets them, as many as the width holds (up to four),
  /// each under its name and year and a row of weekday initials; a day is its number on its
  /// colour, or without colour its number and a shade; days outside the window are shown faint,
  /// without a count. A legend, then the statistics.
  public func terminal(_ report: ActivityReport, options: TerminalOptions) -> String {
    let calendar = layout(report)
    let colors = Colors(
      gradient: gradient, text: options.palette.text, counts: calendar.counts, scale: scale)
    // Glyph levels follow --scale, as the graph's do.
    let levels = scale.levels(for: calendar.counts)
    let hasColor = options.colorDepth == .indexed256 || options.colorDepth == .truecolor
    var tileWidth = hasColor ? 2 : 3
    // A narrow terminal gets one-character tiles: a colour, or a shade.
    if 7 * (tileWidth + 1) - 1 > options.width { tileWidth = 1 }
    let blockWidth = 7 * (tileWidth + 1) - 1
    let separator = "   "
    let months = calendar.wholeMonths
    let across = max(
      1, min(4, months.count, (options.width + separator.count) / (blockWidth + separator.count)))
    let glyphs = options.isASCII ? [".", ":", "o", "O", "@"] : ["·", "░", "▒", "▓", "█"]
    let ramp = options.colorDepth == .indexed256 ? Self.ramp256(colors) : nil
    let tiles = TerminalTiles(
      width: tileWidth, hasColor: hasColor, depth: options.colorDepth, glyphs: glyphs,
      levels: levels, counts: calendar.counts, colors: colors, ramp: ramp)
    func centered(_ text: String) -> String {
      let room = max(0, blockWidth - TextWidth.columns(of: text))
      return String(repeating: " ", count: room / 2) + text
        + String(repeating: " ", count: room - room / 2)
    }
    let blank = String(repeating: " ", count: tileWidth)
    let initials = calendar.weekdayInitials.map {
      String(repeating: " ", count: tileWidth - 1) + $0
    }.joined(separator: " ")
    let headline = ReportText.headline(report)
    var lines = [options.colorDepth == .none ? headline : "\u{1B}[1m\(headline)\u{1B}[0m"]
    for start in stride(from: 0, to: months.count, by: across) {
      let row = Array(months[start..<min(start + across, months.count)])
      lines.append("")
      // The month's whole name with its year, or its short name where that does not fit.
      func title(_ month: CalendarLayout.WholeMonth) -> String {
        let whole = "\(HeatmapGrid.fullMonthNames[month.month - 1]) \(month.year)"
        return centered(
          whole.count <= blockWidth
            ? whole : "\(HeatmapGrid.monthNames[month.month - 1]) \(month.year)")
      }
      lines.append(row.map(title).joined(separator: separator).trimmingTrailingSpaces())
      lines.append(
        row.map { _ in initials }.joined(separator: separator).trimmingTrailingSpaces())
      for week in 0..<CalendarLayout.wallRows {
        var blocks: [String] = []
        for month in row {
          var cells = Array(repeating: blank, count: 7)
          for day in 0..<month.dayCount where month.position(ofDay: day).row == week {
            cells[month.position(ofDay: day).column] = tiles.tile(month, day)
          }
          blocks.append(cells.joined(separator: " "))
        }
        let line = blocks.joined(separator: separator).trimmingTrailingSpaces()
        if !line.isEmpty || week < 5 { lines.append(line) }
      }
    }
    lines.append("")
    lines.append(
      legend(
        colors: colors, options: options, hasColor: hasColor, glyphs: glyphs,
        measure: report.activity.measure))
    lines += TextWidth.wrap(
      ReportText.statisticsItems(report),
      separator: options.isASCII ? " - " : " · ",
      width: max(options.width, 1))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The calendar's five levels in 256 colours: the empty tile and the gradient at 0, ⅓, ⅔ and
  /// 1, chosen together by `ANSIColor.ramp256`, each with the number colour (black or white,
  /// as 16 and 231) that reads better on it.
  static func ramp256(_ colors: Colors) -> (tiles: [Int], numbers: [Int]) {
    let targets =
      [colors.gradient.empty] + (0..<4).map { colors.gradient.color(at: Double($0) / 3) }
    let tiles = ANSIColor.ramp256(targets)
    let numbers = tiles.enumerated().map { level, tile in
      let shown = ANSIColor.rgb256(tile)
      if level == 0 { return ANSIColor.nearest256(colors.quiet) }
      return legibleNumber(on: shown) == RGB(red: 0, green: 0, blue: 0) ? 16 : 231
    }
    return (tiles, numbers)
  }

  /// `0 ░░ 1 ▒▒▒▒▒ 54 commits a day`: the empty tile, then the gradient from one commit to the
  /// busiest day, in colour; without colour, the shades from none to the most.
  private func legend(
    colors: Colors, options: TerminalOptions, hasColor: Bool, glyphs: [String], measure: Measure
  ) -> String {
    guard hasColor else {
      let shades = glyphs.joined(separator: " ")
      return options.width >= shades.count + 10 ? "Less " + shades + " More" : glyphs.joined()
    }
    var text =
      "0 "
      + Self.paint(
        "  ", foreground: colors.quiet, background: colors.gradient.empty, depth: options.colorDepth
      )
    guard colors.highest > 0 else { return text }
    text += "  1 "
    for step in 0..<5 {
      let color =
        colors.highest > 1 ? colors.gradient.color(at: Double(step) / 4) : colors.tile(1)
      text += Self.paint("  ", foreground: color, background: color, depth: options.colorDepth)
    }
    return text + " " + colors.busiest(measure)
  }

  /// How the terminal calendar draws a day: its number on its colour, or its number and a
  /// shade; faint outside the window.
  private struct TerminalTiles {
    /// Characters a tile takes: 1 (a colour or a shade), 2 (the number) or 3 (and a shade).
    let width: Int
    let hasColor: Bool
    let depth: TerminalOptions.ColorDepth
    let glyphs: [String]
    let levels: [Int]
    let counts: [Int]
    let colors: Colors
    let ramp: (tiles: [Int], numbers: [Int])?

    func tile(_ month: CalendarLayout.WholeMonth, _ day: Int) -> String {
      let number = day + 1
      let padded = (number < 10 ? " " : "") + String(number)
      guard let index = month.countIndex(ofDay: day) else {
        // Outside the window: the number alone, dim where the terminal has styles.
        let text = width == 1 ? " " : padded + (width == 3 ? " " : "")
        return depth == .none ? text : "\u{1B}[2m\(text)\u{1B}[0m"
      }
      let text: String
      switch width {
      case 1: text = hasColor ? " " : glyphs[levels[index]]
      case 2: text = padded
      default: text = padded + glyphs[levels[index]]
      }
      guard hasColor else { return text }
      let count = counts[index]
      if let ramp {
        // 256 colours: five tiles chosen together by the ramp rule, one per level, so that
        // neighbours stay apart (a gradient's nearest colours collapse onto two or three).
        let level = levels[index]
        return "\u{1B}[38;5;\(ramp.numbers[level]);48;5;\(ramp.tiles[level])m\(text)\u{1B}[0m"
      }
      return CalendarRenderer.paint(
        text, foreground: colors.number(count), background: colors.tile(count), depth: depth)
    }
  }

  fileprivate static func paint(
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

  // SVG

  /// The calendar as SVG, a wall calendar: whole months in rows of up to four
  /// (`CalendarLayout.monthsAcross`), each under its name and year and the weekday initials,
  /// six rows of square tiles each so that the months of a row line up; days outside the window
  /// drawn as outlines without a count. A `<title>` per day; on every tile the black or white
  /// number that reads better; a legend of the gradient from 0 to the busiest day. `auto`
  /// switches tiles and numbers with the viewer's scheme (on dark, brighter is more). Every
  /// tile sits on whole pixels.
  public func svg(_ report: ActivityReport, options: SVGOptions) -> String {
    let calendar = layout(report)
    let isDark = options.theme == .githubDark
    let palette = isDark ? Palette.githubDark : Palette.github
    let stops = gradient.stops
    let light = Colors(
      gradient: Self.gradient(stops: stops, theme: isDark ? .githubDark : .github),
      text: palette.text, counts: calendar.counts, scale: scale)
    let dark =
      options.theme == .auto
      ? Colors(
        gradient: Self.gradient(stops: stops, theme: .githubDark), text: Palette.githubDark.text,
        counts: calendar.counts, scale: scale) : nil
    let months = calendar.wholeMonths
    let wall = WallGeometry(options: options, monthCount: months.count)
    let fontSize = wall.fontSize
    var counts = Set<Int>()
    var body = [""]  // the heading, once the width is known
    for (number, month) in months.enumerated() {
      body += monthBlock(
        month, number: number, calendar: calendar, report: report, wall: wall, counts: &counts)
    }
    let rows = (months.count + wall.across - 1) / wall.across
    let gridBottom =
      wall.gridTop + Double(rows) * (wall.blockHeight + wall.blockGap) - wall.blockGap
    let gridWidth =
      Double(min(wall.across, months.count)) * (wall.blockWidth + wall.blockGap) - wall.blockGap
    let legendTop = (gridBottom + fontSize * 1.2).rounded()
    let legendWidth = legend(
      into: &body, top: legendTop, gridWidth: gridWidth, colors: light, report: report,
      wall: wall, radius: options.radius)
    let summary = "\(ReportText.totals(report.activity)) \(ReportText.phrase(report.window))"
    let summaryBaseline = legendTop + fontSize.rounded() + fontSize * 1.6
    body.append(
      #"<text class="summary" x="\#(n(wall.padding))" y="\#(n(summaryBaseline))">\#(TextEscaping.xml(summary))</text>"#
    )
    // The canvas is as wide as the months, the legend or the summary; a longer heading is
    // shortened (the whole of it is the title).
    let contentWidth = max(gridWidth, legendWidth, FontMetrics.width(of: summary, size: fontSize))
    let heading = ReportText.heading(for: report, title: options.title)
    body[0] = SVGRenderer.heading(
      FontMetrics.truncate(heading, toWidth: contentWidth, size: wall.headingSize, bold: true),
      x: wall.padding, baseline: wall.headingBaseline, size: wall.headingSize)
    let width = (wall.padding * 2 + contentWidth).rounded(.up)
    let height = (summaryBaseline + fontSize * 0.5 + wall.padding).rounded(.up)
    return SVGRenderer.frame(
      width: width, height: height, fontSize: fontSize, id: "calendar", title: heading,
      description: ReportText.description(for: report),
      css: Self.style(counts: counts, light: light, dark: dark, isDark: isDark),
      defs: Self.definitions(cell: wall.cell, radius: options.radius, light: light, dark: dark),
      background: options.isTransparent ? nil : palette.background, body: body)
  }

  /// Where a wall calendar's pieces go, from the tile's size: each month a block of seven
  /// columns under its name and the weekday initials, up to `monthsAcross` blocks a row.
  private struct WallGeometry {
    let cell: Double
    let pitch: Double
    let fontSize: Double
    let titleSize: Double
    let padding: Double
    let headingSize: Double
    let headingBaseline: Double
    let blockWidth: Double
    let blockGap: Double
    let titleHeight: Double
    let blockHeight: Double
    let across: Int
    let gridTop: Double
    let inset: Double

    init(options: SVGOptions, monthCount: Int) {
      cell = options.cellSize
      let gap = options.spacing
      pitch = cell + gap
      fontSize = max(9, min(cell * 0.32, 16))
      titleSize = max(11, min(cell * 0.4, 18))
      padding = max(12, fontSize).rounded()
      headingSize = max(13, min(cell * 0.45, 22))
      headingBaseline = padding + headingSize
      blockWidth = 7 * pitch - gap
      blockGap = max(2 * gap, (cell * 0.6).rounded())
      titleHeight = (titleSize * 1.3 + fontSize * 1.5).rounded()
      blockHeight = titleHeight + Double(CalendarLayout.wallRows) * pitch - gap
      across = CalendarLayout.monthsAcross(monthCount)
      gridTop = (headingBaseline + headingSize * 0.6).rounded()
      inset = fontSize * 0.3
    }
  }

  /// The `number`th month's block: its name, the weekday initials, a tile and a number a day
  /// (days outside the window as outlines without a count); the counts drawn are added to
  /// `counts`, for the style's classes.
  private func monthBlock(
    _ month: CalendarLayout.WholeMonth, number: Int, calendar: CalendarLayout,
    report: ActivityReport, wall: WallGeometry, counts: inout Set<Int>
  ) -> [String] {
    let (cell, pitch, fontSize, titleSize, inset) = (
      wall.cell, wall.pitch, wall.fontSize, wall.titleSize, wall.inset
    )
    let left = wall.padding + Double(number % wall.across) * (wall.blockWidth + wall.blockGap)
    let top = wall.gridTop + Double(number / wall.across) * (wall.blockHeight + wall.blockGap)
    let name = "\(HeatmapGrid.fullMonthNames[month.month - 1]) \(month.year)"
    var body: [String] = []
    body.append(#"<g role="group" aria-label="\#(name)">"#)
    body.append(
      #"<text class="title" x="\#(n(left))" y="\#(n(top + titleSize))" font-size="\#(n(titleSize))">\#(name)</text>"#
    )
    for (column, initial) in calendar.weekdayInitials.enumerated() {
      body.append(
        #"<text x="\#(n(left + Double(column) * pitch + cell / 2))" y="\#(n(top + titleSize * 1.3 + fontSize * 1.1))" text-anchor="middle">\#(initial)</text>"#
      )
    }
    let tilesTop = top + wall.titleHeight
    for day in 0..<month.dayCount {
      let (row, column) = month.position(ofDay: day)
      let (x, y) = (left + Double(column) * pitch, tilesTop + Double(row) * pitch)
      let date = month.first.advanced(by: day)
      guard let index = month.countIndex(ofDay: day) else {
        body.append(
          ##"<use xlink:href="#calendar-tile" x="\##(n(x))" y="\##(n(y))" class="out"/><text class="o" x="\##(n(x + cell - inset))" y="\##(n(y + cell - inset))">\##(day + 1)</text>"##
        )
        continue
      }
      let count = calendar.counts[index]
      counts.insert(count)
      body.append(
        ##"<use xlink:href="#calendar-tile" x="\##(n(x))" y="\##(n(y))" class="c\##(count)" data-date="\##(date.iso)" data-count="\##(count)"><title>\##(ReportText.dayTotal(report.activity, at: report.activity.days.first.distance(to: date)))</title></use>"##
      )
      body.append(
        #"<text class="k\#(count)" x="\#(n(x + cell - inset))" y="\#(n(y + cell - inset))">\#(day + 1)</text>"#
      )
    }
    body.append("</g>")
    return body
  }

  /// The legend at `top`: the empty tile for 0, then the gradient from 1 to the busiest day.
  /// Its width.
  private func legend(
    into body: inout [String], top legendTop: Double, gridWidth: Double, colors light: Colors,
    report: ActivityReport, wall: WallGeometry, radius: Double
  ) -> Double {
    let (fontSize, padding) = (wall.fontSize, wall.padding)
    let swatch = fontSize.rounded()
    let legendBaseline = legendTop + swatch / 2 + fontSize * 0.35
    let corner = n(min(radius, swatch / 4))
    var x = padding
    body.append(
      #"<rect class="empty" x="\#(n(x))" y="\#(n(legendTop))" width="\#(n(swatch))" height="\#(n(swatch))" rx="\#(corner)"/>"#
    )
    x += swatch + fontSize * 0.35
    body.append(#"<text x="\#(n(x))" y="\#(n(legendBaseline))">0</text>"#)
    x += FontMetrics.width(of: "0", size: fontSize)
    if light.highest > 0 {
      let busiest = light.busiest(report.activity.measure)
      x += fontSize * 1.2
      body.append(#"<text x="\#(n(x))" y="\#(n(legendBaseline))">1</text>"#)
      x += FontMetrics.width(of: "1", size: fontSize) + fontSize * 0.35
      let barLeft = x.rounded()
      let barRight = max(
        barLeft + (fontSize * 4).rounded(),
        (padding + min(gridWidth, wall.blockWidth * 2)
          - FontMetrics.width(of: busiest, size: fontSize) - fontSize * 0.35)
          .rounded(.down))
      body.append(
        #"<rect class="bar" x="\#(n(barLeft))" y="\#(n(legendTop))" width="\#(n(barRight - barLeft))" height="\#(n(swatch))" rx="\#(corner)"/>"#
      )
      x = barRight + fontSize * 0.35
      body.append(#"<text x="\#(n(x))" y="\#(n(legendBaseline))">\#(busiest)</text>"#)
      x += FontMetrics.width(of: busiest, size: fontSize)
    }
    return x - padding
  }

  /// A class per count: its tile and its number, for the theme, and under `auto` again for a
  /// dark viewer.
  private static func style(counts: Set<Int>, light: Colors, dark: Colors?, isDark: Bool)
    -> String
  {
    func rules(_ colors: Colors, indent: String, gradientID: String) -> String {
      var css = ""
      for count in counts.sorted() {
        css += "\(indent).c\(count) { fill: \(colors.tile(count).hex); }\n"
        css += "\(indent).k\(count) { fill: \(colors.number(count).hex); }\n"
      }
      css += "\(indent).empty { fill: \(colors.gradient.empty.hex); }\n"
      css += "\(indent).out { fill: none; stroke: \(colors.gradient.empty.hex); }\n"
      css += "\(indent).o { fill: \(colors.quiet.hex); fill-opacity: 0.6; }\n"
      css += "\(indent).bar { fill: url(#\(gradientID)); }\n"
      return css
    }
    let palette = isDark ? Palette.githubDark : Palette.github
    let strong = isDark ? "#e6edf3" : "#1f2328"
    var css =
      "text { fill: \(palette.text.hex); }\n.heading, .summary, .title { fill: \(strong); }\n"
    css += ".title { font-weight: 600; }\n"
    css += "[class^=k], .o { text-anchor: end; }\n"
    css += rules(light, indent: "", gradientID: "calendar-gradient")
    if let dark {
      css += "@media (prefers-color-scheme: dark) {\n"
      css += "  .background { fill: \(Palette.githubDark.background.hex); }\n"
      css +=
        "  text { fill: \(Palette.githubDark.text.hex); }\n  .heading, .summary, .title { fill: #e6edf3; }\n"
      css += rules(dark, indent: "  ", gradientID: "calendar-gradient-dark")
      css += "}\n"
    }
    return css
  }

  /// The tile every day uses, and the legend's gradient (and its dark twin under `auto`).
  private static func definitions(cell: Double, radius: Double, light: Colors, dark: Colors?)
    -> String
  {
    var defs = "<defs>\n"
    defs +=
      #"<rect id="calendar-tile" width="\#(n(cell))" height="\#(n(cell))" rx="\#(n(radius))"/>"#
      + "\n"
    // SVG mixes gradient stops in sRGB: nine stops sampled in OKLab keep the bar as the tiles are.
    for (id, colors) in [("calendar-gradient", light)]
      + (dark.map { [("calendar-gradient-dark", $0)] } ?? [])
    {
      defs += #"<linearGradient id="\#(id)">"#
      for step in 0...8 {
        let color =
          colors.highest > 1 ? colors.gradient.color(at: Double(step) / 8) : colors.tile(1)
        defs += #"<stop offset="\#(n(Double(step) / 8))" stop-color="\#(color.hex)"/>"#
      }
      defs += "</linearGradient>\n"
    }
    defs += "</defs>\n"
    return defs
  }
}
