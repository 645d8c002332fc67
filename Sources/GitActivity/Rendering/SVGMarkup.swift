import Foundation

/// Pieces of SVG markup that the graph and the calendar share.
enum SVGMarkup {
  /// The cells of each month of `days` inside a group that screen readers announce by the
  /// month's name: `<g role="group" aria-label="March 2025">` … `</g>`. `cell` gives the
  /// elements of one day, by its index in `days`.
  static func monthGroups(_ days: DayRange, cell: (Int) -> String) -> [String] {
    var elements: [String] = []
    for span in days.months {
      elements.append(
        #"<g role="group" aria-label="\#(HeatmapGrid.fullMonthNames[span.month - 1]) \#(span.year)">"#
      )
      for index in span.indices { elements.append(cell(index)) }
      elements.append("</g>")
    }
    return elements
  }
}
