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
    .target(name: "GitActivity", dependencies: ["CGit2"]),
    .executableTarget(name: "git-heatmap", dependencies: ["GitActivity"]),
    .target(name: "TestSupport", path: "Tests/Support"),
    .testTarget(
      name: "GitActivityTests", dependencies: ["GitActivity", "TestSupport"],
      exclude: ["Rendering/Golden", "Cache/Regressions"]),
    .testTarget(
      name: "git-heatmapTests", dependencies: ["git-heatmap", "GitActivity", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
