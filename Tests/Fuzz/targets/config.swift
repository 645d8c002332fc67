// Fuzz target: `git -c` configuration from the environment (GIT_CONFIG_PARAMETERS) and byte
// paths. Any text parses or is refused, never crashes; what parses quotes back to itself; a path's
// bytes survive the round trip through its String form.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  if let items = CommandLineConfig.parse(text) {
    // Quote what was parsed the way git does (`git_config_push_split_parameter`: `'key'=` and
    // the value quoted, if any; `'` and `!` outside the quotes) and parse it again: the same
    // items.
    func quoted(_ word: String) -> String {
      "'"
        + word.replacingOccurrences(of: "'", with: "'\\''")
        .replacingOccurrences(of: "!", with: "'\\!'") + "'"
    }
    let again = items.map { item in
      quoted(item.name) + "=" + (item.value.map(quoted) ?? "")
    }.joined(separator: " ")
    let reparsed = CommandLineConfig.parse(again)
    precondition(reparsed?.map(\.name) == items.map(\.name))
    precondition(reparsed?.map(\.value) == items.map(\.value))
  }
  precondition(RawPath.bytes(RawPath.string(bytes)) == bytes)
  _ = RawPath.display(RawPath.string(bytes))
  return 0
}
