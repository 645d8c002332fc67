import Foundation

extension TerminalRenderer {
  /// The punch card: hour labels, a row per weekday from the week start with a glyph or color
  /// per hour, the legend, and the busiest hour. Narrower than 52 columns the hours touch; below
  /// 28 there is no room for the grid, and a line says so, rather than leaving it out silently.
  public func render(_ card: Punchcard, headline: String) -> String {
    var lines = [bold(TextWidth.truncate(headline, to: options.width))]
    let spacedWidth = Self.labelWidth + 48
    let denseWidth = Self.labelWidth + 24
    if options.width >= denseWidth {
      let pitch = options.width >= spacedWidth ? 2 : 1
      let gridWidth = Self.labelWidth + 24 * pitch
      var header = [Character](repeating: " ", count: gridWidth)
      for hour in stride(from: 0, to: 24, by: 3) {
        for (offset, character) in String(hour).enumerated() {
          header[Self.labelWidth + pitch * hour + offset] = character
        }
      }
      lines.append(String(header).trimmingTrailingSpaces())
      let glyphs = self.glyphs
      for row in 0..<7 {
        let label = card.weekday(ofRow: row).shortName
        let cells = (0..<24).map {
          paint(glyphs[card.levels[row][$0]], level: card.levels[row][$0])
        }
        lines.append(label + " " + cells.joined(separator: pitch == 2 ? " " : ""))
      }
      lines.append(
        legendLine(note: nil, gridWidth: max(gridWidth - 1, 0), width: options.width))
    } else {
      lines.append(
        TextWidth.truncate(
          "(the grid needs \(denseWidth) columns; this terminal has \(options.width))",
          to: options.width))
    }
    lines.append(
      TextWidth.truncate(
        ReportText.punchcardSummary(card, isASCII: options.isASCII), to: options.width))
    return lines.joined(separator: "\n") + "\n"
  }
}

extension SVGRenderer {
  /// The punch card as an SVG document in the graph's look and themes: a row of cells per
  /// weekday, a column per hour, each cell with a tooltip, a legend, and the busiest hour; one
  /// `role="img"` whose title and description say it all.
  /// `summary` (what the terminal's headline says: the total, the window and the clock) is the
  /// first line under the grid, the busiest hour the second.
  public func render(
    _ card: Punchcard, heading: String, description: String, summary headline: String? = nil
  ) -> String {
    let layout = Layout(options: options)
    let light = options.palette(dark: options.theme == .githubDark)
    let dark = options.palette(dark: true)
    let pitch = layout.pitch
    let headingSize = layout.fontSize * 1.3
    var body: [String] = []
    let headingBaseline = (layout.padding + headingSize).rounded()
    // The heading is drawn once the width is known (a long one is shortened, as the graph's is).
    let headingIndex = body.count
    body.append("")
    let left = layout.gridLeft
    let hourBaseline = (headingBaseline + layout.fontSize * 1.8).rounded()
    for hour in stride(from: 0, to: 24, by: 3) {
      body.append(
        #"<text class="label" x="\#(n(left + Double(hour) * pitch))" y="\#(n(hourBaseline))">\#(hour)</text>"#
      )
    }
    let top = (hourBaseline + layout.fontSize * 0.6).rounded()
    body += punchcardRows(card, left: left, top: top, layout: layout, palette: light)
    let gridRight = left + 24 * pitch - options.spacing
    var baseline = top + 7 * pitch + layout.fontSize * 1.4
    let busiest = ReportText.capitalized(ReportText.punchcardSummary(card))
    // The headline's two halves (the total, then what the grid is and on which clock) and the
    // busiest hour, a line each.
    var lines = [busiest]
    if let headline {
      let halves = headline.components(separatedBy: " by weekday and hour")
      lines =
        [ReportText.capitalized(halves[0])]
        + halves.dropFirst().map { "By weekday and hour" + $0 } + [busiest]
    }
    let summaryWidth = layout.textWidth(busiest)
    // The legend ends on the grid's right edge; the summary beside it when both fit, else on the
    // line below, rather than the canvas growing past the grid.
    let fitsBeside =
      layout.padding + summaryWidth + layout.fontSize * 1.5 + layout.legendWidth <= gridRight
    let contentRight = max(gridRight, layout.padding + summaryWidth)
    body += drawLegend(right: gridRight, baseline: baseline, layout: layout, palette: light)
    if !fitsBeside { baseline += (layout.fontSize * 1.6).rounded() }
    // No line widens the image: one too long for it is wrapped at its spaces (a word longer
    // than the image is shortened; the whole of each line is in the description).
    let room = contentRight - layout.padding
    let wrapped = Self.wrapped(lines, room: room, layout: layout)
    for (index, line) in wrapped.enumerated() {
      if index > 0 { baseline += (layout.fontSize * 1.5).rounded() }
      let shown = FontMetrics.truncate(line, toWidth: room, size: layout.fontSize)
      body.append(
        #"<text class="summary" x="\#(n(layout.padding))" y="\#(n(baseline))">\#(TextEscaping.xml(shown))</text>"#
      )
    }
    let shown = FontMetrics.truncate(
      heading, toWidth: contentRight - layout.padding, size: headingSize, bold: true)
    body[headingIndex] = Self.heading(
      shown, x: layout.padding, baseline: headingBaseline, size: headingSize)
    let width = (contentRight + layout.padding).rounded(.up)
    let height = (baseline + layout.fontSize * 0.4 + layout.padding).rounded(.up)
    return document(
      width: width, height: height, fontSize: layout.fontSize, id: "punchcard", title: heading,
      description: description, light: light, dark: dark, body: body)
  }

