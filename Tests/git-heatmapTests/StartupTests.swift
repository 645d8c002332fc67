import Foundation
import TestSupport
import Testing

/// What a run costs before it reads anything.
@Suite("Start-up")
struct StartupTests {
  @Test(
    "libgit2's mbedTLS does not parse the system's CA certificates: its calls bind to the binary")
  func noCertificates() throws {
    // The dynamic linker says where each call of each library went.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try builtExecutable())
    process.arguments = ["--version"]
    var environment = Tools.hermeticEnvironment
    environment["LD_DEBUG"] = "bindings"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let (_, log) = readToEnd(output, error)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let libgit2Bindings = String(decoding: log, as: UTF8.self).split(separator: "\n").filter {
      $0.contains("binding file") && $0.contains("libgit2")
    }
    let bindings = libgit2Bindings.filter {
      $0.contains("`mbedtls_x509_crt_parse_file'") || $0.contains("`mbedtls_x509_crt_parse_path'")
    }
    // Debian's libgit2 is built on mbedTLS (it binds mbedTLS functions): both functions are
    // called, and must reach the binary's definitions, not libmbedx509's. A libgit2 built on
    // another TLS library calls neither.
    let usesMbedTLS = libgit2Bindings.contains { $0.contains("`mbedtls_") }
    #expect(bindings.count == (usesMbedTLS ? 2 : 0), "\(bindings)")
    for binding in bindings {
      #expect(!binding.contains("libmbedx509"), "\(binding)")
      #expect(binding.contains(" to /") && binding.contains("git-heatmap"), "\(binding)")
    }
  }
}
