import Foundation

/// Places timestamps on days, in integer arithmetic per commit.
///
/// A named zone is turned once into a table of its offset changes, so that each commit costs a
/// binary search rather than a `Calendar` or `TimeZone` call.
public struct DayBucketer: Sendable {
  /// The zone as what the per-commit path needs, without the name a `.named` zone carries
  /// (switching over the enum copied its string, a retain and a release per commit).
  private let kind: Kind
  private enum Kind {
    case author
    case fixed(Int64)
    case named
  }
  /// For a named zone: the instants at which the offset changes, and the offset from each on.
  private let transitions: [Int64]
  private let offsets: [Int64]

  /// A bucketer for `zone`; a named zone's offset changes are read once, here.
  public init(zone: DayZone) {
    switch zone {
    case .author: kind = .author
    case .fixed(let offset): kind = .fixed(Int64(offset))
    case .named: kind = .named
    }
    guard case .named(let name) = zone, let timeZone = TimeZone(identifier: name) else {
      transitions = []
      offsets = []
      return
    }
    var instants: [Int64] = [Int64.min]
    var values: [Int64] = [
      Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: -2_208_988_800)))
    ]
    var cursor = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01
    let end = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < end {
      let offset = Int64(timeZone.secondsFromGMT(for: next))
      if offset != values.last {
        instants.append(Int64(next.timeIntervalSince1970.rounded(.down)))
        values.append(offset)
      }
      cursor = next
    }
    transitions = instants
    offsets = values
  }

  /// The day of `timestamp`.
  @inline(__always)
  public func day(of timestamp: Timestamp) -> Day {
    Day(epochSeconds: timestamp.seconds, offsetSeconds: offsetSeconds(of: timestamp))
  }

  /// The offset from UTC, in seconds, that places `timestamp` in this zone: the commit's own in
  /// `author`, else the zone's at that moment.
  @inline(__always)
  public func offsetSeconds(of timestamp: Timestamp) -> Int64 {
    switch kind {
    case .author: return Int64(timestamp.offsetMinutes) * 60
    case .fixed(let offset): return offset
    case .named: return offset(at: timestamp.seconds)
    }
  }

  /// The second of its day (0 to 86,399) at which `timestamp` falls in this zone.
  func secondOfDay(of timestamp: Timestamp) -> Int {
    let (local, overflow) = timestamp.seconds.addingReportingOverflow(offsetSeconds(of: timestamp))
    guard !overflow else { return 0 }
    return Int(((local % 86_400) + 86_400) % 86_400)
  }

  private func offset(at seconds: Int64) -> Int64 {
    guard !transitions.isEmpty else { return 0 }
    var low = 0
    var high = transitions.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
    }
    return offsets[low]
  }
}
