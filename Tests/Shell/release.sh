#!/usr/bin/env bash
# The release build counts what git counts (Scripts/test runs this with the binary it ships):
#   Tests/Shell/release.sh BINARY
# The suite tests the debug build; the optimiser compiles the walks anew for the release build,
# and once compiled a pathspec walk there that the debug build ran right. So the walks run once
# more with the release binary, each against git day by day (Scripts/check-against-git): the
# whole history without and with the cache, a pathspec without a commit-graph, with one and its
# Bloom filters, cold and warm, --first-parent, and lines against `git log --numstat`.
set -euo pipefail
binary=$(realpath "${1:?usage: release.sh BINARY}")
project=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work/home GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 XDG_CACHE_HOME=$work/cache
mkdir -p "$HOME"
(cd "$work" && "$project/Scripts/make-repo" 600 repo --files 400 > /dev/null 2>&1)
repo=$work/repo
check() {
  if ! HEATMAP=$binary "$project/Scripts/check-against-git" "$repo" --since 2000-01-01 "$@" \
    > "$work/out" 2>&1; then
    cat "$work/out"
    echo "release: git-heatmap $* does not count what git counts (above)"
    exit 1
  fi
  echo "release: ${*:-the whole history} — $(tail -n 1 "$work/out")"
}
check --no-cache
check
check
check --no-cache -- d001
check -- d001
git -C "$repo" commit-graph write --reachable --changed-paths
check --no-cache -- d001 'd000/*.md'
check -- d001
check -- d001
check --first-parent
check --no-cache --measure lines
check --measure lines -- d000
