import Foundation

/// How counts become levels 0…4.
public enum LevelScale: String, Hashable, Sendable, CaseIterable {
  /// GitHub's quartiles of the largest count that is not an outlier.
  case github
  /// The seed's rule: `min(max(ceil(c / highest × 4), 1), 4)`.
  case linear
  /// Like linear, in log(1 + count): quiet days stay visible beside busy ones.
  case log
  /// Quartiles of the active days: a quarter of them at each level (ties together), so that
  /// one huge day (a vendor import of 50,000 lines) takes level 4 without flattening every
  /// other day to level 1. The default for a measure of lines.
  case quantile

  /// The z-score above which GitHub treats a count as an outlier.
  static let outlierZScore = 3.78

  /// A level for every count: 0 for none, then 1…4.
  package func levels(for counts: [Int]) -> [Int] {
    let scale = Thresholds(scale: self, counts: counts)
    return counts.map { scale.level(of: $0) }
  }

  /// What a scale learns from all the counts, so that one count's level needs nothing else.
  public struct Thresholds: Hashable, Sendable {
    /// The rule the thresholds follow.
    let scale: LevelScale
    /// The largest count that is not an outlier (github), or the largest (linear, log,
    /// quantile).
    package let highest: Int
    /// With `quantile`: the largest count of levels 1, 2 and 3 (nearest rank of the sorted
    /// active days at a quarter, a half and three quarters); empty for the other scales.
    let quartiles: [Int]

    /// What `scale` learns from `counts`.
    public init(scale: LevelScale, counts: [Int]) {
      self.scale = scale
      let positive = counts.filter { $0 > 0 }
      guard let maximum = positive.max() else {
        highest = 0
        quartiles = []
        return
      }
      if scale == .quantile {
        let sorted = positive.sorted()
        quartiles = (1..<HeatmapMath.levelCount).map { quarter in
          sorted[
            max(
              0, (quarter * sorted.count + HeatmapMath.levelCount - 1) / HeatmapMath.levelCount - 1)
          ]
        }
      } else {
        quartiles = []
      }
      guard scale == .github, Set(positive).count >= 5 else {
        highest = maximum
        return
      }
      let values = positive.map(Double.init)
      let mean = values.reduce(0, +) / Double(values.count)
      let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
      let deviation = variance.squareRoot()
      guard deviation > 0 else {
        highest = maximum
        return
      }
      let kept = positive.filter { (Double($0) - mean) / deviation <= LevelScale.outlierZScore }
      highest = kept.max() ?? maximum
    }

    /// The level of one count.
    func level(of count: Int) -> Int {
      guard count > 0, highest > 0 else { return 0 }
      let levels = HeatmapMath.levelCount
      switch scale {
      case .github:
        if count > highest { return levels }
        // c ≤ m/4 → 1, c ≤ m/2 → 2, c ≤ 3m/4 → 3, else 4; in exact integer arithmetic.
        let c = count.multipliedReportingOverflow(by: 4)
        if c.overflow { return levels }
        for level in 1..<levels {
          let bound = highest.multipliedReportingOverflow(by: level)
          if bound.overflow || c.partialValue <= bound.partialValue { return level }
        }
        return levels
      case .linear:
        let ratio = Double(count) / Double(highest)
        return min(max(Int((ratio * Double(levels)).rounded(.up)), 1), levels)
      case .log:
        let ratio = Foundation.log1p(Double(count)) / Foundation.log1p(Double(highest))
        return min(max(Int((ratio * Double(levels)).rounded(.up)), 1), levels)
      case .quantile:
        return (quartiles.firstIndex { count <= $0 } ?? quartiles.count) + 1
      }
    }
  }
}
