/// The pseudonyms of `--pseudonymize`: each id, name, email and repository name replaced by
/// HMAC-SHA-256 under the user's key. The same key gives the same pseudonym for the same value
/// in every export, so exports still deduplicate (a commit is one id) and still merge people
/// (a person is one name and email); without the key, nobody can go back, not even by hashing
/// every email they know, which a plain hash would allow.
public struct Pseudonyms: Sendable {
  private let hmac: HMAC

  /// Pseudonyms under `key`.
  public init(key: [UInt8]) {
    hmac = HMAC(key: key)
  }

  /// A commit id as 40 hexadecimal digits, as an export's ids are.
  func commit(_ id: ObjectID) -> ObjectID {
    let digest = hmac.code(Array("commit\0".utf8) + Array(id.hex.utf8))
    return ObjectID(hex: HMAC.hex(Array(digest.prefix(20)))) ?? id
  }

  /// A person: `person-` and 16 digits for the name, 16 digits `@pseudonym.invalid` for the
  /// email (compared without regard to case, as people are); empty stays empty. A bot's name
  /// keeps GitHub's mark, `[bot]`, so that `--no-bots` still finds it.
  func identity(_ identity: Identity, isBot: Bool = false) -> Identity {
    Identity(
      name: identity.name.isEmpty
        ? "" : "person-" + hmac.hex("name\0" + identity.name, length: 16) + (isBot ? "[bot]" : ""),
      email: identity.email.isEmpty
        ? "" : hmac.hex("email\0" + identity.email.lowercased(), length: 16) + "@pseudonym.invalid")
  }

  /// A repository's name.
  func repository(_ name: String) -> String {
    "repository-" + hmac.hex("repository\0" + name, length: 12)
  }
}
