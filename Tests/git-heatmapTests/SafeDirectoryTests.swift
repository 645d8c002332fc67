import Foundation
import TestSupport
import Testing

/// `safe.directory` as git 2.39 reads it. Only root can give a repository to another user, so
/// these run as root only.
@Suite("safe.directory", .enabled(if: geteuid() == 0, "only root can give a repository away"))
struct SafeDirectoryTests {
  @Test("'*', the path, -c, GIT_CONFIG_GLOBAL and an empty value: trusted exactly when git trusts")
  func trust() throws {
    let repo = try TemporaryRepository()
    try repo.commit(date: "1700000000 +0000")
    try TemporaryRepository.run(
      "/bin/chown", ["-R", "nobody", repo.path], in: repo.root.path, environment: repo.environment)
    let global = repo.root.path + "/global.gitconfig"
    let cases: [(String, String?)] = [
      ("[safe]\n\tdirectory = *\n", nil), ("[safe]\n\tdirectory = \(repo.path)\n", nil),
      ("[safe]\n\tdirectory = *\n\tdirectory =\n", nil), ("", "'safe.directory'='*'"),
      ("", "'safe.directory'='\(repo.path)'"), ("[safe]\n\tdirectory = /elsewhere\n", nil),
      ("", nil),
    ]
    for (file, parameters) in cases {
      try file.write(toFile: global, atomically: true, encoding: .utf8)
      var environment = repo.environment
      environment["GIT_CONFIG_GLOBAL"] = global
      if let parameters { environment["GIT_CONFIG_PARAMETERS"] = parameters }
      let git = try? TemporaryRepository.run(
        "/usr/bin/git", ["log", "--date=format:%Y-%m-%d", "--format=%ad"], in: repo.path,
        environment: environment)
      let result = try runBinary(
        ["--format", "csv", "--since", "2023-11-01", "--until", "2023-11-30"], in: repo.path,
        environment: environment)
      let label = "\(file.debugDescription) \(parameters ?? "")"
      if git != nil {
        #expect(result.status == 0, "\(label): \(result.stderr)")
        #expect(nonZeroDays(String(decoding: result.stdout, as: UTF8.self)) == ["2023-11-14": 1])
      } else {
        #expect(result.status == 1, "\(label)")
        #expect(result.stderr.hasPrefix("git-heatmap: detected dubious ownership"), "\(label)")
      }
    }
  }
}
