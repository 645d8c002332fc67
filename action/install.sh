#!/usr/bin/env bash
# The GitHub Action's installation (action.yml runs it): makes git-heatmap available as
# `git heatmap`. INPUT_INSTALL says how:
#   deb    the release's Debian package (Debian 12, "bookworm": a job with container: debian:bookworm)
#   build  from the action's own sources, with the runner's Swift (6.0 or later) and libgit2-dev
#   auto   deb on Debian 12, build elsewhere (the default)
#   none   it is on PATH already
# INPUT_VERSION names the release (its .deb), GIT_HEATMAP_REPOSITORY the repository it comes from.
set -euo pipefail
say() { echo "git-heatmap action: $*" >&2; }
version=${INPUT_VERSION:?INPUT_VERSION is not set}
how=${INPUT_INSTALL:-auto}
repository=${GIT_HEATMAP_REPOSITORY:-git-heatmap/git-heatmap}
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if command -v git-heatmap > /dev/null && [ "$(git-heatmap --version | awk '{ print $2 }')" = "$version" ]; then
  say "git-heatmap $version is installed"
  exit 0
fi
if [ "$how" = auto ]; then
  how=build
  if [ -r /etc/os-release ] && grep -q '^VERSION_CODENAME=bookworm' /etc/os-release; then how=deb; fi
fi
case "$how" in
  none)
    command -v git-heatmap > /dev/null || { say "install: none, but git-heatmap is not on PATH"; exit 1; } ;;
  deb)
    arch=$(dpkg --print-architecture)
    deb="git-heatmap_${version}_${arch}.deb"
    work=$(mktemp -d)
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends curl ca-certificates > /dev/null
    curl -fsSL -o "$work/$deb" "https://github.com/$repository/releases/download/v$version/$deb"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$work/$deb" > /dev/null
    rm -rf "$work" ;;
  build)
    source_dir=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}
    command -v swift > /dev/null || { say "install: build needs Swift 6 on the runner (or use a debian:bookworm container and install: deb)"; exit 1; }
    if ! dpkg-query -W -f='${Status}' libgit2-dev 2>/dev/null | grep -q "install ok installed"; then
      $sudo apt-get update -qq
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libgit2-dev pkg-config > /dev/null
    fi
    swift build -c release --static-swift-stdlib --package-path "$source_dir" >&2
    $sudo install -m 755 "$source_dir/.build/release/git-heatmap" /usr/local/bin/git-heatmap ;;
  *)
    say "install: '$how' is not one of auto, deb, build, none"; exit 64 ;;
esac
say "$(git-heatmap --version)"
