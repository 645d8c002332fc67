import Foundation

/// An identity's bytes as the commit wrote them, before decoding.
struct RawIdentity: Hashable, Sendable {
  var name: [UInt8]
  var email: [UInt8]
  var encoding: [UInt8]

  /// The identity as `String`s, decoded through its encoding.
  var decoded: Identity {
    let label = encoding.isEmpty ? nil : String(decoding: encoding, as: UTF8.self)
    return Identity(
      name: TextDecoding.decode(name, encoding: label),
      email: TextDecoding.decode(email, encoding: label))
  }
}
