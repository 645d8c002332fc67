import GitActivity

extension Invocation {
  /// What a run makes: the format and the file, the layout, one graph or one per author or a
  /// table, the interactive view.
  struct Output {
    /// `--layout`: weeks as columns (GitHub's), the wall calendar, or the punch card.
    enum Layout: String, CaseIterable {
      case github, calendar, punchcard, frequency
    }

    enum Mode: Equatable {
      case graph
      /// `--by-author`: a graph for each of the top authors.
      case byAuthor(top: Int, perAuthorScale: Bool)
      /// `--authors`: a table of authors.
      case authorTable(AuthorSummary.Order, top: Int?)
    }

    var format: Format = .terminal
    /// A PNG of the SVG (`--format png`, `-o FILE.png`): `format` is then `.svg`.
    var isPNG = false
    /// `--scale-factor`: PNG pixels per SVG pixel.
    var scaleFactor: Double
    /// With `--format commits`: NDJSON or CSV, gzipped or not.
    var exportShape = ExportShape()
    /// `-o`: the file written (`-` is standard output), nil for standard output.
    var file: String?
    var layout: Layout
    var mode = Mode.graph
    /// `-i`: the interactive view.
    var isInteractive: Bool
    /// `--languages`: lines added and removed by language, instead of a graph.
    var showsLanguages = false
    /// `--review`: the year in review card.
    var showsReview = false
    /// `--commit-url`: the page's link for a commit, `%H`/`%h` replaced.
    var commitURL: String?
    var isQuiet: Bool
    /// `--counts-only`, `heatmap.countsOnly`: only dates, counts and statistics leave.
    var isCountsOnly: Bool
    /// `--pseudonymize`: the key file of a pseudonymous export.
    var pseudonymKeyFile: String?

    init(_ parsed: ParsedArguments) throws(CommandError) {
      layout = parsed.last(.layout).flatMap(Layout.init(rawValue:)) ?? .github
      isInteractive = parsed.has(.interactive)
      showsLanguages = parsed.has(.languages)
      showsReview = parsed.has(.review)
      isQuiet = parsed.has(.quiet)
      isCountsOnly = parsed.has(.countsOnly)
      pseudonymKeyFile = parsed.last(.pseudonymize)
      commitURL = parsed.last(.commitUrl)
      scaleFactor = try parsed.number(.scaleFactor) ?? 1
      if parsed.has(.byAuthor) {
        let top = try parsed.whole(.top) ?? Invocation.tableDefault(.top)
        mode = .byAuthor(top: top, perAuthorScale: parsed.has(.scalePerAuthor))
      } else if parsed.has(.authors) {
        mode = .authorTable(
          parsed.last(.sort).flatMap(AuthorSummary.Order.init(rawValue:)) ?? .commits,
          top: try parsed.whole(.top))
      }
      file = parsed.last(.output)
      let lowered = file?.lowercased() ?? ""
      if let format = parsed.last(.format) {
        isPNG = format == "png"
        self.format = isPNG ? .svg : Format(rawValue: format) ?? .terminal
        if self.format == .commits {
          exportShape.isGzipped = lowered.hasSuffix(".gz")
          let base = exportShape.isGzipped ? String(lowered.dropLast(3)) : lowered
          exportShape.form = base.hasSuffix(".csv") ? .csv : .ndjson
        }
      } else if let file, file != "-" {
        if lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".ndjson.gz")
          || lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".jsonl.gz")
        {
          self.format = .commits
          exportShape.isGzipped = lowered.hasSuffix(".gz")
        } else if lowered.hasSuffix(".png") {
          isPNG = true
          self.format = .svg
        } else if let match = Format.allCases.first(where: {
          $0 != .terminal && $0 != .summary && lowered.hasSuffix("." + $0.rawValue)
        }) {
          self.format = match
        } else if lowered.hasSuffix(".txt") {
          self.format = .summary
        } else {
          throw CommandError.usage(
            "cannot tell the format of '\(file)' from its extension: add --format, or name it .svg, .png, .csv, .json, .txt, .html or .ndjson"
          )
        }
      }
    }

    /// Whether the output goes to standard output.
    var writesStandardOutput: Bool { file.map { $0 == "-" } ?? true }

    /// Whether the table is sorted by lines (`--sort lines`, `insertions`, `deletions`), which
    /// must then be counted whatever the measure.
    var sortsByLines: Bool {
      guard case .authorTable(let order, _) = mode else { return false }
      return [.lines, .insertions, .deletions].contains(order)
    }
  }
}
