import Foundation

/// The arithmetic the seed component keeps apart from its view: sums and levels.
public enum HeatmapMath {
  /// The number of color steps above "nothing".
  public static let levelCount = 4
}