  /// The grid: a row of cells per weekday from `top`, a column per hour from `left`, each cell
  /// with its tooltip.
  private func punchcardRows(
    _ card: Punchcard, left: Double, top: Double, layout: Layout, palette light: Palette
  ) -> [String] {
    var body: [String] = []
    for row in 0..<7 {
      let weekday = card.weekday(ofRow: row)
      let y = top + Double(row) * layout.pitch
      body.append(
        #"<text class="label" x="\#(n(layout.padding))" y="\#(n(y + options.cellSize / 2 + layout.fontSize * 0.35))">\#(weekday.shortName)</text>"#
      )
      body.append(#"<g role="group" aria-label="\#(weekday.name)s">"#)
      for hour in 0..<24 {
        let (count, level) = (card.counts[row][hour], card.levels[row][hour])
        let what = Wording.count(count, "commit")
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        let hours = "\(two(hour)):00–\(two((hour + 1) % 24)):00"
        body.append(
          #"<rect x="\#(n(left + Double(hour) * layout.pitch))" y="\#(n(y))" width="\#(n(options.cellSize))" height="\#(n(options.cellSize))" rx="\#(n(options.radius))" ry="\#(n(options.radius))" class="day l\#(level)" fill="\#(light.levels[level].hex)" data-weekday="\#(weekday.name.lowercased())" data-hour="\#(hour)" data-count="\#(count)"><title>\#(weekday.name)s \#(hours): \#(what)</title></rect>"#
        )
      }
      body.append("</g>")
    }
    return body
  }

  /// `lines` wrapped at their spaces to `room` pixels.
  private static func wrapped(_ lines: [String], room: Double, layout: Layout) -> [String] {
    var wrapped: [String] = []
    for line in lines {
      var current = ""
      for word in line.split(separator: " ") {
        let candidate = current.isEmpty ? String(word) : current + " " + word
        if current.isEmpty || layout.textWidth(candidate) <= room {
          current = candidate
        } else {
          wrapped.append(current)
          current = String(word)
        }
      }
      wrapped.append(current)
    }
    return wrapped
  }
}

/// The punch card as data: JSON (`punchcard`, seven arrays of 24 counts from the week start)
/// and CSV (`weekday,hour,count`).
public struct PunchcardWriter: Sendable {
  /// A writer.
  public init() {}

  /// `{"weekStart", "timezone", "total", "busiest", "punchcard": [[24 counts] × 7]}`.
  public func json(_ card: Punchcard, report: ActivityReport) -> String {
    var out = "{\n"
    out +=
      "  \"repository\": \(TextEscaping.json(RepositoryName.withoutCredentials(report.repositories.first ?? ""))),\n"
    out += "  \"weekStart\": \"\(card.weekStart.name.lowercased())\",\n"
    out += "  \"timezone\": \(TextEscaping.json(report.zone.description)),\n"
    out += "  \"total\": \(card.total),\n"
    out += "  \"busiest\": "
    if let busiest = card.busiest {
      out +=
        "{\"weekday\": \"\(card.weekday(ofRow: busiest.row).name.lowercased())\", \"hour\": \(busiest.hour), \"count\": \(busiest.count)},\n"
    } else {
      out += "null,\n"
    }
    out += "  \"punchcard\": [\n"
    out += card.counts.map { "    [" + $0.map(String.init).joined(separator: ", ") + "]" }.joined(
      separator: ",\n")
    out += "\n  ]\n}\n"
    return out
  }

  /// `weekday,hour,count`, a row per weekday and hour, from the week start.
  public func csv(_ card: Punchcard) -> String {
    var lines = ["weekday,hour,count"]
    for row in 0..<7 {
      for hour in 0..<24 {
        lines.append(
          "\(card.weekday(ofRow: row).name.lowercased()),\(hour),\(card.counts[row][hour])")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
