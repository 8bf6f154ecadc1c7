#!/usr/bin/env bash
# posenc gallery / render-all: figures and the index page land in the folder; bad options exit 2.
set -uo pipefail
posenc=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { "$@" || { echo "FAIL: $*"; fail=1; }; }
check "$posenc" gallery --out "$dir/g" --only roformer-fig2,t5-buckets --format svg --width 600 --height 400
check test -s "$dir/g/roformer-fig2.svg"
check test -s "$dir/g/t5-buckets.svg"
check test ! -e "$dir/g/yarn-bands.svg"
check grep -q 'Su et al. 2021, RoFormer' "$dir/g/index.html"
check grep -q '<img src="t5-buckets.svg"' "$dir/g/index.html"
"$posenc" gallery --out "$dir/bad" --only no-such-figure >/dev/null 2>"$dir/err"
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: --only no-such-figure exited $rc"; fail=1; }
check grep -q "roformer-fig2" "$dir/err"
"$posenc" gallery --out "$dir/bad" --format gif >/dev/null 2>&1
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: --format gif exited $rc"; fail=1; }
check "$posenc" render-all --method yarn --factor 8 --length 4096 --out "$dir/all" --width 600 --height 400
for view in heatmap frequencies ramp decay entropy similarity spectrum pca bounds; do
  check test -s "$dir/all/$view.png"
  check grep -q "<img src=\"$view.png\"" "$dir/all/index.html"
done
"$posenc" render-all --method rope --factor 8 --out "$dir/bad2" >/dev/null 2>&1
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: render-all --method rope --factor 8 exited $rc"; fail=1; }
exit $fail
