import Foundation

/// One commit of a day, as `--day` lists it.
public struct DayCommit: Hashable, Sendable {
  /// The full commit id.
  public var id: String
  /// When, and the offset it is shown in (the author's own, or `--timezone`'s).
  public var seconds: Int64
  /// Seconds east of UTC.
  var offsetSeconds: Int64
  /// Who wrote it, mailmapped.
  public var author: Author
  /// The subject line.
  public var subject: String
  /// The lines it changes, when they were counted.
  public var lines: LineStats?
  /// The agents that assisted it, when it is AI-assisted (`CountedCommit.agents`).
  var agents: [String] = []

  /// A commit to list.
  public init(
    id: String, seconds: Int64, offsetSeconds: Int64, author: Author, subject: String,
    lines: LineStats? = nil, agents: [String] = []
  ) {
    self.agents = agents
    self.id = id
    self.seconds = seconds
    self.offsetSeconds = offsetSeconds
    self.author = author
    self.subject = subject
    self.lines = lines
  }

  /// `14:03 +0200`: the time of day with its offset, as git prints `%ad` with `--date=format:%H:%M %z`.
  public var time: String {
    let local = seconds + offsetSeconds
    let secondOfDay = ((local % 86_400) + 86_400) % 86_400
    let (hours, minutes) = (secondOfDay / 3_600, secondOfDay % 3_600 / 60)
    let offsetMinutes = abs(offsetSeconds) / 60
    func two(_ value: Int64) -> String { (value < 10 ? "0" : "") + String(value) }
    return "\(two(hours)):\(two(minutes)) \(offsetSeconds < 0 ? "-" : "+")"
      + "\(two(offsetMinutes / 60))\(two(offsetMinutes % 60))"
  }
}
