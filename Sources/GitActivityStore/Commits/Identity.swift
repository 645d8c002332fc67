/// A person as a commit names them, before the mailmap.
///
/// An identity is its bytes, as in git: two spellings that differ only in Unicode normalization
/// (NFC and NFD) are two people, as they are two rows of `git shortlog` and of a direct read,
/// although Swift's `String` calls them equal (so a draw from exports counts them apart too).
package struct Identity: Hashable, Sendable {
  /// The name as written.
  package var name: String
  /// The email as written.
  package var email: String

  /// An identity as a commit writes it.
  package init(name: String, email: String) {
    self.name = name
    self.email = email
  }

  package static func == (lhs: Identity, rhs: Identity) -> Bool {
    PersonBytes.equal((lhs.name, lhs.email), (rhs.name, rhs.email))
  }

  package func hash(into hasher: inout Hasher) {
    PersonBytes.hash(name: name, email: email, into: &hasher)
  }
}

/// A name and an email compared and hashed as their bytes, as git tells people apart: what
/// `Identity` (as written) and `Author` (mailmapped) are equal and hashed by.
package enum PersonBytes {
  package static func equal(
    _ lhs: (name: String, email: String), _ rhs: (name: String, email: String)
  )
    -> Bool
  {
    lhs.name.utf8.elementsEqual(rhs.name.utf8) && lhs.email.utf8.elementsEqual(rhs.email.utf8)
  }

  /// The bytes of each part and a separator, without an array of the two (an allocation per
  /// hash: every person of a history is hashed when its commits are counted).
  package static func hash(name: String, email: String, into hasher: inout Hasher) {
    var name = name
    var email = email
    name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(0xFF as UInt8)
    email.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(0xFF as UInt8)
  }
}
