import Foundation

/// A person after the mailmap: the name and email git shows as `%aN <%aE>`.
///
/// An author is their bytes, as in git: two spellings that differ only in Unicode normalization
/// (NFC and NFD) are two authors, as they are two rows of `git shortlog`, although Swift's
/// `String` calls them equal. Order is byte order of `Name <email>`, shortlog's order for ties.
public struct Author: Hashable, Sendable, Comparable {
  /// The name, mailmapped.
  public var name: String
  /// The email, mailmapped.
  package var email: String

  /// An author with this name and email.
  public init(name: String, email: String) {
    self.name = name
    self.email = email
  }

  /// `Name <email>`, the text `--author` patterns match.
  public var nameAndEmail: String { "\(name) <\(email)>" }

  public static func == (lhs: Author, rhs: Author) -> Bool {
    PersonBytes.equal((lhs.name, lhs.email), (rhs.name, rhs.email))
  }

  public func hash(into hasher: inout Hasher) {
    PersonBytes.hash(name: name, email: email, into: &hasher)
  }

  public static func < (lhs: Author, rhs: Author) -> Bool {
    lhs.orderKey.lexicographicallyPrecedes(rhs.orderKey)
  }

  /// What authors are ordered by: the bytes of `Name <email>`, in one array (made once per
  /// author where many are sorted).
  var orderKey: [UInt8] {
    let (name, email) = (name.utf8, email.utf8)
    var key: [UInt8] = []
    key.reserveCapacity(name.count + email.count + 3)
    key += name
    key += " <".utf8
    key += email
    key.append(UInt8(ascii: ">"))
    return key
  }
}
