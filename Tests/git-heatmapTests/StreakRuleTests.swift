import Foundation
import GitActivity
import TestSupport
import Testing

/// `--streak daily|weekdays|weekly` and `--streak-allow N`, each rule at its edges: which days
/// a streak needs, how many it may miss, when it is current, and that every surface says which
/// rule counted.
@Suite("Streak rules: weekends off, days off, weekly streaks")
struct StreakRuleTests {
  /// A repository with one commit at noon UTC on each of `days` (ISO dates).
  static func repository(_ days: [String]) throws -> TemporaryRepository {
    let repo = try TemporaryRepository()
    let formatter = ISO8601DateFormatter()
    for day in days {
      let moment = Int(formatter.date(from: day + "T12:00:00Z")?.timeIntervalSince1970 ?? 0)
      try repo.commit(day, date: "\(moment) +0000")
    }
    return repo
  }

  /// The JSON's longest and current streaks: (start, end, length, unit), or nil.
  static func streaks(
    _ repo: TemporaryRepository, _ arguments: [String], today: String
  ) throws -> (longest: [String]?, current: [String]?) {
    let now = ISO8601DateFormatter().date(from: today + "T18:00:00Z") ?? Date()
    let result = heatmap(
      ["--format", "json", "--since", "2024-11-01", "--until", today] + arguments, in: repo.path,
      now: now)
    try #require(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let streaks = try #require(object["streaks"] as? [String: Any])
    func fields(_ key: String) -> [String]? {
      guard let streak = streaks[key] as? [String: Any] else { return nil }
      return [
        streak["start"] as? String ?? "", streak["end"] as? String ?? "",
        "\(streak["length"] as? Int ?? -1)", streak["unit"] as? String ?? "",
      ]
    }
    return (fields("longest"), fields("current"))
  }

  // 2 December 2024 is a Monday.
  static let twoWorkWeeks = [
    "2024-12-02", "2024-12-03", "2024-12-04", "2024-12-05", "2024-12-06",
    "2024-12-09", "2024-12-10", "2024-12-11", "2024-12-12", "2024-12-13",
  ]

