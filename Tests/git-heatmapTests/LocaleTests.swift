import Foundation
import TestSupport
import Testing

@testable import git_heatmap

/// `--author` folds case in the user's locale, as git does: a pattern with regular-expression
/// syntax through the C library's regcomp in that locale, a plain one as PCRE2 folds it (ASCII
/// always, other letters only in a UTF-8 locale and only when the pattern has some).
@Suite("--author and the locale")
struct LocaleTests {
  static let names = ["Müller", "İlker", "ILKER", "ılker", "ilker", "ẞtraße Kelvin", "Ana Álvarez"]
  static let patterns = [
    "ilker", "ILKER", "İlker", "ılker", "MÜLLER", "müller", "i.ker", "İ.ker", "ẞ", "KELVIN",
    "ÁLVAREZ", "(ana|ÁNA) á", "m.ller", "MÜ.LER",
  ]

  static func installed(_ locale: String) -> Bool {
    let output =
      (try? TemporaryRepository.run("/usr/bin/locale", ["-a"], in: "/", environment: [:])) ?? ""
    let wanted = locale.lowercased().replacingOccurrences(of: "utf-8", with: "utf8")
    return output.split(separator: "\n").contains { $0.lowercased() == wanted }
  }

  @Test(
    "every pattern lets in the people git log -i -E --author lets in",
    arguments: ["C", "C.UTF-8", "tr_TR.UTF-8"])
  func againstGit(locale: String) throws {
    guard locale == "C" || Self.installed(locale) else { return }
    let repo = try TemporaryRepository()
    for (index, name) in Self.names.enumerated() {
      try repo.commit(
        date: "\(1_700_000_000 + index * 86_400) +0000", author: name, email: "p\(index)@x")
    }
    for pattern in Self.patterns {
      let git = try repo.git(
        ["log", "-i", "-E", "--author=\(pattern)", "--format=%aN"], environment: ["LC_ALL": locale]
      ).split(separator: "\n").map(String.init).sorted()
      let result = heatmap(
        ["--authors", "--format", "csv", "--since", "2023-01-01", "-i", "-E", "--author", pattern],
        in: repo.path, environment: ["LC_ALL": locale])
      #expect(result.status == 0, "\(result.stderr)")
      let ours = result.stdout.split(separator: "\n").dropFirst().map {
        String($0.split(separator: ",")[0])
      }.sorted()
      #expect(ours == git, "\(locale) \(pattern)")
    }
  }
}
