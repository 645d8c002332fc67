#!/usr/bin/env bash
# The GitHub Action's work (action.yml runs it): draws the repository's graph with the inputs
# given, and commits the files back only when they changed, as github-actions[bot].
#
# Environment, as GitHub gives it: GITHUB_WORKSPACE (the checkout), GITHUB_OUTPUT (where outputs
# go), GITHUB_REF (the branch pushed back to); the action's inputs as INPUT_* variables:
#   INPUT_OUTPUT (heatmap.svg), INPUT_PAGE (an HTML page too, when set), INPUT_AUTHOR,
#   INPUT_WEEKS, INPUT_THEME, INPUT_TITLE, INPUT_MEASURE, INPUT_ARGS (more options, separated by
#   spaces), INPUT_FROM (day files or exports to add, separated by spaces; globs are git-heatmap's),
#   INPUT_COUNTS_ONLY (true: only dates and counts leave), INPUT_BOTS (exclude, include, only),
#   INPUT_COMMIT_MESSAGE, INPUT_PUSH (true), INPUT_FETCH_HISTORY (true), INPUT_EXCLUDE_BOT (the
#   older spelling of INPUT_BOTS: false is include).
# Outputs: changed (true or false), path (the SVG), commit (the new commit's id, when one).
#
# Inputs are text from a workflow file, and may come from anywhere: one with a newline or
# another control character is refused (it could write lines of its own into GITHUB_OUTPUT, or
# name a file no one meant), and files are written only inside the workspace, never into .git.
set -euo pipefail
say() { echo "git-heatmap action: $*" >&2; }
cd "${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set}"
workspace=$(pwd -P)

for name in OUTPUT PAGE AUTHOR WEEKS THEME TITLE MEASURE ARGS FROM COUNTS_ONLY BOTS \
  COMMIT_MESSAGE COMMIT PUSH FETCH_HISTORY EXCLUDE_BOT; do
  variable="INPUT_$name"
  value=${!variable:-}
  if [[ "$value" == *[[:cntrl:]]* ]]; then
    input=$(echo "$name" | tr 'A-Z_' 'a-z-')
    say "the input '$input' holds a newline or another control character: refused"
    exit 1
  fi
done

output=${INPUT_OUTPUT:-heatmap.svg}
page=${INPUT_PAGE:-}
message=${INPUT_COMMIT_MESSAGE:-Update the contribution graph}
bot_name="github-actions[bot]"
bot_email="41898282+github-actions[bot]@users.noreply.github.com"
commits=${INPUT_COMMIT:-true}

# A file the action writes: a path inside the workspace (after every .. and link is resolved),
# not inside .git, not the workspace itself.
confined() {
  local input=$1 path=$2 resolved
  case "$path" in
    /*) say "the input '$input' is an absolute path ('$path'): name a file in the checkout"; exit 1 ;;
    "") say "the input '$input' is empty"; exit 1 ;;
  esac
  resolved=$(realpath -m -- "$workspace/$path")
  case "$resolved/" in
    "$workspace"/?*) ;;
    *) say "the input '$input' ('$path') is outside the checkout: refused"; exit 1 ;;
  esac
  case "/${resolved#"$workspace"/}/" in
    */.git/*) say "the input '$input' ('$path') is inside .git: refused"; exit 1 ;;
  esac
}
confined output "$output"
[ -n "$page" ] && confined page "$page"

command -v git-heatmap > /dev/null || { say "git-heatmap is not installed (see the action's 'install' input)"; exit 1; }
in_checkout=false
git rev-parse --git-dir > /dev/null 2>&1 && in_checkout=true
if [ "$commits" = true ] && [ "$in_checkout" = false ]; then
  say "$GITHUB_WORKSPACE is not a git checkout: run actions/checkout first (or set commit: false)"
  exit 1
fi

# A shallow checkout (actions/checkout's default fetch-depth: 1) holds one commit: fetch the rest.
if [ "$in_checkout" = true ] && [ "${INPUT_FETCH_HISTORY:-true}" = true ] &&
  [ "$(git rev-parse --is-shallow-repository)" = true ]; then
  say "the checkout is shallow: fetching the whole history (set fetch-depth: 0 on actions/checkout to skip this)"
  git fetch --quiet --unshallow
fi

bots=${INPUT_BOTS:-}
if [ -z "$bots" ]; then
  bots=exclude
  [ "${INPUT_EXCLUDE_BOT:-true}" = false ] && bots=include
fi
case "$bots" in
  exclude | include | only) ;;
  *) say "the input 'bots' is '$bots': expected exclude, include or only"; exit 1 ;;
esac

args=(--bots="$bots")
[ -n "${INPUT_AUTHOR:-}" ] && args+=(--author "$INPUT_AUTHOR")
[ -n "${INPUT_WEEKS:-}" ] && args+=(--weeks "$INPUT_WEEKS")
[ -n "${INPUT_THEME:-}" ] && args+=(--theme "$INPUT_THEME")
[ -n "${INPUT_TITLE:-}" ] && args+=(--title "$INPUT_TITLE")
[ -n "${INPUT_MEASURE:-}" ] && args+=(--measure "$INPUT_MEASURE")
case "${INPUT_COUNTS_ONLY:-false}" in
  true) args+=(--counts-only) ;;
  false) ;;
  *) say "the input 'counts-only' is '${INPUT_COUNTS_ONLY}': expected true or false"; exit 1 ;;
esac
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<< "$INPUT_ARGS"
  args+=("${extra[@]}")
fi
# Day files (or exports) beside the checkout's own history: the checkout is named with --repo,
# and --from comes last (the words after it are files too).
if [ -n "${INPUT_FROM:-}" ]; then
  read -r -a from <<< "$INPUT_FROM"
  args+=(--repo . --from "${from[@]}")
fi

mkdir -p "$(dirname "$output")"
git heatmap "${args[@]}" -q -o "$output"
files=("$output")
if [ -n "$page" ]; then
  mkdir -p "$(dirname "$page")"
  git heatmap "${args[@]}" -q -o "$page"
  files+=("$page")
fi

changed=false
commit=""
if [ "$commits" != true ]; then
  say "wrote ${files[*]}"
else
  # A failure to stage or commit fails the step (it is not "unchanged").
  git add -- "${files[@]}"
  if git diff --cached --quiet -- "${files[@]}"; then
    say "${files[*]} unchanged: nothing committed"
  else
    git -c user.name="$bot_name" -c user.email="$bot_email" commit --quiet -m "$message" -- "${files[@]}"
    changed=true
    commit=$(git rev-parse HEAD)
    if [ "${INPUT_PUSH:-true}" = true ]; then
      case "${GITHUB_REF:-}" in
        refs/heads/*) git push --quiet origin "HEAD:$GITHUB_REF" ;;
        *) git push --quiet origin HEAD ;;
      esac
    fi
    say "committed ${files[*]} ($commit)"
  fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "changed=$changed"
    echo "path=$output"
    echo "commit=$commit"
  } >> "$GITHUB_OUTPUT"
fi
