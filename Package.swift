// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "git-heatmap",
  // Built and tested on Linux (Debian); the library's platform calls have their Darwin
  // spellings beside the Glibc ones, for macOS apps (the seeds are SwiftUI views).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "git-heatmap", targets: ["git-heatmap"]),
    .library(name: "GitActivity", targets: ["GitActivity"]),
  ],
  targets: [
    .systemLibrary(
      name: "CGit2",
      pkgConfig: "libgit2",
      providers: [
        .apt(["libgit2-dev", "libdeflate-dev", "libpcre2-dev"]),
        .brew(["libgit2", "libdeflate", "pcre2"]),
      ]
    ),
    // The library's layers, one module each, in the order data flows: each imports only the
    // one before it (docs/architecture.md). GitActivity is the one module a user imports.
    .target(name: "GitActivityStore", dependencies: ["CGit2"]),
    .target(name: "GitActivityHistory", dependencies: ["GitActivityStore", "CGit2"]),
    .target(name: "GitActivityCounts", dependencies: ["GitActivityHistory", "CGit2"]),
    .target(name: "GitActivityRendering", dependencies: ["GitActivityCounts"]),
    .target(name: "GitActivity", dependencies: ["GitActivityRendering"]),
    // The command is a client of the library's public API only: without package access, the
    // library's `package` declarations are out of its reach, as they are out of an app's.
    .executableTarget(name: "git-heatmap", dependencies: ["GitActivity"], packageAccess: false),
    .target(name: "TestSupport", path: "Tests/Support"),
    .testTarget(
      name: "GitActivityTests", dependencies: ["GitActivity", "TestSupport"],
      exclude: ["Rendering/Golden", "Cache/Regressions"]),
    .testTarget(
      name: "git-heatmapTests", dependencies: ["git-heatmap", "GitActivity", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
