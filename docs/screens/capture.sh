#!/usr/bin/env bash
# Captures the projector screens of docs/screens/before-after.md: run from
# the repository's root (a checkout of the commit to capture), with the
# shared screen tool (tmux, a real terminal of each size), as
#   bash docs/screens/capture.sh OUT-DIR PREFIX
# It writes OUT-DIR/PREFIX-NAME.txt (the screen as text) and .png.
set -euo pipefail
out=${1:?OUT-DIR} prefix=${2:?PREFIX}
look=${TUI_LOOK:-../shared/tools/tui-look.sh}
mkdir -p "$out"
shot() { # name size colours keys args...
  local name=$1 size=$2 colors=$3 keys=$4; shift 4
  bash "$look" -o "/tmp/capture-$prefix-$name" -s "$size" -c "$colors" --png -k "$keys" -- "$@" >/dev/null
  cp "/tmp/capture-$prefix-$name/screen.txt" "$out/$prefix-$name.txt"
  cp "/tmp/capture-$prefix-$name/screen.png" "$out/$prefix-$name.png"
}
shot worked4-80x24 80x24 true 'c'
shot worked4-100x30 100x30 true 'c'
shot xor-80x24 80x24 true 'c' --dataset xor
shot xor-100x30 100x30 true 'c' --dataset xor
shot projector-xor-80x24-nocolor 80x24 none 'c' --dataset xor --big
shot feature-worked4-100x30 100x30 true 'space f'
shot svm-worked4-80x24 80x24 256 'c' --algo svm
