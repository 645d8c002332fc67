#!/usr/bin/env bash
# What ships, checked as a user meets it (Scripts/test runs this after the suite):
#   Tests/Shell/ship.sh BINARY PYTHON-BIN-DIR
# - the version is the same in the binary, VERSION, the changelog, the action, the formula and
#   the Kubernetes recipe;
# - action.yml and every workflow pass the JSON schemas GitHub publishes (check-jsonschema's
#   vendor.github-actions and vendor.github-workflows) and actionlint where it can be installed;
#   the Kubernetes recipe passes kubernetes-validate; the formula parses as Ruby and follows the
#   rules of Homebrew's formula cookbook that can be checked without brew;
# - the action's script, run as GitHub runs it (GITHUB_WORKSPACE, GITHUB_OUTPUT, INPUT_*), writes
#   the SVG and the page, commits once as github-actions[bot], pushes, and does not commit again
#   when nothing changed; docs/exports.md's organisation recipe (GNU parallel and xargs) exports
#   generated repositories and draws them;
# - the Debian package builds, lintian finds no error or warning in it, and it installs with
#   apt-get, runs as `git heatmap`, opens as `man git-heatmap`, completes in bash, and removes
#   cleanly.
# Each check prints one line; the first failure ends the script with exit 1.
set -euo pipefail
project=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
binary=$(realpath "${1:?usage: ship.sh BINARY PYTHON-BIN-DIR}")
python=$(realpath "${2:?usage: ship.sh BINARY PYTHON-BIN-DIR}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass() { echo "ship: ok: $*"; }
fail() { echo "ship: FAILED: $*" >&2; exit 1; }
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 HOME="$work/home" NO_COLOR=1
mkdir -p "$HOME"
cd "$project"

# The packages the build needs (Package.swift's apt providers) are installed by every script
# that builds: a fresh Debian machine with Swift gets them from whichever it runs first.
needed=$(grep -o '\.apt(\[[^]]*\])' Package.swift | grep -o '"[^"]*"' | tr -d '"')
[ -n "$needed" ] || fail "Package.swift names no apt packages"
for script in Scripts/run Scripts/install Scripts/test; do
  for package in $needed; do
    grep -E "^\s*heatmap_install .*\b$package\b" "$script" > /dev/null ||
      fail "$script does not install $package, which the build needs (Package.swift)"
  done
done
pass "Scripts/run, install and test install what the build needs: $(echo $needed)"

# The version, everywhere.
version=$(cat VERSION)
[ "$("$binary" --version | awk '{ print $2 }')" = "$version" ] || fail "--version is not $version"
grep -q "^## \[$version\] - " CHANGELOG.md || fail "CHANGELOG.md has no [$version] heading"
# An [Unreleased] section may stand above it (Keep a Changelog): what main has that no release has.
[ "$(grep -m1 '^## \[[0-9]' CHANGELOG.md)" = "$(grep -m1 "^## \[$version\]" CHANGELOG.md)" ] ||
  fail "CHANGELOG.md's newest release heading is not $version"
grep -q "^    default: $version\$" action.yml || fail "action.yml's default release is not $version"
grep -q "download/v$version/git-heatmap-$version.tar.gz" packaging/homebrew/git-heatmap.rb ||
  fail "the formula's URL is not $version's"
[ "$(grep -c "git-heatmap:$version" examples/organisation/kubernetes.yaml)" = 2 ] ||
  fail "the Kubernetes recipe's image is not $version's"
pass "version $version in the binary, VERSION, CHANGELOG.md, action.yml, the formula, the recipe"

# docs/action.md shows the example workflow as it is in its file.
shown=$(awk '/^<!-- example: heatmap-workflow -->$/ { on = 1; next } on && /^```yaml$/ { inside = 1; next } inside && /^```$/ { exit } inside' docs/action.md)
[ "$shown" = "$(cat examples/heatmap-workflow.yml)" ] || fail "docs/action.md's workflow is not examples/heatmap-workflow.yml"

# Schemas and linters.
workflows=(.github/workflows/*.yml examples/heatmap-workflow.yml examples/organisation/workflow.yml)
"$python/check-jsonschema" --builtin-schema vendor.github-actions action.yml > /dev/null ||
  fail "action.yml against GitHub's action schema"
"$python/check-jsonschema" --builtin-schema vendor.github-workflows "${workflows[@]}" > /dev/null ||
  fail "the workflows against GitHub's workflow schema"
pass "action.yml and ${#workflows[@]} workflows match GitHub's schemas"
if [ -x "$python/actionlint" ]; then
  "$python/actionlint" -shellcheck= -pyflakes= "${workflows[@]}" || fail "actionlint"
  pass "actionlint: no finding in ${#workflows[@]} workflows"
else
  echo "ship: note: actionlint is not installed (its PyPI package downloads its binary from GitHub, which this machine cannot reach): the workflows were checked against the schemas only" >&2
fi
"$python/kubernetes-validate" --strict examples/organisation/kubernetes.yaml > /dev/null ||
  fail "the Kubernetes recipe against the Kubernetes schemas"
pass "the Kubernetes recipe matches the Kubernetes schemas"
ruby -c packaging/homebrew/git-heatmap.rb > /dev/null || fail "the formula is not valid Ruby"
formula=packaging/homebrew/git-heatmap.rb
# The rules `brew audit`/`brew style` apply that need no brew: a short description without the
# name or an article, https URLs, a checksum, the licence's SPDX name, libgit2, a test.
desc=$(sed -n 's/^  desc "\(.*\)"$/\1/p' "$formula")
[ -n "$desc" ] && [ ${#desc} -le 80 ] || fail "the formula's desc is missing or longer than 80"
case "$desc" in A\ *|An\ *|The\ *|git-heatmap*|*.) fail "the formula's desc starts with an article or the name, or ends in a period" ;; esac
grep -Eq '^  url "https://' "$formula" && grep -Eq '^  homepage "https://' "$formula" ||
  fail "the formula's url and homepage must be https"
grep -Eq '^  sha256 "[0-9a-f]{64}"$' "$formula" || fail "the formula's sha256"
grep -q '^  license "MIT"$' "$formula" || fail "the formula's license"
grep -q '^  depends_on "libgit2"$' "$formula" || fail "the formula depends on libgit2"
grep -q 'system "swift", "build", "--disable-sandbox"' "$formula" || fail "the formula builds with swift build --disable-sandbox"
grep -q '^  test do$' "$formula" || fail "the formula has a test"
pass "the formula parses and follows the cookbook's rules (brew itself was not run)"

# The action's script, as GitHub runs it.
export PATH="$(dirname "$binary"):$PATH"
action_repo="$work/action/repo" origin="$work/action/origin.git"
mkdir -p "$action_repo"
git init -q --bare -b main "$origin"
git -C "$action_repo" init -q -b main
for day in 01 02 03; do
  echo "change $day" > "$action_repo/file.txt"
  git -C "$action_repo" add file.txt
  GIT_AUTHOR_DATE="2026-11-$day 12:00 +0000" GIT_COMMITTER_DATE="2026-11-$day 12:00 +0000" \
    git -C "$action_repo" -c user.name=Ada -c user.email=ada@example.com commit -q -m "change $day"
done
git -C "$action_repo" remote add origin "$origin"
git -C "$action_repo" push -q origin main
run_action() {
  env GITHUB_WORKSPACE="$action_repo" GITHUB_OUTPUT="$work/action/output" GITHUB_REF=refs/heads/main \
    GITHUB_ACTOR=ada INPUT_OUTPUT=docs/heatmap.svg INPUT_PAGE=docs/heatmap.html INPUT_WEEKS=10 \
    INPUT_THEME=auto INPUT_TITLE="Ada's commits" INPUT_COMMIT_MESSAGE="Update the graph" \
    INPUT_PUSH=true INPUT_FETCH_HISTORY=true INPUT_EXCLUDE_BOT=true "$project/action/run.sh"
}
: > "$work/action/output"
run_action 2> "$work/action/log" || { cat "$work/action/log" >&2; fail "the action's first run"; }
grep -q '^changed=true$' "$work/action/output" || fail "the first run did not say changed=true"
[ -s "$action_repo/docs/heatmap.svg" ] && [ -s "$action_repo/docs/heatmap.html" ] || fail "the files were not written"
grep -q "Ada&apos;s commits" "$action_repo/docs/heatmap.svg" || fail "the SVG has not the title given"
[ "$(git -C "$action_repo" log -1 --format='%an <%ae> %s')" = "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com> Update the graph" ] ||
  fail "the commit is not github-actions[bot]'s with the message given"
[ "$(git -C "$origin" rev-parse main)" = "$(git -C "$action_repo" rev-parse HEAD)" ] || fail "the commit was not pushed"
commits=$(git -C "$action_repo" rev-list --count HEAD)
: > "$work/action/output"
run_action 2> "$work/action/log" || { cat "$work/action/log" >&2; fail "the action's second run"; }
grep -q '^changed=false$' "$work/action/output" || fail "the second run did not say changed=false"
[ "$(git -C "$action_repo" rev-list --count HEAD)" = "$commits" ] || fail "the second run committed again"
# The bot's commit is not drawn: the graph is the same as one without it.
bot=$(git -C "$action_repo" log --author='github-actions' --format=%H | wc -l)
[ "$bot" = 1 ] || fail "expected one bot commit, found $bot"
pass "the action's script writes, commits once as github-actions[bot], pushes, then commits nothing"
shallow="$work/action/shallow"
git clone -q --depth 1 "file://$origin" "$shallow"
env GITHUB_WORKSPACE="$shallow" GITHUB_OUTPUT="$work/action/output" INPUT_PUSH=false \
  "$project/action/run.sh" 2> "$work/action/log" || { cat "$work/action/log" >&2; fail "the action on a shallow clone"; }
[ "$(git -C "$shallow" rev-parse --is-shallow-repository)" = false ] || fail "the shallow clone was not deepened"
grep -q 'fetching the whole history' "$work/action/log" || fail "the shallow clone was deepened without a word"
pass "the action deepens a shallow checkout first, and says so"

# Hostile inputs: a newline or a control character in any input, a path outside the checkout or
# into .git, a file git will not stage. Each fails the step, writes no output line, commits
# nothing and writes nothing outside.
hostile_run() {
  : > "$work/action/output"
  env GITHUB_WORKSPACE="$action_repo" GITHUB_OUTPUT="$work/action/output" GITHUB_REF=refs/heads/main \
    INPUT_PUSH=false INPUT_FETCH_HISTORY=false "$@" "$project/action/run.sh" 2> "$work/action/log"
}
head_before=$(git -C "$action_repo" rev-parse HEAD)
for input in OUTPUT PAGE AUTHOR WEEKS THEME TITLE MEASURE ARGS FROM COUNTS_ONLY BOTS COMMIT_MESSAGE \
  COMMIT PUSH FETCH_HISTORY EXCLUDE_BOT; do
  if hostile_run "INPUT_$input=x"$'\n'"changed=INJECTED"$'\n'"commit=deadbeef"; then
    fail "the action took a newline in INPUT_$input"
  fi
  grep -q "holds a newline or another control character" "$work/action/log" || fail "INPUT_$input: $(cat "$work/action/log")"
  [ ! -s "$work/action/output" ] || fail "INPUT_$input wrote into GITHUB_OUTPUT"
done
hostile_run INPUT_TITLE=$'bell\a' && fail "the action took a control character"
mkdir -p "$work/outside"
ln -s "$work/outside" "$action_repo/escape"
for path in ../outside/x.svg .git/hooks/pre-commit.svg "docs/../.git/x.svg" /tmp/x.svg escape/x.svg .git; do
  hostile_run INPUT_OUTPUT="$path" && fail "the action wrote to '$path'"
  grep -Eq "outside the checkout|inside .git|absolute path" "$work/action/log" || fail "'$path': $(cat "$work/action/log")"
  hostile_run INPUT_OUTPUT=ok.svg INPUT_PAGE="$path" && fail "the action wrote the page to '$path'"
done
rm "$action_repo/escape"
[ -z "$(ls "$work/outside")" ] && [ ! -e "$action_repo/.git/hooks/pre-commit.svg" ] || fail "a file was written outside"
echo "ignored/" > "$action_repo/.git/info/exclude"
hostile_run INPUT_OUTPUT=ignored/graph.svg && fail "a file git would not stage was taken as unchanged"
grep -q "unchanged" "$work/action/log" && fail "a failed git add was reported as unchanged"
: > "$action_repo/.git/info/exclude"
[ "$(git -C "$action_repo" rev-parse HEAD)" = "$head_before" ] || fail "a hostile run committed"
pass "the action refuses control characters in every input, paths outside the checkout or in .git, and fails when git add does"

# The profile recipe (README): private work carried as a day file made on another machine,
# added to the profile repository's own history, published counts only.
laptop="$work/laptop/secret-client-acme"
git init -q -b main "$laptop"
for day in 1 2 3; do
  echo "$day" > "$laptop/payroll.txt"
  git -C "$laptop" add payroll.txt
  GIT_AUTHOR_DATE="$(date -u -d "-$day days" +%Y-%m-%dT12:00:00)" GIT_COMMITTER_DATE="$(date -u -d "-$day days" +%Y-%m-%dT12:00:00)" \
    git -C "$laptop" -c user.name="Ada Secret" -c user.email=ada@corp.example commit -q -m "Fix ACME-123 payroll leak"
done
mkdir -p "$action_repo/days"
block=$(awk '/^<!-- recipe: profile -->$/ { on = 1; next } on && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' README.md)
[ -n "$block" ] || fail "the README has no profile recipe block"
git -C "$laptop" config user.email ada@corp.example
(cd "$laptop" && export PROFILE="$action_repo" WORK="$work/laptop" && bash -euo pipefail -c "$block") > "$work/laptop/out" 2>&1 ||
  { cat "$work/laptop/out" >&2; fail "the profile recipe's day file"; }
day_file=$(ls "$action_repo"/days/*.json)
[ -n "$day_file" ] || fail "the recipe wrote no day file"
git -C "$action_repo" add days && git -C "$action_repo" -c user.name=Ada -c user.email=ada@example.com commit -q -m "My private work, counts only"
own=$(git -C "$action_repo" log --since="$(date -u -d '-366 days' +%Y-%m-%d)" --author=ada@example.com --format=%H | wc -l)
: > "$work/action/output"
env GITHUB_WORKSPACE="$action_repo" GITHUB_OUTPUT="$work/action/output" GITHUB_REF=refs/heads/main \
  INPUT_OUTPUT=profile.svg INPUT_FROM="days/*.json" INPUT_COUNTS_ONLY=true INPUT_AUTHOR=ada@example.com \
  INPUT_PUSH=false INPUT_FETCH_HISTORY=false "$project/action/run.sh" 2> "$work/action/log" ||
  { cat "$work/action/log" >&2; fail "the action with a day file"; }
grep -q "Contributions in the last year" "$action_repo/profile.svg" || fail "the profile graph's default title"
grep -q ">$((own + 3)) commits in the last year<" "$action_repo/profile.svg" ||
  fail "the profile graph does not add the day file's 3 commits to the $own of the repository: $(grep -o '[0-9,]* commits in the last year' "$action_repo/profile.svg" | head -1)"
for secret in secret-client-acme ACME-123 payroll ada@corp Secret; do
  ! grep -rq "$secret" "$action_repo/profile.svg" "$action_repo/days" "$work/action/log" || fail "'$secret' left the laptop"
done
grep -q '^changed=true$' "$work/action/output" || fail "the recipe's run did not commit"
pass "the profile recipe adds a day file to the repository's history, counts only, and no name leaves"

# docs/exports.md's organisation recipe, run as written over generated repositories.
recipe="$work/recipe"
mkdir -p "$recipe"
for name in api web cli; do
  git -C "$recipe" init -q "$name"
  for index in 1 2 3; do
    echo "$name $index" > "$recipe/$name/file"
    git -C "$recipe/$name" add file
    GIT_AUTHOR_DATE="2026-0$index-1$index 10:00 +0000" GIT_COMMITTER_DATE="2026-0$index-1$index 10:00 +0000" \
      git -C "$recipe/$name" -c user.name="Ada $name" -c user.email="ada@$name.example" commit -q \
      -m "commit $index" -m "Co-authored-by: Grace <grace@example.com>"
  done
done
# A path that starts above the folder the recipe runs in (a name from it must not be a
# dot-file), an absolute one, and one with a trailing slash.
printf '%s\n' ../api "$recipe/web" ../cli/ > "$recipe/clones.txt"
block=$(awk '/^<!-- recipe: organisation -->$/ { on = 1; next } on && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' docs/exports.md)
[ -n "$block" ] || fail "docs/exports.md has no organisation recipe block"
for variant in parallel xargs; do
  dir="$recipe/$variant"
  mkdir -p "$dir"
  cp "$recipe/clones.txt" "$dir/"
  script=$(echo "$block" | grep -v "^$( [ $variant = parallel ] && echo xargs || echo parallel) ")
  (cd "$dir" && bash -euo pipefail -c "$script") > "$dir/out" 2> "$dir/err" ||
    { cat "$dir/err" >&2; fail "the recipe with $variant"; }
  [ "$(ls -A "$dir/exports" | wc -l)" = 3 ] || fail "the recipe with $variant wrote $(ls -A "$dir/exports" | wc -l) exports"
  ! grep -q 'warning' "$dir/err" || { cat "$dir/err" >&2; fail "the recipe with $variant warned"; }
  grep -q '9 commits in 2026' "$dir/org-2026.svg" || fail "the recipe with $variant drew the wrong total"
done
pass "the organisation recipe runs as written, with GNU parallel and with xargs"

# The Debian package, built, checked, installed, used and removed.
deb=$("$project/Scripts/package-deb" --binary "$binary" --output "$work/deb" --fast)
lintian --fail-on error,warning "$deb" > "$work/lintian" 2>&1 || { cat "$work/lintian" >&2; fail "lintian"; }
pass "lintian: no error and no warning in $(basename "$deb")"
# What the man page and completions need is suggested; the size the README gives is the size
# installed, to 2 MB (the binary grows a little with each change).
suggests=$(dpkg-deb -f "$deb" Suggests)
case "$suggests" in *man-db*bash-completion*) ;; *) fail "the package suggests '$suggests', not man-db and bash-completion" ;; esac
megabytes=$(( ($(dpkg-deb -f "$deb" Installed-Size) + 512) / 1024 ))
stated=$(grep -o '([0-9]* MB installed)' "$project/README.md" | head -1 | tr -dc 0-9)
[ -n "$stated" ] && [ $(( stated - megabytes )) -le 2 ] && [ $(( megabytes - stated )) -le 2 ] ||
  fail "the README says the package is ${stated:-?} MB installed; it is $megabytes MB"
pass "the package suggests man-db and bash-completion; the README gives its size ($megabytes MB)"
if dpkg-query -W -f='${Status}' git-heatmap 2>/dev/null | grep -q "install ok installed"; then
  echo "ship: note: git-heatmap is installed on this machine already: the package is not installed over it" >&2
  exit 0
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo -n"
if ! $sudo true 2>/dev/null; then
  echo "ship: note: no root here: the package was built and checked, not installed" >&2
  exit 0
fi
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" > "$work/apt" 2>&1 ||
  { cat "$work/apt" >&2; fail "apt-get install ./$(basename "$deb")"; }
removed() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq git-heatmap > /dev/null 2>&1; }
trap 'removed; rm -rf "$work"' EXIT
[ "$(dpkg -S /usr/bin/git-heatmap 2>/dev/null)" = "git-heatmap: /usr/bin/git-heatmap" ] || fail "/usr/bin/git-heatmap is not the package's"
count=$(cd "$recipe/api" && env PATH=/usr/bin:/bin git heatmap --since 2026-01-01 --until 2026-12-31 --format csv | awk -F, 'NR > 1 { n += $2 } END { print n }')
[ "$count" = 3 ] || fail "git heatmap from the package counted $count commits, not 3"
man -P cat git-heatmap 2> /dev/null | grep -q 'git-heatmap' || fail "man git-heatmap"
bash -c 'source /usr/share/bash-completion/bash_completion; _completion_loader git-heatmap; complete -p git-heatmap' > /dev/null 2>&1 ||
  fail "bash does not load the completion"
files=$(dpkg -L git-heatmap | grep -c '^/usr/')
removed || fail "apt-get remove git-heatmap"
trap 'rm -rf "$work"' EXIT
dpkg -L git-heatmap > /dev/null 2>&1 && fail "dpkg -L still lists git-heatmap after removal"
[ ! -e /usr/bin/git-heatmap ] && [ ! -e /usr/share/man/man1/git-heatmap.1.gz ] || fail "files left after removal"
pass "the package installs (git heatmap, man git-heatmap, bash completion: $files paths) and removes cleanly"
