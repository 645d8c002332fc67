import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects the day cells of an SVG, and fails on anything that is not well-formed XML. A cell is
/// a `<rect>` or a `<use>` with `data-date`; its count is `data-count`, or else the number its
/// tooltip ends with (`…: 12 commits`; `…: No contributions` is 0); its size is its own `width` or its shape's in `<defs>`;
/// its place adds the `translate` of the groups it is in. Cells are in date order.
public final class SVGCells: NSObject, XMLParserDelegate {
  public struct Cell: Equatable, Sendable {
    public var date: String
    public var count: Int
    public var level: Int
    public var x: Double
    public var y: Double
    public var size: Double
  }

  public private(set) var cells: [Cell] = []
  public private(set) var titles: [String] = []
  public private(set) var rootAttributes: [String: String] = [:]
  private var shapes: [String: Double] = [:]
  /// The `translate` of each open group, innermost last.
  private var offsets: [(x: Double, y: Double)] = []
  private var openCell: Int?
  private var text = ""

  public static func parse(_ svg: String) -> SVGCells? {
    let collector = SVGCells()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    guard parser.parse() else { return nil }
    for index in collector.cells.indices where collector.cells[index].size < 0 {
      collector.cells[index].size = collector.shapes.values.first ?? -1
    }
    collector.cells.sort { $0.date < $1.date }
    return collector
  }

  public func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if name == "svg" { rootAttributes = attributes }
    if name == "g" {
      let numbers =
        attributes["transform"]?.firstMatch(of: /translate\(([-0-9.]+)(?:[ ,]+([-0-9.]+))?\)/)
        .map { (Double($0.1) ?? 0, $0.2.flatMap { Double($0) } ?? 0) } ?? (0, 0)
      offsets.append(numbers)
    }
    if name == "rect", let id = attributes["id"] {
      // A shape inset by its outline's half pixel (`x="0.5"`) covers its width and the inset
      // on both sides: the cell's box.
      let inset = Double(attributes["x"] ?? "") ?? 0
      shapes[id] = Double(attributes["width"] ?? "").map { $0 + 2 * inset }
    }
    if name == "rect" || name == "use", let date = attributes["data-date"] {
      let classes = (attributes["class"] ?? "").split(separator: " ")
      cells.append(
        Cell(
          date: date, count: Int(attributes["data-count"] ?? "") ?? -1,
          // A cell without a level class is empty: level 0 is every cell's default fill.
          // `l3`, or `r3` for a day drawn in the colour of removal.
          level: classes.compactMap {
            $0.hasPrefix("l") || $0.hasPrefix("r") ? Int($0.dropFirst()) : nil
          }.first ?? 0,
          x: (Double(attributes["x"] ?? "0") ?? -1) + offsets.map(\.x).reduce(0, +),
          y: (Double(attributes["y"] ?? "0") ?? -1) + offsets.map(\.y).reduce(0, +),
          size: Double(attributes["width"] ?? "") ?? -1))
      openCell = cells.count - 1
    }
    text = ""
  }

  public func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  public func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if name == "title" {
      titles.append(text)
      // An empty day says "No contributions", as GitHub's graph does.
      if let openCell, cells[openCell].count < 0, text.hasSuffix(": No contributions") {
        cells[openCell].count = 0
      }
      if let openCell, cells[openCell].count < 0,
        let number = text.split(separator: " ").dropLast().last.flatMap({
          Int($0.filter { $0 != "," })
        })
      {
        cells[openCell].count = number
      }
    }
    if name == "rect" || name == "use" { openCell = nil }
    if name == "g" { offsets.removeLast() }
  }
}
