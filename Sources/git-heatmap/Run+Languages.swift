import Foundation
import GitActivity

/// `--languages`: the lines of the commits the window counts, by language.
extension Run {
  /// Each repository's counted commits diffed again, their files' lines added by language.
  func languages(_ report: ActivityReport, sources: [Source]) throws(CommandError) -> (
    rows: [LanguageLines], unknownNames: [String]
  ) {
    var indicesByHistory = [[Int]](repeating: [], count: sources.count)
    let positions = report.activity.countedPositions
    if sources.count == 1 { indicesByHistory[0].reserveCapacity(positions.count) }
    for position in positions where position.history < sources.count {
      indicesByHistory[position.history].append(position.index)
    }
    var totals: [String: LanguageLines] = [:]
    var unknown = Set<String>()
    func add(_ rows: [LanguageLines]) {
      for row in rows {
        var total =
          totals[row.language.name]
          ?? LanguageLines(language: row.language, insertions: 0, deletions: 0, changes: 0)
        total.insertions += row.insertions
        total.deletions += row.deletions
        total.changes += row.changes
        totals[row.language.name] = total
      }
    }
    for (history, indices) in indicesByHistory.enumerated() where !indices.isEmpty {
      let source = sources[history]
      // Counted with the lines, in the same pass or from the cache: no second diff.
      if let counted = source.history.languageLines(ofCommits: indices) {
        add(counted)
        unknown.formUnion(source.history.unknownLanguageNames)
        continue
      }
      let allIDs = source.history.ids
      let ids = indices.map { allIDs[$0] }
      guard !source.gitDirectory.isEmpty else {
        throw .usage("'--languages' diffs the commits again: not with --from, which has no files")
      }
      do throws(GitError) {
        let repository = try Repository.openGit(at: source.gitDirectory)
        var request = request(walk: walkOptions())
        request.selection.paths = try GitArguments(repository).canonicalPathspec(
          request.selection.paths, currentDirectory: startDirectory(),
          environment: context.environment)
        let (rows, names) = try repository.languageLines(request, commits: ids)
        unknown.formUnion(names)
        add(rows)
      } catch {
        throw CommandError(error)
      }
    }
    let rows = totals.values.sorted {
      ($0.lines, $1.language.name) > ($1.lines, $0.language.name)
    }
    return (rows, unknown.sorted())
  }

  /// The table of languages in the chosen format: terminal, CSV or JSON.
  func languagesOutput(_ report: ActivityReport, sources: [Source]) throws(CommandError) -> Output {
    let (rows, unknown) = try languages(report, sources: sources)
    for name in unknown {
      warn(["a linguist-language attribute names no language linguist knows: '\(name)'"])
    }
    let total = max(1, rows.reduce(0) { $0.addingReportingOverflow($1.lines).partialValue })
    func share(_ row: LanguageLines) -> String {
      String(format: "%.1f", Double(row.lines) * 100 / Double(total))
    }
    let phrase = "lines by language \(ReportText.phrase(report.window))"
    switch invocation.output.format {
    case .csv:
      return Output(
        text: "language,insertions,deletions,lines,share,files\n"
          + rows.map {
            "\(TextEscaping.csv($0.language.name)),\($0.insertions),\($0.deletions),\($0.lines),\(share($0)),\($0.changes)\n"
          }.joined())
    case .json:
      let items = rows.map {
        #"    {"name": \#(TextEscaping.json($0.language.name)), "color": \#($0.language.color.map(TextEscaping.json) ?? "null"), "insertions": \#($0.insertions), "deletions": \#($0.deletions), "lines": \#($0.lines), "share": \#(share($0)), "files": \#($0.changes)}"#
      }
      return Output(
        text:
          "{\n  \"linguist\": \"\(LanguageLines.linguistVersion)\",\n  \"window\": {\"since\": \"\(report.window.days.first.iso)\", \"until\": \"\(report.window.days.last.iso)\"},\n  \"languages\": [\n"
          + items.joined(separator: ",\n") + (items.isEmpty ? "" : "\n") + "  ]\n}\n")
    default:
      let width = max(8, rows.map { TextWidth.columns(of: $0.language.name) }.max() ?? 8)
      var lines = [
        "\(ReportText.capitalized(phrase)) (GitHub's linguist \(LanguageLines.linguistVersion))"
      ]
      if rows.isEmpty { lines.append("No lines in a language linguist counts.") }
      let header =
        "Language".padding(toLength: width, withPad: " ", startingAt: 0)
        + "      Added    Removed      Share"
      if !rows.isEmpty { lines.append(header) }
      func right(_ text: String, _ columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - TextWidth.columns(of: text))) + text
      }
      for row in rows {
        let name = TextEscaping.terminal(row.language.name)
        lines.append(
          name + String(repeating: " ", count: max(0, width - TextWidth.columns(of: name)))
            + right("+" + Wording.grouped(row.insertions), 11)
            + right("\u{2212}" + Wording.grouped(row.deletions), 11) + right(share(row) + "%", 11))
      }
      return Output(text: lines.joined(separator: "\n") + "\n")
    }
  }
}
