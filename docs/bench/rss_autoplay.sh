#!/usr/bin/env bash
# rss_autoplay.sh BIN OUT SECS LEARNER [EXTRA FLAGS...]
#
# Runs the terminal program BIN in tmux (100×30), on issue 25's run for
# LEARNER, raises autoplay to 5000 steps a second (+ until the status line
# says so), plays (p) for SECS seconds, and writes VmRSS from
# /proc/PID/status every 5 s to OUT/log, with the screen at the start and
# the end (OUT/start.txt, OUT/end.txt: the status line has the step
# reached). The runs never converge: xor, n = 400, noise 0.6, the linear
# kernel, a million passes for the learners that pass; the SVM on moons,
# n = 400, noise 0.4, tol 1e-300, poly(d=3) and C = 1000 (with the moons
# preset, rbf(sigma=0.5) and C = 1, SMO stops after 2132 steps: its update
# rounds to nothing; LEARNER svmstuck runs that). docs/bench/memory.md has
# the results.
set -u
bin=$1 out=$2 secs=$3 algo=$4
shift 4
case "$algo" in
  svm) args=(--dataset moons --n 400 --noise 0.4 --algo svm --tol 1e-300 --kernel 'poly(d=3)' --C 1000) ;;
  svmstuck) args=(--dataset moons --n 400 --noise 0.4 --algo svm --tol 1e-300) ;;
  *) args=(--dataset xor --n 400 --noise 0.6 --kernel linear --epochs 1000000 --algo "$algo") ;;
esac
args+=("$@")
mkdir -p "$out"
s=rss$$
tmux new-session -d -s "$s" -x 100 -y 30 "env -u TMUX TERM=xterm-256color COLORTERM=truecolor $(printf '%q ' "$bin" "${args[@]}"); sleep 5"
trap 'tmux kill-session -t "$s" 2>/dev/null || true' EXIT
sleep 2
pane=$(tmux list-panes -t "$s" -F '#{pane_pid}')
pid=$(pgrep -P "$pane" -x "$(basename "$bin")" || true)
[ -z "$pid" ] && { echo "rss_autoplay: $bin did not start" >&2; exit 1; }
rss() { awk '/VmRSS/{print $2}' "/proc/$pid/status"; }
for _ in $(seq 1 12); do
  tmux send-keys -t "$s" +
  sleep 0.15
  tmux capture-pane -t "$s" -p | grep -q '5000/s' && break
done
tmux capture-pane -t "$s" -p >"$out/start.txt"
r0=$(rss)
echo "start $r0" >"$out/log"
tmux send-keys -t "$s" p
t0=$(date +%s) max=$r0
while :; do
  sleep 5
  now=$(($(date +%s) - t0))
  r=$(rss)
  [ "$r" -gt "$max" ] && max=$r
  echo "$now $r" >>"$out/log"
  [ "$now" -ge "$secs" ] && break
done
tmux capture-pane -t "$s" -p >"$out/end.txt"
echo "end $r max $max growth_kB $((r - r0)) maxgrowth_kB $((max - r0))" >>"$out/log"
tmux send-keys -t "$s" q
sleep 1
tail -1 "$out/log"
