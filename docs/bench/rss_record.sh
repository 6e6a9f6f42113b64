#!/usr/bin/env bash
# rss_record.sh BIN DIR SECS END -- [PROGRAM FLAGS...]
#
# In DIR, runs the terminal program BIN in tmux at 200×60 with the flags
# given, presses O (record) and p (autoplay), and writes VmRSS from
# /proc/PID/status and the files in DIR (the recording's temporary file
# and its size) every 15 s for SECS seconds; then ends the recording by
# END: O (then q), TERM (kill -TERM), HUP (kill -HUP) or TMUX (the tmux
# session killed: the terminal closes). It says whether the program
# exited, lists DIR, and checks each cast there: a header and events, each
# line JSON. docs/bench/memory.md, "Recording" has the results (issue 34):
#
#   bash docs/bench/rss_record.sh /tmp/ks /tmp/rec 180 TERM -- --dataset moons --kernel linear --epochs 1000000000
set -u
bin=$1 dir=$2 secs=$3 end=$4; shift 5
mkdir -p "$dir"; cd "$dir"
s=rec$$
trap 'tmux kill-session -t $s 2>/dev/null || true' EXIT
tmux new-session -d -s $s -x 200 -y 60 -c "$dir" "exec env -u TMUX TERM=xterm-256color COLORTERM=truecolor $(printf '%q ' "$bin" "$@")"
sleep 2
pid=$(tmux list-panes -t $s -F '#{pane_pid}')
rss() { awk '/VmRSS/{print $2}' /proc/$pid/status; }
echo "start VmRSS $(rss) kB"
tmux send-keys -t $s O; sleep 0.3; tmux send-keys -t $s p
for ((i=15;i<=secs;i+=15)); do sleep 15; echo "t=${i}s VmRSS $(rss) kB; files: $(ls -A | tr '\n' ' ') $(du -b -c .kernelscope-*.tmp 2>/dev/null | tail -1 | cut -f1) B"; done
echo "HWM $(awk '/VmHWM/{print $2}' /proc/$pid/status) kB"
case $end in
  O) tmux send-keys -t $s O; sleep 3; tmux send-keys -t $s q ;;
  TERM) kill -TERM $pid ;;
  HUP) kill -HUP $pid ;;
  TMUX) tmux kill-session -t $s ;;
esac
for _ in $(seq 1 50); do kill -0 $pid 2>/dev/null || break; sleep 0.2; done
kill -0 $pid 2>/dev/null && echo "still running after $end" || echo "exited after $end"
ls -la "$dir"
for f in "$dir"/*.cast; do
  [ -e "$f" ] || { echo "no cast"; continue; }
  python3 - "$f" <<'PY'
import json,sys
p=sys.argv[1]; lines=open(p,encoding='utf-8').read().split('\n')
assert lines[-1]=='', 'no final newline'
h=json.loads(lines[0]); ev=[json.loads(l) for l in lines[1:-1]]
assert all(len(e)==3 and e[1] in ('o','m') for e in ev)
print(f"{p}: valid asciicast v{h['version']} {h['width']}x{h['height']}, {len(ev)} events ({sum(e[1]=='m' for e in ev)} markers), {ev[-1][0]:.1f} s")
PY
done
