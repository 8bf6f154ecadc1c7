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
# slide options: a dark theme paints the dark background, a given title is drawn; bad values exit 2
check "$posenc" render decay --method rope --length 64 --theme dark --font-scale 2 --title "Slide title XYZ" \
  -o "$dir/dark.svg" --width 600 --height 400
check grep -qi '#1e2228' "$dir/dark.svg"
check grep -q 'Slide title XYZ' "$dir/dark.svg"
"$posenc" render decay --method rope --length 64 -o "$dir/light.svg" --width 600 --height 400 2>/dev/null
if grep -qi '#1e2228' "$dir/light.svg"; then echo "FAIL: light theme has the dark background"; fail=1; fi
for bad in "--font-scale 9" "--theme blue" "--colormap jet"; do
  # shellcheck disable=SC2086
  "$posenc" render decay --method rope $bad -o "$dir/bad.png" >/dev/null 2>&1
  rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: render $bad exited $rc, want 2"; fail=1; }
done
exit $fail
