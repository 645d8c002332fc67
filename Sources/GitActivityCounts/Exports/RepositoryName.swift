/// A repository's name as records and images carry it, which is shared: a URL is written
/// without the credentials it may hold (`https://user:token@host/x.git` is `https://host/x.git`,
/// and a query or fragment, where tokens travel as `?access_token=…`, is left out).
package enum RepositoryName {
  /// `name` without a URL's user and password, query and fragment; any other name as it is.
  package static func withoutCredentials(_ name: String) -> String {
    guard let scheme = name.range(of: "://") else { return name }
    var rest = name[scheme.upperBound...]
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    if let at = rest[..<hostEnd].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    return String(name[..<scheme.upperBound]) + rest
  }
}
