extension PNGRasterizer {
  /// Every sentence the PNG rasterizer says when it cannot draw, written here once.
  enum Words {
    static func tooLarge(width: Int32, height: Int32) -> String {
      "a PNG of \(width)x\(height) pixels is too large"
    }

    static func unreadableSVG(_ detail: String) -> String {
      "librsvg could not read the SVG: \(detail)"
    }

    static func noSurface(width: Int32, height: Int32) -> String {
      "cairo could not make a \(width)x\(height) image"
    }

    static func undrawableSVG(_ detail: String) -> String {
      "librsvg could not draw the SVG: \(detail)"
    }

    static let unencodable = "cairo could not encode the PNG"
    static func noLibrsvg(missing name: String, package: String) -> String {
      "PNG output needs librsvg, which is not installed (\(name) is missing): apt-get install \(package)"
    }

    static func oldLibrsvg(package: String) -> String {
      "PNG output needs librsvg 2.46 or later: apt-get install \(package)"
    }
  }
}
