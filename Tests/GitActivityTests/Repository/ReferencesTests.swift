import Foundation
import Testing

@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

/// Refs as git-heatmap looks for them before asking libgit2.
@Suite("References")
struct ReferencesTests {
  @Test("a name is found in packed-refs wherever it is, and only when it is there")
  func packedRefsSearch() {
    let text = Array("# pack-refs\nabc refs/heads/main\nabc refs/replace/x\n".utf8)
    #expect(contains(Array("refs/replace/".utf8), in: text))
    #expect(contains(Array("# pack".utf8), in: text))
    #expect(contains(Array("/x\n".utf8), in: text))
    #expect(!contains(Array("refs/replace/y".utf8), in: text))
    #expect(!contains(Array("refs/tags/".utf8), in: text))
    #expect(!contains(Array("refs/replace/".utf8), in: Array("refs/replace".utf8)))
    #expect(!contains(Array("r".utf8), in: []))
    // A first byte met many times before the match, the last one right at the end.
    #expect(contains(Array("rrx".utf8), in: Array("rrrrrrrrrrrx".utf8)))
    #expect(!contains(Array("rrx".utf8), in: Array("rrrrrrrrrrrr".utf8)))
    #expect(contains(Array("x".utf8), in: Array("x".utf8)))
    #expect(contains([], in: text), "an empty name is everywhere")
  }

  /// `Repository.mayHaveReferences`'s search (`UnsafeRawBufferPointer.contains`), on the
  /// bytes of `haystack`, checked against a plain scan.
  func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    let found = haystack.withUnsafeBytes { $0.contains(needle) }
    let scanned =
      haystack.count >= needle.count
      && (0...(haystack.count - needle.count)).contains {
        haystack[$0..<($0 + needle.count)].elementsEqual(needle)
      }
    #expect(found == scanned, "\(needle) in \(haystack.count) bytes")
    return found
  }
}
