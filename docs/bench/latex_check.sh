#!/usr/bin/env bash
# By hand, not in CI: compile `trace --format latex` with a stock pdflatex
# (Debian: texlive-latex-base, texlive-latex-recommended for booktabs) and
# fail on an error, a missing character, a box that runs off the page or
# a badly spaced (underfull) line.
set -euo pipefail
cd "$(dirname "$0")/../.."
go build -o /tmp/kernelscope-latex .
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
runs=(
  "worked4|--dataset worked4"
  "worked3|--dataset worked3"
  "moons|--dataset moons --n 60 --kernel rbf(sigma=0.5) --epochs 1"
  "poly|--dataset circles --n 30 --kernel poly(d=3,c=1) --bias --epochs 3 --test 0.2"
  "sigmoid|--dataset blobs --n 20 --kernel sigmoid(gamma=0.5,c=-1) --epochs 2"
  "forgetron|--dataset xor --kernel poly(d=2,c=1) --bias --algo forgetron --budget 3 --test 0.3 --epochs 3"
  "voted|--dataset circles --n 40 --algo voted --epochs 4"
)
for run in "${runs[@]}"; do
  name=${run%%|*}
  # shellcheck disable=SC2086
  /tmp/kernelscope-latex trace ${run#*|} --format latex > "$dir/$name.tex"
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" > /dev/null) || { echo "$name: pdflatex failed"; tail -20 "$dir/$name.log"; exit 1; }
  if grep -q "Missing character\|Overfull\|Underfull" "$dir/$name.log"; then
    echo "$name: $(grep -c 'Missing character\|Overfull\|Underfull' "$dir/$name.log") warnings"; grep "Missing character\|Overfull\|Underfull" "$dir/$name.log"; exit 1
  fi
  echo "$name: $(grep -o 'Output written.*' "$dir/$name.log")"
done
