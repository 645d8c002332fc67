import Foundation
import GitActivity

extension TextSink {
  var failure: Int32 { 0 }

  /// A sink that only takes text gets bytes as UTF-8, bad sequences replaced.
  func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}
