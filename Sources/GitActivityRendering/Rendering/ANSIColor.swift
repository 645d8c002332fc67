import Foundation

/// The xterm color tables, and colors chosen from them as people see colors.
package enum ANSIColor {
  /// The 240 non-system entries of the xterm 256-color palette (the 6×6×6 cube and the gray
  /// ramp), with their colors in OKLab.
  static let table: [(index: Int, color: RGB, lab: OKLab)] = {
    let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
    var entries: [(Int, RGB, OKLab)] = []
    for r in 0..<6 {
      for g in 0..<6 {
        for b in 0..<6 {
          let color = RGB(red: steps[r], green: steps[g], blue: steps[b])
          entries.append((16 + 36 * r + 6 * g + b, color, color.oklab))
        }
      }
    }
    for gray in 0..<24 {
      let value = UInt8(8 + 10 * gray)
      let color = RGB(red: value, green: value, blue: value)
      entries.append((232 + gray, color, color.oklab))
    }
    return entries
  }()

  /// How far apart two colors look for a ramp: lightness and chroma as OKLab measures them, a
  /// change of hue counted four times over, so that a green stays the same green rather than
  /// turning teal or gray at the same lightness.
  static func distance(_ x: OKLab, _ y: OKLab) -> Double {
    let (dl, da, db) = (x.lightness - y.lightness, x.a - y.a, x.b - y.b)
    let dc = hypot(x.a, x.b) - hypot(y.a, y.b)
    let hue = max(0, da * da + db * db - dc * dc)
    return dl * dl + dc * dc + 4 * hue
  }

  /// Whether `candidate` keeps the hue of `target`: any entry for a gray, else one with at least
  /// 40 % of its chroma and a hue within 35 degrees (a dark green is not the gray of its
  /// lightness, nor a teal).
  static func keepsHue(_ candidate: OKLab, of target: OKLab) -> Bool {
    let chroma = hypot(target.a, target.b)
    guard chroma >= 0.03 else { return true }
    guard hypot(candidate.a, candidate.b) >= 0.4 * chroma else { return false }
    var difference = abs(atan2(candidate.b, candidate.a) - atan2(target.b, target.a))
    if difference > .pi { difference = 2 * .pi - difference }
    return difference <= 35 * .pi / 180
  }

  /// The entry that looks nearest `color` (OKLab, hue kept).
  static func nearest256(_ color: RGB) -> Int {
    let lab = color.oklab
    let hued = table.filter { keepsHue($0.lab, of: lab) }
    return (hued.isEmpty ? table : hued).min { distance($0.lab, lab) < distance($1.lab, lab) }?
      .index ?? 16
  }

  /// How far apart two neighbouring levels of a ramp must stay in OKLab (ΔE; about twice what
  /// an eye just tells apart), so that level 1 never reads as empty.
  static let minimumStep = 0.045

  /// What a ramp pays for turning its hue between two neighbouring levels that both have one:
  /// the square of the turn in tens of degrees, weighed like a distance, so that a green ramp
  /// stays one green (22 28 34 40, 142° throughout) rather than wandering 142° → 164° → 154°.
  static func hueTurn(_ x: OKLab, _ y: OKLab) -> Double {
    guard hypot(x.a, x.b) >= 0.03, hypot(y.a, y.b) >= 0.03 else { return 0 }
    var turn = abs(atan2(y.b, y.a) - atan2(x.b, x.a))
    if turn > .pi { turn = 2 * .pi - turn }
    let tens = turn * 180 / .pi / 10
    return 0.002 * tens * tens
  }

  /// The color of entry `index` (16…255) of the xterm palette; black for the system colors.
  static func rgb256(_ index: Int) -> RGB {
    table.first { $0.index == index }?.color ?? RGB(red: 0, green: 0, blue: 0)
  }

  private static let ramps = Locked<[[RGB]: [Int]]>([:])

  /// Entries for a ramp of colors (a palette's levels): each as near its color as it can be,
  /// while neighbours stay at least `minimumStep` apart and the lightness keeps the ramp's
  /// direction. Chosen together (the best path through each level's nearest candidates), not
  /// one by one: GitHub's dark green ramp becomes 234 22 28 34 40 rather than 234 235 23 35 77.
  package static func ramp256(_ colors: [RGB]) -> [Int] {
    if let known = ramps.withLock({ $0[colors] }) { return known }
    let targets = colors.map(\.oklab)
    let candidates = targets.map { target in
      let hued = table.filter { keepsHue($0.lab, of: target) }
      return Array(
        (hued.isEmpty ? table : hued).sorted {
          distance($0.lab, target) < distance($1.lab, target)
        }.prefix(40))
    }
    func allowed(_ previous: OKLab, _ next: OKLab, level: Int) -> Bool {
      let step = sqrt(
        pow(previous.lightness - next.lightness, 2) + pow(previous.a - next.a, 2)
          + pow(previous.b - next.b, 2))
      let rising = targets[level].lightness >= targets[level - 1].lightness
      let direction =
        rising ? next.lightness >= previous.lightness : next.lightness <= previous.lightness
      return step >= minimumStep && direction
    }
    // best[level][k]: the least cost of a ramp up to `level` ending in candidate k.
    var best = [[Double]](repeating: [], count: targets.count)
    var from = [[Int]](repeating: [], count: targets.count)
    for level in targets.indices {
      for candidate in candidates[level] {
        let own = distance(candidate.lab, targets[level])
        guard level > 0 else {
          best[level].append(own)
          from[level].append(-1)
          continue
        }
        var cost = Double.infinity
        var previous = -1
        for (k, earlier) in candidates[level - 1].enumerated() {
          let total = best[level - 1][k] + own + hueTurn(earlier.lab, candidate.lab)
          if total < cost && allowed(earlier.lab, candidate.lab, level: level) {
            cost = total
            previous = k
          }
        }
        best[level].append(cost)
        from[level].append(previous)
      }
    }
    var result = colors.map(nearest256)
    if let last = best.last, let end = last.indices.min(by: { last[$0] < last[$1] }),
      last[end].isFinite
    {
      var k = end
      for level in targets.indices.reversed() {
        result[level] = candidates[level][k].index
        k = from[level][k]
      }
    }
    ramps.withLock { $0[colors] = result }
    return result
  }
}
