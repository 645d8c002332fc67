# A Homebrew formula for a tap (brew tap git-heatmap/tap; brew install git-heatmap). The release
# workflow writes this file with the source tarball's SHA-256 into each release's assets;
# Scripts/bump-version sets the version here.
class GitHeatmap < Formula
  desc "GitHub-style contribution graph of any git history"
  homepage "https://github.com/git-heatmap/git-heatmap"
  url "https://github.com/git-heatmap/git-heatmap/releases/download/v0.4.0/git-heatmap-0.4.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "libdeflate"
  depends_on "pcre2"
  depends_on "libgit2"

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release"
    bin.install ".build/release/git-heatmap"
    (man1/"git-heatmap.1").write Utils.safe_popen_read(bin/"git-heatmap", "--generate-manpage")
    generate_completions_from_executable(bin/"git-heatmap", "--generate-completion")
  end

  test do
    ENV["GIT_CONFIG_GLOBAL"] = File::NULL
    ENV["GIT_CONFIG_NOSYSTEM"] = "1"
    system "git", "init", "--quiet", "--initial-branch=main"
    (testpath/"file.txt").write "one\ntwo\n"
    system "git", "add", "file.txt"
    with_env(GIT_AUTHOR_NAME: "Ada", GIT_AUTHOR_EMAIL: "ada@example.com",
             GIT_COMMITTER_NAME: "Ada", GIT_COMMITTER_EMAIL: "ada@example.com",
             GIT_AUTHOR_DATE: "2024-03-01T12:00:00Z", GIT_COMMITTER_DATE: "2024-03-01T12:00:00Z") do
      system "git", "commit", "--quiet", "--message", "first"
    end
    output = shell_output("#{bin}/git-heatmap --year 2024 --format csv")
    assert_match "2024-03-01,1", output
    lines = shell_output("#{bin}/git-heatmap --year 2024 --format csv --measure lines")
    assert_match "2024-03-01,2,1,2,0", lines
    assert_match version.to_s, shell_output("#{bin}/git-heatmap --version")
  end
end
