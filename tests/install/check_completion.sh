#!/usr/bin/env bash
# Generates the bash completion with the built posenc, loads it and completes a few command lines.
set -uo pipefail
posenc=$1
script=$("$posenc" completion bash)
bash -n <<<"$script"
complete() { :; } # the script registers itself; not needed here
eval "$script"
fail=0
expect() { # expect "WORDS..." "WANTED..." : completes the last word, checks each wanted word is offered
  local line=$1 want=$2
  read -ra COMP_WORDS <<<"$line"
  [[ $line == *' ' ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _posenc
  for w in $want; do
    if ! printf '%s\n' "${COMPREPLY[@]}" | grep -x -- "$w" >/dev/null; then # not -q: an early exit + pipefail fails at random
      echo "FAIL: '$line' does not offer '$w' (got: ${COMPREPLY[*]})"; fail=1
    fi
  done
}
expect "posenc " "methods compute render completion --help --version"
expect "posenc comp" "compute completion"
expect "posenc compute fr" "frequencies"
expect "posenc render he" "heatmap"
expect "posenc render heatmap --method y" "yarn"
expect "posenc compute frequencies --ra" "--ramp"
expect "posenc compute frequencies --rope-th" "--rope-theta"
expect "posenc compute frequencies --method yarn --ramp " "index paper"
expect "posenc compute frequencies --truncate " "true false"
expect "posenc render decay --le" "--length"
# a parameter flag is not offered to a command that takes no method
read -ra COMP_WORDS <<<"posenc methods --head"; COMP_CWORD=2; COMPREPLY=(); _posenc
if [[ ${#COMPREPLY[@]} -ne 0 ]]; then echo "FAIL: methods offers ${COMPREPLY[*]}"; fail=1; fi
# an unknown shell is invalid input (exit 2)
set +e; "$posenc" completion fish >/dev/null 2>&1; rc=$?; set -e
[[ $rc -eq 2 ]] || { echo "FAIL: completion fish exited $rc, want 2"; fail=1; }
exit $fail
