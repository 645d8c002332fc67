import Foundation

/// The arithmetic the seed component keeps apart from its view: sums and levels.
package enum HeatmapMath {
  /// The number of color steps above "nothing".
  package static let levelCount = 4
}
