import Foundation

/// The xterm color tables.
public enum ANSIColor {
  /// The nearest of the 240 non-system entries of the xterm 256-color palette: the 6×6×6 cube
  /// and the gray ramp.
  public static func nearest256(_ color: RGB) -> Int {
    let steps: [Int] = [0, 95, 135, 175, 215, 255]
    func nearestStep(_ value: UInt8) -> Int {
      steps.indices.min { abs(steps[$0] - Int(value)) < abs(steps[$1] - Int(value)) } ?? 0
    }
    func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
      let dr = r - Int(color.red)
      let dg = g - Int(color.green)
      let db = b - Int(color.blue)
      return dr * dr + dg * dg + db * db
    }
    let (r, g, b) = (nearestStep(color.red), nearestStep(color.green), nearestStep(color.blue))
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = distance(steps[r], steps[g], steps[b])
    let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
    let grayIndex = min(23, max(0, (average - 8 + 5) / 10))
    let gray = 8 + 10 * grayIndex
    return distance(gray, gray, gray) < cubeDistance ? 232 + grayIndex : cube
  }
}
