import Foundation

/// The contribution page (`--format html`): GitHub's profile graph as one offline HTML file.
/// The year's graph with the list of years beside it, a day's commits below it, the people
/// behind the counts with a filter, the repositories' breakdown, the punch card and a month's
/// calendar, all drawn in the browser from the commits embedded as JSON.
///
/// The file asks for nothing: a `Content-Security-Policy` forbids every request and names the
/// one style sheet and the one script by their SHA-256, so that text from commits can never run,
/// even if it were to escape its JSON. The page is the same bytes for the same commits.
public struct ContributionPage: Sendable {
  /// One counted commit as the page lists and counts it.
  public struct Commit: Hashable, Sendable {
    /// Its id, time, author and subject, as `--day` lists it.
    public var commit: DayCommit
    /// The day it counts on (in the report's zone).
    public var day: Day
    /// Its repository's position in `repositories`.
    public var repository: Int
    /// Whether it counts for its author (false when only a co-author passed the filter).
    public var countsAuthor: Bool
    /// The co-authors it also counts for.
    public var coAuthors: [Author]

    /// A commit of the page.
    public init(
      commit: DayCommit, day: Day, repository: Int, countsAuthor: Bool = true,
      coAuthors: [Author] = []
    ) {
      self.commit = commit
      self.day = day
      self.repository = repository
      self.countsAuthor = countsAuthor
      self.coAuthors = coAuthors
    }
  }

  /// The page's heading: a title, or the repositories' names.
  public var title: String
  /// The repositories' names, in the order `Commit.repository` numbers them.
  public var repositories: [String]
  /// The commits, in any order (the page lists a day's newest first).
  public var commits: [Commit]
  /// The view the page opens on (the command line's window), and the week's first day.
  public var window: Window
  /// Today, for the current streak and the "last year" view.
  public var today: Day
  /// How counts become levels.
  public var scale = LevelScale.github
  /// Colours: the theme (`auto` follows the viewer), tint and level colours.
  public var appearance = SVGOptions()
  /// A link for each commit: `%H` (the full id) and `%h` (the short one) replaced.
  public var commitURL: String?
  /// Whose commits, when filtered (`commits by …`), for the heading.
  public var subject: String?
  /// The clock the punch card reads: `each author's own clock` or a zone's.
  public var clock = "each author's own clock"

  /// A page of `commits` in `repositories`, opening on `window`.
  public init(
    title: String, repositories: [String], commits: [Commit], window: Window, today: Day
  ) {
    self.title = title
    self.repositories = repositories
    self.commits = commits
    self.window = window
    self.today = today
  }

  /// The characters of the short id (as `--day` shows it).
  static let shortIDLength = 10

