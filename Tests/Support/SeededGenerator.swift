/// A random number generator that gives the same numbers for the same seed (a linear
/// congruential generator, Knuth's MMIX constants), so that a test made of random cases is the
/// same test at every run.
public struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }
}
