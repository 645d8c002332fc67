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
    var commit: DayCommit
    /// The day it counts on (in the report's zone).
    var day: Day
    /// Its repository's position in `repositories`.
    var repository: Int
    /// Whether it counts for its author (false when only a co-author passed the filter).
    var countsAuthor: Bool
    /// The co-authors it also counts for.
    var coAuthors: [Author]

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

  /// The page's heading: a title, or the repositories' names and whose commits
  /// (`ReportText.heading`).
  var title: String
  /// The repositories' names, in the order `Commit.repository` numbers them.
  var repositories: [String]
  /// The commits, in any order (the page lists a day's newest first).
  var commits: [Commit]
  /// The view the page opens on (the command line's window), and the week's first day.
  var window: Window
  /// Today, for the current streak and the "last year" view.
  var today: Day
  /// How counts become levels.
  public var scale = LevelScale.github
  /// Colours: the theme (`auto` follows the viewer), tint and level colours.
  public var appearance = SVGOptions()
  /// A link for each commit: `%H` (the full id) and `%h` (the short one) replaced.
  public var commitURL: String?
  /// The clock the punch card reads: `each author's own clock` or a zone's.
  public var clock = "each author's own clock"
  /// `--review --format html`: the year-in-review card (an SVG document) and the text that
  /// says all of it, shown as a section under the graph. The card is an image (a `data:` URL,
  /// the only kind the page's policy lets in), so that its own style sheet needs no exception.
  public var review: (svg: String, description: String)?
  /// What the graph counts when the page opens; with lines in the commits, the reader can
  /// switch between commits and lines.
  public var measure = Measure.commits
  /// How streaks are counted, as the command's other surfaces count them.
  public var streakRule = StreakRule.daily
  /// The report of the view the page opens on, when there is one: its heading, statistics and
  /// graph are then written into the page itself, for a reader without JavaScript.
  public var openingReport: ActivityReport?
  /// `--counts-only`: the page holds the graph, the years and the statistics, and nothing of
  /// what the commits were (no lists of commits, people, repositories, punch card or calendar);
  /// its commits are the days' counts (`countsOnly(_:)`).
  public var isCountsOnly = false

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

  /// The commits a counts-only page holds: for each day of `activity`, as many commits as it
  /// counted, with nothing of them but the day (the first carries the day's lines, and as many
  /// as the day had AI-assisted are marked so, by no agent's name).
  public static func countsOnly(_ activity: DailyActivity) -> [Commit] {
    var commits: [Commit] = []
    let counts = activity.commitCounts
    for (index, day) in activity.days.enumerated() where counts[index] > 0 {
      let assisted = index < activity.assistedCommits.count ? activity.assistedCommits[index] : 0
      for number in 0..<counts[index] {
        var lines: LineStats?
        if index < activity.insertions.count {
          lines =
            number == 0
            ? LineStats(
              insertions: activity.insertions[index], deletions: activity.deletions[index], files: 0
            )
            : LineStats()
        }
        let commit = DayCommit(
          id: "", seconds: Int64(day.number) * 86_400, offsetSeconds: 0,
          author: Author(name: "", email: ""), subject: "", lines: lines,
          agents: number < assisted ? ["AI"] : [])
        commits.append(Commit(commit: commit, day: day, repository: 0))
      }
    }
    return commits
  }

  /// The characters of the short id (as `--day` shows it).
  static let shortIDLength = 10

  /// The whole page.
  /// Kept whole: the page's markup in document order, one template.
  public func html() -> String {
    let style = Self.style(
      light: appearance.palette(dark: false), dark: appearance.palette(dark: true))
    let script = Self.script
    let policy =
      "default-src 'none'; style-src 'sha256-\(SHA256.base64Digest(Array(style.utf8)))'; "
      + "script-src 'sha256-\(SHA256.base64Digest(Array(script.utf8)))'; "
      + "img-src \(review == nil ? "'none'" : "data:"); base-uri 'none'; form-action 'none'"
    let theme: String =
      switch appearance.theme {
      case .github: "light"
      case .githubDark: "dark"
      case .auto: "auto"
      }
    let name = TextEscaping.xml(TextEscaping.terminal(title))
    let opening = opening()
    // Parts a counts-only page leaves hidden: the script never shows or draws them.
    let scripted = isCountsOnly ? "" : " data-script"
    // Lines: Added, Removed and Net in the people table, and Code frequency (shown by the
    // script when the commits carry their lines).
    let lineHeaders = [("added", "Added"), ("removed", "Removed"), ("net", "Net")].map {
      #"<th scope="col" class="number lines-only" data-sort="\#($0.0)" aria-sort="none" hidden><button type="button">\#($0.1)</button></th>"#
    }.joined()
    let reviewSection =
      review.map {
        """
        <section id="review-section" aria-labelledby="review-heading">
        <h2 id="review-heading">Year in review</h2>
        <img class="review" src="data:image/svg+xml;base64,\(Data($0.svg.utf8).base64EncodedString())" \
        alt="\(TextEscaping.xml(TextEscaping.terminal($0.description)))">
        </section>

        """
      } ?? ""
    let frequencySection = """
      <section id="frequency-section" class="lines-only" hidden aria-labelledby="frequency-heading">
      <h2 id="frequency-heading">Code frequency</h2>
      <p id="frequency-caption"></p>
      <div id="frequency" class="scroll"></div>
      </section>

      """
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
      <p id="headline" aria-live="polite">\(opening.headline)</p>
      <p id="statistics">\(opening.statistics)</p>
      </header>
      <noscript><p>JavaScript is off, so this page shows the view it opens on; with it on, it \
      also shows other years, each day's commits, the people, the punch card and a calendar.</p></noscript>
      <main class="layout">
      <div class="content">
      <section class="graph-area" aria-labelledby="headline">
      <div class="controls"\(scripted) hidden>
      <label for="filter">People</label>
      <input id="filter" type="search" placeholder="Filter by name or email" autocomplete="off" spellcheck="false">
      <span id="measure-control" hidden><label for="measure">Count</label> <select id="measure"><option value="commits">Commits</option><option value="lines">Lines changed</option><option value="insertions">Lines added</option><option value="deletions">Lines removed</option></select></span>
      <span id="assisted-control" hidden><label for="assisted">AI-assisted</label> <select id="assisted"><option value="all">All commits</option><option value="exclude">Without AI-assisted</option><option value="only">AI-assisted only</option></select></span>
      <fieldset id="repositories" hidden><legend>Repositories</legend></fieldset>
      </div>
      <p id="breakdown"></p>
      <div id="graph" class="graph">\(opening.graph)</div>
      <div class="legend" aria-hidden="true">Less <span class="cell l0"></span><span class="cell l1"></span><span class="cell l2"></span><span class="cell l3"></span><span class="cell l4"></span> More</div>
      </section>
      \(reviewSection)<section id="day"\(scripted) hidden aria-labelledby="day-heading">
      <h2 id="day-heading">Choose a day</h2>
      <p id="day-totals" aria-live="polite"></p>
      <div id="day-commits"></div>
      </section>
      <section id="people"\(scripted) hidden aria-labelledby="people-heading">
      <h2 id="people-heading">People</h2>
      <div class="scroll people" tabindex="0" aria-labelledby="people-heading"><table id="author-table"><caption id="people-caption"></caption>
      <thead><tr><th scope="col">Author</th><th scope="col" class="number" data-sort="commits" aria-sort="descending"><button type="button">Commits</button></th>\(lineHeaders)<th scope="col" class="number">Active days</th><th scope="col">First day</th><th scope="col">Last day</th></tr></thead>
      <tbody></tbody></table></div>
      </section>
      \(frequencySection)<section id="punchcard-section"\(scripted) hidden aria-labelledby="punchcard-heading">
      <h2 id="punchcard-heading">Punch card</h2>
      <p id="punchcard-caption"></p>
      <div id="punchcard" class="scroll"></div>
      </section>
      <section id="calendar-section"\(scripted) hidden aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Calendar</h2>
      <label for="month">Month</label> <select id="month"></select>
      <div id="calendar"></div>
      </section>
      </div>
      <nav id="years" data-script hidden aria-label="Years"><ul></ul></nav>
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
    // Positions are sorted, not the commits (each holds four strings to retain and release).
    let ordered = commits.indices.sorted {
      let (a, b) = (commits[$0].commit, commits[$1].commit)
      return a.seconds != b.seconds ? a.seconds > b.seconds : a.id > b.id
    }.map { commits[$0] }
    var people: [Author] = []
    var numbers: [Author: Int] = [:]
    func number(_ author: Author) -> Int {
      if let known = numbers[author] { return known }
      numbers[author] = people.count
      people.append(author)
      return people.count - 1
    }
    let idLength = commitURL.map { $0.contains("%H") } ?? false ? 40 : Self.shortIDLength
    var out: [UInt8] = []
    out.reserveCapacity(ordered.count * 96 + 4_096)
    func raw(_ text: String) { out += text.utf8 }
    func string(_ text: String) { Self.appendScriptString(text, to: &out) }
    /// `"name":[v,v,…]` of one number per commit.
    func column(_ name: String, _ value: (Commit) -> Int) {
      raw("\"\(name)\":[")
      for (position, entry) in ordered.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        ExportEncoding.appendInteger(value(entry), to: &out)
      }
      raw("]")
    }
    appendSettings(to: &out)
    // People are numbered as the commits name them, newest first.
    let authorNumbers = ordered.map { number($0.commit.author) }
    let coAuthorNumbers = ordered.map { $0.coAuthors.map(number) }
    raw("],\"people\":[")
    for (index, person) in people.enumerated() {
      raw(index > 0 ? ",[" : "[")
      string(person.name)
      raw(",")
      string(person.email)
      raw("]")
    }
    raw("],\"commits\":{\"idLength\":\(idLength),")
    column("day") { $0.day.number }
    raw(",")
    column("minute") {
      let local = $0.commit.seconds + $0.commit.offsetSeconds
      return Int(((local % 86_400) + 86_400) % 86_400 / 60)
    }
    raw(",")
    column("offset") { Int($0.commit.offsetSeconds / 60) }
    raw(",\"author\":[")
    for (position, author) in authorNumbers.enumerated() {
      if position > 0 { raw(",") }
      ExportEncoding.appendInteger(author, to: &out)
    }
    raw("],")
    column("repository") { $0.repository }
    if !ordered.isEmpty && ordered.allSatisfy({ $0.commit.lines != nil }) {
      raw(",")
      column("insertions") { $0.commit.lines?.insertions ?? 0 }
      raw(",")
      column("deletions") { $0.commit.lines?.deletions ?? 0 }
    }
    raw(",\"id\":\"")
    for entry in ordered {
      let id = entry.commit.id.utf8.prefix(idLength)
      out += id
      out += repeatElement(UInt8(ascii: "0"), count: idLength - id.count)
    }
    Self.appendTexts(of: ordered, coAuthors: coAuthorNumbers, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The page's settings in `dataJSON`: the day, the window, the streak rule, the scale, the
  /// clock, the measure, the commit links and the repositories.
  private func appendSettings(to out: inout [UInt8]) {
    let window = self.window
    let year: String =
      if case .year(let year) = window.kind { String(year) } else { "null" }
    let label: String =
      switch window.kind {
      case .lastWeeks(WindowRequest.defaultWeeks): "Last year"
      case .lastWeeks(let weeks): weeks == 1 ? "Last week" : "Last \(weeks) weeks"
      case .year(let year): String(year)
      case .lastMonths(let months): "Last \(months) months"
      case .weeksEnding, .between:
        ReportText.range(window.days.first, window.days.last, joinedBy: " to ")
      }
    Self.raw(&out, "{\"v\":1,\"countsOnly\":\(isCountsOnly),\"today\":\(today.number),")
    Self.raw(&out, "\"weekStart\":\(window.weekStart.rawValue - 1),")
    Self.raw(
      &out,
      "\"streak\":{\"kind\":\"\(streakRule.kind.rawValue)\",\"allowance\":\(streakRule.allowance),\"unit\":\"\(streakRule.unit)\"},"
    )
    Self.raw(
      &out, "\"window\":{\"first\":\(window.days.first.number),\"last\":\(window.days.last.number),"
    )
    Self.raw(&out, "\"year\":\(year),\"label\":")
    Self.string(&out, label)
    Self.raw(&out, ",\"phrase\":")
    Self.string(&out, ReportText.phrase(window))
    Self.raw(&out, "},\"scale\":")
    Self.string(&out, scale.rawValue)
    Self.raw(&out, ",\"clock\":")
    Self.string(&out, clock)
    Self.raw(&out, ",\"measure\":")
    Self.string(&out, measure.rawValue)
    Self.raw(&out, ",\"url\":")
    if let commitURL { Self.string(&out, commitURL) } else { Self.raw(&out, "null") }
    Self.raw(&out, ",\"repositories\":[")
    for (index, name) in repositories.enumerated() {
      if index > 0 { Self.raw(&out, ",") }
      Self.string(&out, name)
    }
  }

  /// The commits' texts in `dataJSON`: subjects, co-authors, agents, and which commits
  /// do not credit their author.
  private static func appendTexts(
    of ordered: [Commit], coAuthors coAuthorNumbers: [[Int]], to out: inout [UInt8]
  ) {
    Self.raw(&out, "\",\"subject\":[")
    for (position, entry) in ordered.enumerated() {
      if position > 0 { Self.raw(&out, ",") }
      Self.string(&out, entry.commit.subject)
    }
    Self.raw(&out, "],\"coAuthors\":{")
    var first = true
    for (position, list) in coAuthorNumbers.enumerated() where !list.isEmpty {
      Self.raw(&out, first ? "\"\(position)\":[" : ",\"\(position)\":[")
      first = false
      Self.raw(&out, list.map(String.init).joined(separator: ","))
      Self.raw(&out, "]")
    }
    Self.raw(&out, "},\"agents\":{")
    first = true
    for (position, entry) in ordered.enumerated() where !entry.commit.agents.isEmpty {
      Self.raw(&out, first ? "\"\(position)\":" : ",\"\(position)\":")
      first = false
      Self.string(&out, entry.commit.agents.joined(separator: ", "))
    }
    Self.raw(&out, "},\"uncredited\":[")
    Self.raw(
      &out,
      ordered.indices.filter { !ordered[$0].countsAuthor }.map(String.init).joined(separator: ","))
    Self.raw(&out, "]}}")
  }

  private static func raw(_ out: inout [UInt8], _ text: String) { out += text.utf8 }
  private static func string(_ out: inout [UInt8], _ text: String) {
    appendScriptString(text, to: &out)
  }

  /// Appends a JSON string for inside a `<script>`: display text (controls and bidirectional
  /// marks shown by their code points, as on a terminal, line separators made spaces), then JSON's escapes, with
  /// `<`, `>` and `&` as `\u003c` … so that no `</script>` or `<!--` can form. One pass over the
  /// scalars, for the 80,000 subjects of a long history.
  static func appendScriptString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in TextEscaping.terminal(text).unicodeScalars {
      switch scalar {
      case "\"": out += [0x5C, 0x22]
      case "\\": out += [0x5C, 0x5C]
      case "<", ">", "&": ExportEncoding.appendEscape(scalar, to: &out)
      // The separators would end a line in old JavaScript, and break one on the page.
      case "\u{2028}", "\u{2029}": out.append(UInt8(ascii: " "))
      default:
        ExportEncoding.appendUTF8(scalar, to: &out)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
