#!/usr/bin/env bash
# Builds kernelscope and checks `kernelscope cv --format json` against the
# independent numpy reference docs/bench/cv_check.py (see docs/bench/cv.md).
# Not part of CI: it needs /usr/bin/python3 with numpy (sklearn optional).
#
#   bash docs/bench/cv_check.sh             # the whole grid
#   bash docs/bench/cv_check.sh --quick -v  # a quarter of it, one line a case
#
# Extra arguments go to cv_check.py. Exit status: that of cv_check.py
# (0 all cases agree, 1 a disagreement, 2 usage), or 1 if the build fails.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PY=${PY:-/usr/bin/python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cv_check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

(cd "$ROOT" && go build -o "$tmp/kernelscope" .) || { echo "cv_check.sh: build failed" >&2; exit 1; }
cd "$ROOT" && "$PY" docs/bench/cv_check.py "$tmp/kernelscope" "$@"
