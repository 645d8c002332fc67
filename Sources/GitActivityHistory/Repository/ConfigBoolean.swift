/// A boolean as git reads one from configuration or the environment (`git_parse_maybe_bool`):
/// `true`, `yes`, `on` and `false`, `no`, `off`, the empty string, without regard to case, or
/// an integer (true unless 0).
public enum ConfigBoolean {
  /// The value, or nil when git would say "bad boolean config value".
  public static func parse(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off", "": return false
    default: return Int(text).map { $0 != 0 }
    }
  }
}
