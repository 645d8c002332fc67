// Fuzz target: the option parser, on argument vectors split at NUL bytes. Every vector either
// parses or gives a one-line, lowercase usage message; none crashes.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

// Scripts/fuzz compiles the command's sources into this module; Scripts/test links the test
// build's, whose module it imports.
#if canImport(git_heatmap)
  @testable import git_heatmap
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  do {
    let parsed = try ArgumentParser().parse(arguments)
    _ = try Invocation(parsed)
  } catch {
    precondition(!error.message.isEmpty)
    precondition(!error.message.contains("\n") || arguments.contains { $0.contains("\n") })
  }
  return 0
}
