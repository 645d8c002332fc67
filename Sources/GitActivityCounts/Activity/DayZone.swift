import Foundation

/// Which calendar a commit's day is read in.
public enum DayZone: Hashable, Sendable, CustomStringConvertible {
  /// Each commit on its writer's own calendar, with the offset it recorded (git's default).
  case author
  /// One fixed offset for every commit, such as UTC (`offsetSeconds` 0).
  case fixed(offsetSeconds: Int)
  /// A named time zone with its daylight-saving rules, such as `Europe/Berlin`.
  case named(String)

  /// Parses `author`, `utc`, `±HH:MM` (or `±HHMM`), or an IANA name. `local` is resolved by the
  /// caller, which knows the machine's zone.
  public init?(parsing text: String) {
    let lowered = text.lowercased()
    switch lowered {
    case "author": self = .author
    case "utc", "z", "gmt": self = .fixed(offsetSeconds: 0)
    default:
      if let offset = DayZone.parseOffset(text) {
        self = .fixed(offsetSeconds: offset)
      } else if TimeZone(identifier: text) != nil {
        self = .named(text)
      } else {
        return nil
      }
    }
  }

  /// `+05:30`, `-0800`, `+14:00`: seconds east of UTC, nil when malformed or beyond ±14:00… ±26h.
  static func parseOffset(_ text: String) -> Int? {
    let scalars = Array(text.unicodeScalars)
    guard let sign = scalars.first, sign == "+" || sign == "-" else { return nil }
    let digits = scalars.dropFirst().filter { $0 != ":" }
    let hasColon = scalars.contains(":")
    guard digits.count == 4,
      digits.allSatisfy({ $0.properties.numericType == .decimal && $0.isASCII }),
      !hasColon || (scalars.count == 6 && scalars[3] == ":")
    else { return nil }
    let values = digits.map { Int($0.value) - 48 }
    let hours = values[0] * 10 + values[1]
    let minutes = values[2] * 10 + values[3]
    guard hours <= 23, minutes <= 59 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
  }

  /// The largest fixed offset a zone may have: 23:59 either side of UTC, as `parseOffset` reads.
  static let maximumOffsetSeconds = 23 * 3_600 + 59 * 60

  public var description: String {
    switch self {
    case .author: return "author"
    case .fixed(let offset) where offset == 0: return "UTC"
    case .fixed(let offset):
      let magnitude = Int(clamping: offset.magnitude / 60)
      let hours = magnitude / 60
      let minutes = magnitude % 60
      return (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours) + ":"
        + (minutes < 10 ? "0" : "") + String(minutes)
    case .named(let name): return name
    }
  }
}
