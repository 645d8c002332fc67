// Fuzz target: the history-cache reader, on corrupted files. Whatever it accepts encodes back
// to the same bytes and answers lookups consistently; nothing reads out of bounds.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // Most mutations break the checksum; fix it up half of the time so the reader goes deeper.
  if bytes.count > 8, bytes[0] & 1 == 1 {
    let body = bytes[0..<(bytes.count - 8)]
    let checksum = HistoryCache.checksum(body)
    withUnsafeBytes(of: checksum.littleEndian) { raw in
      for index in 0..<8 { bytes[bytes.count - 8 + index] = raw[index] }
    }
  }
  guard let cache = HistoryCache(decoding: bytes) else { return 0 }
  precondition(cache.encoded() == bytes)
  for (position, id) in cache.ids.enumerated() {
    precondition(cache.index(of: id) == Int32(position))
    for slot in cache.parentRange(Int32(position)) { _ = cache.parentID(cache.parentRefs[slot]) }
  }
  return 0
}