  /// The whole page.
  public func html() -> String {
    let style = Self.style(
      light: appearance.palette(dark: false), dark: appearance.palette(dark: true))
    let script = Self.script
    let policy =
      "default-src 'none'; style-src 'sha256-\(SHA256.base64Digest(Array(style.utf8)))'; "
      + "script-src 'sha256-\(SHA256.base64Digest(Array(script.utf8)))'; "
      + "img-src 'none'; base-uri 'none'; form-action 'none'"
    let theme: String =
      switch appearance.theme {
      case .github: "light"
      case .githubDark: "dark"
      case .auto: "auto"
      }
    var heading = title
    if let subject { heading += " · commits by " + subject }
    let name = TextEscaping.xml(TextEscaping.terminal(heading))
    return """
      <!DOCTYPE html>
      <html lang="en" data-theme="\(theme)">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="\(theme == "auto" ? "light dark" : theme)">
      <meta name="generator" content="git-heatmap">
      <title>\(name) · contributions</title>
      <style>\(style)</style>
      </head>
      <body>
      <header>
      <h1 id="title">\(name)</h1>
      <p id="headline" aria-live="polite"></p>
      <p id="statistics"></p>
      </header>
      <noscript><p>This page draws its graph with JavaScript, which is off.</p></noscript>
      <main class="layout">
      <div class="content">
      <section class="graph-area" aria-labelledby="headline">
      <div class="controls">
      <label for="filter">People</label>
      <input id="filter" type="search" placeholder="Filter by name or email" autocomplete="off" spellcheck="false">
      <fieldset id="repositories" hidden><legend>Repositories</legend></fieldset>
      </div>
      <p id="breakdown"></p>
      <div id="graph" class="graph"></div>
      <div class="legend" aria-hidden="true">Less <span class="cell l0"></span><span class="cell l1"></span><span class="cell l2"></span><span class="cell l3"></span><span class="cell l4"></span> More</div>
      </section>
      <section id="day" aria-labelledby="day-heading">
      <h2 id="day-heading">Choose a day</h2>
      <p id="day-totals" aria-live="polite"></p>
      <div id="day-commits"></div>
      </section>
      <section id="people" aria-labelledby="people-heading">
      <h2 id="people-heading">People</h2>
      <div class="scroll people" tabindex="0" aria-labelledby="people-heading"><table id="author-table"><caption id="people-caption"></caption>
      <thead><tr><th scope="col">Person</th><th scope="col" class="number">Commits</th><th scope="col" class="number">Active days</th><th scope="col">First day</th><th scope="col">Last day</th></tr></thead>
      <tbody></tbody></table></div>
      </section>
      <section id="punchcard-section" aria-labelledby="punchcard-heading">
      <h2 id="punchcard-heading">Punch card</h2>
      <p id="punchcard-caption"></p>
      <div id="punchcard" class="scroll"></div>
      </section>
      <section id="calendar-section" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Calendar</h2>
      <label for="month">Month</label> <select id="month"></select>
      <div id="calendar"></div>
      </section>
      </div>
      <nav id="years" aria-label="Years"><ul></ul></nav>
      </main>
      <div id="tooltip" role="tooltip" hidden></div>
      <script type="application/json" id="data">\(dataJSON())</script>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  /// The commits and what the page needs to count them, as JSON that is safe inside a
  /// `<script>` element: `<`, `>` and `&` are escaped too, so no `</script>` or `<!--` can
  /// appear, and U+2028/U+2029 and every control are escaped.
  func dataJSON() -> String {
    // Newest first, as `--day` lists a day (ties by id, highest first).
    let ordered = commits.sorted {
      ($0.commit.seconds, $0.commit.id) > ($1.commit.seconds, $1.commit.id)
    }
    var people: [Author] = []
    var numbers: [Author: Int] = [:]
    func number(_ author: Author) -> Int {
      if let known = numbers[author] { return known }
      numbers[author] = people.count
      people.append(author)
      return people.count - 1
    }
    let idLength =
      commitURL.map { $0.contains("%H") } ?? false ? 40 : Self.shortIDLength
    var days: [String] = []
    var minutes: [String] = []
    var offsets: [String] = []
    var authors: [String] = []
    var repositoryNumbers: [String] = []
    var ids = ""
    var subjects: [String] = []
    var coAuthors: [String] = []
    var uncredited: [String] = []
    days.reserveCapacity(ordered.count)
    for (position, entry) in ordered.enumerated() {
      let commit = entry.commit
      days.append(String(entry.day.number))
      let local = commit.seconds + commit.offsetSeconds
      minutes.append(String(((local % 86_400) + 86_400) % 86_400 / 60))
      offsets.append(String(commit.offsetSeconds / 60))
      authors.append(String(number(commit.author)))
      repositoryNumbers.append(String(entry.repository))
      let id = commit.id.prefix(idLength)
      ids += id + String(repeating: "0", count: idLength - id.count)
      subjects.append(Self.scriptString(commit.subject))
      if !entry.coAuthors.isEmpty {
        coAuthors.append(
          "\"\(position)\":[" + entry.coAuthors.map { String(number($0)) }.joined(separator: ",")
            + "]")
      }
      if !entry.countsAuthor { uncredited.append(String(position)) }
    }
    func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
    let window = self.window
    let year: String =
      if case .year(let year) = window.kind { String(year) } else { "null" }
    let label: String =
      switch window.kind {
      case .lastWeeks(WindowRequest.defaultWeeks): "Last year"
      case .lastWeeks(let weeks): weeks == 1 ? "Last week" : "Last \(weeks) weeks"
      case .year(let year): String(year)
      case .weeksEnding, .between: "\(window.days.first.iso) to \(window.days.last.iso)"
      }
    var fields = [
      "\"v\":1",
      "\"today\":\(today.number)",
      "\"weekStart\":\(window.weekStart.rawValue - 1)",
      "\"window\":{\"first\":\(window.days.first.number),\"last\":\(window.days.last.number),"
        + "\"year\":\(year),\"label\":\(Self.scriptString(label)),"
        + "\"phrase\":\(Self.scriptString(window.phrase))}",
      "\"scale\":\(Self.scriptString(scale.rawValue))",
      "\"clock\":\(Self.scriptString(clock))",
      "\"url\":\(commitURL.map(Self.scriptString) ?? "null")",
      "\"repositories\":" + list(repositories.map { Self.scriptString(TextEscaping.terminal($0)) }),
      "\"people\":"
        + list(
          people.map {
            "[" + Self.scriptString($0.name) + "," + Self.scriptString($0.email) + "]"
          }),
    ]
    fields.append(
      "\"commits\":{\"idLength\":\(idLength),\"day\":\(list(days)),\"minute\":\(list(minutes)),"
        + "\"offset\":\(list(offsets)),\"author\":\(list(authors)),"
        + "\"repository\":\(list(repositoryNumbers)),\"id\":\"\(ids)\","
        + "\"subject\":\(list(subjects)),\"coAuthors\":{\(coAuthors.joined(separator: ","))},"
        + "\"uncredited\":\(list(uncredited))}")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A JSON string for inside a `<script>`: display text (controls and bidirectional marks
  /// removed, as for a terminal, line separators made spaces), then JSON's escapes, with `<`, `>` and `&` as `\u003c` ….
  static func scriptString(_ text: String) -> String {
    var result = ""
    // A line or paragraph separator would break a line of the page: a space stands for it.
    let shown = String(
      String.UnicodeScalarView(
        TextEscaping.terminal(text).unicodeScalars.map {
          $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
        }))
    for scalar in TextEscaping.json(shown).unicodeScalars {
      switch scalar {
      case "<": result += "\\u003c"
      case ">": result += "\\u003e"
      case "&": result += "\\u0026"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
