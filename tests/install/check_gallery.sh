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
check "$posenc" gallery --out "$dir/g2" --only rope-rotation,alibi-slopes --width 600 --height 400
check test -s "$dir/g2/rope-rotation.png"
check test -s "$dir/g2/alibi-slopes.png"
check grep -q 'Press et al. 2022' "$dir/g2/index.html"
# RoPE as rotation: animation frames into a folder; --frames on a still view, on a file or past the range: exit 2
check "$posenc" render rotation --method rope --compare pi --factor 4 --frames 3 --step 5 -o "$dir/frames" \
  --width 400 --height 300
check test -s "$dir/frames/rotation-0000.png"
check test -s "$dir/frames/rotation-0002.png"
check test ! -e "$dir/frames/rotation-0003.png"
"$posenc" render heatmap --method rope --frames 3 -o "$dir/still" >/dev/null 2>"$dir/err"
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: render heatmap --frames exited $rc"; fail=1; }
check test ! -e "$dir/still"
check grep -q "rotation" "$dir/err"
touch "$dir/plain"
"$posenc" render rotation --method rope --frames 3 -o "$dir/plain" >/dev/null 2>&1
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: render rotation --frames -o FILE exited $rc"; fail=1; }
"$posenc" render rotation --method rope --position 1099511627776 --frames 2 -o "$dir/past" >/dev/null 2>&1
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: frames past the range exited $rc"; fail=1; }
check test ! -e "$dir/past"
"$posenc" gallery --out "$dir/bad" --only no-such-figure >/dev/null 2>"$dir/err"
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: --only no-such-figure exited $rc"; fail=1; }
check grep -q "roformer-fig2" "$dir/err"
"$posenc" gallery --out "$dir/bad" --format gif >/dev/null 2>&1
rc=$?; [[ $rc -eq 2 ]] || { echo "FAIL: --format gif exited $rc"; fail=1; }
check "$posenc" render-all --method yarn --factor 8 --length 4096 --out "$dir/all" --width 600 --height 400
for view in heatmap frequencies ramp decay entropy similarity spectrum pca bounds rotation; do
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
