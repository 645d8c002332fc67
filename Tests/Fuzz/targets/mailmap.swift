// Fuzz target: the mailmap parser. Any bytes parse; every key is folded to lowercase; resolving
// names and emails taken from the input never fails.
@testable import GitActivityCounts
@testable import GitActivityHistory
@testable import GitActivityRendering
@testable import GitActivityStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMailmap(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let mailmap = Mailmap(parsing: bytes)
  for key in mailmap.entries.keys {
    precondition(Mailmap.fold(String(decoding: key, as: UTF8.self)) == key)
  }
  let text = String(decoding: bytes, as: UTF8.self)
  let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "<" || $0 == ">" })
  for (name, email) in zip(words, words.dropFirst()) {
    let resolved = mailmap.resolve(name: String(name), email: String(email))
    precondition(
      !resolved.email.isEmpty || email.isEmpty
        || mailmap.entries[Mailmap.fold(String(email))] != nil)
  }
  return 0
}
