import GitActivity

/// Decisions about the terminal that belong to the executable, not the library: whether to use
/// color and how many colors, how wide the graph may be, which palette suits the background.
enum Appearance {
  /// `--color` and the environment, like git and ripgrep: an explicit `--color` wins; else
  /// `NO_COLOR` (non-empty) turns color off, `CLICOLOR_FORCE` or `FORCE_COLOR` turn it on; else
  /// git's `color.heatmap`, then `color.ui` (`always`, `never`/`false`, `auto`/`true`); and
  /// `auto` means color when stdout is a terminal whose `TERM` is not `dumb`, or when git runs
  /// us under its pager (`git -p heatmap`, `GIT_PAGER_IN_USE`) and `color.pager` is true.
  static func colorDepth(
    mode: GitColorConfig.Mode, environment: [String: String], stdoutIsTerminal: Bool,
    gitColor: GitColorConfig = GitColorConfig()
  ) -> TerminalOptions.ColorDepth {
    let isOn: Bool
    switch mode {
    case .always: isOn = true
    case .never: isOn = false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
        isOn = false
      } else if isSet(environment["CLICOLOR_FORCE"]) || isSet(environment["FORCE_COLOR"]) {
        isOn = true
      } else {
        switch gitColor.mode {
        case .always: isOn = true
        case .never: isOn = false
        case .auto:
          let pagerInUse = isSet(environment["GIT_PAGER_IN_USE"]) && gitColor.usesPagerColor
          isOn = (stdoutIsTerminal || pagerInUse) && environment["TERM"] != "dumb"
        }
      }
    }
    guard isOn else { return .none }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" || environment["FORCE_COLOR"] == "3" {
      return .truecolor
    }
    if environment["TERM_PROGRAM"] == "Apple_Terminal" || environment["FORCE_COLOR"] == "2"
      || (environment["TERM"] ?? "").contains("256color")
    {
      return .indexed256
    }
    return .basic16
  }

  private static func isSet(_ value: String?) -> Bool {
    guard let value, !value.isEmpty else { return false }
    return value != "0" && value.lowercased() != "false"
  }

  /// Output that is not a terminal (a file, a pipe) is not cut to any width.
  static let unlimitedWidth = 100_000

  /// `COLUMNS`, else the terminal's width; output that goes to no terminal is not cut.
  static func width(environment: [String: String], terminalColumns: Int?, isTerminal: Bool) -> Int {
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    guard isTerminal else { return unlimitedWidth }
    return terminalColumns ?? 80
  }

  /// Whether the terminal's background is dark: the color the terminal reports (OSC 11), else
  /// `COLORFGBG` (`fg;bg`, with backgrounds 0–6 and 8 dark), and dark when neither tells.
  static func terminalIsDark(environment: [String: String], reportedBackground: RGB?) -> Bool {
    if let reportedBackground { return reportedBackground.luminance < 0.18 }
    guard let value = environment["COLORFGBG"], let last = value.split(separator: ";").last,
      let background = Int(last)
    else { return true }
    return (0...6).contains(background) || background == 8
  }

  /// The palette for a theme name, with `--tint` or `--palette` applied.
  static func palette(theme: String?, isDarkByDefault: Bool, tint: RGB?, colors: [RGB]?) -> Palette
  {
    var palette: Palette
    switch theme {
    case "github": palette = .github
    case "github-dark": palette = .githubDark
    default: palette = isDarkByDefault ? .githubDark : .github
    }
    if let tint { palette = palette.tinted(tint) }
    if let colors { palette = palette.with(levels: colors) }
    return palette
  }
}
