#!/usr/bin/env bash
# The GitHub Action's work (action.yml runs it): draws the repository's graph with the inputs
# given, and commits the files back only when they changed, as github-actions[bot].
#
# Environment, as GitHub gives it: GITHUB_WORKSPACE (the checkout), GITHUB_OUTPUT (where outputs
# go), GITHUB_REF (the branch pushed back to); the action's inputs as INPUT_* variables:
#   INPUT_OUTPUT (heatmap.svg), INPUT_PAGE (an HTML page too, when set), INPUT_AUTHOR,
#   INPUT_WEEKS, INPUT_THEME, INPUT_TITLE, INPUT_MEASURE, INPUT_ARGS (more options, separated by
#   spaces), INPUT_COMMIT_MESSAGE, INPUT_PUSH (true), INPUT_FETCH_HISTORY (true),
#   INPUT_EXCLUDE_BOT (true: the bot's own commits are not drawn).
# Outputs: changed (true or false), path (the SVG), commit (the new commit's id, when one).
set -euo pipefail
say() { echo "git-heatmap action: $*" >&2; }
cd "${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set}"
output=${INPUT_OUTPUT:-heatmap.svg}
page=${INPUT_PAGE:-}
message=${INPUT_COMMIT_MESSAGE:-Update the contribution graph}
bot_name="github-actions[bot]"
bot_email="41898282+github-actions[bot]@users.noreply.github.com"
commits=${INPUT_COMMIT:-true}
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

args=()
[ -n "${INPUT_AUTHOR:-}" ] && args+=(--author "$INPUT_AUTHOR")
[ -n "${INPUT_WEEKS:-}" ] && args+=(--weeks "$INPUT_WEEKS")
[ -n "${INPUT_THEME:-}" ] && args+=(--theme "$INPUT_THEME")
[ -n "${INPUT_TITLE:-}" ] && args+=(--title "$INPUT_TITLE")
[ -n "${INPUT_MEASURE:-}" ] && args+=(--measure "$INPUT_MEASURE")
[ "${INPUT_EXCLUDE_BOT:-true}" = true ] && args+=(--exclude-author 'github-actions\[bot\]')
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<< "$INPUT_ARGS"
  args+=("${extra[@]}")
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
elif git add -- "${files[@]}" && ! git diff --cached --quiet -- "${files[@]}"; then
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
else
  say "${files[*]} unchanged: nothing committed"
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "changed=$changed"
    echo "path=$output"
    echo "commit=$commit"
  } >> "$GITHUB_OUTPUT"
fi