  @Test("weekdays: a weekend without commits neither breaks nor counts; one with commits counts")
  func weekdays() throws {
    let repo = try Self.repository(Self.twoWorkWeeks)
    let daily = try Self.streaks(repo, [], today: "2024-12-13")
    #expect(daily.longest == ["2024-12-09", "2024-12-13", "5", "day"])
    let weekdays = try Self.streaks(repo, ["--streak", "weekdays"], today: "2024-12-13")
    #expect(weekdays.longest == ["2024-12-02", "2024-12-13", "10", "day"])
    #expect(weekdays.current == weekdays.longest)
    let saturday = try Self.repository(Self.twoWorkWeeks + ["2024-12-07"])
    #expect(
      try Self.streaks(saturday, ["--streak", "weekdays"], today: "2024-12-13").longest
        == ["2024-12-02", "2024-12-13", "11", "day"])
    // Monday the 16th, no commit yet: still current (the weekend was not needed, today may come).
    #expect(
      try Self.streaks(repo, ["--streak", "weekdays"], today: "2024-12-16").current?[2] == "10")
    // Tuesday the 17th with Monday missed: over.
    #expect(try Self.streaks(repo, ["--streak", "weekdays"], today: "2024-12-17").current == nil)
  }

  @Test(
    "--streak-allow N: N missed days in a row keep a streak, N + 1 end it; missed days do not count"
  )
  func allowance() throws {
    // Active, two days missed, active, three missed, active.
    let repo = try Self.repository(["2024-12-02", "2024-12-05", "2024-12-09"])
    #expect(
      try Self.streaks(repo, ["--streak-allow", "1"], today: "2024-12-09").longest?[2] == "1")
    #expect(
      try Self.streaks(repo, ["--streak-allow", "2"], today: "2024-12-09").longest
        == ["2024-12-02", "2024-12-05", "2", "day"])
    #expect(
      try Self.streaks(repo, ["--streak-allow", "3"], today: "2024-12-09").longest
        == ["2024-12-02", "2024-12-09", "3", "day"])
    // Current: the days missed since the last commit, today aside, within the allowance.
    #expect(try Self.streaks(repo, ["--streak-allow", "2"], today: "2024-12-12").current != nil)
    #expect(try Self.streaks(repo, ["--streak-allow", "2"], today: "2024-12-13").current == nil)
    // With weekdays, a weekend is not a missed day: Friday to Monday is no gap at all.
    let friday = try Self.repository(["2024-12-05", "2024-12-06", "2024-12-10"])
    #expect(
      try Self.streaks(
        friday, ["--streak", "weekdays", "--streak-allow", "1"], today: "2024-12-10"
      )
      .longest == ["2024-12-05", "2024-12-10", "3", "day"])
    #expect(
      try Self.streaks(friday, ["--streak", "weekdays"], today: "2024-12-10").longest?[2] == "2")
  }

  @Test("weekly: weeks from the week start with a commit; a week missed ends it unless allowed")
  func weekly() throws {
    let repo = try Self.repository([
      "2024-11-05", "2024-11-12", "2024-11-13", "2024-11-19", "2024-12-03", "2024-12-10",
    ])
    let weekly = try Self.streaks(repo, ["--streak", "weekly"], today: "2024-12-12")
    #expect(weekly.longest == ["2024-11-05", "2024-11-19", "3", "week"])
    #expect(weekly.current == ["2024-12-03", "2024-12-10", "2", "week"])
    #expect(
      try Self.streaks(repo, ["--streak", "weekly", "--streak-allow", "1"], today: "2024-12-12")
        .longest == ["2024-11-05", "2024-12-10", "5", "week"])
    // The next week, no commit yet: this week may still come.
    #expect(
      try Self.streaks(repo, ["--streak", "weekly"], today: "2024-12-16").current?[2] == "2")
    #expect(try Self.streaks(repo, ["--streak", "weekly"], today: "2024-12-23").current == nil)
    // A week that starts on Monday splits the same days otherwise.
    #expect(
      try Self.streaks(repo, ["--streak", "weekly", "--week-start", "monday"], today: "2024-12-12")
        .longest?[2] == "3")
  }

  @Test("every surface says the rule; heatmap.streak sets it; bad values are usage errors")
  func surfaces() throws {
    let repo = try Self.repository(Self.twoWorkWeeks)
    let now = ISO8601DateFormatter().date(from: "2024-12-13T18:00:00Z") ?? Date()
    let arguments = ["--since", "2024-11-01", "--until", "2024-12-13", "--streak", "weekdays"]
    let summary = heatmap(arguments + ["--format", "summary"], in: repo.path, now: now).stdout
    #expect(summary.contains("Longest streak 10 days (weekdays), from Monday, 2 December 2024"))
    let terminal = heatmap(
      arguments + ["--color", "never"], in: repo.path, environment: ["COLUMNS": "120"], now: now
    ).stdout
    #expect(terminal.contains("longest streak 10 days (weekdays)"), "\(terminal)")
    let svg = heatmap(arguments + ["--format", "svg"], in: repo.path, now: now).stdout
    #expect(svg.contains("Longest streak 10 days (weekdays)"))
    let page = heatmap(arguments + ["--format", "html"], in: repo.path, now: now).stdout
    #expect(page.contains(#""streak":{"kind":"weekdays","allowance":0,"unit":"day"}"#))
    #expect(page.contains("longest streak 10 days (weekdays)"))
    try repo.git(["config", "heatmap.streak", "weekly"])
    try repo.git(["config", "heatmap.streakAllow", "1"])
    let configured = heatmap(
      ["--since", "2024-11-01", "--until", "2024-12-13", "--format", "summary"], in: repo.path,
      now: now
    ).stdout
    #expect(configured.contains("Longest streak 2 weeks (1 week off allowed)"), "\(configured)")
    for (bad, words) in [
      (["--streak", "monthly"], "invalid value 'monthly' for '--streak'"),
      (["--streak-allow", "-1"], "invalid value '-1' for '--streak-allow"),
      (["--streak-allow", "x"], "invalid value 'x' for '--streak-allow"),
    ] {
      let result = heatmap(bad, in: repo.path)
      #expect(result.status == 64 && result.stderr.contains(words), "\(result.stderr)")
    }
  }
}
