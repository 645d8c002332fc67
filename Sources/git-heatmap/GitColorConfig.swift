import GitActivity

/// git's color settings: `color.heatmap` (this command's), `color.ui` (every command's), and
/// `color.pager` (whether color goes to git's pager).
struct GitColorConfig: Equatable {
  var ui: String?
  var heatmap: String?
  var pager: String?

  /// When to color: also `--color`'s choices.
  enum Mode: String, CaseIterable { case auto, always, never }

  /// `color.heatmap` if set, else `color.ui`, as git reads them; `auto` when neither is.
  var mode: Mode {
    switch (heatmap ?? ui)?.lowercased() {
    case "always": return .always
    case "never", "false", "no", "off", "0": return .never
    default: return .auto
    }
  }

  /// `color.pager`, true unless set false.
  var usesPagerColor: Bool {
    switch pager?.lowercased() {
    case "false", "no", "off", "0": return false
    default: return true
    }
  }
}
