/// A person as a commit names them, before the mailmap.
public struct Identity: Hashable, Sendable {
  /// The name as written.
  public var name: String
  /// The email as written.
  public var email: String

  /// An identity as a commit writes it.
  public init(name: String, email: String) {
    self.name = name
    self.email = email
  }
}
