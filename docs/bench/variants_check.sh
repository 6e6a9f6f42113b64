#!/usr/bin/env bash
# Runs `kernelscope trace --format jsonl` over a matrix of generated datasets,
# kernels, tie rules, bias, η, budgets and every --algo, and checks each trace
# with the independent reference docs/bench/variants_check.py.
#
#   bash docs/bench/variants_check.sh            # builds /tmp/ks from /work/main
#   KS=/path/to/binary NOBUILD=1 bash docs/bench/variants_check.sh
#
# One line per case (PASS/FAIL/WARN), then a count; exit status 1 on any failure.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
KS=${KS:-/tmp/ks}
PY=${PY:-/usr/bin/python3}
CHECK="$HERE/variants_check.py"
TMP=${TMPDIR:-/tmp}/variants_check.$$
mkdir -p "$TMP"
trap 'rm -rf "$TMP"' EXIT

if [ -z "${NOBUILD:-}" ]; then
  (cd "$ROOT" && go build -o "$KS" .) || { echo "build failed"; exit 1; }
fi

# ---------------------------------------------------------------- datasets
"$PY" - "$TMP" <<'EOF'
import sys, numpy as np
d = sys.argv[1]
rng = np.random.default_rng(20240607)
def write(name, X, y):
    with open("%s/%s.csv" % (d, name), "w") as fh:
        fh.write("x1,x2,y\n")
        for (a, b), l in zip(X, y):
            fh.write("%r,%r,%d\n" % (float(a), float(b), int(l)))
# 40 noisy XOR points
X = rng.uniform(-1, 1, (40, 2)); y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
write("xor40", X + rng.normal(0, 0.15, X.shape), y)
# 60 overlapping blobs
y = np.where(np.arange(60) % 2 == 0, 1, -1)
X = rng.normal(0, 0.9, (60, 2)) + np.outer(y, [0.6, 0.6])
write("blobs60", X, y)
# 30 integer points (ties with a linear kernel; (0,0) always has f = 0)
X = rng.integers(-3, 4, (30, 2)); X[7] = (0, 0)
y = np.where(X[:, 0] - X[:, 1] + rng.integers(-1, 2, 30) >= 0, 1, -1)
write("int30", X, y)
# 50 circles
r = np.where(np.arange(50) % 2 == 0, 0.5, 1.0); th = rng.uniform(0, 2 * np.pi, 50)
X = np.c_[r * np.cos(th), r * np.sin(th)] + rng.normal(0, 0.08, (50, 2))
write("circles50", X, np.where(r < 0.75, 1, -1))
EOF

KERNELS=("--kernel linear" "--kernel poly --degree 2 --coef0 1" "--kernel poly --degree 3 --coef0 1"
         "--kernel rbf --sigma 0.5" "--kernel rbf --sigma 1.5")
TIES=(mistake pos neg)
ETAS=(1 0.5)
BUDGETS=(3 5 10)
DATASETS=(xor40 blobs60 int30 circles50)
pass=0; fail=0; warn=0; idx=0

# run_case ALGO DATASET "FLAGS..."  (FLAGS shared by the program and the checker)
run_case() {
  local algo=$1 ds=$2 flags=$3
  local out="$TMP/out.jsonl" res rc
  if ! "$KS" trace --data "$TMP/$ds.csv" $flags --algo "$algo" --format jsonl >"$out" 2>"$TMP/err"; then
    echo "FAIL $algo $ds $flags: program exited $? ($(head -c 200 "$TMP/err"))"; fail=$((fail+1)); return
  fi
  res=$("$PY" "$CHECK" --data "$TMP/$ds.csv" $flags --algo "$algo" <"$out"); rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $algo $ds $flags"; echo "$res" | sed 's/^/    /' | head -12; fail=$((fail+1))
  elif echo "$res" | grep -q '^warning'; then
    echo "WARN $algo $ds $flags: $(echo "$res" | tail -1)"; echo "$res" | grep '^warning' | head -3 | sed 's/^/    /'
    warn=$((warn+1)); pass=$((pass+1))
  else
    echo "PASS $algo $ds $flags: $res"; pass=$((pass+1))
  fi
}

# budget: the checker's bound/structure checks, and the same seed twice gives the same bytes
run_budget() {
  local ds=$1 flags=$2
  run_case budget "$ds" "$flags"
  "$KS" trace --data "$TMP/$ds.csv" $flags --algo budget --format jsonl >"$TMP/r1" 2>/dev/null
  "$KS" trace --data "$TMP/$ds.csv" $flags --algo budget --format jsonl >"$TMP/r2" 2>/dev/null
  if cmp -s "$TMP/r1" "$TMP/r2" && [ -s "$TMP/r1" ]; then
    echo "PASS budget-repro $ds $flags"; pass=$((pass+1))
  else
    echo "FAIL budget-repro $ds $flags: two runs differ"; fail=$((fail+1))
  fi
}

for ds in "${DATASETS[@]}"; do
  for k in "${KERNELS[@]}"; do
    for algo in perceptron averaged voted stoptron forgetron; do
      idx=$((idx+1))
      tie=${TIES[$((idx % 3))]}; eta=${ETAS[$(((idx / 3) % 2))]}
      bias=""; [ $(((idx / 2) % 2)) -eq 1 ] && bias="--bias"
      base="$k --tie $tie --eta $eta $bias --epochs 20"
      case $algo in
        stoptron|forgetron)
          for b in "${BUDGETS[@]}"; do run_case "$algo" "$ds" "$base --budget $b"; done ;;
        *) run_case "$algo" "$ds" "$base" ;;
      esac
    done
    b=${BUDGETS[$((idx % 3))]}
    run_budget "$ds" "$k --tie ${TIES[$(((idx+1) % 3))]} --eta 1 --epochs 20 --budget $b --seed $idx"
  done
done

# the tie-heavy integer set with a linear kernel: every tie rule × bias × η
for tie in "${TIES[@]}"; do
  for bias in "" "--bias"; do
    for eta in "${ETAS[@]}"; do
      base="--kernel linear --tie $tie --eta $eta $bias --epochs 20"
      for algo in perceptron averaged voted; do run_case "$algo" int30 "$base"; done
      for b in 3 10; do
        run_case stoptron int30 "$base --budget $b"
        run_case forgetron int30 "$base --budget $b"
      done
      run_budget int30 "$base --budget 5 --seed 7"
    done
  done
done

echo "total: $((pass+fail)) cases, $pass passed ($warn with near-tie warnings), $fail failed"
[ $fail -eq 0 ]
