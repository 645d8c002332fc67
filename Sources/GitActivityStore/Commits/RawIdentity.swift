import Foundation

/// An identity's bytes as the commit wrote them, before decoding; or, marked by its encoding
/// (`trailerMarker` before the commit's own), the value of a trailer that marks the commit
/// AI-assisted, kept among the commit's co-authors so that walks and caches carry both alike.
package struct RawIdentity: Hashable, Sendable {
  var name: [UInt8]
  var email: [UInt8]
  var encoding: [UInt8]

  package init(name: [UInt8], email: [UInt8], encoding: [UInt8]) {
    self.name = name
    self.email = email
    self.encoding = encoding
  }

  /// What starts the encoding of an assisted trailer's value: a NUL, which no encoding header
  /// can hold.
  package static let trailerMarker: [UInt8] = [0] + Array("assisted".utf8) + [0]

  /// Whether this is an assisted trailer's value rather than a person.
  package var isTrailerValue: Bool { encoding.first == 0 }

  /// The identity as `String`s, decoded through its encoding (a trailer value's name is its
  /// value).
  package var decoded: Identity {
    var encoding = self.encoding[...]
    if isTrailerValue { encoding = encoding.dropFirst(Self.trailerMarker.count) }
    let label = encoding.isEmpty ? nil : String(decoding: encoding, as: UTF8.self)
    return Identity(
      name: TextDecoding.decode(name, encoding: label),
      email: TextDecoding.decode(email, encoding: label))
  }
}
