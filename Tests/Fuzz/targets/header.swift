// Fuzz target: the commit-header parser. Bytes in; every range it reports lies inside the
// buffer, names end before their emails start, and a timestamp comes with a sane offset.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let buffer = UnsafeRawBufferPointer(start: data, count: size)
  var parents: [ObjectID] = []
  guard let header = try? CommitHeader.parse(buffer, parents: &parents) else { return 0 }
  for ident in [header.author, header.committer].compactMap({ $0 }) {
    precondition(ident.name.lowerBound >= 0 && ident.email.upperBound <= size)
    precondition(ident.name.upperBound <= ident.email.lowerBound)
    if let time = ident.time {
      precondition(time >= 0)
      precondition(time == 0 || abs(Int64(ident.offsetMinutes)) <= Int64(Int32.max))
      _ = Day(epochSeconds: time, offsetSeconds: Int64(ident.offsetMinutes) * 60).iso
    }
  }
  if let encoding = header.encoding { precondition(encoding.upperBound <= size) }
  precondition(parents.count <= size / 48 + 1)
  return 0
}
